import fc from "fast-check";
import { jsonBytes } from "../../../tools/excel-emulator/proxies/context";

describe("jsonBytes()", () => {
  it("is the UTF-8 length of the value's JSON text, ASCII or not", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), fc.double(), (value, text, n) => {
        for (const item of [value, [value], [[text, n, true]]]) {
          expect(jsonBytes(item)).toBe(new TextEncoder().encode(JSON.stringify(item)).length);
        }
      }),
    );
  });

  it("measures arrays as JSON.stringify writes them: holes, undefined, NaN, dates, objects", () => {
    const value = [
      [undefined, null, NaN, Infinity, -0, 1e21, 0.1, true, false],
      [new Date(0), { a: [1, "é"], b: undefined }, () => 1, Symbol("s")],
      // eslint-disable-next-line no-sparse-arrays
      [, '\u0000"\\\ud800', "🧾", ""],
      [],
    ];
    expect(jsonBytes(value)).toBe(new TextEncoder().encode(JSON.stringify(value)).length);
  });

  it("is 0 for what JSON cannot carry", () => {
    expect(jsonBytes(undefined)).toBe(0);
  });
});
