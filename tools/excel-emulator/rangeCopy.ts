// Range.copyFrom (ExcelApi 1.9; learn.microsoft.com, "Excel.Range" copyFrom and "Cut, copy, and
// paste ranges using the Excel JavaScript API"): Excel's copy and paste done by the API. "All"
// copies contents and formats, "Formulas" the formulas (relative references adjusted to the new
// place) and other entries as they are, "Values" the values and formulas' results, "Formats" the
// formats only. A destination smaller than the source grows to the source's size; one that is an
// exact multiple of it (per dimension) gets the source repeated. Cells are written in place, so
// references to them elsewhere keep pointing at them.
import { cellCount, formatArea, isWithinSheet } from "./addresses";
import type { Area } from "./addresses";
import { noteTableCellWrites } from "./calculatedColumns";
import type { CellScalar } from "./cellValues";
import { MAX_CELLS_PER_COMMAND, afterCellsChanged } from "./cellWrites";
import { officeError } from "./errors";
import { formulaFromR1C1, formulaToR1C1 } from "./formulas/r1c1";
import { rewriteFormula } from "./formulas/rewrite";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import { checkUnprotected, checkWholeMergedAreas } from "./guards";
import { checkNoPivotTableCells } from "./pivotTables";
import { removeSpill } from "./spills";
import type { Cell, SheetModel } from "./sheet";
import type { FakeWorkbook } from "./workbook";

export type CopyType = "All" | "Formulas" | "Values" | "Formats";

const COPY_TYPES: readonly string[] = ["All", "Formulas", "Values", "Formats"];

export interface CopyOptions {
  readonly copyType: CopyType;
  readonly skipBlanks: boolean;
  readonly transpose: boolean;
}

/** Checks copyFrom's optional arguments (null and undefined take the defaults). */
export function copyOptions(
  copyType: unknown,
  skipBlanks: unknown,
  transpose: unknown,
  errorLocation: string,
): CopyOptions {
  const type = copyType ?? "All";
  if (typeof type !== "string" || !COPY_TYPES.includes(type)) {
    // "Link" (ExcelApiOnline) and "ColumnWidths" (preview) are not modelled.
    throw officeError(
      "InvalidArgument",
      `The Excel emulator copies "All", "Formulas", "Values" or "Formats", not ${String(type)}.`,
      errorLocation,
    );
  }
  for (const flag of [skipBlanks, transpose]) {
    if (flag !== undefined && flag !== null && typeof flag !== "boolean") {
      throw officeError("InvalidArgument", `${String(flag)} is not true or false.`, errorLocation);
    }
  }
  return {
    copyType: type as CopyType,
    skipBlanks: skipBlanks === true,
    transpose: transpose === true,
  };
}

/** What one source cell gives its destination cells, read before anything is written. */
interface CellCopy {
  readonly blank: boolean;
  /** The formula ("=...") as written in the source cell, or null for a constant. */
  readonly formula: string | null;
  readonly value: CellScalar;
  readonly numberFormat: string;
  readonly bold: boolean;
  readonly fontColor: string | null;
  readonly fillColor: string | null;
  readonly row: number;
  readonly column: number;
}

function snapshot(sheet: SheetModel, row: number, column: number): CellCopy {
  const cell = sheet.getCell(row, column);
  // A spilled cell's value belongs to its formula: copied, it is a constant (a guess).
  const formula = cell && !cell.spilledFrom ? cell.formula : null;
  const value = cell?.value ?? "";
  return {
    blank: formula === null && value === "",
    formula,
    value,
    numberFormat: cell?.numberFormat ?? sheet.defaultFormat(row, column),
    bold: cell?.bold ?? false,
    fontColor: cell?.fontColor ?? null,
    fillColor: cell?.fillColor ?? null,
    row,
    column,
  };
}

/**
 * The cells written: the destination's top-left corner with the source's size, or the
 * destination's own size along a dimension that is an exact multiple of the source's.
 */
export function copyTargetArea(destination: Area, rows: number, columns: number): Area {
  const along = (have: number, need: number) => (have > need && have % need === 0 ? have : need);
  return {
    row: destination.row,
    column: destination.column,
    rowCount: along(destination.rowCount, rows),
    columnCount: along(destination.columnCount, columns),
  };
}

/**
 * The formula copied from one cell to another: each A1 reference's relative parts move by the
 * offset (absolute parts, names and structured references stay); a reference moved off the
 * sheet becomes #REF!, as Excel writes it.
 */
export function copiedFormula(
  formula: string,
  from: { row: number; column: number },
  to: { row: number; column: number },
): string {
  if (from.row === to.row && from.column === to.column) return formula;
  return rewriteFormula(formula, (token) => {
    if (token.kind !== "reference") return undefined;
    const whole = formula.slice(token.start, token.end);
    const sheetPart = whole.slice(0, whole.length - token.text.length);
    try {
      const r1c1 = formulaToR1C1(`=${token.text}`, from);
      return sheetPart + formulaFromR1C1(r1c1, to).slice(1);
    } catch (error) {
      if (error instanceof FormulaSyntaxError) return "#REF!";
      throw error;
    }
  });
}

export interface CopyEnds {
  readonly sheet: SheetModel;
  readonly area: Area;
}

/** Range.copyFrom: copies `source` onto `destination` (see the file's comment). */
export function copyRange(
  wb: FakeWorkbook,
  source: CopyEnds,
  destination: CopyEnds,
  options: CopyOptions,
  beforeRead: () => void,
  errorLocation: string,
): void {
  const { copyType, skipBlanks, transpose } = options;
  const src = source.area;
  const rows = transpose ? src.columnCount : src.rowCount;
  const columns = transpose ? src.rowCount : src.columnCount;
  const target = copyTargetArea(destination.area, rows, columns);
  if (!isWithinSheet(target)) {
    throw officeError(
      "InvalidArgument",
      `The copy (${rows} by ${columns} cells) would reach past the sheet's edge.`,
      errorLocation,
    );
  }
  if (cellCount(target) > MAX_CELLS_PER_COMMAND) {
    throw officeError("RangeExceedsLimit", `(${formatArea(target)})`, errorLocation);
  }
  const sheet = destination.sheet;
  const contents = copyType !== "Formats";
  checkUnprotected(sheet, errorLocation);
  if (contents) {
    checkWholeMergedAreas(sheet, target, errorLocation);
    checkNoPivotTableCells(wb.pivotTables, sheet, target, errorLocation);
  }
  // "Values" pastes formulas' results as they are now.
  if (copyType === "Values") beforeRead();
  const cells: CellCopy[] = [];
  for (let r = 0; r < src.rowCount; r++) {
    for (let c = 0; c < src.columnCount; c++) {
      cells.push(snapshot(source.sheet, src.row + r, src.column + c));
    }
  }
  const at = (r: number, c: number): CellCopy => {
    const i = r % rows;
    const j = c % columns;
    const index = transpose ? j * src.columnCount + i : i * src.columnCount + j;
    return cells[index] as CellCopy;
  };
  if (transpose && copyType !== "Values" && copyType !== "Formats") {
    // How Excel rewrites the references of transposed formulas is not documented.
    if (cells.some((cell) => cell.formula !== null)) {
      throw officeError(
        "InvalidArgument",
        "The Excel emulator does not transpose formulas; copy them without transpose.",
        errorLocation,
      );
    }
  }
  const written = (row: number, column: number) =>
    !(skipBlanks && at(row - target.row, column - target.column).blank);
  const anchors: Cell[] = [];
  sheet.editCells(target, (cell, row, column) => {
    if (!written(row, column)) return false;
    const from = at(row - target.row, column - target.column);
    if (contents) {
      if (cell.spilledFrom) cell.spilledFrom = undefined;
      if (cell.spill) anchors.push(cell);
      pasteContents(cell, from, copyType, { row, column });
    }
    if (copyType === "All" || copyType === "Formats") {
      cell.numberFormat = from.numberFormat;
      cell.bold = from.bold;
      cell.fontColor = from.fontColor;
      cell.fillColor = from.fillColor;
    }
    return true;
  });
  for (const anchor of anchors) if (anchor.formula === null) removeSpill(sheet, anchor);
  wb.dirty = true;
  if (contents) noteTableCellWrites(wb, sheet, target, written);
  afterCellsChanged(wb, sheet, target);
}

function pasteContents(
  cell: Cell,
  from: CellCopy,
  copyType: CopyType,
  here: { row: number; column: number },
): void {
  if (from.formula !== null && copyType !== "Values") {
    cell.formula = copiedFormula(from.formula, from, here);
    cell.calculatedIn = 0;
    return;
  }
  cell.formula = null;
  cell.value = from.blank ? "" : from.value;
}
