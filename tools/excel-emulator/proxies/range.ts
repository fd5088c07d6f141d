// Excel.Range: a rectangle of one sheet. Values, formulas and number formats are written with
// Excel's strict shape rules and read after load + sync (rangeProperties.ts); the cells are
// cleared, copied, inserted, deleted and merged here; rangeNavigation.ts derives new ranges.
import { parseAddress } from "../addresses";
import { clearArea, validateInput, writeNumberFormats, writeValues } from "../cellWrites";
import { DIMENSION_MISMATCH, officeError } from "../errors";
import { mergeCells, mergedAreasIn, unmergeCells } from "../guards";
import { copyOptions, copyRange } from "../rangeCopy";
import { checkedArea } from "../rangeGeometry";
import { inputFromR1C1 } from "../r1c1Cells";
import { deleteCells, insertCells } from "../shifts";
import type { SheetModel } from "../sheet";
import type { FakeWorkbook } from "../workbook";
import type { LoadableObject } from "./clientObject";
import type { FakeRequestContext } from "./context";
import { FakeRangeAreas, MAX_MERGED_AREAS } from "./rangeAreas";
import { FakeRangeNavigation, rangeArgument } from "./rangeNavigation";
import { RANGE_PROPERTIES, type RangeTarget, setHidden } from "./rangeProperties";
import { FakeRangeFormat } from "./rangeFormat";
import { FakeWorksheet } from "./worksheet";

export type { RangeTarget } from "./rangeProperties";

type Grid = unknown[][];

export class FakeRange extends FakeRangeNavigation {
  protected readonly typeName = "Range";
  protected readonly loadable = RANGE_PROPERTIES;
  private formatProxy: FakeRangeFormat | undefined;
  private worksheetProxy: FakeWorksheet | undefined;

  constructor(context: FakeRequestContext, locator: () => RangeTarget | undefined, orNull = false) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected rangeAt(locator: () => RangeTarget | undefined, orNull = false): Excel.Range {
    return new FakeRange(this._context, locator, orNull) as unknown as Excel.Range;
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

  override load(
    option?:
      string | string[] | Excel.Interfaces.RangeLoadOptions | { select?: string; expand?: string },
  ): this {
    return super.load(option);
  }
}

/** The fake behind an Excel.Range argument; refuses objects of another context. */
export function fakeRangeOf(
  range: unknown,
  context: FakeRequestContext,
  errorLocation: string,
): FakeRange {
  return rangeArgument(range, context, errorLocation) as FakeRange;
}
