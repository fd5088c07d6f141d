// An import's writes to Excel, one after another in the order they were made. A block that is
// ready while the previous one is still at Excel waits here instead of stopping the import, so
// the import goes on reading and shaping pages; only with `depth` writes unfinished does the
// import wait. After a write fails, the writes behind it are not made.

/**
 * Blocks handed to Excel and not yet written, the one Excel is writing included: a second block
 * waits its turn instead of stopping the reading and shaping of the pages after it.
 */
export const WRITES_AHEAD = 2;

/** Writes run one at a time, in order; at most `depth` unfinished before {@link ready} waits. */
export class WriteQueue {
  private tail: Promise<void> = Promise.resolve();
  private readonly unfinished: Promise<void>[] = [];
  private failure: { readonly error: unknown } | null = null;

  constructor(private readonly depth = WRITES_AHEAD) {}

  /** Resolves once another write may be added; throws the failure of an earlier write. */
  async ready(): Promise<void> {
    while (this.unfinished.length >= this.depth && this.failure === null) {
      await this.unfinished[0];
    }
    if (this.failure) throw this.failure.error;
  }

  /** True when no write is unfinished: Excel has nothing of this import's to write. */
  get idle(): boolean {
    return this.unfinished.length === 0;
  }

  /** Makes `write` after every write added before it; `done` runs when it has succeeded. */
  add(write: () => Promise<void>, done: () => void): void {
    const settled = this.tail.then(async () => {
      if (this.failure) return;
      try {
        await write();
        done();
      } catch (error) {
        this.failure = { error };
      }
    });
    this.tail = settled;
    this.unfinished.push(settled);
    void settled.then(() => void this.unfinished.shift());
  }

  /** Waits for every write added, failed or not. */
  async settled(): Promise<void> {
    await this.tail;
  }

  /** Waits for every write added; throws the failure of one that failed. */
  async drain(): Promise<void> {
    await this.tail;
    if (this.failure) throw this.failure.error;
  }
}
