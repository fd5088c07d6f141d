// Excel.Table and its collections: tables of the workbook or of one sheet, their columns and rows.
import type { Area } from "../addresses";
import { officeError } from "../errors";
import { checkUnprotected, clearTableFilters } from "../guards";
import type { SheetModel } from "../sheet";
import {
  addTable,
  convertTableToRange,
  deleteTable,
  renameTable,
  resizeTable,
  setShowHeaders,
  setShowTotals,
  setTableStyle,
} from "../tableOperations";
import type { TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";
import type { RangeTarget } from "./range";
import { inSheetScope, sheetScopeLocator } from "./sheetScope";
import type { SheetScope } from "./sheetScope";
import { FakeTableSort } from "./tableSort";
import { FakeWorksheet } from "./worksheet";

export class FakeTableCollection extends FakeCollection<
  SheetScope,
  TableModel,
  FakeTable,
  Excel.Table
> {
  protected readonly typeName = "TableCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<SheetScope>>> = {
    count: (scope) => this.list(scope).length,
  };

  /** `sheetLocator` undefined: the workbook's tables; otherwise the tables of that sheet. */
  constructor(context: FakeRequestContext, sheetLocator?: () => SheetModel | undefined) {
    super(context, sheetScopeLocator(context, sheetLocator));
    Object.preventExtensions(this);
  }

  protected list(scope: SheetScope): TableModel[] {
    return inSheetScope(scope.workbook.tables, scope);
  }

  protected makeItem(): FakeTable {
    return new FakeTable(this._context, () => undefined);
  }

  get count(): number {
    return this.field("count");
  }

  /** Creates a table over the range; refuses a range that overlaps another table. */
  add(address: Excel.Range | string, hasHeaders: boolean): Excel.Table {
    const table = new FakeTable(this._context, () => undefined);
    this.queueCall(
      "add",
      [typeof address === "string" ? address : "Range", hasHeaders],
      (tablesScope, scope) => {
        const { sheet, area } = resolveTableAddress(
          this._context,
          address,
          scope,
          tablesScope.sheet,
          "TableCollection.add",
        );
        table._bind(addTable(scope.workbook, sheet, area, hasHeaders === true));
      },
    );
    return table as unknown as Excel.Table;
  }

  getItem(key: string): Excel.Table {
    return new FakeTable(this._context, () => this.find(key)) as unknown as Excel.Table;
  }

  getItemOrNullObject(key: string): Excel.Table {
    return new FakeTable(this._context, () => this.find(key), true) as unknown as Excel.Table;
  }

  getItemAt(index: number): Excel.Table {
    return new FakeTable(this._context, () => {
      const scope = this._target("TableCollection.getItemAt");
      return this.list(scope)[index];
    }) as unknown as Excel.Table;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (tablesScope, scope) => {
      const count = this.list(tablesScope).length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  private find(key: string): TableModel | undefined {
    const scope = this._tryLocate();
    if (!scope) return undefined;
    const upper = String(key).toUpperCase();
    return this.list(scope).find(
      (t) => t.name.toUpperCase() === upper || String(t.id) === String(key),
    );
  }
}

const TABLE_PROPERTIES: Readonly<Record<string, PropertyReader<TableModel>>> = {
  name: (t) => t.name,
  id: (t) => String(t.id),
  showHeaders: (t) => t.showHeaders,
  showTotals: (t) => t.showTotals,
  style: (t) => t.style,
  showBandedRows: () => true,
  showFilterButton: (t) => t.showHeaders,
};

export class FakeTable extends FakeClientObject<TableModel> {
  protected readonly typeName = "Table";
  protected readonly loadable = TABLE_PROPERTIES;
  private worksheetProxy: FakeWorksheet | undefined;
  private columnsProxy: FakeTableColumnCollection | undefined;
  private rowsProxy: FakeTableRowCollection | undefined;
  private autoFilterProxy: FakeAutoFilter | undefined;
  private sortProxy: FakeTableSort | undefined;

  constructor(context: FakeRequestContext, locator: () => TableModel | undefined, orNull = false) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(table: TableModel): boolean {
    return table.deleted;
  }

  protected override navigation(): Record<string, LoadableObject> {
    return {
      worksheet: this.worksheet as unknown as LoadableObject,
      columns: this.columns as unknown as LoadableObject,
      rows: this.rows as unknown as LoadableObject,
      autoFilter: this.autoFilter as unknown as LoadableObject,
      sort: this.sort as unknown as LoadableObject,
    };
  }

  get name(): string {
    return this.field("name");
  }
  set name(name: string) {
    this.queueSet("name", name, (table, scope) => renameTable(scope.workbook, table, name));
  }

  get id(): string {
    return this.field("id");
  }

  get showHeaders(): boolean {
    return this.field("showHeaders");
  }
  set showHeaders(show: boolean) {
    this.queueSet("showHeaders", show, (table, scope) =>
      setShowHeaders(scope.workbook, table, show),
    );
  }

  get showTotals(): boolean {
    return this.field("showTotals");
  }
  set showTotals(show: boolean) {
    this.queueSet("showTotals", show, (table, scope) => setShowTotals(scope.workbook, table, show));
  }

  get style(): string {
    return this.field("style");
  }
  set style(style: string) {
    this.queueSet("style", style, (table) => setTableStyle(table, style));
  }

  get showBandedRows(): boolean {
    return this.field("showBandedRows");
  }

  get showFilterButton(): boolean {
    return this.field("showFilterButton");
  }

  get worksheet(): Excel.Worksheet {
    this.worksheetProxy ??= new FakeWorksheet(this._context, () => this._tryLocate()?.sheet);
    return this.worksheetProxy as unknown as Excel.Worksheet;
  }

  get columns(): Excel.TableColumnCollection {
    this.columnsProxy ??= new FakeTableColumnCollection(this._context, () => this._tryLocate());
    return this.columnsProxy as unknown as Excel.TableColumnCollection;
  }

  get rows(): Excel.TableRowCollection {
    this.rowsProxy ??= new FakeTableRowCollection(this._context, () => this._tryLocate());
    return this.rowsProxy as unknown as Excel.TableRowCollection;
  }

  /** The whole table: header row, data body and total row. */
  getRange(): Excel.Range {
    return this.part("getRange", (t) => t.area);
  }

  getHeaderRowRange(): Excel.Range {
    return this.part("getHeaderRowRange", (t) => {
      const header = t.headerArea;
      if (!header)
        throw officeError(
          "InvalidOperation",
          "The table's header row is hidden.",
          "Table.getHeaderRowRange",
        );
      return header;
    });
  }

  getDataBodyRange(): Excel.Range {
    return this.part("getDataBodyRange", (t) => t.dataArea);
  }

  /** The total row; InvalidOperation when it is hidden. */
  getTotalRowRange(): Excel.Range {
    return this.part("getTotalRowRange", (t) => totalRowOf(t, "Table.getTotalRowRange"));
  }

  private part(method: string, area: (table: TableModel) => Area): Excel.Range {
    return rangeProxy(this._context, () => {
      const table = this._target(`Table.${method}`);
      return { sheet: table.sheet, area: area(table) };
    });
  }

  /** Resizes to a new range: same header row, overlapping the current range. */
  resize(newRange: Excel.Range | string): void {
    this.queueCall(
      "resize",
      [typeof newRange === "string" ? newRange : "Range"],
      (table, scope) => {
        const { sheet, area } = resolveTableAddress(
          this._context,
          newRange,
          scope,
          undefined,
          "Table.resize",
        );
        resizeTable(scope.workbook, table, sheet, area);
      },
    );
  }

  delete(): void {
    this.queueCall("delete", [], (table, scope) => deleteTable(scope.workbook, table));
  }

  convertToRange(): Excel.Range {
    let converted: RangeTarget | undefined;
    this.queueCall("convertToRange", [], (table, scope) => {
      const sheet = table.sheet;
      converted = { sheet, area: convertTableToRange(scope.workbook, table) };
    });
    return rangeProxy(this._context, () => converted);
  }

  /** Shows the rows the table's AutoFilter hid and drops its criteria. */
  clearFilters(): void {
    this.queueCall("clearFilters", [], (table) => {
      checkUnprotected(table.sheet, "Table.clearFilters");
      clearTableFilters(table);
    });
  }

  /** Table.autoFilter (ExcelApi 1.9). */
  get autoFilter(): Excel.AutoFilter {
    this.autoFilterProxy ??= new FakeAutoFilter(this._context, () => this._tryLocate());
    return this.autoFilterProxy as unknown as Excel.AutoFilter;
  }

  /** Table.sort (ExcelApi 1.2). */
  get sort(): Excel.TableSort {
    this.sortProxy ??= new FakeTableSort(this._context, () => this._tryLocate());
    return this.sortProxy as unknown as Excel.TableSort;
  }
}

import { FakeAutoFilter } from "./autoFilter";
import { rangeProxy, resolveTableAddress, totalRowOf } from "./tableAddress";
import { FakeTableColumnCollection } from "./tableColumns";
import { FakeTableRowCollection } from "./tableRows";
