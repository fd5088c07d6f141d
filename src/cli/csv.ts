// CSV for the headless export: RFC 4180 quoting, and no formula injection. A spreadsheet opening
// the file runs a text cell that begins with = + - @ TAB or CR as a formula (OWASP "CSV
// injection"), also after leading spaces or invisible characters, and in their full-width forms
// (＝ ＋ － ＠, which East Asian input methods type and spreadsheets accept); such text gets a
// leading apostrophe, which Excel shows as text and hides. A plain number runs nothing, so it
// is never touched, as a number or as text: -12.50 and -98765432109876.54 stay amounts.

/** One CSV field: a number written by the caller as exact text, or text to quote and guard. */
export type CsvField =
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "text"; readonly text: string };

/** Characters that make a spreadsheet read a text cell as a formula (OWASP), full-width too. */
const FORMULA_SIGN = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/** Leading whitespace and invisible characters (zero-width, joiners, bidi marks, BOM). */
const INVISIBLE_LEAD =
  /^[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]+/;

/** A plain number (an amount, a count): nothing a spreadsheet could run. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** True when a spreadsheet could run `text` as a formula. */
function runsAsFormula(text: string): boolean {
  if (PLAIN_NUMBER.test(text)) return false;
  return /^[\t\r]/.test(text) || FORMULA_SIGN.test(text.replace(INVISIBLE_LEAD, ""));
}

/** Characters that need the field quoted (RFC 4180: comma, quote, line breaks). */
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field as CSV: guarded against formulas, quoted when needed, quotes doubled. */
export function csvText(text: string): string {
  const guarded = runsAsFormula(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record as a CSV line, ended by CRLF as RFC 4180 has it. */
export function csvLine(fields: readonly CsvField[]): string {
  return `${fields.map((field) => (field.kind === "number" ? field.text : csvText(field.text))).join(",")}\r\n`;
}

/** UTF-8's byte order mark: Excel opens a CSV with it as UTF-8 (without, as the local code page). */
export const UTF8_BOM = "\uFEFF";
