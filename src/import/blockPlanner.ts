// Decides when pending rows become a write: the first page at once (so rows appear quickly),
// then blocks of up to 5,000 rows or the import's share of Excel's payload limit (see
// IMPORT_BLOCK_BUDGET_BYTES in src/domain/excelLimits.ts), whichever comes first, so each request
// stays under what Excel on the web accepts and the number of syncs stays near rows / 5,000.
// A page too large for one request (50 records of 32,767-character memos are megabytes) is
// split between requests.

import { IMPORT_BLOCK_BUDGET_BYTES } from "../domain/excelLimits";

export const BLOCK_MAX_ROWS = 5_000;

export class BlockPlanner {
  private blocks = 0;

  constructor(
    private readonly maxRows = BLOCK_MAX_ROWS,
    private readonly maxBytes = IMPORT_BLOCK_BUDGET_BYTES,
  ) {}

  /** True when `rows` pending rows of about `bytes` request bytes should be written now. */
  shouldFlush(rows: number, bytes: number): boolean {
    if (rows === 0) return false;
    if (this.blocks === 0) return true;
    return rows >= this.maxRows || bytes >= this.maxBytes;
  }

  /**
   * Where a page's records must be split so that no block passes the row or byte limit: each
   * returned index i means "write what is pending before adding record i". `rows` pending rows
   * of about `bytes` come first; `recordBytes` are the page's records' estimates, in order. A
   * page of ordinary rows is a few dozen kilobytes and gets no cut; 50 rows of long memos can
   * be megabytes and get several. A single record over the limit still goes alone in a block.
   */
  cuts(rows: number, bytes: number, recordBytes: readonly number[]): number[] {
    const cuts: number[] = [];
    let pendingRows = rows;
    let pendingBytes = bytes;
    recordBytes.forEach((each, index) => {
      const full = pendingRows >= this.maxRows || pendingBytes + each > this.maxBytes;
      if (pendingRows > 0 && full) {
        cuts.push(index);
        pendingRows = 0;
        pendingBytes = 0;
      }
      pendingRows += 1;
      pendingBytes += each;
    });
    return cuts;
  }

  /** Records that a block was written. */
  flushed(): void {
    this.blocks += 1;
  }
}
