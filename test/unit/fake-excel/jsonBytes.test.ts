import fc from "fast-check";
import { jsonBytes } from "../../../src/fake-excel/proxies/context";

describe("jsonBytes()", () => {
  it("is the UTF-8 length of the value's JSON text, ASCII or not", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (value, text) => {
        for (const item of [value, [[text, 1.5, true]]]) {
          expect(jsonBytes(item)).toBe(new TextEncoder().encode(JSON.stringify(item)).length);
        }
      }),
    );
  });

  it("is 0 for what JSON cannot carry", () => {
    expect(jsonBytes(undefined)).toBe(0);
  });
});
