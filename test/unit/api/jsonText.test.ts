import fc from "fast-check";
import { JsonNumber, JsonValue, stringifyJson } from "../../../src/api/json";
import {
  holdsNumber,
  numbersFitDoubles,
  parseJsonText,
  parseJsonTextExactly,
  readNumberLiteral,
} from "../../../src/api/jsonText";
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

    it("keeps a money amount with more digits than a double holds, fraction and all", () => {
      const text = '{"data":[{"id":"inv_1","total":12345678901234567890.12,"paid":"0.10"}]}';
      const parsed = parseJsonText(text);
      expect(parsed).toEqual({
        data: [{ id: "inv_1", total: new JsonNumber("12345678901234567890.12"), paid: "0.10" }],
      });
      expect(stringifyJson(parsed)).toBe(text);
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

  describe("the JSON.parse shortcut", () => {
    /** JSON text with every kind of number literal, and strings full of quotes and backslashes. */
    const document = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        numberLiteral,
        fc
          .array(fc.constantFrom('"', "\\", "a", "1", "-", "e", " ", "\n", "é"), { maxLength: 12 })
          .map((chars) => JSON.stringify(chars.join(""))),
        fc.constantFrom("true", "false", "null"),
        fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
        fc
          .array(fc.tuple(fc.string({ maxLength: 4 }), tie("value")), { maxLength: 4 })
          .map(
            (members) =>
              `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`,
          ),
      ),
    })).value;

    it("reads every document exactly as the literal-by-literal reader does", () => {
      fc.assert(
        fc.property(document, (text) => {
          expect(parseJsonText(text)).toEqual(parseJsonTextExactly(text));
        }),
        { numRuns: 3000 },
      );
    });

    it("keeps JSON.parse's value when the body holds no number, long digit runs in strings and all", () => {
      const text =
        '{"data":[{"id":"5cd60ddd-4e0a","total":"12345678901234567890.12","n":"1e400"}],' +
        '"last_id":"98765432109876543210","keyset":"-12345678901234567"}';
      expect(holdsNumber(JSON.parse(text))).toBe(false);
      expect(parseJsonText(text)).toEqual(JSON.parse(text));
    });

    it.each([
      ["1.5", true],
      ['["a",null,true,0]', true],
      ['{"a":"x","b":[{"c":null},{"d":[false,{"e":-2}]}]}', true],
      ['{"a":{"b":{"c":{}}},"d":[[],[null]],"e":7}', true],
      ['{"a":"1","b":[{"c":null},{"d":[false,{"e":"-2"}]}],"f":{}}', false],
      ['[[],{},"",null,false]', false],
    ])("finds a number wherever it is in %s: %s", (text, found) => {
      expect(holdsNumber(JSON.parse(text))).toBe(found);
    });

    it("reads a 17-digit amount itself beside numbers that fit, whichever comes first", () => {
      expect(parseJsonText('{"data":[{"quantity":3,"amount":12345678901234567}]}')).toEqual({
        data: [{ quantity: 3, amount: new JsonNumber("12345678901234567") }],
      });
      expect(parseJsonText('[12345678901234567890,"12345678901234567890",1.5]')).toEqual([
        new JsonNumber("12345678901234567890"),
        "12345678901234567890",
        1.5,
      ]);
    });

    it("reads nesting deeper than the walk's stack like JSON.parse when its numbers fit", () => {
      const depth = 200_000;
      const plain = `${"[".repeat(depth)}"12345678901234567890"${"]".repeat(depth)}`;
      const withNumber = `${"[".repeat(depth)}1.5${"]".repeat(depth)}`;
      expect(() => holdsNumber(JSON.parse(withNumber))).toThrow(RangeError);
      let inner = parseJsonText(withNumber);
      for (let level = 0; level < depth; level++) inner = (inner as JsonValue[])[0] as JsonValue;
      expect(inner).toBe(1.5);
      inner = parseJsonText(plain);
      for (let level = 0; level < depth; level++) inner = (inner as JsonValue[])[0] as JsonValue;
      expect(inner).toBe("12345678901234567890");
    });

    it.each([
      ["a 17-digit amount", '{"amount":12345678901234567}', false],
      ["an exponent beyond a double", "[1e400]", false],
      ["an exponent a double holds", "[1.5e2, 15]", true],
      ["15 significant digits", "[-999999999999.999, 123456789012345]", true],
      ["long digits inside a string", '{"a":"12345678901234567890"}', true],
      ["long digits after an escaped quote", '{"a":"x\\"12345678901234567890\\\\"}', true],
      ["long digits after a string ending in a backslash", '["\\\\", 12345678901234567890]', false],
      ["a whole document that is one long number", " 12345678901234567890.12", false],
      ["a long number after space and a line break", '{"a" :\n\t 12345678901234567890}', false],
      ["an exponent as the first item", "[ 1e400]", false],
      ["an exponent after a comma", '{"a":1,"b":-2.5E+400}', false],
      [
        "hex-looking ids and digits with e inside strings",
        '{"id":"5cd60ddd-4e0a","n":"1,2e5"}',
        true,
      ],
    ])("takes the exact path only when a number needs it: %s", (_name, text, fits) => {
      expect(numbersFitDoubles(text)).toBe(fits);
      expect(parseJsonText(text)).toEqual(parseJsonTextExactly(text));
    });
  });

  describe("numbersFitDoubles()", () => {
    interface Document {
      readonly text: string;
      /** Whether every number literal in it is one a double holds exactly. */
      readonly fits: boolean;
    }
    const fitsDouble = (literal: string) => typeof readNumberLiteral(literal) === "number";
    /** Strings full of quotes, backslashes and digits, where no literal may be seen. */
    const stringLiteral = fc
      .array(fc.constantFrom('"', "\\", "a", "1", "-", "e", " ", "é", "12345678901234567890"), {
        maxLength: 8,
      })
      .map((chars) => JSON.stringify(chars.join("")));
    const document = fc.letrec<{ value: Document }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        numberLiteral.map((text) => ({ text, fits: fitsDouble(text) })),
        stringLiteral.map((text) => ({ text, fits: true })),
        fc.constantFrom("true", "false", "null").map((text) => ({ text, fits: true })),
        fc.array(tie("value"), { maxLength: 5 }).map((items) => ({
          text: `[ ${items.map((item) => item.text).join(" ,\n")}]`,
          fits: items.every((item) => item.fits),
        })),
        fc.array(fc.tuple(stringLiteral, tie("value")), { maxLength: 5 }).map((members) => ({
          text: `{${members.map(([key, value]) => `${key}:${value.text}`).join(",")}}`,
          fits: members.every(([, value]) => value.fits),
        })),
      ),
    })).value;

    it("finds every literal a double cannot hold, and none inside strings", () => {
      fc.assert(
        fc.property(document, ({ text, fits }) => {
          expect(numbersFitDoubles(text)).toBe(fits);
        }),
        { numRuns: 3000 },
      );
    });

    it.each([
      // 12 MB each, within the client's size cap: the run is a regexp, whose backtracking stack
      // overflows on a few million steps unless each match is bounded.
      ["3,000,000 strings before it", `[${'"a",'.repeat(3_000_000)}12345678901234567890]`, false],
      ["100,000 strings before a literal that fits", `[${'"a",'.repeat(100_000)}1.5]`, true],
      ["a string of 6,000,000 escapes before it", `["${"\\n".repeat(6_000_000)}",1e400]`, false],
      ["1,000 escaped quotes before it", `["${'\\"'.repeat(1_000)}",12345678901234567890]`, false],
      ["it inside a string after 1,000 escaped quotes", `["${'\\"'.repeat(1_000)}1e400"]`, true],
      ["an unterminated string of 100,000 escapes", `["${"ab\\n".repeat(100_000)}`, true],
    ])("reads past long runs of strings and escapes: %s", (_name, text, fits) => {
      expect(numbersFitDoubles(text)).toBe(fits);
    });
  });

  describe("holdsNumber()", () => {
    it.each([
      ["a number at the top", 0, true],
      ["minus zero deep in arrays and objects", [{ a: [[], { b: -0 }] }], true],
      ["a number under a __proto__ key", JSON.parse('{"__proto__":{"x":1}}'), true],
      [
        "digits, booleans, null and empty containers",
        ["12", true, null, {}, [], { a: "1" }],
        false,
      ],
      ["a string", "123", false],
    ])("%s: %p", (_name, value, holds) => {
      expect(holdsNumber(value)).toBe(holds);
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
