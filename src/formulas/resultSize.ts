// The size of a formula's spilled result as Excel receives it, and the cap that keeps a table under
// the payload Excel accepts from a custom function (past it the cell shows #BUSY! or an error; the
// cap is FORMULA_RESULT_BUDGET_BYTES in src/domain/excelLimits.ts).
//
// A result reaches Excel as the JSON of its 2-D array. The estimate is the one the import uses for
// its Office.js requests (src/sheets/payload.ts): each row's JSON text in UTF-8 bytes plus a few
// bytes per cell and per row, which is more than the commas and brackets the JSON adds, so it is
// an upper bound on the JSON text. Text cells are already cut to Excel's 32,767 characters by the
// shapers, so one long field cannot take a whole result by itself.

import { FORMULA_RESULT_BUDGET_BYTES } from "../domain/excelLimits";
import { estimateRowBytes, ROW_OVERHEAD_BYTES, type CellValue } from "../sheets";
import { formatBytes } from "./spillFormats";

/** The outer array's brackets. */
const ARRAY_BYTES = 2;

/** What one more empty cell ("") adds to a row's estimate: its JSON, a comma, the overhead. */
const EMPTY_CELL_BYTES = estimateRowBytes([""]) - ROW_OVERHEAD_BYTES;

/** An upper bound on the UTF-8 bytes of `JSON.stringify(table)`, plus a per-cell overhead. */
export function resultBytes(table: readonly (readonly CellValue[])[]): number {
  let bytes = ARRAY_BYTES;
  for (const row of table) bytes += estimateRowBytes(row);
  return bytes;
}

/**
 * The row that ends a table cut short, for a table with this header row showing `shown` of its
 * data rows. Its size may depend on `shown` (the numbers it states).
 */
export type CutRow = (header: readonly CellValue[], shown: number) => CellValue[];

export interface FitOptions {
  /** The most the result may weigh; {@link FORMULA_RESULT_BUDGET_BYTES} unless a test says otherwise. */
  readonly maxBytes?: number;
  /**
   * The table lacks rows whatever its size (its list stopped fetching at the cap): it ends with
   * the cut row even when every row it has would fit.
   */
  readonly incomplete?: boolean;
}

/** A table as a formula may return it. */
export interface FittedResult {
  /** The header row, the rows shown, and the cut row when {@link cut}. */
  readonly table: CellValue[][];
  /** The data rows shown (the header and the cut row not counted). */
  readonly shown: number;
  /** True when the table ends with the cut row. */
  readonly cut: boolean;
}

/**
 * The table whole when it fits `maxBytes` (and is not {@link FitOptions.incomplete}); otherwise
 * its header row, the most data rows that fit together with the row `cutRow` makes, and that row.
 * The header row always stays, even alone.
 */
export function fitResult(
  table: readonly CellValue[][],
  cutRow: CutRow,
  options: FitOptions = {},
): FittedResult {
  const maxBytes = options.maxBytes ?? FORMULA_RESULT_BUDGET_BYTES;
  // A spilled number goes out with its format where the host takes one (spillFormats.ts).
  const sizes = table.map((row) => estimateRowBytes(row) + formatBytes(row));
  const data = Math.max(table.length - 1, 0);
  const whole = sizes.reduce((sum, size) => sum + size, ARRAY_BYTES);
  if (whole <= maxBytes && options.incomplete !== true) {
    return { table: [...table], shown: data, cut: false };
  }
  const header = table[0] ?? [];
  const cutBytes = (shown: number) => estimateRowBytes(cutRow(header, shown));
  // The cut row states counts such as "shown" and "left out": room for the longest of them.
  const reserve = Math.max(cutBytes(0), cutBytes(data));
  let used = ARRAY_BYTES + (sizes[0] ?? 0);
  let shown = 0;
  while (shown < data && used + (sizes[shown + 1] ?? 0) + reserve <= maxBytes) {
    used += sizes[shown + 1] ?? 0;
    shown += 1;
  }
  // The reserve is a guess at the row's largest size; the row as it will be written decides.
  while (shown < data && used + (sizes[shown + 1] ?? 0) + cutBytes(shown + 1) <= maxBytes) {
    used += sizes[shown + 1] ?? 0;
    shown += 1;
  }
  while (shown > 0 && used + cutBytes(shown) > maxBytes) {
    used -= sizes[shown] ?? 0;
    shown -= 1;
  }
  return {
    table: [header, ...table.slice(1, shown + 1), cutRow(header, shown)],
    shown,
    cut: true,
  };
}

/**
 * The size of a table that grows page by page, measured without keeping its rows: so a list can
 * stop fetching once its table could not show another page. Rows shaped before a column was
 * discovered are shorter than the header; the table pads them with "", and so does the measure.
 */
export class GrowingTableSize {
  private rows = 0;
  private cells = 0;
  private rowBytes = 0;

  /** Counts rows as they were shaped (possibly shorter than the final header). */
  add(rows: readonly (readonly CellValue[])[]): void {
    for (const row of rows) {
      this.rows += 1;
      this.cells += row.length;
      this.rowBytes += estimateRowBytes(row);
    }
  }

  /** The estimate of {@link resultBytes} for the table under `header` with every row so far. */
  bytes(header: readonly CellValue[]): number {
    const padding = Math.max(this.rows * header.length - this.cells, 0);
    return ARRAY_BYTES + estimateRowBytes(header) + this.rowBytes + padding * EMPTY_CELL_BYTES;
  }
}
