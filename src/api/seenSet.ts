// Remembers which keys a pagination walk has seen, in memory that does not grow with the walk.

/** Sizes of a {@link SeenSet}; the defaults suit a walk up to twice Excel's row limit. */
export interface SeenSetOptions {
  /** Keys kept exactly (plain Sets) before switching to the filter. Default 20,000. */
  readonly exactLimit?: number;
  /** log2 of the filter's size in bits, at least 9 (one block). Default 25: 4 MiB. */
  readonly filterBitsLog2?: number;
  /** Bit positions per key, all in the key's block. Default 16. */
  readonly hashes?: number;
}

/** Bits in one block of the filter: 16 words, one 64-byte cache line. */
const BLOCK_BITS_LOG2 = 9;

/**
 * A set of strings, each of a kind (a small whole number; the same text of two kinds is two
 * keys, so a caller need not build prefixed strings to keep kinds apart). It answers "seen
 * before?" exactly for its first `exactLimit` keys and then switches to a Bloom filter of fixed
 * size. The filter never forgets a key it was given (no false "new"), and says "seen" for a key it
 * was never given with a probability that stays tiny at the sizes a sheet can hold.
 *
 * The filter is blocked: all of a key's bits lie in one block of 512 bits, so a key costs one
 * cache line instead of one per bit (16 scattered reads of a 4 MiB array made it the loop guard's
 * dearest step past the exact limit). Blocks fill unevenly, so a false "seen" is likelier than in
 * a filter whose bits spread over all of it: with the defaults about 3e-16 per key after 50,000
 * keys, 4e-12 after 200,000 and 5e-6 after 1,048,576 (Excel's row limit), against 1e-26, 2e-17
 * and 3e-7 there. The loop guard asks about whole pages, where all keys of a page must be "seen"
 * for a false alarm, so a full page of 50 is never one.
 *
 * The walk's memory is therefore bounded by the larger of the exact sets (about 2 MB at 20,000
 * ids) and the filter (4 MiB), however long the collection.
 */
export class SeenSet {
  /** The exact keys, one Set per kind; null once switched to the filter. */
  private exact: Set<string>[] | null = [];
  private exactSize = 0;
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
    if (this.bitsLog2 < BLOCK_BITS_LOG2) {
      throw new RangeError(`The filter needs at least ${2 ** BLOCK_BITS_LOG2} bits.`);
    }
  }

  /** True once the set has switched from exact keys to the fixed-size filter. */
  get approximate(): boolean {
    return this.filter !== null;
  }

  has(key: string, kind = 0): boolean {
    if (this.exact !== null) return this.exact[kind]?.has(key) ?? false;
    return this.filterHas(key, kind);
  }

  /**
   * Adds `key` of `kind`; true when {@link has} would have said it was not seen before. One
   * lookup where `has` then `add` would make two: the loop guard asks this of every record of
   * every page.
   */
  add(key: string, kind = 0): boolean {
    const exact = this.exact;
    if (exact === null) return this.filterAdd(key, kind);
    let keys = exact[kind];
    if (keys === undefined) {
      keys = new Set();
      exact[kind] = keys;
    }
    const size = keys.size;
    keys.add(key);
    if (keys.size === size) return false;
    this.exactSize += 1;
    if (this.exactSize > this.exactLimit) this.switchToFilter(exact);
    return true;
  }

  private switchToFilter(exact: readonly (Set<string> | undefined)[]): void {
    this.filter = new Uint32Array(2 ** (this.bitsLog2 - 5));
    this.exact = null;
    exact.forEach((keys, kind) => {
      if (keys) for (const key of keys) this.filterAdd(key, kind);
    });
  }

  /**
   * The first word of the key's block, from the low bits of the first hash; the key's hashes are
   * left in {@link h1} and {@link h2} for {@link bitInBlock}.
   */
  private blockOf(key: string, kind: number): number {
    this.hashKey(key, kind);
    const blockMask = 2 ** (this.bitsLog2 - BLOCK_BITS_LOG2) - 1;
    return (this.h1 & blockMask) << (BLOCK_BITS_LOG2 - 5);
  }

  /** Sets the key's bits; true when one of them was not set (the key was not seen). */
  private filterAdd(key: string, kind: number): boolean {
    const filter = this.filter as Uint32Array;
    const base = this.blockOf(key, kind);
    const { h1, h2 } = this;
    let fresh = false;
    for (let i = 0; i < this.hashes; i += 1) {
      const bit = bitInBlock(h1, h2, i);
      const at = base + (bit >>> 5);
      const word = filter[at] as number;
      const flag = 1 << (bit & 31);
      if ((word & flag) === 0) {
        fresh = true;
        filter[at] = word | flag;
      }
    }
    return fresh;
  }

  private filterHas(key: string, kind: number): boolean {
    const filter = this.filter as Uint32Array;
    const base = this.blockOf(key, kind);
    const { h1, h2 } = this;
    for (let i = 0; i < this.hashes; i += 1) {
      const bit = bitInBlock(h1, h2, i);
      if (((filter[base + (bit >>> 5)] as number) & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }

  /**
   * The key's two hashes into {@link h1} and {@link h2}, in one pass over its characters, the
   * kind hashed first as if it were a leading character. Fields rather than a returned pair, so
   * the loop guard's per-record question allocates nothing.
   */
  private hashKey(key: string, kind: number): void {
    let first = Math.imul(0x811c9dc5 ^ kind, 0x01000193);
    let second = Math.imul(0x9747b28c ^ kind, 0x01000193);
    const length = key.length;
    for (let i = 0; i < length; i += 1) {
      const code = key.charCodeAt(i);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x01000193);
    }
    this.h1 = spread(first);
    this.h2 = spread(second);
  }
}

/**
 * The `i`th bit position of a key in its block: the top bits of a hash of the second hash and
 * `i`, the first hash's high bits mixed in from the ninth position on. The whole of the second
 * hash and 16 bits of the first decide where a key's bits fall; double hashing (`h2 + i * step`
 * within the block) would leave a key only 2^17 patterns, few enough that a fresh key would
 * match an earlier one's now and then.
 */
function bitInBlock(h1: number, h2: number, i: number): number {
  const seed = i < 8 ? h2 : h2 ^ (h1 & 0xffff0000);
  return spread((seed + Math.imul(i, 0x9e3779b9)) | 0) >>> (32 - BLOCK_BITS_LOG2);
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
