// Reading and writing blocks of cells: Excel's strict shape rules for `values`, `formulas` and
// `numberFormat` (an exact 2-D array or one scalar for every cell), coercion of written values,
// clearing, and the cell formats the fake keeps.
import { noteTableCellWrites } from "./calculatedColumns";
import { checkUnprotected, checkWholeMergedAreas } from "./guards";
import { MAX_COLUMNS, MAX_ROWS, areasOverlap, cellCount, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { valueForApi } from "./cellValues";
import { MAX_CELL_TEXT, interpretInputCompact } from "./coercion";
import type { InputValue, StoredInput } from "./coercion";
import { DIMENSION_MISMATCH, officeError } from "./errors";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import { formatCellText } from "./numberFormat";
import { checkNoPivotTableCells } from "./pivotTables";
import { removeSpill } from "./spills";
import { GENERAL } from "./sheet";
import type { Cell, SheetModel } from "./sheet";
import type { FakeWorkbook } from "./workbook";

export type WritableProperty = "values" | "formulas" | "numberFormat";

/**
 * Cells one command may read or write cell by cell. Excel on the web returns null for reads of
 * more than 5,000,000 cells; larger writes cell by cell are refused with RangeExceedsLimit.
 */
export const MAX_CELLS_PER_COMMAND = 5_000_000;

function checkCellCount(area: Area, errorLocation: string): void {
  if (cellCount(area) > MAX_CELLS_PER_COMMAND) {
    throw officeError(
      "RangeExceedsLimit",
      `(${cellCount(area)} cells; at most ${MAX_CELLS_PER_COMMAND}.)`,
      errorLocation,
    );
  }
}

/** A validated write: one value for every cell, or one per cell. */
export type CellInput<T> =
  | { readonly kind: "scalar"; readonly value: T }
  | { readonly kind: "grid"; readonly rows: readonly (readonly T[])[] };

/**
 * Checks a `values`/`formulas`/`numberFormat` assignment against the range as Excel does at sync:
 * a 2-D array of exactly the range's dimensions, or a single scalar applied to every cell.
 */
export function validateInput(
  property: WritableProperty,
  input: unknown,
  area: Area,
  errorLocation: string,
): CellInput<InputValue> {
  const element = property === "numberFormat" ? numberFormatElement : valueElement;
  if (!Array.isArray(input)) {
    return { kind: "scalar", value: element(input, errorLocation) };
  }
  if (input.length !== area.rowCount) {
    throw officeError("InvalidArgument", DIMENSION_MISMATCH, errorLocation);
  }
  // The request's own arrays are kept where every element is already what it stands for (as
  // in every request office.js sends); a row is copied only where an element changes.
  const rows: InputValue[][] = [];
  for (const row of input as unknown[]) {
    if (!Array.isArray(row) || row.length !== area.columnCount) {
      throw officeError("InvalidArgument", DIMENSION_MISMATCH, errorLocation);
    }
    rows.push(checkedRow(row, element, errorLocation));
  }
  return { kind: "grid", rows };
}

function checkedRow(
  row: unknown[],
  element: (value: unknown, errorLocation: string) => InputValue,
  errorLocation: string,
): InputValue[] {
  for (let c = 0; c < row.length; c++) {
    const value: unknown = row[c];
    if (element(value, errorLocation) !== value) return row.map((v) => element(v, errorLocation));
  }
  return row as InputValue[];
}

/** A value as it travels to Excel: JSON rules (undefined -> null, Date -> its ISO text). */
function valueElement(value: unknown, errorLocation: string): InputValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw officeError("InvalidArgument", `${value} cannot be written to a cell.`, errorLocation);
    }
    return value;
  }
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    if (value.length > MAX_CELL_TEXT) {
      throw officeError(
        "InvalidArgument",
        `A cell holds at most ${MAX_CELL_TEXT} characters; this text has ${value.length}.`,
        errorLocation,
      );
    }
    return value;
  }
  if (typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return valueElement((value as { toJSON: () => unknown }).toJSON(), errorLocation);
  }
  throw officeError("InvalidArgument", `A cell value cannot be ${describe(value)}.`, errorLocation);
}

function numberFormatElement(value: unknown, errorLocation: string): InputValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  throw officeError(
    "InvalidArgument",
    `A number format cannot be ${describe(value)}.`,
    errorLocation,
  );
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

function inputAt<T>(input: CellInput<T>, r: number, c: number): T {
  return input.kind === "scalar" ? input.value : (input.rows[r]?.[c] as T);
}

/** Writes validated values or formulas, coercing each as Excel does for the cell's format. */
export function writeValues(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  input: CellInput<InputValue>,
  errorLocation: string,
): void {
  checkUnprotected(sheet, errorLocation);
  checkWholeMergedAreas(sheet, area, errorLocation);
  checkNoPivotTableCells(wb.pivotTables, sheet, area, errorLocation);
  checkCellCount(area, errorLocation);
  // Interpret everything before changing anything: Excel rejects the whole write.
  const stored: (StoredInput | number | boolean | string | undefined)[] = new Array(
    area.rowCount * area.columnCount,
  );
  for (let r = 0; r < area.rowCount; r++) {
    for (let c = 0; c < area.columnCount; c++) {
      const value = inputAt(input, r, c);
      if (value === null) continue;
      try {
        // Only a text's reading depends on the cell's format.
        const format =
          typeof value === "string" ? sheet.numberFormatAt(area.row + r, area.column + c) : GENERAL;
        stored[r * area.columnCount + c] = interpretInputCompact(value, format);
      } catch (error) {
        if (!(error instanceof FormulaSyntaxError)) throw error;
        throw officeError(
          "InvalidArgument",
          `"${String(value)}" is not a valid formula.`,
          errorLocation,
        );
      }
    }
  }
  const anchors: Cell[] = [];
  sheet.editCells(area, (cell, row, column) => {
    const result = stored[(row - area.row) * area.columnCount + (column - area.column)];
    if (result === undefined) return false;
    if (typeof result === "object" && result.kind === "unchanged") return false;
    // A value written into a spilled cell is the user's (the formula then shows #SPILL!).
    if (cell.spilledFrom) cell.spilledFrom = undefined;
    if (cell.spill) anchors.push(cell);
    if (typeof result !== "object") {
      cell.value = result;
      cell.formula = null;
    } else if (result.kind === "clear") {
      cell.value = "";
      cell.formula = null;
    } else if (result.kind === "constant") {
      cell.value = result.value;
      cell.formula = null;
      if (result.impliedFormat !== undefined && cell.numberFormat === GENERAL) {
        cell.numberFormat = result.impliedFormat;
      }
    } else {
      cell.formula = result.formula;
      cell.calculatedIn = 0;
    }
    return true;
  });
  for (const anchor of anchors) if (anchor.formula === null) removeSpill(sheet, anchor);
  wb.dirty = true;
  noteTableCellWrites(wb, sheet, area, (row, column) => {
    const result = stored[(row - area.row) * area.columnCount + (column - area.column)];
    return result !== undefined && !(typeof result === "object" && result.kind === "unchanged");
  });
  afterCellsChanged(wb, sheet, area);
}

/** Writes validated number formats; a whole-row or whole-column scalar sets the default there. */
export function writeNumberFormats(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  input: CellInput<InputValue>,
): void {
  checkUnprotected(sheet, "Range.numberFormat");
  if (input.kind === "scalar") {
    if (input.value === null) return;
    const format = String(input.value);
    if (area.rowCount === MAX_ROWS) {
      for (let c = area.column; c <= lastColumn(area); c++) sheet.columnFormats.set(c, format);
    }
    if (area.columnCount === MAX_COLUMNS) {
      for (let r = area.row; r <= lastRow(area); r++) sheet.rowFormats.set(r, format);
    }
    if (area.rowCount === MAX_ROWS || area.columnCount === MAX_COLUMNS) {
      sheet.forEachCellIn(area, (r, c, cell) => {
        cell.numberFormat = format;
        sheet.tidy(r, c);
      });
      wb.dirty = true;
      return;
    }
  }
  checkCellCount(area, "Range.numberFormat");
  sheet.editCells(area, (cell, row, column) => {
    const format = inputAt(input, row - area.row, column - area.column);
    if (format === null) return false;
    cell.numberFormat = String(format);
    return true;
  });
  wb.dirty = true;
  afterCellsChanged(wb, sheet, area);
}

/** What `Range.clear(applyTo)` removes. */
export function clearArea(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  applyTo: "All" | "Formats" | "Contents",
): void {
  checkUnprotected(sheet, "Range.clear");
  const contents = applyTo !== "Formats";
  if (contents) checkNoPivotTableCells(wb.pivotTables, sheet, area, "Range.clear");
  const anchors: Cell[] = [];
  const formats = applyTo !== "Contents";
  if (formats) {
    if (area.rowCount === MAX_ROWS)
      for (let c = area.column; c <= lastColumn(area); c++) sheet.columnFormats.delete(c);
    if (area.columnCount === MAX_COLUMNS)
      for (let r = area.row; r <= lastRow(area); r++) sheet.rowFormats.delete(r);
  }
  sheet.forEachCellIn(area, (r, c, cell) => {
    if (contents) {
      if (cell.spill) anchors.push(cell);
      cell.value = "";
      cell.formula = null;
      cell.spilledFrom = undefined;
    }
    if (formats) {
      cell.numberFormat = sheet.defaultFormat(r, c);
      cell.bold = false;
      cell.fontColor = null;
      cell.fillColor = null;
    }
    sheet.tidy(r, c);
  });
  for (const anchor of anchors) removeSpill(sheet, anchor);
  wb.dirty = true;
  if (contents) noteTableCellWrites(wb, sheet, area, () => true);
  afterCellsChanged(wb, sheet, area);
}

/** Header cells of tables stay text and in step with column names. */
export function afterCellsChanged(wb: FakeWorkbook, sheet: SheetModel, area: Area): void {
  for (const table of wb.tables) {
    const header = table.headerArea;
    if (table.sheet === sheet && header && areasOverlap(header, area)) wb.normalizeHeaders(table);
  }
}

/** A dense 2-D read of the area. */
export function readGrid<T>(
  sheet: SheetModel,
  area: Area,
  read: (cell: Cell | undefined, row: number, column: number) => T,
): T[][] {
  const grid: T[][] = [];
  for (let r = area.row; r <= lastRow(area); r++) {
    const line: T[] = [];
    for (let c = area.column; c <= lastColumn(area); c++)
      line.push(read(sheet.getCell(r, c), r, c));
    grid.push(line);
  }
  return grid;
}

export function readValues(sheet: SheetModel, area: Area): (string | number | boolean)[][] {
  return readGrid(sheet, area, (cell) => (cell ? valueForApi(cell.value) : ""));
}

export function readFormulas(sheet: SheetModel, area: Area): (string | number | boolean)[][] {
  return readGrid(sheet, area, (cell) => (cell ? (cell.formula ?? valueForApi(cell.value)) : ""));
}

export function readNumberFormats(sheet: SheetModel, area: Area): string[][] {
  return readGrid(sheet, area, (cell, r, c) => cell?.numberFormat ?? sheet.defaultFormat(r, c));
}

export function readText(sheet: SheetModel, area: Area): string[][] {
  return readGrid(sheet, area, (cell) =>
    cell ? formatCellText(cell.value, cell.numberFormat) : "",
  );
}

/** The cell formats the fake keeps beside number formats. */
export type CellStyleKey = "bold" | "fontColor" | "fillColor";

export function writeStyle(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  key: CellStyleKey,
  value: boolean | string | null,
): void {
  checkUnprotected(sheet, `RangeFormat.${key}`);
  checkCellCount(area, `RangeFormat.${key}`);
  sheet.editCells(area, (cell) => {
    if (key === "bold") cell.bold = value === true;
    else cell[key] = typeof value === "string" ? value : null;
    return true;
  });
  wb.dirty = true;
}

/** The common style value of the area, or null when cells differ (as Excel reports it). */
export function readStyle<T>(
  sheet: SheetModel,
  area: Area,
  read: (cell: Cell | undefined) => T,
): T | null {
  let first: T | undefined;
  let seen = false;
  let same = true;
  if (cellCount(area) > 1_000_000) return read(undefined);
  for (let r = area.row; r <= lastRow(area) && same; r++) {
    for (let c = area.column; c <= lastColumn(area); c++) {
      const value = read(sheet.getCell(r, c));
      if (!seen) {
        first = value;
        seen = true;
      } else if (value !== first) {
        same = false;
        break;
      }
    }
  }
  return same ? (first as T) : null;
}

/** The rectangle around the used cells; `valuesOnly` ignores cells that only hold formats. */
export function usedArea(
  wb: FakeWorkbook,
  sheet: SheetModel,
  valuesOnly: boolean,
): Area | undefined {
  let top = Infinity;
  let left = Infinity;
  let bottom = -1;
  let right = -1;
  const include = (area: Area) => {
    top = Math.min(top, area.row);
    left = Math.min(left, area.column);
    bottom = Math.max(bottom, lastRow(area));
    right = Math.max(right, lastColumn(area));
  };
  if (valuesOnly) {
    const withValues = sheet.boundsWhere((cell) => cell.formula !== null || cell.value !== "");
    if (withValues) include(withValues);
  } else {
    const stored = sheet.storedBounds();
    if (stored) include(stored);
    for (const t of wb.tables) if (t.sheet === sheet) include(t.area);
  }
  if (bottom < 0) return undefined;
  return { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
}
