// Field names in people's words: the words of a JSON key, and column headers made from them.

import { LETTERS } from "./unicodeClasses";
import { MAX_HEADER_LENGTH } from "../domain/excelLimits";
import type { CellKind } from "./cells";

/** Shown in full capitals in headers. */
const ACRONYMS: Readonly<Record<string, string>> = {
  id: "ID",
  ids: "IDs",
  url: "URL",
  uri: "URI",
  uuid: "UUID",
  vat: "VAT",
  gst: "GST",
  iban: "IBAN",
  bic: "BIC",
  sku: "SKU",
  api: "API",
};

/**
 * The words of a key: split at underscores, hyphens, spaces and camelCase boundaries.
 * `sub_total` → [sub, total]; `createdAt` → [created, At]; `HTTPStatus` → [HTTP, Status].
 */
export function fieldWords(key: string): string[] {
  return key
    .replace(LETTERS.lowerThenUpper, "$1 $2")
    .replace(LETTERS.acronymThenWord, "$1 $2")
    .split(/[\s_-]+/)
    .filter((word) => word !== "");
}

/** The words of a key in lower case, for matching names such as `amount_due`. */
export function lowerFieldWords(key: string): string[] {
  return fieldWords(key).map((word) => word.toLowerCase());
}

function displayWord(word: string): string {
  const lower = word.toLowerCase();
  const acronym = ACRONYMS[lower];
  if (acronym !== undefined) return acronym;
  // A word already in capitals (VAT, HTTP) is an acronym; anything else reads in lower case.
  return word.length > 1 && word === word.toUpperCase() && word !== lower ? word : lower;
}

/** Cut to `max` UTF-16 code units without splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A readable header for the field at `path` (keys from the record's top level down):
 * `["contact", "name"]` → "Contact name", `["sub_total"]` → "Sub total", `["invoice_id"]` →
 * "Invoice ID". Date-time columns add " (UTC)", since their cells hold UTC times:
 * `["created_at"]` → "Created at (UTC)". A key with no words (`"__"`) is shown as it is, and an
 * empty one as "Unnamed field". At most {@link MAX_HEADER_LENGTH} characters.
 */
export function headerForPath(path: readonly string[], kind: CellKind): string {
  const words = path.flatMap(fieldWords).map(displayWord);
  let header = words.join(" ");
  if (header === "") header = path.join(".").trim();
  if (header === "") header = "Unnamed field";
  header = header.charAt(0).toUpperCase() + header.slice(1);
  const suffix = kind === "datetime" ? " (UTC)" : "";
  return cutText(header, MAX_HEADER_LENGTH - suffix.length) + suffix;
}

/**
 * `header`, or `header (2)`, `header (3)`, … : the first that no taken header equals ignoring
 * case (Excel treats table column names that differ only in case as the same). `taken` holds
 * lower-cased headers; the result is added to it.
 */
export function claimHeader(header: string, taken: Set<string>): string {
  let candidate = header;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = cutText(header, MAX_HEADER_LENGTH - suffix.length) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
