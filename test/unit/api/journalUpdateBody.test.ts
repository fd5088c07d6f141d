import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import {
  ApiError,
  checkJournalUpdate,
  JournalUpdate,
  journalUpdateBody,
  JsonDecimal,
  stringifyExact,
} from "../../../src/api";

const GOLDEN = join(__dirname, "golden", "journal-update");
const cases = readdirSync(GOLDEN)
  .filter((name) => name.endsWith(".input.json"))
  .map((name) => name.replace(".input.json", ""));

function golden(name: string): { input: JournalUpdate; body: string } {
  const input = JSON.parse(
    readFileSync(join(GOLDEN, `${name}.input.json`), "utf8"),
  ) as JournalUpdate;
  const body = readFileSync(join(GOLDEN, `${name}.body.txt`), "utf8").replace(/\n$/, "");
  return { input, body };
}

const BALANCED: JournalUpdate = {
  transaction_date: "2025-01-15T00:00:00Z",
  currency_code: "USD",
  lines: [
    { account_id: "acc-1", amount: "10.30", type: "DEBIT" },
    { account_id: "acc-2", amount: "10.30", type: "CREDIT" },
  ],
};

describe("journalUpdateBody.ts", () => {
  describe("journalUpdateBody()", () => {
    it("has golden cases to check", () => {
      expect(cases.sort()).toEqual(["every-field", "leading-zeros-and-zero", "minimal"]);
    });

    it.each(cases)("writes the golden body text for %s", (name) => {
      const { input, body } = golden(name);
      expect(journalUpdateBody(input)).toBe(body);
    });

    it.each(cases)("writes valid JSON with the same values for %s", (name) => {
      const { input } = golden(name);
      const parsed = JSON.parse(journalUpdateBody(input)) as Record<string, unknown>;
      expect(parsed["currency_code"]).toBe(input.currency_code);
      expect((parsed["lines"] as unknown[]).length).toBe(input.lines.length);
    });

    it("writes amounts digit for digit, never through a double", () => {
      const body = journalUpdateBody({
        ...BALANCED,
        lines: [
          { account_id: "a", amount: "0.30", type: "DEBIT" },
          { account_id: "b", amount: "98765432109876.54", type: "CREDIT" },
        ],
      });
      expect(body).toContain('"amount":0.30,');
      expect(body).toContain('"amount":98765432109876.54,');
      expect(body).not.toContain("0.30000000000000004");
    });

    it("refuses an update with problems, naming each, without producing a body", () => {
      const broken = {
        transaction_date: "",
        currency_code: "USD",
        exchange_rate: 1.1,
        lines: [
          { account_id: "acc-1", amount: "10.30", type: "DEBIT" },
          { account_id: "acc-2", amount: 10.3, type: "credit", description: null },
        ],
      } as unknown as JournalUpdate;
      let error: unknown;
      try {
        journalUpdateBody(broken);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.kind).toBe("validation");
      expect(apiError.details).toEqual([
        { field: "transaction_date", message: 'expected a non-empty string, got ""' },
        { field: "exchange_rate", message: "expected a decimal string such as 10.30, got 1.1" },
        { field: "lines[1].amount", message: "expected a decimal string such as 10.30, got 10.3" },
        { field: "lines[1].type", message: 'expected DEBIT or CREDIT, got "credit"' },
        { field: "lines[1].description", message: "expected a string, got null" },
      ]);
      expect(apiError.message).toBe(
        'The journal was not sent: transaction_date: expected a non-empty string, got ""; ' +
          "exchange_rate: expected a decimal string such as 10.30, got 1.1; lines[1].amount: " +
          "expected a decimal string such as 10.30, got 10.3; lines[1].type: expected DEBIT or " +
          'CREDIT, got "credit"; lines[1].description: expected a string, got null.',
      );
    });

    it("refuses lines that are not an array", () => {
      const broken = { ...BALANCED, lines: "none" } as unknown as JournalUpdate;
      expect(checkJournalUpdate(broken)).toEqual([
        { field: "lines", message: 'expected an array, got "none"' },
      ]);
    });

    it("finds nothing wrong with a well-formed update", () => {
      expect(checkJournalUpdate(BALANCED)).toEqual([]);
    });
  });
});

describe("exactJson.ts", () => {
  describe("stringifyExact()", () => {
    it("writes JsonDecimal values as bare numbers with their exact digits", () => {
      expect(stringifyExact({ a: JsonDecimal.of("10.30"), b: [JsonDecimal.of("-0.001")] })).toBe(
        '{"a":10.30,"b":[-0.001]}',
      );
    });

    it("leaves out undefined members and keeps insertion order", () => {
      expect(stringifyExact({ z: 1, a: undefined, m: null })).toBe('{"z":1,"m":null}');
    });

    it("writes everything else exactly as JSON.stringify does", () => {
      const jsonValue = fc.jsonValue({ maxDepth: 3 }).filter((value) => !Object.is(value, -0));
      fc.assert(
        fc.property(jsonValue, (value) => {
          expect(stringifyExact(value as never)).toBe(JSON.stringify(value));
        }),
        { numRuns: 500 },
      );
    });

    it("refuses numbers JSON cannot hold instead of writing null", () => {
      expect(() => stringifyExact({ amount: NaN })).toThrow(TypeError);
      expect(() => stringifyExact([Infinity])).toThrow(TypeError);
    });
  });

  describe("JsonDecimal.of()", () => {
    it.each(["1e5", "", " 1", "1.", ".5", "+1", "NaN", "0x10"])("refuses %j", (text) => {
      expect(() => JsonDecimal.of(text)).toThrow(TypeError);
    });

    it.each([
      ["007.50", "7.50"],
      ["-00.5", "-0.5"],
      ["0", "0"],
      ["-0.00", "-0.00"],
    ])("writes %s as the JSON number %s", (text, number) => {
      expect(JsonDecimal.of(text).text).toBe(number);
    });
  });
});
