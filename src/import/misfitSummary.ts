// Counts the cells an import had to write as text in columns of another kind, per column, so
// the import's closing message says how many there are and where to find the first ones:
// a number no double holds, a "12.345" among amounts, a date Excel has no serial for.

import type { Misfit } from "../sheets/rowShaper";
import type { ColumnSpec } from "../sheets/cells";
import { count } from "../util/plural";

/** How many examples each column's note names. */
const MISFIT_EXAMPLES = 3;

interface ColumnMisfits {
  readonly header: string;
  readonly sheet: string | null;
  count: number;
  readonly reasons: Map<string, number>;
  readonly examples: string[];
}

/** The notes of one import's misfit cells, column by column in the order first met. */
export class MisfitSummary {
  private readonly columns = new Map<string, ColumnMisfits>();

  /**
   * Counts `misfits` of rows below `rowCount` (rows past the sheet's limit are not written).
   * `sheet` names the sheet in the note when the import writes more than one (null otherwise);
   * `rowLabel` names a row for people: its record's id, or its row in the table.
   */
  add(
    sheet: string | null,
    columns: readonly ColumnSpec[],
    misfits: readonly Misfit[],
    rowCount: number,
    rowLabel: (row: number) => string,
  ): void {
    for (const misfit of misfits) {
      if (misfit.row >= rowCount) continue;
      const column = columns[misfit.column];
      if (column === undefined) continue;
      const key = `${sheet ?? ""}\u0000${column.key}`;
      let entry = this.columns.get(key);
      if (entry === undefined) {
        entry = { header: column.header, sheet, count: 0, reasons: new Map(), examples: [] };
        this.columns.set(key, entry);
      }
      entry.count += 1;
      entry.reasons.set(misfit.reason, (entry.reasons.get(misfit.reason) ?? 0) + 1);
      if (entry.examples.length < MISFIT_EXAMPLES) entry.examples.push(rowLabel(misfit.row));
    }
  }

  /** All the cells counted, over every column. */
  get total(): number {
    let total = 0;
    for (const entry of this.columns.values()) total += entry.count;
    return total;
  }

  /**
   * One sentence per column, e.g. `“Quantity”: 2 cells kept as text exactly as received (more
   * than 15 significant digits: 5); first: inv-1, inv-7, inv-9 and 2 more.`
   */
  notes(): string[] {
    return [...this.columns.values()].map((entry) => {
      const where = entry.sheet === null ? "" : ` on ${entry.sheet}`;
      const reasons = [...entry.reasons.entries()]
        .map(([reason, count]) => `${reason}: ${count.toLocaleString("en-US")}`)
        .join("; ");
      const rest = entry.count - entry.examples.length;
      const more = rest > 0 ? ` and ${rest.toLocaleString("en-US")} more` : "";
      return (
        `“${entry.header}”${where}: ${count(entry.count, "cell")} kept as text exactly as ` +
        `received (${reasons}); first: ${entry.examples.join(", ")}${more}.`
      );
    });
  }
}
