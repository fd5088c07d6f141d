/** Seeded pseudo-random numbers: every generated value is a pure function of its key. */
import { hash } from "node:crypto";

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A version-4 shaped UUID drawn from this stream. */
  uuid(): string;
}

/** One-shot hashing: several times cheaper than a Hash object for keys this short. */
function sha256(text: string): Buffer {
  return hash("sha256", text, "buffer");
}

/** Scratch bytes for uuid(): each call overwrites all 16 before reading them. */
const UUID_BYTES = Buffer.alloc(16);

/**
 * A generator keyed by its parts (seed, identity, collection, index...), so a record can be
 * produced on demand without generating the ones before it. sfc32 seeded from SHA-256.
 */
export function randomFor(...key: ReadonlyArray<string | number>): Random {
  const digest = sha256(key.join("\u001f"));
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();

  const next = (): number => nextUint32() / 4294967296;
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick() from an empty list");
      return item;
    },
    chance: (probability) => next() < probability,
    uuid: () => {
      const bytes = UUID_BYTES;
      for (let i = 0; i < 16; i += 4) bytes.writeUInt32LE(nextUint32(), i);
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = bytes.toString("hex");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
