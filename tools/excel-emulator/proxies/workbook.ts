// Excel.Workbook (its sheets, tables, defined names and settings), Excel.Application, and the
// request context that holds them (what Excel.run hands to the batch).
import { officeError } from "../errors";
import type { FakeWorkbook } from "../workbook";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import { FakeRequestContext } from "./context";
import type { SyncBackend } from "./context";
import { FakeNamedItemCollection } from "./names";
import { FakePivotTableCollection } from "./pivotTable";
import { FakeRange } from "./range";
import { FakeTableCollection } from "./table";
import { FakeWorksheetCollection } from "./worksheet";

export class FakeWorkbookProxy extends FakeClientObject<FakeWorkbook> {
  protected readonly typeName = "Workbook";
  protected readonly loadable: Readonly<Record<string, PropertyReader<FakeWorkbook>>> = {
    name: () => "Book1.xlsx",
  };
  readonly worksheets: Excel.WorksheetCollection;
  readonly tables: Excel.TableCollection;
  readonly pivotTables: Excel.PivotTableCollection;
  readonly names: Excel.NamedItemCollection;
  readonly settings: Excel.SettingCollection;
  readonly application: Excel.Application;

  constructor(context: FakeRequestContext, application: Excel.Application) {
    super(context, () => context.backend.workbook);
    this.worksheets = new FakeWorksheetCollection(context) as unknown as Excel.WorksheetCollection;
    this.tables = new FakeTableCollection(context) as unknown as Excel.TableCollection;
    this.pivotTables = new FakePivotTableCollection(
      context,
    ) as unknown as Excel.PivotTableCollection;
    this.names = new FakeNamedItemCollection(context) as unknown as Excel.NamedItemCollection;
    this.settings = new FakeSettingCollection(context) as unknown as Excel.SettingCollection;
    this.application = application;
    Object.preventExtensions(this);
  }

  protected override navigation(): Record<string, LoadableObject> {
    return {
      worksheets: this.worksheets as unknown as LoadableObject,
      tables: this.tables as unknown as LoadableObject,
      pivotTables: this.pivotTables as unknown as LoadableObject,
      names: this.names as unknown as LoadableObject,
      settings: this.settings as unknown as LoadableObject,
    };
  }

  get name(): string {
    return this.field("name");
  }

  /** The selected range (A1 of the active sheet until something is selected). */
  getSelectedRange(): Excel.Range {
    return new FakeRange(this._context, () => {
      const workbook = this._context.backend.workbook;
      const selection = workbook.selection;
      if (selection && !selection.sheet.deleted) return selection;
      return {
        sheet: workbook.activeSheet,
        area: { row: 0, column: 0, rowCount: 1, columnCount: 1 },
      };
    }) as unknown as Excel.Range;
  }

  getActiveCell(): Excel.Range {
    return new FakeRange(this._context, () => {
      const workbook = this._context.backend.workbook;
      const selection = workbook.selection;
      if (selection && !selection.sheet.deleted) {
        return { sheet: selection.sheet, area: { ...selection.area, rowCount: 1, columnCount: 1 } };
      }
      return {
        sheet: workbook.activeSheet,
        area: { row: 0, column: 0, rowCount: 1, columnCount: 1 },
      };
    }) as unknown as Excel.Range;
  }
}

/** Excel.CalculationType's values. */
const CALCULATION_TYPES = ["Recalculate", "Full", "FullRebuild"] as const;
export type CalculationTypeName = (typeof CALCULATION_TYPES)[number];

const calculations = new WeakMap<FakeWorkbook, CalculationTypeName[]>();

/** The types of calculation application.calculate() asked of `workbook`, in order. */
export function requestedCalculations(workbook: FakeWorkbook): readonly CalculationTypeName[] {
  return [...(calculations.get(workbook) ?? [])];
}

export class FakeApplication extends FakeClientObject<FakeWorkbook> {
  protected readonly typeName = "Application";
  protected readonly loadable: Readonly<Record<string, PropertyReader<FakeWorkbook>>> = {
    calculationMode: () => "Automatic",
  };

  constructor(context: FakeRequestContext) {
    super(context, () => context.backend.workbook);
    Object.preventExtensions(this);
  }

  get calculationMode(): Excel.CalculationMode {
    return this.field("calculationMode");
  }

  /** Formulas are not recalculated during the next sync (the log records it). */
  suspendApiCalculationUntilNextSync(): void {
    this.queueCall("suspendApiCalculationUntilNextSync", [], (_workbook, scope) => {
      scope.calculationSuspended = true;
    });
  }

  suspendScreenUpdatingUntilNextSync(): void {
    this.queueCall("suspendScreenUpdatingUntilNextSync", [], () => undefined);
  }

  /**
   * Recalculates every formula whatever the type (the fake keeps no dependency tree), and
   * records the type asked for, so tests can check that a caller asks for the one it needs.
   */
  calculate(calculationType: Excel.CalculationType | string): void {
    this.queueCall("calculate", [calculationType], (workbook) => {
      const type = CALCULATION_TYPES.find((known) => known === calculationType);
      if (type === undefined) {
        throw officeError(
          "InvalidArgument",
          `Unknown calculation type ${JSON.stringify(calculationType)}.`,
          "Application.calculate",
        );
      }
      const asked = calculations.get(workbook) ?? [];
      asked.push(type);
      calculations.set(workbook, asked);
      workbook.recalculate(type !== "Recalculate");
    });
  }
}

interface SettingTarget {
  readonly workbook: FakeWorkbook;
  readonly key: string;
}

export class FakeSettingCollection extends FakeCollection<
  FakeWorkbook,
  SettingTarget,
  FakeSetting,
  Excel.Setting
> {
  protected readonly typeName = "SettingCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<FakeWorkbook>>> = {};

  constructor(context: FakeRequestContext) {
    super(context, () => context.backend.workbook);
    Object.preventExtensions(this);
  }

  protected list(workbook: FakeWorkbook): SettingTarget[] {
    return workbook.settings.keys().map((key) => ({ workbook, key }));
  }

  protected makeItem(): FakeSetting {
    return new FakeSetting(this._context, () => undefined);
  }

  /** Adds or replaces a setting; the value must survive JSON. */
  add(key: string, value: unknown): Excel.Setting {
    const setting = new FakeSetting(this._context, () => undefined);
    this.queueCall("add", [key, value], (workbook) => {
      workbook.settings.set(key, value);
      setting._bind({ workbook, key });
    });
    return setting as unknown as Excel.Setting;
  }

  getItem(key: string): Excel.Setting {
    return new FakeSetting(this._context, () => this.find(key)) as unknown as Excel.Setting;
  }

  getItemOrNullObject(key: string): Excel.Setting {
    return new FakeSetting(this._context, () => this.find(key), true) as unknown as Excel.Setting;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (workbook, scope) => {
      const count = workbook.settings.keys().length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  private find(key: string): SettingTarget | undefined {
    const workbook = this._context.backend.workbook;
    return workbook.settings.has(key) ? { workbook, key } : undefined;
  }
}

export class FakeSetting extends FakeClientObject<SettingTarget> {
  protected readonly typeName = "Setting";
  protected readonly loadable: Readonly<Record<string, PropertyReader<SettingTarget>>> = {
    key: (t) => t.key,
    value: (t) => t.workbook.settings.get(t.key),
  };

  constructor(
    context: FakeRequestContext,
    locator: () => SettingTarget | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(target: SettingTarget): boolean {
    return !target.workbook.settings.has(target.key);
  }

  get key(): string {
    return this.field("key");
  }

  get value(): unknown {
    return this.field("value");
  }
  set value(value: unknown) {
    this.queueSet("value", value, (target) =>
      target.workbook.settings.set(target.key, value, "Setting.value"),
    );
  }

  delete(): void {
    this.queueCall("delete", [], (target) => {
      if (!target.workbook.settings.delete(target.key)) {
        throw officeError("ItemNotFound", undefined, "Setting.delete");
      }
    });
  }
}

/** The context Excel.run gives the batch: workbook, application, sync. */
export class FakeExcelRequestContext extends FakeRequestContext {
  readonly workbook: Excel.Workbook;
  readonly application: Excel.Application;

  constructor(backend: SyncBackend) {
    super(backend);
    this.application = new FakeApplication(this) as unknown as Excel.Application;
    this.workbook = new FakeWorkbookProxy(this, this.application) as unknown as Excel.Workbook;
  }
}
