// Rectangles of cells on a sheet, and which of them a write to an import table would cut: Excel
// refuses to move part of a table or merged cells, so these stop the write before it starts.
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS } from "../domain/excelLimits";
import { columnIndex } from "./cellAddresses";

export interface Box {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

/**
 * A table on the sheet that the refresh's shifts would cut (Excel refuses to move part of a
 * table): one below `ours` that shares some but not all of the `width` columns the table will
 * have (cells are inserted, or deleted under a total row, across those columns), or one right
 * of it that shares some but not all of its rows (when columns are appended).
 */
export function tableInTheWay<T extends Box>(
  ours: Box,
  width: number,
  others: readonly T[],
): (T & { side: "under" | "right of" }) | undefined {
  const cut = (start: number, count: number, bandStart: number, bandCount: number) =>
    start < bandStart + bandCount &&
    start + count > bandStart &&
    (start < bandStart || start + count > bandStart + bandCount);
  for (const other of others) {
    if (other.row >= ours.row + ours.rows && cut(other.column, other.columns, ours.column, width)) {
      return { ...other, side: "under" };
    }
    if (
      width > ours.columns &&
      other.column >= ours.column + ours.columns &&
      cut(other.row, other.rows, ours.row, ours.rows)
    ) {
      return { ...other, side: "right of" };
    }
  }
  return undefined;
}

/**
 * The rectangles of a loaded address such as "Sheet1!A1:B2,Sheet1!D4", zero-based, each with its
 * local address (whole rows or columns are left out).
 */
export function boxesOf(address: string): (Box & { readonly address: string })[] {
  const boxes: (Box & { address: string })[] = [];
  const cell = /!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?(?=\s*,|\s*$)/g;
  for (const match of address.matchAll(cell)) {
    const [text, c1 = "", r1 = "", c2 = c1, r2 = r1] = match;
    const column = columnIndex(c1);
    const row = Number(r1) - 1;
    boxes.push({
      row,
      column,
      rows: Number(r2) - row,
      columns: columnIndex(c2) - column + 1,
      address: text.slice(1).replace(/\$/g, ""),
    });
  }
  return boxes;
}

/**
 * Merged cells among the cells a write to the table moves: the table's columns (as wide as it
 * will be) from its header down, and, when columns are appended, its rows right of it. Excel
 * refuses to split merged cells, and a table cannot hold them; any merged cell there stops the
 * import before anything is written.
 */
export function mergedInTheWay<T extends Box>(
  ours: Box,
  width: number,
  merged: readonly T[],
): T | undefined {
  const overlaps = (a: Box, b: Box) =>
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns;
  const below: Box = { row: ours.row, column: ours.column, rows: EXCEL_MAX_ROWS, columns: width };
  const right: Box = {
    row: ours.row,
    column: ours.column + ours.columns,
    rows: ours.rows,
    columns: EXCEL_MAX_COLUMNS,
  };
  return merged.find(
    (box) => overlaps(box, below) || (width > ours.columns && overlaps(box, right)),
  );
}

/**
 * The cells a write to a table at `ours` shifts or fills as it grows to `width` columns: its
 * columns from its header down, and, when columns are appended, its rows right of it.
 */
export function shiftedBoxes(ours: Box, width: number): Box[] {
  const boxes: Box[] = [
    {
      row: ours.row,
      column: ours.column,
      rows: EXCEL_MAX_ROWS - ours.row,
      columns: Math.min(width, EXCEL_MAX_COLUMNS - ours.column),
    },
  ];
  const right = ours.column + ours.columns;
  if (width > ours.columns && right < EXCEL_MAX_COLUMNS) {
    boxes.push({
      row: ours.row,
      column: right,
      rows: ours.rows,
      columns: EXCEL_MAX_COLUMNS - right,
    });
  }
  return boxes;
}
