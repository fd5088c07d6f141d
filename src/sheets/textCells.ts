// Text as it goes into cells: Excel's 32,767-character limit, and JSON values shown as text.
//
// Strings are never altered otherwise. `=1+1`, `+1`, `@SUM(A1)`, `00123` and `TRUE` stay exactly
// what the API sent: the writer gives text cells the "@" format before writing, which keeps them
// literal in Excel, so no apostrophe or other escape is added here.

import { stringifyJson, type JsonValue } from "../api";
import { EXCEL_CELL_TEXT_LIMIT } from "../domain/excelLimits";

/** Text cut to fit a cell, and a note saying so when it had to be cut. */
export interface FittedText {
  readonly text: string;
  /** E.g. `Reference truncated to 32,767 characters (of 40,000)`; null when nothing was cut. */
  readonly note: string | null;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Thousands separated with commas, whatever the runtime's locale: 32767 → "32,767". */
export function groupDigits(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * `text` as it fits in a cell. Longer text is cut to {@link EXCEL_CELL_TEXT_LIMIT} code units,
 * one fewer when the cut would split a surrogate pair (an emoji is never halved), and the note
 * names `what` was cut: `"<what> truncated to 32,767 characters (of 40,000)"`.
 */
export function fitText(text: string, what = "Text"): FittedText {
  if (text.length <= EXCEL_CELL_TEXT_LIMIT) return { text, note: null };
  let end = EXCEL_CELL_TEXT_LIMIT;
  if (isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return {
    text: text.slice(0, end),
    note: `${what} truncated to ${groupDigits(EXCEL_CELL_TEXT_LIMIT)} characters (of ${groupDigits(text.length)})`,
  };
}

/**
 * Any JSON value as the text of a cell: a string as it is; null, a missing value and an empty
 * array as "" (nothing to show); anything else as its compact JSON text (`{"id":"s1"}`, `12.5`,
 * `true`, `["a.pdf"]`). Not yet fitted to the cell limit.
 */
export function jsonText(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.length === 0) return "";
  // Losslessly: a JsonNumber (a number no double holds) is written with its own digits.
  return stringifyJson(value);
}
