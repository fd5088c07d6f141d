import fc from "fast-check";
import { JsonNumber } from "../../../src/api";
import { MoneyDecimal } from "../../../src/money";
import { EXCEL_CELL_TEXT_LIMIT } from "../../../src/domain/excelLimits";
import { significantDigitsOf, toCell } from "../../../src/sheets/typedCells";
import { NUMBER_FORMATS, type CellKind } from "../../../src/sheets/cells";

const typed = (value: string | number | boolean) => ({ value, fallback: false, notes: [] });
const asText = (value: string, ...notes: string[]) => ({
  value,
  fallback: true,
  notes,
  reason: notes[0]?.replace(/^.*? kept as text: /, ""),
});

// Every kind: NUMBER_FORMATS has one entry per kind, so no list here can fall behind.
const KINDS = Object.keys(NUMBER_FORMATS) as CellKind[];

/** Two-decimal text for a whole number of cents: -1234n → "-12.34". */
function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

describe("typedCells.ts", () => {
  describe("toCell()", () => {
    it.each(KINDS)('writes null, a missing value, "" and [] as an empty %s cell', (kind) => {
      for (const value of [null, undefined, "", []]) {
        expect(toCell(kind, value, "Field")).toEqual(typed(""));
      }
    });

    describe("text", () => {
      it("keeps strings exactly, even ones Excel would turn into formulas, numbers or dates", () => {
        for (const text of ["=1+1", "+1", "-2", "@SUM(A1)", "00123", "1E5", "TRUE", "2024-01-02"]) {
          expect(toCell("text", text, "Reference")).toEqual(typed(text));
        }
      });

      it("writes other JSON values as their JSON text", () => {
        expect(toCell("text", 42, "Code")).toEqual(typed("42"));
        expect(toCell("text", true, "Code")).toEqual(typed("true"));
        expect(toCell("text", { id: "x" }, "Staff")).toEqual(typed('{"id":"x"}'));
      });

      it("cuts text over 32,767 characters, with a note naming the column", () => {
        const cell = toCell("text", "z".repeat(40_000), "Memo");
        expect(cell).toEqual({
          value: "z".repeat(EXCEL_CELL_TEXT_LIMIT),
          fallback: false,
          notes: ["Memo truncated to 32,767 characters (of 40,000)"],
        });
      });

      it("any string becomes a string cell: itself, or its prefix with a note", () => {
        fc.assert(
          fc.property(fc.string({ unit: "binary" }), (text) => {
            const cell = toCell("text", text, "Reference");
            expect(typeof cell.value).toBe("string");
            expect(cell).toEqual(typed(text));
          }),
          { numRuns: 1000 },
        );
      });
    });

    describe("money", () => {
      it("turns two-decimal text into the number it names", () => {
        expect(toCell("money", "12.30", "Total")).toEqual(typed(12.3));
        expect(toCell("money", "-42.50", "Total")).toEqual(typed(-42.5));
        expect(toCell("money", "0.01", "Total")).toEqual(typed(0.01));
        expect(toCell("money", "7", "Total")).toEqual(typed(7));
      });

      it("writes zero and minus zero as 0", () => {
        expect(toCell("money", "0.00", "Total")).toEqual(typed(0));
        expect(Object.is(toCell("money", "-0.00", "Total").value, 0)).toBe(true);
      });

      it("keeps more than 15 significant digits as exact text, with a note", () => {
        expect(toCell("money", "98765432109876.54", "Total")).toEqual(
          asText("98765432109876.54", "Total kept as text: more than 15 significant digits"),
        );
      });

      it("keeps more than two decimals as text rather than hide them behind the format", () => {
        expect(toCell("money", "12.345", "Amount")).toEqual(
          asText("12.345", "Amount kept as text: more than two decimals"),
        );
        expect(toCell("money", "12.300", "Amount")).toEqual(typed(12.3));
      });

      it("keeps text that is not a decimal amount as it is, with a note", () => {
        for (const text of ["abc", "12,50", "1e5", "$12.00", " 12.00", "+12.00", "NaN"]) {
          expect(toCell("money", text, "Total")).toEqual(
            asText(text, "Total kept as text: not a decimal amount"),
          );
        }
      });

      it("takes a JSON number as the amount it is, within the same limits", () => {
        expect(toCell("money", 12.5, "Total")).toEqual(typed(12.5));
        expect(toCell("money", 12.345, "Total")).toEqual(
          asText("12.345", "Total kept as text: more than two decimals"),
        );
      });

      it("names the type of a value of the wrong type", () => {
        expect(toCell("money", true, "Total")).toEqual(
          asText("true", "Total kept as text: expected a decimal amount, got true or false"),
        );
        expect(toCell("money", ["1.00"], "Total")).toEqual(
          asText('["1.00"]', "Total kept as text: expected a decimal amount, got an array"),
        );
      });

      it("any two-decimal amount of at most 15 digits becomes the double that shows it", () => {
        const cents = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });
        fc.assert(
          fc.property(cents, (c) => {
            const text = centsText(c);
            const cell = toCell("money", text, "Total");
            expect(cell.fallback).toBe(false);
            expect(typeof cell.value).toBe("number");
            const shown = new MoneyDecimal((cell.value as number).toPrecision(15));
            expect(shown.equals(new MoneyDecimal(text))).toBe(true);
          }),
          { numRuns: 3000 },
        );
      });

      it("any amount of more than 15 significant digits stays exact text", () => {
        const cents = fc.bigInt({ min: 10n ** 15n, max: 10n ** 20n });
        fc.assert(
          fc.property(cents, fc.boolean(), (c, negative) => {
            const text = centsText(negative ? -c : c);
            if (new MoneyDecimal(text).sd() <= 15) return; // e.g. 10000000000000.00
            expect(toCell("money", text, "Total")).toEqual(
              asText(text, "Total kept as text: more than 15 significant digits"),
            );
          }),
        );
      });
    });

    describe("rate", () => {
      it("turns decimal text of up to ten decimals into a number", () => {
        expect(toCell("rate", "1.00", "Exchange rate")).toEqual(typed(1));
        expect(toCell("rate", "0.0000012345", "Exchange rate")).toEqual(typed(0.0000012345));
      });

      it("keeps more than ten decimals, or text that is not a rate, as text", () => {
        expect(toCell("rate", "1.00000000001", "Exchange rate")).toEqual(
          asText("1.00000000001", "Exchange rate kept as text: more than 10 decimals"),
        );
        expect(toCell("rate", "1,5", "Exchange rate")).toEqual(
          asText("1,5", "Exchange rate kept as text: not a decimal rate"),
        );
      });
    });

    describe("integer and number", () => {
      it("write JSON numbers as they are", () => {
        expect(toCell("integer", 3, "Count")).toEqual(typed(3));
        expect(toCell("number", 2.5, "Quantity")).toEqual(typed(2.5));
        expect(toCell("number", -0, "Quantity")).toEqual(typed(0));
      });

      it("keep a fraction in a whole-number column as text, since the format would hide it", () => {
        expect(toCell("integer", 2.5, "Count")).toEqual(
          asText("2.5", "Count kept as text: not a whole number"),
        );
      });

      it("keep a number of more than 15 significant digits as text", () => {
        expect(toCell("integer", 12345678901234568, "Count")).toEqual(
          asText("12345678901234568", "Count kept as text: more than 15 significant digits"),
        );
        expect(toCell("number", 1e21, "Quantity")).toEqual(typed(1e21));
      });

      it("take plain decimal text among numbers as the same number, so it adds up with them", () => {
        expect(toCell("number", "12.30", "Quantity")).toEqual(typed(12.3));
        expect(toCell("integer", "-5", "Quantity")).toEqual(typed(-5));
      });

      it("keep id-like or unusable numeric strings as text: leading zeros, exponents, fractions in whole columns", () => {
        expect(toCell("number", "007", "Quantity")).toEqual(
          asText("007", "Quantity kept as text: expected a number, got a string"),
        );
        expect(toCell("number", "1E5", "Quantity")).toEqual(
          asText("1E5", "Quantity kept as text: expected a number, got a string"),
        );
        expect(toCell("integer", "12.5", "Count")).toEqual(
          asText("12.5", "Count kept as text: not a whole number"),
        );
        expect(toCell("number", "1234567890123456.5", "Quantity")).toEqual(
          asText("1234567890123456.5", "Quantity kept as text: more than 15 significant digits"),
        );
      });

      it("keep a number no double holds exactly as its exact digits, with a note", () => {
        expect(toCell("integer", new JsonNumber("9007199254740993"), "Count")).toEqual(
          asText("9007199254740993", "Count kept as text: more than 15 significant digits"),
        );
        expect(toCell("number", new JsonNumber("12345678901234567890"), "Quantity")).toEqual(
          asText("12345678901234567890", "Quantity kept as text: more than 15 significant digits"),
        );
        expect(toCell("number", new JsonNumber("1e400"), "Quantity")).toEqual(
          asText("1e400", "Quantity kept as text: outside the range of numbers a cell can hold"),
        );
        expect(toCell("text", new JsonNumber("9007199254740993"), "Reference")).toEqual({
          value: "9007199254740993",
          fallback: false,
          notes: [],
        });
        expect(toCell("text", [new JsonNumber("9007199254740993")], "Lines").value).toBe(
          "[9007199254740993]",
        );
      });

      it("keep an exact money number too long for a cell as its digits in a money column", () => {
        expect(toCell("money", new JsonNumber("12345678901234567.89"), "Total")).toEqual(
          asText("12345678901234567.89", "Total kept as text: more than 15 significant digits"),
        );
      });
    });

    describe("date and datetime", () => {
      it("turn dates and UTC date-times into serials", () => {
        expect(toCell("date", "2026-01-15", "Due date")).toEqual(typed(46037));
        expect(toCell("datetime", "2026-01-15T12:00:00Z", "Created at (UTC)")).toEqual(
          typed(46037.5),
        );
      });

      it("take a plain date in a date-time column as midnight of that date", () => {
        expect(toCell("datetime", "2026-01-15", "Created at (UTC)")).toEqual(typed(46037));
      });

      it("keep impossible dates as text, with a note", () => {
        expect(toCell("date", "2026-02-30", "Due date")).toEqual(
          asText("2026-02-30", "Due date kept as text: not a date (YYYY-MM-DD)"),
        );
        expect(toCell("datetime", "2026-01-15T10:00:00", "Created at (UTC)")).toEqual(
          asText(
            "2026-01-15T10:00:00",
            "Created at (UTC) kept as text: not a date-time with a time zone",
          ),
        );
      });

      it("keep dates Excel cannot show as text, saying so", () => {
        expect(toCell("date", "1899-12-31", "Due date")).toEqual(
          asText(
            "1899-12-31",
            "Due date kept as text: outside Excel's dates (1900-03-01 to 9999-12-31)",
          ),
        );
        expect(toCell("datetime", "9999-12-31T23:00:00-05:00", "Paid at (UTC)").fallback).toBe(
          true,
        );
      });
    });

    describe("boolean", () => {
      it("writes JSON true and false as booleans, and anything else as text", () => {
        expect(toCell("boolean", false, "Is test")).toEqual(typed(false));
        expect(toCell("boolean", "TRUE", "Is test")).toEqual(
          asText("TRUE", "Is test kept as text: expected true or false, got a string"),
        );
      });
    });

    it("cuts an oversized fallback too, with both notes", () => {
      expect(toCell("money", "x".repeat(40_000), "Total").notes).toEqual([
        "Total kept as text: not a decimal amount",
        "Total truncated to 32,767 characters (of 40,000)",
      ]);
    });
  });

  describe("significantDigitsOf()", () => {
    it.each([
      [1234.5, 5],
      [100, 1],
      [0.000123, 3],
      [1e21, 1],
      [1.5e-7, 2],
      [0, 1],
    ])("%d has %d significant digits", (value, digits) => {
      expect(significantDigitsOf(value)).toBe(digits);
    });
  });
});
