import { layoutJournal } from "../../../src/journal";
import {
  contentsBytes,
  formatBytes,
  jsonSize,
  layoutBatches,
  NO_FILL,
} from "../../../src/journal/layoutBlocks";
import type { AreaContents, AreaFormat } from "../../../src/journal/layoutBlocks";
import type { JournalLayout, LayoutCell } from "../../../src/journal";
import { repeatedJournal } from "./seededJournals";

const fillOf = (cell: LayoutCell): string | null => (cell.role === "fact" ? "#EEEEEE" : null);
/** As a journal sheet is shaded: the whole extent grey, the fill of the inputs taken away. */
const shading = {
  background: "#EEEEEE",
  fillOf: (cell: LayoutCell): string | null => (cell.role === "input" ? NO_FILL : null),
};

/** Every cell the batches write, by A1-style key, as a cell-by-cell drawing would see it. */
function cellsWritten(layout: JournalLayout, budgetBytes?: number): Map<string, unknown> {
  const batches = layoutBatches(layout, { fillOf, ...(budgetBytes ? { budgetBytes } : {}) });
  const cells = new Map<string, Record<string, unknown>>();
  const at = (row: number, column: number) => {
    const key = `${row},${column}`;
    const cell = cells.get(key) ?? {};
    cells.set(key, cell);
    return cell;
  };
  const each = (area: AreaFormat | AreaContents, visit: (r: number, c: number) => void) => {
    for (let r = 0; r < area.rowCount; r++) for (let c = 0; c < area.columnCount; c++) visit(r, c);
  };
  for (const batch of batches) {
    for (const format of batch.formats) {
      each(format, (r, c) => {
        const cell = at(format.row + r, format.column + c);
        const numberFormat = format.numberFormat;
        if (typeof numberFormat === "string") cell.numberFormat = numberFormat;
        else if (numberFormat) cell.numberFormat = numberFormat[r]![c];
        if (format.fill) cell.fill = format.fill;
        if (format.bold) cell.bold = true;
      });
    }
    for (const contents of batch.contents) {
      each(contents, (r, c) => {
        const cell = at(contents.row + r, contents.column + c);
        const formula = contents.formulas?.[r]?.[c] ?? null;
        if (formula !== null) cell.formula = formula;
        else cell.value = contents.values[r]![c];
      });
    }
  }
  return cells;
}

/** The same, straight from the layout's cells. */
function cellsOfLayout(layout: JournalLayout): Map<string, unknown> {
  const cells = new Map<string, unknown>();
  for (const cell of layout.cells) {
    const match = /^([A-Z]+)(\d+)$/.exec(cell.address)!;
    const column = match[1]!.charCodeAt(0) - 65;
    cells.set(`${Number(match[2]) - 1},${column}`, {
      numberFormat: cell.numberFormat,
      ...(fillOf(cell) ? { fill: fillOf(cell) } : {}),
      ...(cell.bold ? { bold: true } : {}),
      ...(cell.formula !== undefined ? { formula: cell.formula } : { value: cell.value ?? "" }),
    });
  }
  return cells;
}

describe("layoutBlocks.ts", () => {
  describe("layoutBatches()", () => {
    const layout = layoutJournal(repeatedJournal(500));

    it("writes each layout cell with its format, fill, bold and value, and no other cell", () => {
      expect(cellsWritten(layout)).toEqual(cellsOfLayout(layout));
    });

    it("sets formats on whole rectangles: as many ranges for 500 lines as for 10", () => {
      const count = (lines: number) =>
        layoutBatches(layoutJournal(repeatedJournal(lines)), shading).flatMap(
          (batch) => batch.formats,
        ).length;
      expect(count(500)).toBe(count(10));
      expect(count(500)).toBeLessThan(30);
    });

    it("shades the whole extent in one range, then takes the fill of the inputs away in a few", () => {
      const formats = layoutBatches(layout, shading).flatMap((batch) => batch.formats);
      const fills = formats.filter((format) => format.fill !== undefined);
      const [extent, ...cleared] = fills;
      // A1:L(last): the background comes before any other format.
      expect(formats[0]).toBe(extent);
      expect(extent).toEqual({
        row: 0,
        column: 0,
        rowCount: 500 + 10 + 18 + 2,
        columnCount: 12,
        fill: "#EEEEEE",
      });
      // The header inputs (B7:B10) and the lines' input columns (B, D:G, I:J, L) over all rows.
      expect(
        cleared.map((format) => [
          format.row,
          format.column,
          format.rowCount,
          format.columnCount,
          format.fill,
        ]),
      ).toEqual([
        [6, 1, 4, 1, NO_FILL],
        [18, 1, 510, 1, NO_FILL],
        [18, 3, 510, 4, NO_FILL],
        [18, 8, 510, 2, NO_FILL],
        [18, 11, 510, 1, NO_FILL],
      ]);
    });

    it("keeps a number format that differs inside a column (an amount kept as text)", () => {
      const journal = repeatedJournal(500);
      const lines = journal.lines.map((line, i) =>
        i % 3 === 0 ? { ...line, debit: "1234567890123456.78", credit: "0.00" } : line,
      );
      const unusual = layoutJournal({ ...journal, lines });
      expect(cellsWritten(unusual)).toEqual(cellsOfLayout(unusual));
      const formats = layoutBatches(unusual, shading).flatMap((batch) => batch.formats);
      // The Debit column takes one format per cell, in one range, not a range per cell.
      expect(formats.length).toBeLessThan(35);
    });

    it("splits contents larger than the budget into row chunks, and batches within it", () => {
      const budgetBytes = 20_000;
      const batches = layoutBatches(layout, { fillOf, budgetBytes });
      expect(batches.length).toBeGreaterThan(5);
      for (const batch of batches) {
        const bytes =
          batch.formats.reduce((sum, format) => sum + formatBytes(format), 0) +
          batch.contents.reduce((sum, contents) => sum + contentsBytes(contents), 0);
        expect(bytes).toBeLessThanOrEqual(budgetBytes);
      }
      // Formats all travel first, before any value.
      const firstContents = batches.findIndex((batch) => batch.contents.length > 0);
      expect(batches.slice(firstContents + 1).every((batch) => batch.formats.length === 0)).toBe(
        true,
      );
      expect(cellsWritten(layout, budgetBytes)).toEqual(cellsOfLayout(layout));
    });
  });

  describe("jsonSize()", () => {
    it("counts UTF-8 bytes of the JSON text", () => {
      expect(jsonSize([["a", 1]])).toBe(9);
      expect(jsonSize("é")).toBe(4);
      expect(jsonSize("日本")).toBe(8);
      expect(jsonSize("😀")).toBe(6);
      expect(jsonSize('a"b')).toBe(6);
    });
  });
});
