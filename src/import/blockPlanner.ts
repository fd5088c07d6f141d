// Decides when pending rows become a write: the first page at once (so rows appear quickly),
// then blocks of up to 5,000 rows or about 2.5 MB, whichever comes first, so each request stays
// well under Excel on the web's 5 MB limit and the number of syncs stays near rows / 5,000.

export const BLOCK_MAX_ROWS = 5_000;
export const BLOCK_MAX_BYTES = 2_500_000;

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

  /** Records that a block was written. */
  flushed(): void {
    this.blocks += 1;
  }
}
