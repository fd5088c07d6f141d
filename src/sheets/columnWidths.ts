// Column widths of an import table, from the first rows' values, capped: autofit would follow a
// 30,000-character memo (and is slow over 200,000 rows).
import type { CellValue } from "./cells";

/** Rows measured; later rows do not change the widths. */
const WIDTH_SAMPLE_ROWS = 200;
/** The widest a column gets, in characters. */
const MAX_WIDTH_CHARS = 40;
const POINTS_PER_CHAR = 6;

/** The widest text seen per import column in the first rows. */
export class ColumnWidths {
  /** Per import column, in characters. */
  private readonly widths: number[] = [];
  private sampledRows = 0;

  /** Remembers the widest value per column among the first rows (they decide column widths). */
  measure(rows: readonly (readonly CellValue[])[]): void {
    for (const row of rows) {
      if (this.sampledRows >= WIDTH_SAMPLE_ROWS) return;
      this.sampledRows += 1;
      row.forEach((value, column) => {
        const chars = typeof value === "number" ? 14 : String(value).length;
        this.widths[column] = Math.max(this.widths[column] ?? 0, chars);
      });
    }
  }

  /** The width of import column `column`, in points. */
  points(column: number): number {
    const chars = Math.min(this.widths[column] ?? 8, MAX_WIDTH_CHARS);
    return Math.max(8, chars) * POINTS_PER_CHAR + 8;
  }
}
