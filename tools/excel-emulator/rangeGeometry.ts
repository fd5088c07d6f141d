// Rectangles a range method derives from another: checked against the sheet's bounds, shared
// by two ranges, or holding both.
import { isWithinSheet, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { officeError } from "./errors";

/** `area`, or InvalidArgument at `errorLocation` when it is empty or leaves the sheet. */
export function checkedArea(area: Area, errorLocation: string): Area {
  if (!isWithinSheet(area)) {
    throw officeError(
      "InvalidArgument",
      "The range is outside the worksheet (1,048,576 rows by 16,384 columns) or empty.",
      errorLocation,
    );
  }
  return area;
}

/** The rectangle `a` and `b` share, if any. */
export function intersect(a: Area, b: Area): Area | undefined {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const endRow = Math.min(lastRow(a), lastRow(b));
  const endColumn = Math.min(lastColumn(a), lastColumn(b));
  if (endRow < row || endColumn < column) return undefined;
  return { row, column, rowCount: endRow - row + 1, columnCount: endColumn - column + 1 };
}

/** The smallest rectangle holding `a` and `b`. */
export function boundingArea(a: Area, b: Area): Area {
  const row = Math.min(a.row, b.row);
  const column = Math.min(a.column, b.column);
  return {
    row,
    column,
    rowCount: Math.max(lastRow(a), lastRow(b)) - row + 1,
    columnCount: Math.max(lastColumn(a), lastColumn(b)) - column + 1,
  };
}
