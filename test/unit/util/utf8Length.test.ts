import fc from "fast-check";
import { utf8Length } from "../../../src/util/utf8Length";

describe("utf8Length()", () => {
  it("counts UTF-8 bytes: 1 for ASCII, 2 for é, 3 for 株, 4 for an emoji", () => {
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("é")).toBe(2);
    expect(utf8Length("株")).toBe(3);
    expect(utf8Length("🧾")).toBe(4);
    expect(utf8Length("\ud800")).toBe(3);
  });

  it("agrees with TextEncoder for well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});
