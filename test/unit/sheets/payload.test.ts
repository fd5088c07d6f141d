import fc from "fast-check";
import type { CellValue } from "../../../src/sheets/cells";
import {
  CELL_OVERHEAD_BYTES,
  estimateRowBytes,
  ROW_OVERHEAD_BYTES,
} from "../../../src/sheets/payload";
import { utf8Length } from "../../../src/util/utf8Length";

/** The reference the estimate must equal: the UTF-8 size of the value's JSON text, written out. */
function cellJsonBytes(value: CellValue): number {
  return utf8Length(JSON.stringify(value));
}

describe("payload.ts", () => {
  describe("estimateRowBytes()", () => {
    it("is the JSON text of the values plus a fixed overhead per cell and per row", () => {
      const row = ["abc", 12.5, true, ""];
      const json = '"abc"' + "12.5" + "true" + '""';
      expect(estimateRowBytes(row)).toBe(
        json.length + 4 * CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES,
      );
    });

    it("counts the escapes JSON adds to quotes and line breaks", () => {
      expect(estimateRowBytes(['a"b\n'])).toBe(8 + CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES);
    });

    it("is the sum of its cells' JSON sizes plus the overheads, for any text (lone surrogates too)", () => {
      const cell = fc.oneof(fc.string({ unit: "binary" }), fc.double(), fc.integer(), fc.boolean());
      fc.assert(
        fc.property(fc.array(cell), (row) => {
          const cells = row.reduce((sum: number, value) => sum + cellJsonBytes(value), 0);
          expect(estimateRowBytes(row)).toBe(
            cells + row.length * CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES,
          );
        }),
      );
    });

    it("counts an amount's text exactly, for every whole number of hundredths a cell holds", () => {
      const cents = fc.oneof(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
      );
      const amount = fc.oneof(
        cents.map((whole) => whole / 100),
        cents.map((whole) => whole / 1000),
        cents.map((whole) => whole / 10),
      );
      fc.assert(
        fc.property(amount, (value) => {
          expect(estimateRowBytes([value])).toBe(
            cellJsonBytes(value) + CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES,
          );
        }),
        { numRuns: 20_000 },
      );
      for (const value of [0.29, -0.01, 0.5, 12.3, 1e13 - 0.01, 9999999999999.99, 0.001, 1e15]) {
        expect(estimateRowBytes([value]) - CELL_OVERHEAD_BYTES - ROW_OVERHEAD_BYTES).toBe(
          String(value).length,
        );
      }
    });

    it("counts JSON's escapes without writing the text: control characters and lone surrogates", () => {
      const stringify = jest.spyOn(JSON, "stringify");
      try {
        const row = ["\u0001\t\\", "\ud800x", "\u2028é🧾", Number.NaN, -0, 1e21, false];
        const cells = row.reduce((sum: number, value) => sum + cellJsonBytes(value), 0);
        stringify.mockClear();
        expect(estimateRowBytes(row)).toBe(
          cells + row.length * CELL_OVERHEAD_BYTES + ROW_OVERHEAD_BYTES,
        );
        expect(stringify).not.toHaveBeenCalled();
      } finally {
        stringify.mockRestore();
      }
    });

    it("is at least the size of the row's JSON text, whatever the values", () => {
      const cell = fc.oneof(
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
      );
      fc.assert(
        fc.property(fc.array(cell), (row) => {
          expect(estimateRowBytes(row)).toBeGreaterThanOrEqual(
            new TextEncoder().encode(JSON.stringify(row)).length,
          );
        }),
      );
    });
  });
});
