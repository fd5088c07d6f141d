// Gathers the cells an import had to write as text in columns of another kind (a number no
// double holds, a "12.345" among amounts, a date Excel has no serial for), grouped per record,
// so the import's message names the record by its own number and its cells by address, once
// per record rather than once per column.

import type { Misfit } from "../sheets/rowShaper";
import type { ColumnSpec } from "../sheets/cells";
import { count } from "../util/plural";
import type { TextCellsOfRecord } from "./importTypes";

/** How many records the message names; the rest are counted. */
const NAMED_RECORDS = 5;

/** Where a block's rows are: its sheet, and the table row of its first row. */
export interface MisfitBlock {
  readonly sheet: string;
  /** Name the sheet in the sentence (the import writes more than one). */
  readonly nameSheet: boolean;
  readonly columns: readonly ColumnSpec[];
  readonly misfits: readonly Misfit[];
  /** Rows of the block that are written (rows past the sheet's limit are not). */
  readonly rowCount: number;
  /** Zero-based data row of the table that the block's first row lands on. */
  readonly firstRow: number;
  /** The record's number (or id) of a row of the block, for people. */
  readonly recordOf: (row: number) => string;
}

interface NotedCell {
  readonly header: string;
  readonly column: number;
}

interface NotedRecord {
  readonly sheet: string;
  readonly nameSheet: boolean;
  readonly record: string;
  /** Zero-based data row in its table. */
  readonly row: number;
  readonly cells: NotedCell[];
  readonly reasons: Set<string>;
}

/** The A1 address of a table's import column and data row, when it can be told. */
export type CellAddressOf = (sheet: string, column: number, row: number) => string | undefined;

/** "“A” (D5), “B” (E5) and “C”". */
function listCells(cells: TextCellsOfRecord["cells"]): string {
  const named = cells.map((cell) =>
    cell.address === undefined ? `“${cell.header}”` : `“${cell.header}” (${cell.address})`,
  );
  if (named.length <= 1) return named.join("");
  return `${named.slice(0, -1).join(", ")} and ${named[named.length - 1]}`;
}

/** One sentence about a record: its number, its cells by address, and why. */
export function textCellsSentence(record: TextCellsOfRecord, nameSheet: boolean): string {
  const where = nameSheet ? ` on ${record.sheet}` : "";
  return (
    `${record.record}${where}: ${listCells(record.cells)} kept as text exactly as received ` +
    `(${record.reasons.join("; ")}).`
  );
}

/** The misfit cells of one import, per record in the order met. */
export class MisfitSummary {
  private readonly named: NotedRecord[] = [];
  private cellCount = 0;
  private recordCount = 0;
  /** The last record counted per sheet: a record's misfits arrive together. */
  private readonly lastRow = new Map<string, number>();

  add(block: MisfitBlock): void {
    for (const misfit of block.misfits) {
      if (misfit.row >= block.rowCount) continue;
      const column = block.columns[misfit.column];
      if (column === undefined) continue;
      const row = block.firstRow + misfit.row;
      this.cellCount += 1;
      if (this.lastRow.get(block.sheet) !== row) {
        this.lastRow.set(block.sheet, row);
        this.recordCount += 1;
        if (this.named.length < NAMED_RECORDS) {
          this.named.push({
            sheet: block.sheet,
            nameSheet: block.nameSheet,
            record: block.recordOf(misfit.row),
            row,
            cells: [],
            reasons: new Set(),
          });
        }
      }
      const last = this.named[this.named.length - 1];
      if (last !== undefined && last.sheet === block.sheet && last.row === row) {
        last.cells.push({ header: column.header, column: misfit.column });
        last.reasons.add(misfit.reason);
      }
    }
  }

  /** All the cells counted. */
  get total(): number {
    return this.cellCount;
  }

  /** The records with such cells. */
  get records(): number {
    return this.recordCount;
  }

  /** The first records, each with its cells (addressed when `addressOf` can tell). */
  textCells(addressOf: CellAddressOf = () => undefined): TextCellsOfRecord[] {
    return this.named.map((noted) => ({
      sheet: noted.sheet,
      record: noted.record,
      cells: noted.cells.map((cell) => {
        const address = addressOf(noted.sheet, cell.column, noted.row);
        return address === undefined ? { header: cell.header } : { header: cell.header, address };
      }),
      reasons: [...noted.reasons],
    }));
  }

  /** A clause for the outcome's sentence: `3 cells in 1 record were kept as text`; "" if none. */
  headline(): string {
    if (this.cellCount === 0) return "";
    const were = this.cellCount === 1 ? "was" : "were";
    return `${count(this.cellCount, "cell")} in ${count(this.recordCount, "record")} ${were} kept as text`;
  }

  /**
   * One sentence per named record, then how many more there are, e.g. `INV-000136: “Sub total”
   * (D5) and “Total” (F5) kept as text exactly as received (more than 15 significant digits).`
   */
  notes(addressOf: CellAddressOf = () => undefined): string[] {
    const sentences = this.textCells(addressOf).map((record, index) =>
      textCellsSentence(record, this.named[index]?.nameSheet ?? false),
    );
    const rest = this.recordCount - this.named.length;
    if (rest > 0) {
      sentences.push(
        `${count(rest, "more record")} ${rest === 1 ? "has" : "have"} cells kept as text; each row's “Import notes” says why.`,
      );
    }
    return sentences;
  }
}
