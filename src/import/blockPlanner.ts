// Decides when pending rows become a write: the first page at once (so rows appear quickly),
// then blocks of up to 5,000 rows or the import's share of Excel's payload limit (see
// IMPORT_BLOCK_BUDGET_BYTES in src/domain/excelLimits.ts), whichever comes first, so each request
// stays under what Excel on the web accepts and the number of syncs stays near rows / 5,000.
// A page too large for one request (50 records of 32,767-character memos are megabytes) is
// split between requests. While Excel has no block to write, a smaller block may go early, as
// long as the blocks stay within one sync per 5,000 rows written (main and linked rows): Excel
// works instead of waiting, and the block left after the last page, which nothing overlaps, is
// small. A refresh knows about how many records are coming (the table's rows): near that count
// the pending rows go, so that what is left to write once the walk has ended is small too.

import { IMPORT_BLOCK_BUDGET_BYTES } from "../domain/excelLimits";

export const BLOCK_MAX_ROWS = 5_000;

/**
 * Syncs an import makes besides its blocks, less the five its budget grants whatever the size,
 * plus its first page's block and the block written after its last page: opening a table and its
 * linked table (three each), copying the rows a refresh writes over (one), finishing (two), so
 * 9 - 5 + 2. Early blocks leave these to the budget of one sync per {@link BLOCK_MAX_ROWS} rows
 * written.
 */
export const SYNCS_BESIDE_BLOCKS = 6;

/**
 * An early block carries at least this many blocks' worth of rows written ({@link
 * BLOCK_MAX_ROWS} each): a block costs office.js and Excel some milliseconds whatever its size,
 * and at 50,000 invoices with no latency early blocks of half this size cost more than the
 * shorter wait after the last page saved.
 */
export const EARLY_BLOCK_MIN_BLOCKS = 2;

/**
 * Rows a refresh leaves for the block after its walk's last page, when the list is as long as the
 * table was: 20 pages of 50, about half a second of walking at 25 ms a page, in which Excel
 * writes the block before them (Refresh all's six tables reach their ends at about the same time).
 */
export const BEFORE_END_ROWS = 1_000;

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
   * True when `pending` rows written (main and linked) may go to Excel before their block is
   * full, `committed` rows having gone before them: only when Excel has nothing to write (the
   * caller knows), at least {@link EARLY_BLOCK_MIN_BLOCKS} times `maxRows` rows are pending, and
   * the blocks, this one included, stay within one per `maxRows` rows written beside
   * {@link SYNCS_BESIDE_BLOCKS}.
   */
  mayFlushEarly(committed: number, pending: number): boolean {
    if (pending < EARLY_BLOCK_MIN_BLOCKS * this.maxRows || this.blocks === 0) return false;
    const earned = Math.floor((committed + pending) / this.maxRows) - SYNCS_BESIDE_BLOCKS;
    return this.blocks <= earned;
  }

  /**
   * True when a refresh's `pending` main rows should go before their block is full because the
   * walk is near its end: `committed` rows written before them and these reach `expected` (the
   * rows the table had) less {@link BEFORE_END_ROWS}, and more than that many are pending. The
   * block written after the last page then holds about {@link BEFORE_END_ROWS} rows, not up to
   * {@link maxRows}: Excel writes the rest while the walk goes on. One more block a refresh, and
   * only one: once the rows written reach that mark (a list longer than the table was), blocks
   * are full again, so the sync budget holds however long the new list is.
   */
  mayFlushBeforeEnd(expected: number, committed: number, pending: number): boolean {
    const mark = expected - BEFORE_END_ROWS;
    if (this.blocks === 0 || pending <= BEFORE_END_ROWS || committed >= mark) return false;
    return committed + pending >= mark;
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
