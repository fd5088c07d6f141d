// Excel.PivotTable as far as the fake models PivotTables (pivotTables.ts): the collections of the
// workbook and of a sheet, a PivotTable's name, id and sheet, its layout's range and report-filter
// area, and how many report filters it has.
import { officeError } from "../errors";
import type { PivotTableModel } from "../pivotTables";
import type { SheetModel } from "../sheet";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";
import { FakeRange } from "./range";
import { inSheetScope, sheetScopeLocator } from "./sheetScope";
import type { SheetScope } from "./sheetScope";
import { FakeWorksheet } from "./worksheet";

export class FakePivotTableCollection extends FakeCollection<
  SheetScope,
  PivotTableModel,
  FakePivotTable,
  Excel.PivotTable
> {
  protected readonly typeName = "PivotTableCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<SheetScope>>> = {};

  /** `sheetLocator` undefined: the workbook's PivotTables; otherwise those of that sheet. */
  constructor(context: FakeRequestContext, sheetLocator?: () => SheetModel | undefined) {
    super(context, sheetScopeLocator(context, sheetLocator));
    Object.preventExtensions(this);
  }

  protected list(scope: SheetScope): PivotTableModel[] {
    return inSheetScope(scope.workbook.pivotTables, scope);
  }

  protected makeItem(): FakePivotTable {
    return new FakePivotTable(this._context, () => undefined);
  }

  getItem(key: string): Excel.PivotTable {
    return new FakePivotTable(this._context, () => this.find(key)) as unknown as Excel.PivotTable;
  }

  getItemOrNullObject(key: string): Excel.PivotTable {
    return new FakePivotTable(
      this._context,
      () => this.find(key),
      true,
    ) as unknown as Excel.PivotTable;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (pivotScope, scope) => {
      const count = this.list(pivotScope).length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  /** By name, or by id (office.js finds a loaded item again by its id). */
  private find(key: string): PivotTableModel | undefined {
    const scope = this._tryLocate();
    const upper = String(key).toUpperCase();
    return (
      scope &&
      this.list(scope).find((pivot) => pivot.name.toUpperCase() === upper || pivot.id === key)
    );
  }
}

const PIVOT_PROPERTIES: Readonly<Record<string, PropertyReader<PivotTableModel>>> = {
  name: (pivot) => pivot.name,
  id: (pivot) => pivot.id,
};

export class FakePivotTable extends FakeClientObject<PivotTableModel> {
  protected readonly typeName = "PivotTable";
  protected readonly loadable = PIVOT_PROPERTIES;
  private worksheetProxy: FakeWorksheet | undefined;
  private layoutProxy: FakePivotLayout | undefined;
  private filtersProxy: FakeFilterPivotHierarchyCollection | undefined;

  constructor(
    context: FakeRequestContext,
    locator: () => PivotTableModel | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(pivot: PivotTableModel): boolean {
    return pivot.deleted;
  }

  protected override navigation(): Record<string, LoadableObject> {
    return { worksheet: this.worksheet as unknown as LoadableObject };
  }

  get name(): string {
    return this.field("name");
  }

  get id(): string {
    return this.field("id");
  }

  get worksheet(): Excel.Worksheet {
    this.worksheetProxy ??= new FakeWorksheet(this._context, () => this._tryLocate()?.sheet);
    return this.worksheetProxy as unknown as Excel.Worksheet;
  }

  /** PivotTable.filterHierarchies (ExcelApi 1.8): only their count. */
  get filterHierarchies(): Excel.FilterPivotHierarchyCollection {
    this.filtersProxy ??= new FakeFilterPivotHierarchyCollection(this._context, () =>
      this._tryLocate(),
    );
    return this.filtersProxy as unknown as Excel.FilterPivotHierarchyCollection;
  }

  /** PivotTable.layout (ExcelApi 1.8). */
  get layout(): Excel.PivotLayout {
    this.layoutProxy ??= new FakePivotLayout(this._context, () => this._tryLocate());
    return this.layoutProxy as unknown as Excel.PivotLayout;
  }
}

export class FakePivotLayout extends FakeClientObject<PivotTableModel> {
  protected readonly typeName = "PivotLayout";
  protected readonly loadable: Readonly<Record<string, PropertyReader<PivotTableModel>>> = {};

  constructor(context: FakeRequestContext, locator: () => PivotTableModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  /** The cells of the PivotTable's body, without its report-filter area. */
  getRange(): Excel.Range {
    const range = new FakeRange(this._context, () => {
      const pivot = this._target("PivotLayout.getRange");
      return { sheet: pivot.sheet, area: pivot.area };
    });
    return range as unknown as Excel.Range;
  }

  /**
   * The PivotTable's report-filter area (ExcelApi 1.8). What Excel answers for a PivotTable
   * without report filters is not documented: the fake fails (ItemNotFound), a guess that keeps
   * code from asking without knowing there is one (filterHierarchies).
   */
  getFilterAxisRange(): Excel.Range {
    const name = "PivotLayout.getFilterAxisRange";
    const range = new FakeRange(this._context, () => {
      const pivot = this._target(name);
      if (!pivot.filterArea) {
        throw officeError("ItemNotFound", "The PivotTable has no report filter.", name);
      }
      return { sheet: pivot.sheet, area: pivot.filterArea };
    });
    return range as unknown as Excel.Range;
  }
}

/**
 * PivotTable.filterHierarchies (ExcelApi 1.8), as far as the fake models report filters: how
 * many there are (one per row of the filter area).
 */
export class FakeFilterPivotHierarchyCollection extends FakeClientObject<PivotTableModel> {
  protected readonly typeName = "FilterPivotHierarchyCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<PivotTableModel>>> = {};

  constructor(context: FakeRequestContext, locator: () => PivotTableModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (pivot, scope) => {
      const count = pivot.filterArea?.rowCount ?? 0;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }
}
