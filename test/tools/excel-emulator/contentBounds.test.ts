// The used range of values only is found without walking every cell of a long table; it must
// still be the rectangle a walk of every cell gives.
import fc from "fast-check";
import { SheetModel, type Cell } from "../../../tools/excel-emulator/sheet";

interface Placed {
  readonly row: number;
  readonly column: number;
  readonly value: string;
  readonly bold: boolean;
}

function cellOf(placed: Placed): Cell {
  return {
    value: placed.value,
    formula: null,
    numberFormat: "General",
    bold: placed.bold,
    fontColor: null,
    fillColor: null,
    calculatedIn: 0,
  };
}

const hasValue = (cell: Cell): boolean => cell.formula !== null || cell.value !== "";

function walked(
  sheet: SheetModel,
): { row: number; column: number; rowCount: number; columnCount: number } | undefined {
  let top = Infinity;
  let left = Infinity;
  let bottom = -1;
  let right = -1;
  sheet.forEachCell((r, c, cell) => {
    if (!hasValue(cell)) return;
    top = Math.min(top, r);
    bottom = Math.max(bottom, r);
    left = Math.min(left, c);
    right = Math.max(right, c);
  });
  return bottom < 0
    ? undefined
    : { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
}

describe("SheetModel.boundsWhere", () => {
  it("gives the rectangle a walk of every cell gives, formatted empty cells aside", () => {
    const placed = fc.record({
      row: fc.integer({ min: 0, max: 40 }),
      column: fc.integer({ min: 0, max: 12 }),
      // An empty value kept only by its bold format: stored, but not a value.
      value: fc.constantFrom("", "x", "0"),
      bold: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(placed, { maxLength: 60 }), (cells) => {
        const sheet = new SheetModel("1", "Data");
        for (const cell of cells) sheet.putCell(cell.row, cell.column, cellOf(cell));
        expect(sheet.boundsWhere(hasValue)).toEqual(walked(sheet));
      }),
      { numRuns: 400 },
    );
  });

  it("reads a table's header row and its last row, not the rows between", () => {
    const sheet = new SheetModel("1", "Data");
    for (let row = 0; row < 2000; row++) {
      for (let column = 0; column < 5; column++) {
        sheet.putCell(row, column, cellOf({ row, column, value: "v", bold: false }));
      }
    }
    let read = 0;
    const bounds = sheet.boundsWhere((cell) => {
      read += 1;
      return hasValue(cell);
    });
    expect(bounds).toEqual({ row: 0, column: 0, rowCount: 2000, columnCount: 5 });
    expect(read).toBe(10);
  });
});
