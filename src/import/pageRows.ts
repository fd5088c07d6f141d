// The rows of an import on their way to the table: a page's records as the unit of writing (a
// payment with its allocations), and the rows waiting to be written to one table.
import type { RowBlock } from "../sheets/rowBlock";
import type { CellValue } from "../sheets/cells";
import type { ShapedPage, ShapedRows } from "../sheets/collectionShapers";

/** Rows waiting to be written to one table. */
export class PendingRows {
  rows: CellValue[][] = [];
  textCells: { row: number; column: number }[] = [];
  formatCells: { row: number; column: number; format: string }[] = [];
  bytes = 0;

  /** Adds rows `from` to `to` (exclusive) of `shaped`. */
  add(shaped: ShapedRows, from: number, to: number): void {
    if (to <= from) return;
    const offset = this.rows.length - from;
    for (let row = from; row < to; row++) {
      this.rows.push(shaped.rows[row]!);
      this.bytes += shaped.rowBytes[row] ?? 0;
    }
    for (const cell of shaped.textCells) {
      if (cell.row >= from && cell.row < to) {
        this.textCells.push({ row: cell.row + offset, column: cell.column });
      }
    }
    for (const cell of shaped.formatCells ?? []) {
      if (cell.row >= from && cell.row < to) {
        this.formatCells.push({ ...cell, row: cell.row + offset });
      }
    }
  }

  take(): RowBlock {
    const block = { rows: this.rows, textCells: this.textCells, formatCells: this.formatCells };
    this.rows = [];
    this.textCells = [];
    this.formatCells = [];
    this.bytes = 0;
    return block;
  }
}

/**
 * A page's records as the unit of writing: a payment goes with its allocations, into the same
 * request and within the same row limit. `linkedStart[i]` is the first linked row of record i.
 */
export class PageRecords {
  readonly count: number;
  private readonly linkedStart: number[] = [0];

  constructor(readonly page: ShapedPage) {
    this.count = page.main.rows.length;
    const perRecord = page.linked?.perRecord;
    for (let i = 0; i < this.count; i++) {
      this.linkedStart.push(this.linkedStart[i]! + (perRecord?.[i] ?? 0));
    }
  }

  /** The first linked row of record `index` (the linked row count when index is the count). */
  linkedRow(index: number): number {
    return this.linkedStart[index] ?? 0;
  }

  /** Each record's estimated request bytes: its row and its linked rows. */
  bytes(): number[] {
    const { main, linked } = this.page;
    const bytes: number[] = [];
    for (let i = 0; i < this.count; i++) {
      let each = main.rowBytes[i] ?? 0;
      if (linked) {
        for (let row = this.linkedRow(i); row < this.linkedRow(i + 1); row++) {
          each += linked.rowBytes[row] ?? 0;
        }
      }
      bytes.push(each);
    }
    return bytes;
  }

  /** How many records, from the first, fit in `mainRoom` rows and `linkedRoom` linked rows. */
  fitting(mainRoom: number, linkedRoom: number): number {
    let keep = Math.max(0, Math.min(this.count, mainRoom));
    while (keep > 0 && this.linkedRow(keep) > linkedRoom) keep -= 1;
    return keep;
  }
}
