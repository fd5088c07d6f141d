import fc from "fast-check";
import { JsonNumber, JsonValue, stringifyJson } from "../../../src/api/json";
import { parseJsonText, readNumberLiteral } from "../../../src/api/jsonText";
import { numberLiteral, sameDecimal } from "./jsonNumbers";

describe("jsonText.ts", () => {
  describe("parseJsonText()", () => {
    it("keeps integers beyond 2^53 and long numbers digit for digit, where JSON.parse rounds", () => {
      const text = '{"a":9007199254740993,"b":12345678901234567890,"c":[1e400,-1e-400]}';
      expect(parseJsonText(text)).toEqual({
        a: new JsonNumber("9007199254740993"),
        b: new JsonNumber("12345678901234567890"),
        c: [new JsonNumber("1e400"), new JsonNumber("-1e-400")],
      });
      expect(JSON.parse(text)).toMatchObject({ a: 9007199254740992, b: 12345678901234567000 });
    });

    it("reads a number as a double when the double's shortest text has the same decimal value", () => {
      const values = parseJsonText("[1.50,0.1,-0,1E+2,2.5e-3,9007199254740992,1e21,123.0]");
      expect(values).toEqual([1.5, 0.1, -0, 100, 0.0025, 9007199254740992, 1e21, 123]);
      expect(Object.is((values as JsonValue[])[2], -0)).toBe(true);
    });

    it("reads everything else as JSON.parse does", () => {
      const text =
        ' { "s" : "a\\"b\\\\c\\n\\u00e9\\ud83d\\ude00" , "t":true,"f":false,"n":null,' +
        '"o":{},"e":[],"nested":[{"x":[1,{"y":"z"}]}] , "__proto__": {"p": 1} } ';
      const parsed = parseJsonText(text);
      expect(parsed).toEqual(JSON.parse(text));
      expect(Object.keys(parsed as object)).toContain("__proto__");
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    });

    it.each([
      "",
      "{",
      "[1,]",
      '{"a":1,}',
      "01",
      "+1",
      ".5",
      "1.",
      "-",
      "tru",
      '"a',
      '"\u0001"',
      '"\\x"',
      "[1] 2",
      "NaN",
      "{'a':1}",
    ])("refuses %p like JSON.parse", (text) => {
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
      expect(() => parseJsonText(text)).toThrow(SyntaxError);
    });
  });

  describe("readNumberLiteral()", () => {
    it("gives a double exactly when its shortest text is the same decimal value, else the text", () => {
      fc.assert(
        fc.property(numberLiteral, (text) => {
          const value = readNumberLiteral(text);
          const double = Number(text);
          if (typeof value === "number") {
            expect(Object.is(value, double)).toBe(true);
            expect(Number.isFinite(value)).toBe(true);
            expect(sameDecimal(String(value), text)).toBe(true);
          } else {
            expect(value.text).toBe(text);
            expect(Number.isFinite(double) && sameDecimal(String(double), text)).toBe(false);
          }
          // Whatever it became, writing it back gives the same value digit for digit.
          expect(sameDecimal(stringifyJson(value), text)).toBe(true);
        }),
        { numRuns: 2000 },
      );
    });
  });
});
