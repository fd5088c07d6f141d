import { SeenSet } from "../../../src/api/seenSet";

const keys = (from: number, count: number, prefix = "id:string:") =>
  Array.from({ length: count }, (_, n) => `${prefix}${from + n}`);

describe("seenSet.ts", () => {
  describe("SeenSet", () => {
    it("answers exactly while it holds no more than its exact limit", () => {
      const set = new SeenSet({ exactLimit: 3 });
      for (const key of keys(0, 3)) set.add(key);
      expect(set.approximate).toBe(false);
      expect(keys(0, 3).map((key) => set.has(key))).toEqual([true, true, true]);
      expect(set.has("id:string:3")).toBe(false);
    });

    it("says on adding whether the key was new, as has() would have, exact and filtered alike", () => {
      for (const exactLimit of [10_000, 2]) {
        const set = new SeenSet({ exactLimit });
        const added = [...keys(0, 5), ...keys(3, 5)].map((key) => set.add(key));
        expect(set.approximate).toBe(exactLimit === 2);
        expect(added).toEqual([true, true, true, true, true, false, false, true, true, true]);
      }
    });

    it("keeps the same text of two kinds apart, exact and filtered alike", () => {
      for (const exactLimit of [10_000, 0]) {
        const set = new SeenSet({ exactLimit });
        expect([set.add("5", 0), set.add("5", 1), set.add("5", 2)]).toEqual([true, true, true]);
        expect([set.add("5", 0), set.add("5", 1), set.add("5", 2)]).toEqual([false, false, false]);
        expect([set.has("6", 0), set.has("6", 1)]).toEqual([false, false]);
      }
    });

    it("carries every kind's keys into the filter when it switches", () => {
      const set = new SeenSet({ exactLimit: 4 });
      for (const key of keys(0, 3)) set.add(key, 1);
      for (const key of keys(0, 3)) set.add(key, 2);
      expect(set.approximate).toBe(true);
      expect(keys(0, 3).every((key) => set.has(key, 1) && set.has(key, 2))).toBe(true);
    });

    it("switches to the fixed filter past the limit and still knows every key it was given", () => {
      const set = new SeenSet({ exactLimit: 1_000 });
      const given = keys(0, 60_000);
      for (const key of given) set.add(key);
      expect(set.approximate).toBe(true);
      expect(given.every((key) => set.has(key))).toBe(true);
    });

    it("calls no fresh key seen after 200,000 keys with the default sizes", () => {
      const set = new SeenSet();
      for (const key of keys(0, 200_000)) set.add(key);
      // Expected false positives here: about 200,000 x 2e-17, so any at all means a bad hash.
      const fresh = [
        ...keys(200_000, 100_000),
        ...keys(0, 50_000, "id:string:inv-"),
        ...keys(0, 50_000, "json:"),
      ];
      expect(fresh.filter((key) => set.has(key))).toEqual([]);
    });

    it("spreads keys that differ in one character over the filter", () => {
      // A small filter (2^16 bits) with 2,000 keys: a good hash leaves most probes unset.
      const set = new SeenSet({ exactLimit: 0, filterBitsLog2: 16, hashes: 4 });
      for (const key of keys(0, 2_000, "00000000-0000-4000-8000-00000000")) set.add(key);
      const falseHits = keys(2_000, 10_000, "00000000-0000-4000-8000-00000000").filter((key) =>
        set.has(key),
      ).length;
      // Theory: (1 - e^(-4 * 2000 / 65536))^4 is about 0.0002, so 2 of 10,000.
      expect(falseHits).toBeLessThan(20);
    });
  });
});
