// What an Excel.Range reports when loaded (address, values, formulas, formats, hidden rows and
// columns, spills), and how its rows and columns are hidden.
import { MAX_COLUMNS, MAX_ROWS, cellCount, formatAddress } from "../addresses";
import type { Area } from "../addresses";
import { CellError } from "../cellValues";
import {
  MAX_CELLS_PER_COMMAND,
  readFormulas,
  readGrid,
  readNumberFormats,
  readText,
  readValues,
} from "../cellWrites";
import { officeError } from "../errors";
import { checkUnprotected } from "../guards";
import { readFormulasR1C1 } from "../r1c1Cells";
import { hasSpill } from "../spills";
import type { SheetModel } from "../sheet";
import type { PropertyReader } from "./clientObject";

export interface RangeTarget {
  readonly sheet: SheetModel;
  readonly area: Area;
}

function valueType(
  cell: { value: unknown; formula: string | null } | undefined,
): Excel.RangeValueType {
  if (!cell || (cell.value === "" && cell.formula === null)) return "Empty" as Excel.RangeValueType;
  if (cell.value instanceof CellError) return "Error" as Excel.RangeValueType;
  if (typeof cell.value === "number") return "Double" as Excel.RangeValueType;
  if (typeof cell.value === "boolean") return "Boolean" as Excel.RangeValueType;
  return "String" as Excel.RangeValueType;
}

/** Excel on the web answers null, not an error, for cell data of more than 5,000,000 cells. */
function tooLarge(target: RangeTarget): boolean {
  return cellCount(target.area) > MAX_CELLS_PER_COMMAND;
}

/**
 * `Range.rowHidden` / `columnHidden`: true when every row (column) of the range is hidden, false
 * when none is, null when some are.
 */
function allHidden(hidden: ReadonlySet<number>, start: number, count: number): boolean | null {
  let inside = 0;
  for (const index of hidden) if (index >= start && index < start + count) inside++;
  return inside === 0 ? false : inside === count ? true : null;
}

export function setHidden(
  hidden: Set<number>,
  start: number,
  count: number,
  value: unknown,
  errorLocation: string,
  sheet: SheetModel,
): void {
  checkUnprotected(sheet, errorLocation);
  if (typeof value !== "boolean") {
    throw officeError("InvalidArgument", `${String(value)} is not true or false.`, errorLocation);
  }
  for (let index = start; index < start + count; index++) {
    if (value) hidden.add(index);
    else hidden.delete(index);
  }
}

export const RANGE_PROPERTIES: Readonly<Record<string, PropertyReader<RangeTarget>>> = {
  address: (t) => formatAddress(t.sheet.name, t.area),
  addressLocal: (t) => formatAddress(t.sheet.name, t.area),
  rowIndex: (t) => t.area.row,
  columnIndex: (t) => t.area.column,
  rowCount: (t) => t.area.rowCount,
  columnCount: (t) => t.area.columnCount,
  cellCount: (t) => cellCount(t.area),
  isEntireRow: (t) => t.area.columnCount === MAX_COLUMNS,
  isEntireColumn: (t) => t.area.rowCount === MAX_ROWS,
  values: (t) => (tooLarge(t) ? null : readValues(t.sheet, t.area)),
  formulas: (t) => (tooLarge(t) ? null : readFormulas(t.sheet, t.area)),
  formulasR1C1: (t) => (tooLarge(t) ? null : readFormulasR1C1(t.sheet, t.area)),
  numberFormat: (t) => (tooLarge(t) ? null : readNumberFormats(t.sheet, t.area)),
  text: (t) => (tooLarge(t) ? null : readText(t.sheet, t.area)),
  valueTypes: (t) => (tooLarge(t) ? null : readGrid(t.sheet, t.area, valueType)),
  hasSpill: (t) => hasSpill(t.sheet, t.area),
  rowHidden: (t) => allHidden(t.sheet.hiddenRows, t.area.row, t.area.rowCount),
  columnHidden: (t) => allHidden(t.sheet.hiddenColumns, t.area.column, t.area.columnCount),
};
