// Compact JSON text of a value read from the API: JSON.stringify's text, with a number no double
// holds written as its own digits.
import fc from "fast-check";
import { JsonNumber, type JsonValue, stringifyJson } from "../../../src/api/json";
import { parseJsonText } from "../../../src/api/jsonText";

describe("stringifyJson()", () => {
  it("writes what JSON.stringify writes for a value without exact numbers", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const plain = value as JsonValue;
        expect(stringifyJson(plain)).toBe(JSON.stringify(plain));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes an exact number's own digits wherever it is nested", () => {
    const value = parseJsonText(
      '{"lines":[{"amount":12345678901234567890.12,"n":1}],"id":"a\\u0001"}',
    );
    expect(stringifyJson(value)).toBe(
      '{"lines":[{"amount":12345678901234567890.12,"n":1}],"id":"a\\u0001"}',
    );
    expect(stringifyJson([new JsonNumber("1e400")])).toBe("[1e400]");
  });

  it("writes a missing member as null, as the value's reader would see it", () => {
    const withGap = { a: undefined } as unknown as JsonValue;
    expect(stringifyJson(withGap)).toBe('{"a":null}');
  });
});
