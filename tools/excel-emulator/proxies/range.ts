// Excel.Range: a rectangle of one sheet. Values, formulas and number formats are written with
// Excel's strict shape rules and read after load + sync; geometry methods derive new ranges.
import {
  MAX_COLUMNS,
  MAX_ROWS,
  cellCount,
  formatAddress,
  isWithinSheet,
  lastColumn,
  lastRow,
  parseAddress,
} from "../addresses";
import type { Area } from "../addresses";
import { CellError } from "../cellValues";
import {
  MAX_CELLS_PER_COMMAND,
  clearArea,
  readFormulas,
  readGrid,
  readNumberFormats,
  readText,
  readValues,
  usedArea,
  validateInput,
  writeNumberFormats,
  writeValues,
} from "../cellWrites";
import { DIMENSION_MISMATCH, officeError } from "../errors";
import { checkUnprotected, mergeCells, mergedAreasIn, unmergeCells } from "../guards";
import { copyOptions, copyRange } from "../rangeCopy";
import { inputFromR1C1, readFormulasR1C1 } from "../r1c1Cells";
import { deleteCells, insertCells } from "../shifts";
import { hasSpill, spillRangeAt } from "../spills";
import type { SheetModel } from "../sheet";
import type { FakeWorkbook } from "../workbook";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";
import { FakeRangeFormat } from "./rangeFormat";
import { FakeWorksheet } from "./worksheet";

export interface RangeTarget {
  readonly sheet: SheetModel;
  readonly area: Area;
}

type Grid = unknown[][];

function checkedArea(area: Area, errorLocation: string): Area {
  if (!isWithinSheet(area)) {
    throw officeError(
      "InvalidArgument",
      "The range is outside the worksheet (1,048,576 rows by 16,384 columns) or empty.",
      errorLocation,
    );
  }
  return area;
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

function setHidden(
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

const RANGE_PROPERTIES: Readonly<Record<string, PropertyReader<RangeTarget>>> = {
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

export class FakeRange extends FakeClientObject<RangeTarget> {
  protected readonly typeName = "Range";
  protected readonly loadable = RANGE_PROPERTIES;
  private formatProxy: FakeRangeFormat | undefined;
  private worksheetProxy: FakeWorksheet | undefined;

  constructor(context: FakeRequestContext, locator: () => RangeTarget | undefined, orNull = false) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(target: RangeTarget): boolean {
    return target.sheet.deleted;
  }

  protected override navigation(): Record<string, LoadableObject> {
    return {
      format: this.format as unknown as LoadableObject,
      worksheet: this.worksheet as unknown as LoadableObject,
    };
  }

  // ---- properties ----

  get address(): string {
    return this.field("address");
  }
  get addressLocal(): string {
    return this.field("addressLocal");
  }
  get rowIndex(): number {
    return this.field("rowIndex");
  }
  get columnIndex(): number {
    return this.field("columnIndex");
  }
  get rowCount(): number {
    return this.field("rowCount");
  }
  get columnCount(): number {
    return this.field("columnCount");
  }
  get cellCount(): number {
    return this.field("cellCount");
  }
  get isEntireRow(): boolean {
    return this.field("isEntireRow");
  }
  get isEntireColumn(): boolean {
    return this.field("isEntireColumn");
  }
  get text(): string[][] {
    return this.field("text");
  }
  get valueTypes(): Excel.RangeValueType[][] {
    return this.field("valueTypes");
  }

  /**
   * Range.hasSpill (ExcelApi 1.12): true when every cell is part of a spill range, false when
   * none is, null otherwise.
   */
  get hasSpill(): boolean {
    return this.field("hasSpill");
  }

  get rowHidden(): boolean {
    return this.field("rowHidden");
  }
  /** Hides (or shows) the range's whole rows. */
  set rowHidden(hidden: boolean) {
    this.queueSet("rowHidden", hidden, ({ sheet, area }) =>
      setHidden(sheet.hiddenRows, area.row, area.rowCount, hidden, "Range.rowHidden", sheet),
    );
  }

  get columnHidden(): boolean {
    return this.field("columnHidden");
  }
  /** Hides (or shows) the range's whole columns. */
  set columnHidden(hidden: boolean) {
    this.queueSet("columnHidden", hidden, ({ sheet, area }) =>
      setHidden(
        sheet.hiddenColumns,
        area.column,
        area.columnCount,
        hidden,
        "Range.columnHidden",
        sheet,
      ),
    );
  }

  get values(): Grid {
    return this.field("values");
  }
  set values(values: Grid) {
    this.queueSet("values", values, ({ sheet, area }, scope) => {
      const input = validateInput("values", values, area, "Range.values");
      writeValues(scope.workbook, sheet, area, input, "Range.values");
    });
  }

  get formulas(): Grid {
    return this.field("formulas");
  }
  set formulas(formulas: Grid) {
    this.queueSet("formulas", formulas, ({ sheet, area }, scope) => {
      const input = validateInput("formulas", formulas, area, "Range.formulas");
      writeValues(scope.workbook, sheet, area, input, "Range.formulas");
    });
  }

  get formulasR1C1(): Grid {
    return this.field("formulasR1C1");
  }
  set formulasR1C1(formulas: Grid) {
    this.queueSet("formulasR1C1", formulas, ({ sheet, area }, scope) => {
      const input = validateInput("formulas", formulas, area, "Range.formulasR1C1");
      const a1 = inputFromR1C1(input, area, "Range.formulasR1C1");
      writeValues(scope.workbook, sheet, area, a1, "Range.formulasR1C1");
    });
  }

  get numberFormat(): Grid {
    return this.field("numberFormat");
  }
  set numberFormat(formats: Grid) {
    this.queueSet("numberFormat", formats, ({ sheet, area }, scope) => {
      const input = validateInput("numberFormat", formats, area, "Range.numberFormat");
      writeNumberFormats(scope.workbook, sheet, area, input);
    });
  }

  get format(): Excel.RangeFormat {
    this.formatProxy ??= new FakeRangeFormat(this._context, () => this._tryLocate());
    return this.formatProxy as unknown as Excel.RangeFormat;
  }

  get worksheet(): Excel.Worksheet {
    this.worksheetProxy ??= new FakeWorksheet(this._context, () => this._tryLocate()?.sheet);
    return this.worksheetProxy as unknown as Excel.Worksheet;
  }

  // ---- methods ----

  clear(applyTo: Excel.ClearApplyTo | `${Excel.ClearApplyTo}` = "All"): void {
    this.queueCall("clear", [applyTo], ({ sheet, area }, scope) => {
      const mode =
        applyTo === "Formats"
          ? "Formats"
          : applyTo === "All"
            ? "All"
            : applyTo === "Contents" || applyTo === "ResetContents"
              ? "Contents"
              : undefined;
      if (mode === undefined) {
        if (applyTo === "Hyperlinks" || applyTo === "RemoveHyperlinks") return;
        throw officeError(
          "InvalidArgument",
          `Unknown clear option ${String(applyTo)}.`,
          "Range.clear",
        );
      }
      clearArea(scope.workbook, sheet, area, mode);
    });
  }

  /**
   * Copies the source's cells onto this range (ExcelApi 1.9; see rangeCopy.ts). The source is a
   * Range or an address, on this range's sheet unless it names another.
   */
  copyFrom(
    sourceRange: Excel.Range | Excel.RangeAreas | string,
    copyType?: Excel.RangeCopyType | "All" | "Formulas" | "Values" | "Formats",
    skipBlanks?: boolean,
    transpose?: boolean,
  ): void {
    const name = "Range.copyFrom";
    const source = typeof sourceRange === "string" ? sourceRange : "(Range)";
    this.queueCall("copyFrom", [source, copyType, skipBlanks, transpose], (target, scope) => {
      const options = copyOptions(copyType, skipBlanks, transpose, name);
      const from = this.copySource(sourceRange, target.sheet, scope.workbook, name);
      copyRange(scope.workbook, from, target, options, () => scope.beforeRead(), name);
    });
  }

  private copySource(
    source: unknown,
    sheet: SheetModel,
    workbook: FakeWorkbook,
    name: string,
  ): RangeTarget {
    if (typeof source !== "string") return fakeRangeOf(source, this._context, name)._target(name);
    const parsed = parseAddress(source);
    const from = parsed && (parsed.sheet === undefined ? sheet : workbook.sheetNamed(parsed.sheet));
    if (!parsed || !from) {
      throw officeError("InvalidArgument", `"${source}" is not a valid address.`, name);
    }
    return { sheet: from, area: checkedArea(parsed.area, name) };
  }

  delete(shift: Excel.DeleteShiftDirection | "Up" | "Left"): void {
    this.queueCall("delete", [shift], ({ sheet, area }, scope) => {
      if (shift !== "Up" && shift !== "Left") {
        throw officeError(
          "InvalidArgument",
          `Delete shifts "Up" or "Left", not ${String(shift)}.`,
          "Range.delete",
        );
      }
      deleteCells(scope.workbook, sheet, area, shift);
    });
  }

  insert(shift: Excel.InsertShiftDirection | "Down" | "Right"): Excel.Range {
    this.queueCall("insert", [shift], ({ sheet, area }, scope) => {
      if (shift !== "Down" && shift !== "Right") {
        throw officeError(
          "InvalidArgument",
          `Insert shifts "Down" or "Right", not ${String(shift)}.`,
          "Range.insert",
        );
      }
      insertCells(scope.workbook, sheet, area, shift);
    });
    return this.derive("insert", (area) => area);
  }

  /** Merges the range's cells (across: each row's); the top-left cell's value stays. */
  merge(across?: boolean): void {
    this.queueCall("merge", [across ?? false], ({ sheet, area }, scope) =>
      mergeCells(
        sheet,
        scope.workbook.tables,
        area,
        across === true,
        (cells) => clearArea(scope.workbook, sheet, cells, "Contents"),
        "Range.merge",
      ),
    );
  }

  /** Unmerges the merged areas that overlap the range. */
  unmerge(): void {
    this.queueCall("unmerge", [], ({ sheet, area }) => unmergeCells(sheet, area, "Range.unmerge"));
  }

  /**
   * The merged areas that overlap the range, each whole (ExcelApi 1.13), or a null object when
   * there are none. Above {@link MAX_MERGED_AREAS} of them the request fails, as Microsoft's
   * Range reference says ("if the merged areas count in this range is more than 512, then this
   * method will fail to return the result"); the code it fails with is not documented:
   * GeneralException here is a guess.
   */
  getMergedAreasOrNullObject(): Excel.RangeAreas {
    const name = "Range.getMergedAreasOrNullObject";
    const areas = new FakeRangeAreas(
      this._context,
      () => {
        const { sheet, area } = this._target(name);
        const merged = mergedAreasIn(sheet, area);
        if (merged.length > MAX_MERGED_AREAS) {
          throw officeError(
            "GeneralException",
            `The range has ${merged.length} merged areas, more than ${MAX_MERGED_AREAS}.`,
            name,
          );
        }
        return merged.length === 0 ? undefined : { sheet, areas: merged };
      },
      true,
    );
    return areas as unknown as Excel.RangeAreas;
  }

  /**
   * Called on one cell whose formula spills (ExcelApi 1.12): the spill range, its own cell
   * included. Fails (ItemNotFound) for any other range; the OrNullObject form gives a null object.
   */
  getSpillingToRange(): Excel.Range {
    return this.spillRange("getSpillingToRange", false, true);
  }

  getSpillingToRangeOrNullObject(): Excel.Range {
    return this.spillRange("getSpillingToRangeOrNullObject", true, true);
  }

  /**
   * Called on one cell of a spill range (ExcelApi 1.12): the cell of the formula that spills
   * there (itself, for that cell). ItemNotFound, or a null object, otherwise.
   */
  getSpillParent(): Excel.Range {
    return this.spillRange("getSpillParent", false, false);
  }

  getSpillParentOrNullObject(): Excel.Range {
    return this.spillRange("getSpillParentOrNullObject", true, false);
  }

  private spillRange(method: string, orNull: boolean, whole: boolean): Excel.Range {
    const name = `Range.${method}`;
    const range = new FakeRange(
      this._context,
      () => {
        const { sheet, area } = this._target(name);
        const spill =
          cellCount(area) === 1 ? spillRangeAt(sheet, area.row, area.column) : undefined;
        const isAnchor =
          spill !== undefined && spill.area.row === area.row && spill.area.column === area.column;
        if (spill && (isAnchor || !whole)) {
          return {
            sheet,
            area: whole ? spill.area : { ...spill.area, rowCount: 1, columnCount: 1 },
          };
        }
        if (orNull) return undefined;
        throw officeError(
          "ItemNotFound",
          whole ? "The cell is not the formula of a spill range." : "The cell is not spilled into.",
          name,
        );
      },
      orNull,
    );
    return range as unknown as Excel.Range;
  }

  /** The smallest range holding this one and `other` (both on one sheet). */
  getBoundingRect(other: Excel.Range): Excel.Range {
    const name = "Range.getBoundingRect";
    const range = new FakeRange(this._context, () => {
      const { sheet, area } = this._target(name);
      const otherTarget = (other as unknown as FakeRange)._target(name);
      if (otherTarget.sheet !== sheet) {
        throw officeError("InvalidArgument", "The ranges are on different worksheets.", name);
      }
      const b = otherTarget.area;
      const row = Math.min(area.row, b.row);
      const column = Math.min(area.column, b.column);
      return {
        sheet,
        area: {
          row,
          column,
          rowCount: Math.max(lastRow(area), lastRow(b)) - row + 1,
          columnCount: Math.max(lastColumn(area), lastColumn(b)) - column + 1,
        },
      };
    });
    return range as unknown as Excel.Range;
  }

  /** The rectangle this range and `other` share (one sheet); ItemNotFound when they share none. */
  getIntersection(other: Excel.Range): Excel.Range {
    return this.intersection(other, false);
  }

  /** As getIntersection, but a null object when the ranges share no cell. */
  getIntersectionOrNullObject(other: Excel.Range): Excel.Range {
    return this.intersection(other, true);
  }

  private intersection(other: Excel.Range, orNull: boolean): Excel.Range {
    const name = orNull ? "Range.getIntersectionOrNullObject" : "Range.getIntersection";
    const range = new FakeRange(
      this._context,
      () => {
        const { sheet, area } = this._target(name);
        const otherTarget = fakeRangeOf(other, this._context, name)._target(name);
        const shared = otherTarget.sheet === sheet ? intersect(area, otherTarget.area) : undefined;
        if (shared) return { sheet, area: shared };
        if (orNull) return undefined;
        throw officeError("ItemNotFound", "The ranges do not intersect.", name);
      },
      orNull,
    );
    return range as unknown as Excel.Range;
  }

  /**
   * office.js's own check before it splits a large 2-D assignment into chunks of rows (more than
   * 1,500 cells): the array must have the range's size.
   */
  _ValidateArraySize(rows: number, columns: number): void {
    this.queueCall("_ValidateArraySize", [rows, columns], ({ area }) => {
      if (area.rowCount !== rows || area.columnCount !== columns) {
        throw officeError("InvalidArgument", DIMENSION_MISMATCH, "Range._ValidateArraySize");
      }
    });
  }

  select(): void {
    this.queueCall("select", [], ({ sheet, area }, scope) => {
      scope.workbook.activeSheet = sheet;
      scope.workbook.selection = { sheet, area };
    });
  }

  getCell(row: number, column: number): Excel.Range {
    return this.derive("getCell", (a) => ({
      row: a.row + row,
      column: a.column + column,
      rowCount: 1,
      columnCount: 1,
    }));
  }

  getRow(row: number): Excel.Range {
    return this.derive("getRow", (a) => {
      if (row < 0 || row >= a.rowCount) throw outside("getRow");
      return { ...a, row: a.row + row, rowCount: 1 };
    });
  }

  getColumn(column: number): Excel.Range {
    return this.derive("getColumn", (a) => {
      if (column < 0 || column >= a.columnCount) throw outside("getColumn");
      return { ...a, column: a.column + column, columnCount: 1 };
    });
  }

  getLastRow(): Excel.Range {
    return this.derive("getLastRow", (a) => ({ ...a, row: lastRow(a), rowCount: 1 }));
  }

  getLastColumn(): Excel.Range {
    return this.derive("getLastColumn", (a) => ({ ...a, column: lastColumn(a), columnCount: 1 }));
  }

  getLastCell(): Excel.Range {
    return this.derive("getLastCell", (a) => ({
      row: lastRow(a),
      column: lastColumn(a),
      rowCount: 1,
      columnCount: 1,
    }));
  }

  getEntireRow(): Excel.Range {
    return this.derive("getEntireRow", (a) => ({ ...a, column: 0, columnCount: MAX_COLUMNS }));
  }

  getEntireColumn(): Excel.Range {
    return this.derive("getEntireColumn", (a) => ({ ...a, row: 0, rowCount: MAX_ROWS }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): Excel.Range {
    return this.derive("getResizedRange", (a) => ({
      ...a,
      rowCount: a.rowCount + deltaRows,
      columnCount: a.columnCount + deltaColumns,
    }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): Excel.Range {
    return this.derive("getOffsetRange", (a) => ({
      ...a,
      row: a.row + rowOffset,
      column: a.column + columnOffset,
    }));
  }

  getUsedRange(valuesOnly?: boolean): Excel.Range {
    return this.usedWithin(valuesOnly, false);
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): Excel.Range {
    return this.usedWithin(valuesOnly, true);
  }

  private usedWithin(valuesOnly: boolean | undefined, orNull: boolean): Excel.Range {
    const name = orNull ? "Range.getUsedRangeOrNullObject" : "Range.getUsedRange";
    const range = new FakeRange(
      this._context,
      () => {
        const { sheet, area } = this._target(name);
        const used = usedArea(this._context.backend.workbook, sheet, valuesOnly === true);
        const inside = used && intersect(used, area);
        if (inside) return { sheet, area: inside };
        if (orNull) return undefined;
        return { sheet, area: { row: area.row, column: area.column, rowCount: 1, columnCount: 1 } };
      },
      orNull,
    );
    return range as unknown as Excel.Range;
  }

  /** A range computed from this one when the request runs. */
  private derive(method: string, compute: (area: Area) => Area): Excel.Range {
    const name = `Range.${method}`;
    const range = new FakeRange(this._context, () => {
      const { sheet, area } = this._target(name);
      return { sheet, area: checkedArea(compute(area), name) };
    });
    return range as unknown as Excel.Range;
  }

  override load(
    option?:
      string | string[] | Excel.Interfaces.RangeLoadOptions | { select?: string; expand?: string },
  ): this {
    return super.load(option);
  }
}

/** The most merged areas getMergedAreasOrNullObject answers with (Microsoft's Range reference). */
export const MAX_MERGED_AREAS = 512;

/** Several rectangles of one sheet (Excel.RangeAreas): only what merged areas need. */
export interface RangeAreasTarget {
  readonly sheet: SheetModel;
  readonly areas: readonly Area[];
}

const RANGE_AREAS_PROPERTIES: Readonly<Record<string, PropertyReader<RangeAreasTarget>>> = {
  address: (t) => t.areas.map((area) => formatAddress(t.sheet.name, area)).join(","),
  areaCount: (t) => t.areas.length,
  cellCount: (t) => t.areas.reduce((sum, area) => sum + cellCount(area), 0),
};

export class FakeRangeAreas extends FakeClientObject<RangeAreasTarget> {
  protected readonly typeName = "RangeAreas";
  protected readonly loadable = RANGE_AREAS_PROPERTIES;

  constructor(
    context: FakeRequestContext,
    locator: () => RangeAreasTarget | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(target: RangeAreasTarget): boolean {
    return target.sheet.deleted;
  }

  get address(): string {
    return this.field("address");
  }
  get areaCount(): number {
    return this.field("areaCount");
  }
  get cellCount(): number {
    return this.field("cellCount");
  }
}

function outside(method: string) {
  return officeError("InvalidArgument", "The index is outside the range.", `Range.${method}`);
}

function intersect(a: Area, b: Area): Area | undefined {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const endRow = Math.min(lastRow(a), lastRow(b));
  const endColumn = Math.min(lastColumn(a), lastColumn(b));
  if (endRow < row || endColumn < column) return undefined;
  return { row, column, rowCount: endRow - row + 1, columnCount: endColumn - column + 1 };
}

/** The fake behind an Excel.Range argument; refuses objects of another context. */
export function fakeRangeOf(
  range: unknown,
  context: FakeRequestContext,
  errorLocation: string,
): FakeRange {
  if (!(range instanceof FakeRange)) {
    throw officeError(
      "InvalidArgument",
      "Expected a Range from this request context.",
      errorLocation,
    );
  }
  if (range._context !== context) {
    throw officeError("InvalidRequestContext", undefined, errorLocation);
  }
  return range;
}

export { checkedArea, intersect };
