// Decides when pending rows become a write: the first page at once (so rows appear quickly),
// then blocks of up to 5,000 rows or about 3.5 MB, whichever comes first, so each request stays
// under 4 MB (Excel on the web refuses 5 MB) and the number of syncs stays near rows / 5,000.

export const BLOCK_MAX_ROWS = 5_000;
/**
 * The estimate (src/sheets/payload.ts) is at least the JSON of the values; the block's other
 * commands (a number format per column, the resize, the status line) add a few kilobytes. At
 * 2.5 MB a block of 5,000 ordinary invoices was cut short, costing syncs for nothing.
 */
export const BLOCK_MAX_BYTES = 3_500_000;

export class BlockPlanner {
  private blocks = 0;

  constructor(
    private readonly maxRows = BLOCK_MAX_ROWS,
    private readonly maxBytes = BLOCK_MAX_BYTES,
  ) {}

  /** True when `rows` pending rows of about `bytes` request bytes should be written now. */
  shouldFlush(rows: number, bytes: number): boolean {
    if (rows === 0) return false;
    if (this.blocks === 0) return true;
    return rows >= this.maxRows || bytes >= this.maxBytes;
  }

  /**
   * True when adding a page of about `incomingBytes` to `rows` pending rows of about `bytes`
   * would take the block past the byte limit: the pending rows should be written first. A page
   * of ordinary rows is a few dozen kilobytes, but 50 rows of long memos can be megabytes.
   */
  wouldOverflow(rows: number, bytes: number, incomingBytes: number): boolean {
    return rows > 0 && this.blocks > 0 && bytes + incomingBytes > this.maxBytes;
  }

  /** Records that a block was written. */
  flushed(): void {
    this.blocks += 1;
  }
}
