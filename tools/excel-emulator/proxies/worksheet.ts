// Excel.Worksheet, its collection and its frozen panes.
import { MAX_COLUMNS, MAX_ROWS, parseAddress } from "../addresses";
import type { Area } from "../addresses";
import { usedArea } from "../cellWrites";
import { officeError } from "../errors";
import type { SheetModel } from "../sheet";
import type { FakeWorkbook } from "../workbook";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";
import { FakePivotTableCollection } from "./pivotTable";
import { checkedArea } from "../rangeGeometry";
import { FakeRange } from "./range";
import { FakeTableCollection } from "./table";

const WORKSHEET_PROPERTIES: Readonly<Record<string, PropertyReader<SheetModel>>> = {
  name: (sheet) => sheet.name,
  id: (sheet) => sheet.id,
  position: (sheet, scope) => scope.workbook.sheets.indexOf(sheet),
  visibility: (sheet) => sheet.visibility,
};

const VISIBILITIES: readonly string[] = ["Visible", "Hidden", "VeryHidden"];

export class FakeWorksheet extends FakeClientObject<SheetModel> {
  protected readonly typeName = "Worksheet";
  protected readonly loadable = WORKSHEET_PROPERTIES;
  private tablesProxy: FakeTableCollection | undefined;
  private freezePanesProxy: FakeWorksheetFreezePanes | undefined;
  private protectionProxy: FakeWorksheetProtection | undefined;
  private pivotTablesProxy: FakePivotTableCollection | undefined;

  constructor(context: FakeRequestContext, locator: () => SheetModel | undefined, orNull = false) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(sheet: SheetModel): boolean {
    return sheet.deleted;
  }

  protected override navigation(): Record<string, LoadableObject> {
    return {
      tables: this.tables as unknown as LoadableObject,
      protection: this.protection as unknown as LoadableObject,
      pivotTables: this.pivotTables as unknown as LoadableObject,
    };
  }

  get name(): string {
    return this.field("name");
  }
  set name(name: string) {
    this.queueSet("name", name, (sheet, scope) => scope.workbook.renameSheet(sheet, name));
  }

  get id(): string {
    return this.field("id");
  }

  get position(): number {
    return this.field("position");
  }

  get visibility(): Excel.SheetVisibility {
    return this.field("visibility");
  }
  /** Hiding the last visible sheet is refused, as in Excel. */
  set visibility(visibility: Excel.SheetVisibility) {
    this.queueSet("visibility", visibility, (sheet, scope) => {
      if (!VISIBILITIES.includes(visibility)) {
        throw officeError(
          "InvalidArgument",
          `${String(visibility)} is not a sheet visibility.`,
          "Worksheet.visibility",
        );
      }
      const others = scope.workbook.sheets.filter((s) => s !== sheet && s.visibility === "Visible");
      if (visibility !== "Visible" && others.length === 0) {
        throw officeError(
          "InvalidOperation",
          "A workbook must keep at least one visible sheet.",
          "Worksheet.visibility",
        );
      }
      sheet.visibility = visibility as SheetModel["visibility"];
      if (visibility !== "Visible" && scope.workbook.activeSheet === sheet) {
        scope.workbook.activeSheet = others[0] as SheetModel;
      }
    });
  }

  /** Worksheet.protection (ExcelApi 1.2). */
  get protection(): Excel.WorksheetProtection {
    this.protectionProxy ??= new FakeWorksheetProtection(this._context, () => this._tryLocate());
    return this.protectionProxy as unknown as Excel.WorksheetProtection;
  }

  get tables(): Excel.TableCollection {
    this.tablesProxy ??= new FakeTableCollection(this._context, () => this._tryLocate());
    return this.tablesProxy as unknown as Excel.TableCollection;
  }

  /** The sheet's PivotTables (ExcelApi 1.3). */
  get pivotTables(): Excel.PivotTableCollection {
    this.pivotTablesProxy ??= new FakePivotTableCollection(this._context, () => this._tryLocate());
    return this.pivotTablesProxy as unknown as Excel.PivotTableCollection;
  }

  get freezePanes(): Excel.WorksheetFreezePanes {
    this.freezePanesProxy ??= new FakeWorksheetFreezePanes(this._context, () => this._tryLocate());
    return this.freezePanesProxy as unknown as Excel.WorksheetFreezePanes;
  }

  activate(): void {
    this.queueCall("activate", [], (sheet, scope) => {
      if (sheet.visibility !== "Visible") {
        throw officeError(
          "InvalidOperation",
          `Sheet ${sheet.name} is hidden and cannot be activated.`,
          "Worksheet.activate",
        );
      }
      scope.workbook.activeSheet = sheet;
    });
  }

  delete(): void {
    this.queueCall("delete", [], (sheet, scope) => scope.workbook.deleteSheet(sheet));
  }

  /**
   * Worksheet.calculate (ExcelApi 1.6, Microsoft's Worksheet reference): this sheet only, unlike
   * Application.calculate, which recalculates every open workbook. The fake recalculates the sheet's formulas and records it.
   */
  calculate(markAllDirty: boolean): void {
    this.queueCall("calculate", [markAllDirty], (sheet, scope) => {
      recordSheetCalculation(scope.workbook, sheet.name, markAllDirty === true);
      scope.workbook.recalculateSheet(sheet, markAllDirty === true);
    });
  }

  /** A1 address ("A1", "A1:C10", "B:B", "2:4"), optionally "Sheet!"-prefixed; no address: all. */
  getRange(address?: string): Excel.Range {
    return this.rangeAt("getRange", (sheet) => {
      if (address === undefined || address === "") {
        return { row: 0, column: 0, rowCount: MAX_ROWS, columnCount: MAX_COLUMNS };
      }
      const parsed = typeof address === "string" ? parseAddress(address) : undefined;
      if (!parsed) {
        throw officeError(
          "InvalidArgument",
          `"${String(address)}" is not a valid address.`,
          "Worksheet.getRange",
        );
      }
      if (parsed.sheet !== undefined && parsed.sheet.toUpperCase() !== sheet.name.toUpperCase()) {
        throw officeError(
          "InvalidArgument",
          `"${address}" is not on sheet ${sheet.name}.`,
          "Worksheet.getRange",
        );
      }
      return parsed.area;
    });
  }

  getRangeByIndexes(
    startRow: number,
    startColumn: number,
    rowCount: number,
    columnCount: number,
  ): Excel.Range {
    return this.rangeAt("getRangeByIndexes", () => ({
      row: startRow,
      column: startColumn,
      rowCount,
      columnCount,
    }));
  }

  getCell(row: number, column: number): Excel.Range {
    return this.rangeAt("getCell", () => ({ row, column, rowCount: 1, columnCount: 1 }));
  }

  getUsedRange(valuesOnly?: boolean): Excel.Range {
    return this.usedRange(valuesOnly, false);
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): Excel.Range {
    return this.usedRange(valuesOnly, true);
  }

  private usedRange(valuesOnly: boolean | undefined, orNull: boolean): Excel.Range {
    const name = orNull ? "Worksheet.getUsedRangeOrNullObject" : "Worksheet.getUsedRange";
    const range = new FakeRange(
      this._context,
      () => {
        const sheet = this._target(name);
        const used = usedArea(this._context.backend.workbook, sheet, valuesOnly === true);
        if (used) return { sheet, area: used };
        return orNull
          ? undefined
          : { sheet, area: { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
      },
      orNull,
    );
    return range as unknown as Excel.Range;
  }

  private rangeAt(method: string, compute: (sheet: SheetModel) => Area): Excel.Range {
    const name = `Worksheet.${method}`;
    const range = new FakeRange(this._context, () => {
      const sheet = this._target(name);
      return { sheet, area: checkedArea(compute(sheet), name) };
    });
    return range as unknown as Excel.Range;
  }
}

export class FakeWorksheetCollection extends FakeCollection<
  FakeWorkbook,
  SheetModel,
  FakeWorksheet,
  Excel.Worksheet
> {
  protected readonly typeName = "WorksheetCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<FakeWorkbook>>> = {};

  constructor(context: FakeRequestContext) {
    super(context, () => context.backend.workbook);
    Object.preventExtensions(this);
  }

  protected list(workbook: FakeWorkbook): SheetModel[] {
    return [...workbook.sheets];
  }

  protected makeItem(): FakeWorksheet {
    return new FakeWorksheet(this._context, () => undefined);
  }

  /** The sheet of that name (case-insensitive); ItemNotFound at sync when there is none. */
  getItem(key: string): Excel.Worksheet {
    const sheet = new FakeWorksheet(this._context, () => this.find(key));
    return sheet as unknown as Excel.Worksheet;
  }

  getItemOrNullObject(key: string): Excel.Worksheet {
    const sheet = new FakeWorksheet(this._context, () => this.find(key), true);
    return sheet as unknown as Excel.Worksheet;
  }

  private find(key: string): SheetModel | undefined {
    const workbook = this._context.backend.workbook;
    return workbook.sheetNamed(key) ?? workbook.sheetById(key);
  }

  /**
   * The active worksheet. While a chart sheet is active Excel has none to give and the request
   * fails (OfficeDev/office-js#2444); the fake answers GeneralException, the code not checked
   * against Excel.
   */
  getActiveWorksheet(): Excel.Worksheet {
    const sheet = new FakeWorksheet(this._context, () => {
      const workbook = this._context.backend.workbook;
      if (workbook.activeChartSheet !== undefined) {
        throw officeError(
          "GeneralException",
          `The active sheet, ${workbook.activeChartSheet}, is a chart sheet.`,
          "WorksheetCollection.getActiveWorksheet",
        );
      }
      return workbook.activeSheet;
    });
    return sheet as unknown as Excel.Worksheet;
  }

  getFirst(): Excel.Worksheet {
    const sheet = new FakeWorksheet(this._context, () => this._context.backend.workbook.sheets[0]);
    return sheet as unknown as Excel.Worksheet;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (workbook, scope) => {
      const count = workbook.sheets.length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  /** Adds a sheet (named "SheetN" when no name is given); ItemAlreadyExists for a taken name. */
  add(name?: string): Excel.Worksheet {
    const sheet = new FakeWorksheet(this._context, () => undefined);
    this.queueRaw("add", [name ?? null], (scope) => {
      sheet._bind(scope.workbook.addSheet(name));
    });
    return sheet as unknown as Excel.Worksheet;
  }
}

export class FakeWorksheetProtection extends FakeClientObject<SheetModel> {
  protected readonly typeName = "WorksheetProtection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<SheetModel>>> = {
    protected: (sheet) => sheet.protection !== undefined,
  };

  constructor(context: FakeRequestContext, locator: () => SheetModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  get protected(): boolean {
    return this.field("protected");
  }

  /** Protects the sheet (the options are accepted and not modelled: every cell is locked). */
  protect(options?: Excel.WorksheetProtectionOptions, password?: string): void {
    this.queueCall("protect", [options ?? null, password ?? null], (sheet) => {
      if (sheet.protection) {
        throw officeError(
          "InvalidOperation",
          `Sheet ${sheet.name} is already protected.`,
          "WorksheetProtection.protect",
        );
      }
      sheet.protection = { password: password ?? "" };
    });
  }

  /** Unprotects the sheet; a wrong password is refused. */
  unprotect(password?: string): void {
    this.queueCall("unprotect", [password ?? null], (sheet) => {
      if (sheet.protection && sheet.protection.password !== (password ?? "")) {
        throw officeError(
          "InvalidArgument",
          "The password is incorrect.",
          "WorksheetProtection.unprotect",
        );
      }
      sheet.protection = undefined;
    });
  }
}

export class FakeWorksheetFreezePanes extends FakeClientObject<SheetModel> {
  protected readonly typeName = "WorksheetFreezePanes";
  protected readonly loadable: Readonly<Record<string, PropertyReader<SheetModel>>> = {};

  constructor(context: FakeRequestContext, locator: () => SheetModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  freezeRows(count?: number): void {
    this.queueCall("freezeRows", [count ?? 1], (sheet) => {
      sheet.frozenRows = checkedCount(count ?? 1, MAX_ROWS, "WorksheetFreezePanes.freezeRows");
    });
  }

  freezeColumns(count?: number): void {
    this.queueCall("freezeColumns", [count ?? 1], (sheet) => {
      sheet.frozenColumns = checkedCount(
        count ?? 1,
        MAX_COLUMNS,
        "WorksheetFreezePanes.freezeColumns",
      );
    });
  }

  unfreeze(): void {
    this.queueCall("unfreeze", [], (sheet) => {
      sheet.frozenRows = 0;
      sheet.frozenColumns = 0;
    });
  }

  /** The frozen cells, or a null object when nothing is frozen. */
  getLocationOrNullObject(): Excel.Range {
    const range = new FakeRange(
      this._context,
      () => {
        const sheet = this._target("WorksheetFreezePanes.getLocationOrNullObject");
        if (sheet.frozenRows === 0 && sheet.frozenColumns === 0) return undefined;
        const rows = sheet.frozenRows || MAX_ROWS;
        const columns = sheet.frozenColumns || MAX_COLUMNS;
        return { sheet, area: { row: 0, column: 0, rowCount: rows, columnCount: columns } };
      },
      true,
    );
    return range as unknown as Excel.Range;
  }
}

function checkedCount(count: number, max: number, errorLocation: string): number {
  if (!Number.isInteger(count) || count < 0 || count >= max) {
    throw officeError("InvalidArgument", `Cannot freeze ${count}.`, errorLocation);
  }
  return count;
}

const sheetCalculations = new WeakMap<FakeWorkbook, { sheet: string; markAllDirty: boolean }[]>();

function recordSheetCalculation(workbook: FakeWorkbook, sheet: string, markAllDirty: boolean) {
  const asked = sheetCalculations.get(workbook) ?? [];
  asked.push({ sheet, markAllDirty });
  sheetCalculations.set(workbook, asked);
}

/** The sheets Worksheet.calculate() was asked to recalculate in `workbook`, in order. */
export function requestedSheetCalculations(
  workbook: FakeWorkbook,
): readonly { sheet: string; markAllDirty: boolean }[] {
  return [...(sheetCalculations.get(workbook) ?? [])];
}
