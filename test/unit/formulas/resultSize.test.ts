import {
  GrowingTableSize,
  fitResult,
  resultBytes,
  type CutRow,
} from "../../../src/formulas/resultSize";
import type { CellValue } from "../../../src/sheets";

/** What Excel receives: the JSON text of the 2-D array, in UTF-8. */
function jsonBytes(table: unknown): number {
  return Buffer.byteLength(JSON.stringify(table), "utf8");
}

/** A header row and `rows` rows of `width` bytes of text in the second column. */
function table(rows: number, width: number): CellValue[][] {
  return [
    ["ID", "Text", "Amount", "Notes"],
    ...Array.from({ length: rows }, (_, i) => [`id-${i}`, "x".repeat(width), i + 0.5, ""]),
  ];
}

/** A cut row whose text grows with the rows it says are left out, as real ones do. */
function cutRowOf(total: number): CutRow {
  return (header, shown) => [
    `Incomplete: ${shown} of ${total}`,
    ...new Array<CellValue>(header.length - 2).fill(""),
    `Leaves out ${"n".repeat(String(total - shown).length * 100)}`,
  ];
}

describe("resultBytes()", () => {
  it("is an upper bound on the UTF-8 bytes of the table's JSON, with a few bytes per cell", () => {
    const awkward: CellValue[][] = [
      ["ID", "Text", "Amount", "Flag"],
      ["a", 'quotes " and \\ backslash', 0.30000000000000004, true],
      ["b", "Café Müller – 株式会社 🧾✅ 👩🏽‍💻", -12.5, false],
      ["c", "line\nbreak\ttab\u0001control", "98765432109876.54", ""],
      ["d", "\ud800 lone surrogate", 1e21, "x"],
    ];
    const exact = jsonBytes(awkward);
    const estimate = resultBytes(awkward);
    expect(estimate).toBeGreaterThanOrEqual(exact);
    // The overhead is a few bytes per cell, not a multiple of the text.
    expect(estimate - exact).toBeLessThanOrEqual(4 * 20 + 3 * 5);
  });

  it("counts a long text by its UTF-8 bytes, three for each CJK character", () => {
    const ascii = resultBytes([["a".repeat(1000)]]);
    const cjk = resultBytes([["株".repeat(1000)]]);
    expect(cjk - ascii).toBe(2000);
  });
});

describe("fitResult()", () => {
  it("returns a table that fits as it is, with no row added", () => {
    const small = table(10, 100);
    const fitted = fitResult(small, cutRowOf(10), { maxBytes: 10_000 });
    expect(fitted).toEqual({ table: small, shown: 10, cut: false });
  });

  it("keeps the header and the most rows that fit with the cut row, which ends the table", () => {
    const big = table(100, 1000);
    const maxBytes = 30_000;
    const cutRow = cutRowOf(100);
    const fitted = fitResult(big, cutRow, { maxBytes });
    expect(fitted.cut).toBe(true);
    expect(fitted.table[0]).toEqual(big[0]);
    expect(fitted.table.slice(1, -1)).toEqual(big.slice(1, fitted.shown + 1));
    expect(fitted.table.at(-1)).toEqual(cutRow(big[0] ?? [], fitted.shown));
    expect(resultBytes(fitted.table)).toBeLessThanOrEqual(maxBytes);
    expect(jsonBytes(fitted.table)).toBeLessThanOrEqual(maxBytes);
    // One row more would not fit.
    const more = [...big.slice(0, fitted.shown + 2), cutRow(big[0] ?? [], fitted.shown + 1)];
    expect(resultBytes(more)).toBeGreaterThan(maxBytes);
    expect(fitted.shown).toBeGreaterThan(20);
  });

  it("makes room for the cut row at its longest, whatever the count it states", () => {
    // The cut row is longest when it shows the fewest rows: the fit must still hold.
    for (const maxBytes of [5_000, 12_345, 50_000]) {
      const fitted = fitResult(table(1000, 40), cutRowOf(1000), { maxBytes });
      expect(resultBytes(fitted.table)).toBeLessThanOrEqual(maxBytes);
    }
  });

  it("keeps the header row alone when not even one row fits", () => {
    const fitted = fitResult(table(3, 10_000), cutRowOf(3), { maxBytes: 2_000 });
    expect(fitted.shown).toBe(0);
    expect(fitted.table).toEqual([table(0, 0)[0], cutRowOf(3)(table(0, 0)[0] ?? [], 0)]);
  });

  it("ends an incomplete table with the cut row even when all its rows fit", () => {
    const small = table(5, 10);
    const fitted = fitResult(small, cutRowOf(50), { incomplete: true });
    expect(fitted.shown).toBe(5);
    expect(fitted.cut).toBe(true);
    expect(fitted.table).toHaveLength(1 + 5 + 1);
  });
});

describe("GrowingTableSize", () => {
  it("measures rows added page by page as the table padded to its final header", () => {
    const size = new GrowingTableSize();
    size.add([
      ["a", 1],
      ["b", 2],
    ]);
    size.add([["c", 3, "new column", "Ünïcode"]]);
    const header = ["ID", "N", "New", "Other"];
    const padded: CellValue[][] = [
      header,
      ["a", 1, "", ""],
      ["b", 2, "", ""],
      ["c", 3, "new column", "Ünïcode"],
    ];
    expect(size.bytes(header)).toBe(resultBytes(padded));
  });
});
