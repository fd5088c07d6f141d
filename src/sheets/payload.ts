// A rough size of rows in an Office.js request, so the writer can keep each request under the
// payload Excel on the web accepts (src/domain/excelLimits.ts).
//
// The request carries a range's `values` as JSON, so a row costs about the UTF-8 length of each
// value's JSON text (strings quoted and escaped, numbers as JavaScript writes them). Office.js
// wraps the values in its own request structure and the writer may also send number formats;
// a fixed overhead per cell and per row stands for that. It is an estimate, not a measurement:
// the writer aims well below the limit (IMPORT_BLOCK_BUDGET_BYTES) rather than right at it.

import type { CellValue } from "./cells";

/** Added per cell: the separator and the request's own per-cell bookkeeping, roughly. */
export const CELL_OVERHEAD_BYTES = 4;

/** Added per row: the row's brackets and separator. */
export const ROW_OVERHEAD_BYTES = 3;

/**
 * Bytes of a string's JSON text, quotes included, counted without writing it: `"`, `\\` and the
 * short escapes take 2, other control characters and lone surrogates 6 (`\u001f`), the rest
 * their UTF-8 length, as JSON.stringify writes them.
 */
export function stringJsonBytes(text: string): number {
  // Most text is printable ASCII without a quote or backslash: one byte a character, counted by
  // the regular expression engine rather than character by character here.
  if (!NOT_PLAIN_ASCII.test(text)) return text.length + 2;
  let bytes = 2;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x80) bytes += code === 0x22 || code === 0x5c ? 2 : 1;
    else if (code < 0x20) bytes += SHORT_ESCAPES.has(code) ? 2 : 6;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code <= 0xdbff && i + 1 < length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else bytes += 6;
  }
  return bytes;
}

/** A character JSON writes in other than one byte: not printable ASCII, `"` or `\\`. */
const NOT_PLAIN_ASCII = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** \b \t \n \f \r: the control characters JSON writes in two characters. */
const SHORT_ESCAPES: ReadonlySet<number> = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** Digits of a whole number from 0 to 10^15 - 1. */
function digitsOf(whole: number): number {
  let digits = 1;
  for (let limit = 10; whole >= limit && digits < 16; limit *= 10) digits++;
  return digits;
}

/** Whole cents of at most 15 digits: the widest a cell holds exactly. */
const MAX_CENTS = 999_999_999_999_999;

/**
 * Characters of a number's JSON text, as JavaScript writes it (its shortest round-trip text).
 * Amounts are counted without writing them: a double that is the nearest to a whole number of
 * hundredths of at most 15 digits is written as those hundredths (no shorter text gives the
 * same double), so `1234.5` is 6 characters. Other numbers are written and measured.
 */
function numberJsonLength(value: number): number {
  const cents = Math.round(value * 100);
  if (Math.abs(cents) <= MAX_CENTS && cents / 100 === value && !Object.is(value, -0)) {
    const abs = Math.abs(cents);
    const whole = Math.floor(abs / 100);
    const fraction = abs % 100;
    const decimals = fraction === 0 ? 0 : fraction % 10 === 0 ? 2 : 3;
    return (cents < 0 ? 1 : 0) + digitsOf(whole) + decimals;
  }
  return String(value).length;
}

/** Bytes of a cell value's JSON text (`"abc"` is 5, `12.5` is 4, `true` is 4), without writing it. */
export function valueJsonBytes(value: CellValue): number {
  if (typeof value === "string") return stringJsonBytes(value);
  if (typeof value === "boolean") return value ? 4 : 5;
  // Non-finite numbers are written as null; every other number's JSON text is ASCII.
  return Number.isFinite(value) ? numberJsonLength(value) : 4;
}

/**
 * About what `row` costs in an Office.js request: the JSON text of its values plus
 * {@link CELL_OVERHEAD_BYTES} per cell and {@link ROW_OVERHEAD_BYTES} per row. Counted cell by
 * cell without writing the text (the import estimates every row it fetches).
 */
export function estimateRowBytes(row: readonly CellValue[]): number {
  let bytes = ROW_OVERHEAD_BYTES;
  for (const value of row) bytes += valueJsonBytes(value) + CELL_OVERHEAD_BYTES;
  return bytes;
}
