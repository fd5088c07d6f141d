// The hand-made UTF-8 encoder (for engines without TextEncoder) gives TextEncoder's bytes.
import fc from "fast-check";
import { utf8BytesByHand } from "../../../src/settings/utf8";

describe("utf8BytesByHand()", () => {
  it("encodes as TextEncoder does, lone surrogates included", () => {
    const encoder = new TextEncoder();
    for (const text of ["", "abc", "Café", "株式会社", "🧾✅👩🏽‍💻", "\ud800x", "x\udc00"]) {
      expect([...utf8BytesByHand(text)]).toEqual([...encoder.encode(text)]);
    }
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect([...utf8BytesByHand(text)]).toEqual([...encoder.encode(text)]);
      }),
      { numRuns: 2_000 },
    );
  });
});
