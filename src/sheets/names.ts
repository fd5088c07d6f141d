// Worksheet and table names Excel accepts, made deterministically from a collection's label.

import { LETTERS } from "./unicodeClasses";
import { MAX_SHEET_NAME_LENGTH, MAX_TABLE_NAME_LENGTH } from "../domain/excelLimits";
import { cutText } from "./fieldNames";

/** Characters Excel refuses in worksheet names. */
const SHEET_FORBIDDEN = /[:\\/?*[\]]+/g;

/** Control characters: not in the rules, but no sensible name has one and some hosts refuse them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** The one sheet name Excel reserves for itself. */
const RESERVED_SHEET_NAME = "history";

function cleanSheetName(text: string): string {
  return text
    .replace(CONTROL, " ")
    .replace(SHEET_FORBIDDEN, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^['\s]+|['\s]+$/g, "");
}

/**
 * A worksheet name for `label`: Excel's rules hold (at most 31 characters; none of
 * `: \ / ? * [ ]`; not blank; no apostrophe first or last; not "History"). Forbidden characters
 * and control characters become spaces, runs of spaces one space. A blank label gives "Import";
 * "History" (any case) gives "History data". Names in `taken` (compared ignoring case, as Excel
 * does) are avoided with a suffix: "Invoices (2)".
 */
export function sheetNameFor(label: string, taken: Iterable<string> = []): string {
  let base = cleanSheetName(label);
  if (base === "") base = "Import";
  if (base.toLowerCase() === RESERVED_SHEET_NAME) base = "History data";
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const name = cleanSheetName(cutText(base, MAX_SHEET_NAME_LENGTH - suffix.length)) + suffix;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/**
 * `name (project)` within a sheet name's 31 characters: `name` is cut with "…" when needed, the
 * project's name is kept whole ("Payment… (Acme Holdings UK Ltd)").
 */
export function withProjectName(name: string, project: string): string {
  const suffix = ` (${project})`;
  const room = MAX_SHEET_NAME_LENGTH - suffix.length;
  const kept = name.length <= room ? name : `${name.slice(0, Math.max(1, room - 1)).trimEnd()}…`;
  return `${kept}${suffix}`;
}

/**
 * True for text Excel would read as a cell reference rather than a name: `A1`, `XFD1048576`,
 * `R1C1`, `R`, `C`, `RC2`.
 */
export function looksLikeCellReference(name: string): boolean {
  return (
    /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr]\d*(?:[Cc]\d*)?$/.test(name) || /^[Cc]\d*$/.test(name)
  );
}

/**
 * A table name for `label`: the label's words joined in PascalCase ("Credit notes" →
 * "CreditNotes", "credit-notes" → "CreditNotes"), with accents dropped ("Café" → "Cafe") and only
 * letters, digits, underscores and periods kept. Excel's rules hold: it starts with a letter or
 * underscore (else "_" is put first), is at most 255 characters, and is neither a cell reference
 * ("A1", "R1C1" get a trailing "_") nor TRUE/FALSE. A label with nothing usable gives "Table".
 * Names in `taken` (ignoring case) are avoided with a suffix: "Invoices_2".
 */
export function tableNameFor(label: string, taken: Iterable<string> = []): string {
  const words = label
    .normalize("NFD")
    .replace(LETTERS.marks, "")
    .normalize("NFC")
    .split(LETTERS.notNameCharacters)
    .filter((word) => word !== "");
  let base = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  if (base === "") base = "Table";
  if (!LETTERS.startsWithLetter.test(base)) base = `_${base}`;
  if (looksLikeCellReference(base) || /^(true|false)$/i.test(base)) base = `${base}_`;
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `_${n}`;
    const name = cutText(base, MAX_TABLE_NAME_LENGTH - suffix.length) + suffix;
    if (!used.has(name.toLowerCase())) return name;
  }
}
