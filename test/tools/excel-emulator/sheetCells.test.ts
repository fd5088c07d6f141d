// How a sheet keeps its cells: by row and column, walked in order, far corners included, and
// block writes that leave alone what they do not change.
import { MAX_COLUMNS, MAX_ROWS } from "../../../tools/excel-emulator/addresses";
import { validateInput } from "../../../tools/excel-emulator/cellWrites";
import { interpretInput, interpretInputCompact } from "../../../tools/excel-emulator/coercion";
import type { InputValue } from "../../../tools/excel-emulator/coercion";
import { SheetModel } from "../../../tools/excel-emulator/sheet";
import type { Cell } from "../../../tools/excel-emulator/sheet";

function setValue(sheet: SheetModel, row: number, column: number, value: string | number): void {
  sheet.editCell(row, column, (cell) => (cell.value = value));
}

function visited(sheet: SheetModel): [number, number, Cell["value"]][] {
  const seen: [number, number, Cell["value"]][] = [];
  sheet.forEachCell((row, column, cell) => seen.push([row, column, cell.value]));
  return seen;
}

const LAST_ROW = MAX_ROWS - 1;
const LAST_COLUMN = MAX_COLUMNS - 1;

describe("a sheet's stored cells", () => {
  it("are visited row by row, left to right, whatever order they were written in", () => {
    const sheet = new SheetModel("1", "Data");
    setValue(sheet, 4, 2, "e");
    setValue(sheet, 0, 3, "b");
    setValue(sheet, 4, 0, "d");
    setValue(sheet, 0, 1, "a");
    setValue(sheet, 2, 5, "c");
    expect(visited(sheet)).toEqual([
      [0, 1, "a"],
      [0, 3, "b"],
      [2, 5, "c"],
      [4, 0, "d"],
      [4, 2, "e"],
    ]);
  });

  it("reach the sheet's far corners: counted, bounded, visited, taken up and put back", () => {
    const sheet = new SheetModel("1", "Data");
    setValue(sheet, LAST_ROW, LAST_COLUMN, "far");
    setValue(sheet, 0, 0, "first");
    setValue(sheet, 7, LAST_COLUMN, "right");
    expect(sheet.cellCount).toBe(3);
    expect(sheet.storedBounds()).toEqual({
      row: 0,
      column: 0,
      rowCount: MAX_ROWS,
      columnCount: MAX_COLUMNS,
    });
    expect(visited(sheet)).toEqual([
      [0, 0, "first"],
      [7, LAST_COLUMN, "right"],
      [LAST_ROW, LAST_COLUMN, "far"],
    ]);
    const inArea: string[] = [];
    sheet.forEachCellIn(
      { row: 5, column: 10, rowCount: MAX_ROWS - 5, columnCount: 20_000 },
      (r, c) => inArea.push(`${r},${c}`),
    );
    expect(inArea).toEqual([`7,${LAST_COLUMN}`, `${LAST_ROW},${LAST_COLUMN}`]);

    const taken = sheet.takeCellsFrom("rows", 8);
    expect(taken.map(([r, c, cell]) => [r, c, cell.value])).toEqual([
      [LAST_ROW, LAST_COLUMN, "far"],
    ]);
    expect(sheet.cellCount).toBe(2);
    expect(sheet.getCell(LAST_ROW, LAST_COLUMN)).toBeUndefined();
    const right = sheet.takeCellsFrom("columns", 1);
    expect(right.map(([r, c]) => [r, c])).toEqual([[7, LAST_COLUMN]]);
    expect(sheet.storedBounds()).toEqual({ row: 0, column: 0, rowCount: 1, columnCount: 1 });
    for (const [r, c, cell] of [...taken, ...right]) sheet.placeCell(r, c, cell);
    expect(sheet.cellCount).toBe(3);
    expect(sheet.getCell(LAST_ROW, LAST_COLUMN)?.value).toBe("far");
  });

  it("drop a cell that an edit leaves empty, and its row with its last cell", () => {
    const sheet = new SheetModel("1", "Data");
    setValue(sheet, 3, 1, "x");
    setValue(sheet, 3, 2, "y");
    setValue(sheet, 3, 1, "");
    expect(sheet.getCell(3, 1)).toBeUndefined();
    expect(sheet.cellCount).toBe(1);
    setValue(sheet, 3, 2, "");
    expect(sheet.cellCount).toBe(0);
    expect(sheet.storedBounds()).toBeUndefined();
  });
});

describe("SheetModel.editCells", () => {
  it("stores no cell where the change leaves the position alone, and tracks formulas", () => {
    const sheet = new SheetModel("1", "Data");
    setValue(sheet, 1, 1, "kept");
    const offered: string[] = [];
    sheet.editCells({ row: 0, column: 0, rowCount: 3, columnCount: 3 }, (cell, row, column) => {
      offered.push(`${row},${column}`);
      if (row !== column) return false;
      if (row === 2) cell.formula = "=1+1";
      else if (row === 0) cell.value = 5;
      return true;
    });
    expect(offered).toHaveLength(9);
    expect(visited(sheet)).toEqual([
      [0, 0, 5],
      [1, 1, "kept"],
      [2, 2, ""],
    ]);
    expect([...sheet.formulaCells]).toEqual([sheet.getCell(2, 2)]);
    sheet.editCells({ row: 2, column: 2, rowCount: 1, columnCount: 1 }, (cell) => {
      cell.formula = null;
      return true;
    });
    expect(sheet.formulaCells.size).toBe(0);
    expect(sheet.getCell(2, 2)).toBeUndefined();
  });

  it("gives a new cell the format of its column", () => {
    const sheet = new SheetModel("1", "Data");
    sheet.columnFormats.set(1, "@");
    const formats: string[] = [];
    sheet.editCells({ row: 0, column: 0, rowCount: 1, columnCount: 3 }, (cell) => {
      formats.push(cell.numberFormat);
      return false;
    });
    expect(formats).toEqual(["General", "@", "General"]);
    expect(sheet.cellCount).toBe(0);
  });
});

describe("validateInput", () => {
  const area = { row: 0, column: 0, rowCount: 2, columnCount: 2 };

  it("keeps the request's rows when every element stands as it is", () => {
    const grid = [
      [1, "a"],
      [true, null],
    ];
    const input = validateInput("values", grid, area, "Range.values");
    expect(input.kind === "grid" && input.rows[0]).toBe(grid[0]);
    expect(input.kind === "grid" && input.rows[1]).toBe(grid[1]);
  });

  it("copies a row whose elements change by JSON's rules, leaving the caller's array alone", () => {
    const grid = [
      [1, undefined],
      [new Date(Date.UTC(2026, 0, 2)), "b"],
    ];
    const input = validateInput("values", grid, area, "Range.values");
    expect(input).toEqual({
      kind: "grid",
      rows: [
        [1, null],
        ["2026-01-02T00:00:00.000Z", "b"],
      ],
    });
    expect(grid[0]).toEqual([1, undefined]);
  });
});

describe("interpretInputCompact", () => {
  it.each<[InputValue, string]>([
    [12.5, "General"],
    [0, "General"],
    [-0, "0.00"],
    [true, "General"],
    ["text", "@"],
    ["=1+1", "@"],
    ["", "@"],
    ["12", "General"],
    ["=A1", "General"],
    ["TRUE", "General"],
    ["#N/A", "General"],
    [null, "General"],
  ])("stores %p under %p as interpretInput does", (input, format) => {
    const compact = interpretInputCompact(input, format);
    const full = interpretInput(input, format);
    if (typeof compact === "object") expect(compact).toEqual(full);
    else expect(full).toEqual({ kind: "constant", value: compact });
    if (typeof compact === "number") expect(Object.is(compact, -0)).toBe(false);
  });
});
