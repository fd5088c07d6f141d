// CSV for the headless export: RFC 4180 quoting, and no formula injection. A spreadsheet opening
// the file runs a text cell that begins with = + - @ TAB or CR as a formula (OWASP "CSV
// injection"); such text gets a leading apostrophe, which Excel shows as text and hides. Only
// text is touched: a number stays a number, so -12.50 is still minus twelve fifty.

/** One CSV field: a number written by the caller as exact text, or text to quote and guard. */
export type CsvField =
  | { readonly kind: "number"; readonly text: string }
  | { readonly kind: "text"; readonly text: string };

/** Characters that make a spreadsheet read a text cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters that need the field quoted (RFC 4180: comma, quote, line breaks). */
const NEEDS_QUOTES = /[",\r\n]/;

/** A text field as CSV: guarded against formulas, quoted when needed, quotes doubled. */
export function csvText(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record as a CSV line, ended by CRLF as RFC 4180 has it. */
export function csvLine(fields: readonly CsvField[]): string {
  return `${fields.map((field) => (field.kind === "number" ? field.text : csvText(field.text))).join(",")}\r\n`;
}

/** UTF-8's byte order mark: Excel opens a CSV with it as UTF-8 (without, as the local code page). */
export const UTF8_BOM = "\uFEFF";
