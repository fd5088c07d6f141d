// A rough size of rows in an Office.js request, so the writer can keep each request under the
// 5 MB that Excel on the web accepts.
//
// The request carries a range's `values` as JSON, so a row costs about the UTF-8 length of each
// value's JSON text (strings quoted and escaped, numbers as JavaScript writes them). Office.js
// wraps the values in its own request structure and the writer may also send number formats;
// a fixed overhead per cell and per row stands for that. It is an estimate, not a measurement:
// the writer should aim well below the limit (for example at 4 MB) rather than right at it.

import { utf8Length } from "../util/utf8Length";
import type { CellValue } from "./cells";

/** Added per cell: the separator and the request's own per-cell bookkeeping, roughly. */
export const CELL_OVERHEAD_BYTES = 4;

/** Added per row: the row's brackets and separator. */
export const ROW_OVERHEAD_BYTES = 3;

/** Bytes of one cell value as JSON text: `"abc"` is 5, `12.5` is 4, `true` is 4. */
export function cellJsonBytes(value: CellValue): number {
  return utf8Length(JSON.stringify(value));
}

/**
 * About what `row` costs in an Office.js request: the JSON text of its values plus
 * {@link CELL_OVERHEAD_BYTES} per cell and {@link ROW_OVERHEAD_BYTES} per row.
 */
export function estimateRowBytes(row: readonly CellValue[]): number {
  // One JSON text per row rather than per cell (the import estimates every row it fetches): the
  // row's text is its cells' texts plus n - 1 commas and two brackets, so the sum is the same.
  if (row.length === 0) return ROW_OVERHEAD_BYTES;
  const json = JSON.stringify(row);
  const cellsBytes = (NON_ASCII.test(json) ? utf8Length(json) : json.length) - (row.length + 1);
  return cellsBytes + row.length * CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES;
}

// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/;
