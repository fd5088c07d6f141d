import fc from "fast-check";
import { EXCEL_CELL_TEXT_LIMIT } from "../../../src/domain/excelLimits";
import { fitText, jsonText } from "../../../src/sheets/textCells";

const LIMIT = EXCEL_CELL_TEXT_LIMIT;

describe("textCells.ts", () => {
  describe("fitText()", () => {
    it("leaves text of up to 32,767 characters unchanged, without a note", () => {
      const text = "x".repeat(LIMIT);
      expect(fitText(text)).toEqual({ text, note: null });
    });

    it("cuts longer text to 32,767 characters and says so, naming the field", () => {
      const fitted = fitText("y".repeat(40_000), "Reference");
      expect(fitted.text).toBe("y".repeat(LIMIT));
      expect(fitted.note).toBe("Reference truncated to 32,767 characters (of 40,000)");
    });

    it("counts UTF-16 code units, as Excel does: an emoji is two", () => {
      const text = "🧾".repeat(20_000); // 40,000 code units
      expect(fitText(text).text.length).toBeLessThanOrEqual(LIMIT);
    });

    it("never splits a surrogate pair at the cut: it keeps one fewer code unit", () => {
      const text = "a".repeat(LIMIT - 1) + "🧾" + "b";
      const fitted = fitText(text);
      expect(fitted.text).toBe("a".repeat(LIMIT - 1));
      expect(fitted.note).not.toBeNull();
    });

    it("keeps a pair that ends exactly at the limit", () => {
      const text = "a".repeat(LIMIT - 2) + "🧾" + "b";
      expect(fitText(text).text).toBe("a".repeat(LIMIT - 2) + "🧾");
    });

    it("any text is cut to a prefix of itself of at most 32,767 code units", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: LIMIT - 8, max: LIMIT + 8 }),
          fc.string({ unit: "binary", maxLength: 16 }),
          (padding, tail) => {
            const text = "p".repeat(padding) + tail;
            const fitted = fitText(text);
            expect(text.startsWith(fitted.text)).toBe(true);
            expect(fitted.text.length).toBeLessThanOrEqual(LIMIT);
            expect(fitted.text.length).toBeGreaterThanOrEqual(Math.min(text.length, LIMIT - 1));
            expect(fitted.note === null).toBe(text.length <= LIMIT);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe("jsonText()", () => {
    it("shows a string exactly as it is, however it looks", () => {
      for (const text of ["=1+1", "+1", "-2", "@SUM(A1)", "00123", "TRUE", " padded "]) {
        expect(jsonText(text)).toBe(text);
      }
    });

    it("shows null, a missing value and an empty array as an empty cell", () => {
      expect(jsonText(null)).toBe("");
      expect(jsonText(undefined)).toBe("");
      expect(jsonText([])).toBe("");
    });

    it("shows any other value as compact JSON", () => {
      expect(jsonText({ id: "s1", name: "Ana" })).toBe('{"id":"s1","name":"Ana"}');
      expect(jsonText(["a.pdf", { n: 1 }])).toBe('["a.pdf",{"n":1}]');
      expect(jsonText(12.5)).toBe("12.5");
      expect(jsonText(false)).toBe("false");
      expect(jsonText({})).toBe("{}");
    });
  });
});
