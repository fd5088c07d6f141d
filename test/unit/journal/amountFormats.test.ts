import { amountFormatsToRedraw } from "../../../src/journal/amountFormats";
import { differenceFormula } from "../../../src/journal/balanceFormulas";
import { drawnSheet } from "./sheetGrid";

// JNL-0001 (USD) as drawn: Currency in B8, lines header row 18, Total row 31, Difference row 32.

describe("amountFormats.ts", () => {
  describe("amountFormatsToRedraw()", () => {
    it("redraws Debit, Credit and Tax amount down to the Total row, and the Difference, for KWD", () => {
      const grid = drawnSheet("JNL-0001").set("B8", "KWD");
      expect(amountFormatsToRedraw(grid.snapshot(), 2)).toEqual({
        currency: "KWD",
        currencyAddress: "B8",
        places: 3,
        formats: [
          { address: "F19:F31", numberFormat: "#,##0.000" },
          { address: "G19:G31", numberFormat: "#,##0.000" },
          { address: "H19:H31", numberFormat: "#,##0.000" },
          { address: "F32", numberFormat: "#,##0.000" },
        ],
        difference: {
          address: "F32",
          formula: differenceFormula({
            debit: "F",
            credit: "G",
            headerRow: 18,
            totalRow: 31,
            // The balance counts the two decimals the service keeps, though KWD shows three.
            places: 2,
          }),
        },
      });
    });

    it("follows the marks when rows were inserted", () => {
      const grid = drawnSheet("JNL-0001").insertRows(25, 2).set("B8", "JPY");
      const redraw = amountFormatsToRedraw(grid.snapshot(), 2);
      expect(redraw?.formats[0]).toEqual({ address: "F19:F33", numberFormat: "#,##0" });
      expect(redraw?.difference?.address).toBe("F34");
    });

    it("redraws nothing for a currency of the drawn decimals, or one Validate will refuse", () => {
      expect(amountFormatsToRedraw(drawnSheet("JNL-0001").set("B8", "EUR").snapshot(), 2)).toBe(
        null,
      );
      expect(amountFormatsToRedraw(drawnSheet("JNL-0001").set("B8", "usd").snapshot(), 0)).toBe(
        null,
      );
      expect(amountFormatsToRedraw(drawnSheet("JNL-0001").set("B8", "").snapshot(), 0)).toBe(null);
      expect(amountFormatsToRedraw(drawnSheet("JNL-0001").deleteRows(31).snapshot(), 0)).toBe(null);
    });
  });
});
