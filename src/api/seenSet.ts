// Remembers which keys a pagination walk has seen, in memory that does not grow with the walk.

/** Sizes of a {@link SeenSet}; the defaults suit a walk up to twice Excel's row limit. */
export interface SeenSetOptions {
  /** Keys kept exactly (a plain Set) before switching to the filter. Default 20,000. */
  readonly exactLimit?: number;
  /** log2 of the filter's size in bits. Default 25: 4 MiB. */
  readonly filterBitsLog2?: number;
  /** Bit positions per key. Default 16. */
  readonly hashes?: number;
}

/**
 * A set of strings that answers "seen before?" exactly for its first `exactLimit` keys and then
 * switches to a Bloom filter of fixed size. The filter never forgets a key it was given (no false
 * "new"), and says "seen" for a key it was never given with a probability that stays tiny at the
 * sizes a sheet can hold: with the defaults about 1e-26 per key after 50,000 keys, 2e-17 after
 * 200,000 and 3e-7 after 1,048,576 (Excel's row limit). The loop guard asks about whole pages,
 * where all keys of a page must be "seen" for a false alarm, so a full page of 50 is never one.
 *
 * The walk's memory is therefore bounded by the larger of the exact set (about 2 MB at 20,000
 * ids) and the filter (4 MiB), however long the collection.
 */
export class SeenSet {
  private exact: Set<string> | null = new Set();
  private filter: Uint32Array | null = null;
  private readonly exactLimit: number;
  private readonly bitsLog2: number;
  private readonly hashes: number;
  private h1 = 0;
  private h2 = 0;

  constructor(options: SeenSetOptions = {}) {
    this.exactLimit = options.exactLimit ?? 20_000;
    this.bitsLog2 = options.filterBitsLog2 ?? 25;
    this.hashes = options.hashes ?? 16;
  }

  /** True once the set has switched from exact keys to the fixed-size filter. */
  get approximate(): boolean {
    return this.filter !== null;
  }

  has(key: string): boolean {
    if (this.exact !== null) return this.exact.has(key);
    return this.filterHas(key);
  }

  /**
   * Adds `key`; true when {@link has} would have said it was not seen before. One lookup where
   * `has` then `add` would make two: the loop guard asks this of every record of every page.
   */
  add(key: string): boolean {
    if (this.exact !== null) {
      const size = this.exact.size;
      this.exact.add(key);
      if (this.exact.size === size) return false;
      if (this.exact.size > this.exactLimit) this.switchToFilter(this.exact);
      return true;
    }
    return this.filterAdd(key);
  }

  private switchToFilter(keys: Set<string>): void {
    this.filter = new Uint32Array(2 ** (this.bitsLog2 - 5));
    this.exact = null;
    for (const key of keys) this.filterAdd(key);
  }

  /** Sets the key's bits; true when one of them was not set (the key was not seen). */
  private filterAdd(key: string): boolean {
    const filter = this.filter as Uint32Array;
    const mask = 2 ** this.bitsLog2 - 1;
    this.hashKey(key);
    const { h1, h2 } = this;
    let fresh = false;
    for (let i = 0; i < this.hashes; i += 1) {
      const bit = (h1 + Math.imul(i, h2)) & mask;
      const word = filter[bit >>> 5] as number;
      const flag = 1 << (bit & 31);
      if ((word & flag) === 0) {
        fresh = true;
        filter[bit >>> 5] = word | flag;
      }
    }
    return fresh;
  }

  private filterHas(key: string): boolean {
    const filter = this.filter as Uint32Array;
    const mask = 2 ** this.bitsLog2 - 1;
    this.hashKey(key);
    const { h1, h2 } = this;
    for (let i = 0; i < this.hashes; i += 1) {
      const bit = (h1 + Math.imul(i, h2)) & mask;
      if (((filter[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  /**
   * The key's two hashes into {@link h1} and {@link h2}, in one pass over its characters: the
   * filter's bit positions are `h1 + i * h2` (double hashing). Fields rather than a returned
   * pair, so the loop guard's per-record question allocates nothing.
   */
  private hashKey(key: string): void {
    let first = 0x811c9dc5;
    let second = 0x9747b28c;
    const length = key.length;
    for (let i = 0; i < length; i += 1) {
      const code = key.charCodeAt(i);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x01000193);
    }
    this.h1 = spread(first);
    // Odd, so the probe sequence walks through every position of a power-of-two filter.
    this.h2 = spread(second) | 1;
  }
}

/** MurmurHash3's finaliser: every bit of the FNV-1a state reaches every bit of the hash. */
function spread(state: number): number {
  let hash = state;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
