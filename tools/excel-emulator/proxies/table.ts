// Excel.Table and its collections: tables of the workbook or of one sheet, their columns and rows.
import { lastRow, parseAddress } from "../addresses";
import type { Area } from "../addresses";
import { readValues } from "../cellWrites";
import { officeError } from "../errors";
import { applyTableFilter, checkUnprotected, clearTableFilters } from "../guards";
import type { SheetModel } from "../sheet";
import {
  addTable,
  addTableColumn,
  addTableRows,
  convertTableToRange,
  deleteTable,
  deleteTableColumn,
  deleteTableRow,
  renameTable,
  resizeTable,
  setShowHeaders,
  setShowTotals,
  setTableStyle,
} from "../tableOperations";
import type { TableColumnModel, TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext, SyncScope } from "./context";
import { FakeRange, fakeRangeOf } from "./range";
import type { RangeTarget } from "./range";
import { inSheetScope, sheetScopeLocator } from "./sheetScope";
import type { SheetScope } from "./sheetScope";
import { FakeFilter, criterionForApi, criterionFromApi } from "./tableFilter";
import { FakeTableSort } from "./tableSort";
import { FakeWorksheet } from "./worksheet";

function rangeProxy(
  context: FakeRequestContext,
  locate: () => RangeTarget | undefined,
): Excel.Range {
  return new FakeRange(context, locate) as unknown as Excel.Range;
}

/** A table's range argument (a Range of this context, or an address) as sheet and area. */
function resolveTableAddress(
  context: FakeRequestContext,
  address: Excel.Range | string,
  scope: SyncScope,
  defaultSheet: SheetModel | undefined,
  errorLocation: string,
): RangeTarget {
  if (typeof address === "string") {
    const parsed = parseAddress(address);
    if (!parsed)
      throw officeError("InvalidArgument", `"${address}" is not a valid address.`, errorLocation);
    const sheet =
      parsed.sheet === undefined
        ? (defaultSheet ?? scope.workbook.activeSheet)
        : scope.workbook.sheetNamed(parsed.sheet);
    if (!sheet)
      throw officeError("ItemNotFound", `There is no sheet ${parsed.sheet ?? ""}.`, errorLocation);
    if (defaultSheet && sheet !== defaultSheet) {
      throw officeError(
        "InvalidArgument",
        `"${address}" is not on sheet ${defaultSheet.name}.`,
        errorLocation,
      );
    }
    return { sheet, area: parsed.area };
  }
  const target = fakeRangeOf(address, context, errorLocation)._target(errorLocation);
  if (defaultSheet && target.sheet !== defaultSheet) {
    throw officeError("InvalidArgument", "The range is on another sheet.", errorLocation);
  }
  return target;
}

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

/** A table's AutoFilter: criteria on its columns hide the data rows they reject. */
export class FakeAutoFilter extends FakeClientObject<TableModel> {
  protected readonly typeName = "AutoFilter";
  protected readonly loadable: Readonly<Record<string, PropertyReader<TableModel>>> = {
    enabled: () => true,
    isDataFiltered: (table) => table.isFiltered,
    criteria: (table) => table.columns.map((column) => criterionForApi(table.filters.get(column))),
  };

  constructor(context: FakeRequestContext, locator: () => TableModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  protected override isGone(table: TableModel): boolean {
    return table.deleted;
  }

  get enabled(): boolean {
    return this.field("enabled");
  }

  get isDataFiltered(): boolean {
    return this.field("isDataFiltered");
  }

  /** One criterion per column of the table (null where a column has none: a guess). */
  get criteria(): Excel.FilterCriteria[] {
    return this.field("criteria");
  }

  /** Applies the criteria again: the rows that fail them now are hidden, the others shown. */
  reapply(): void {
    this.queueCall("reapply", [], (table) => {
      checkUnprotected(table.sheet, "AutoFilter.reapply");
      applyTableFilter(table);
    });
  }

  /**
   * Filters the table's column `columnIndex` of `range` (the table's range) by `criteria`:
   * "Values" or "Custom" criteria (see FilterCriterionModel); the other kinds are not modelled.
   */
  apply(range: Excel.Range | string, columnIndex?: number, criteria?: Excel.FilterCriteria): void {
    const name = "AutoFilter.apply";
    this.queueCall("apply", [columnIndex ?? null, criteria ?? null], (table, scope) => {
      checkUnprotected(table.sheet, name);
      const target = resolveTableAddress(this._context, range, scope, table.sheet, name);
      if (target.area.column > table.area.column || lastRow(target.area) < table.area.row) {
        throw officeError("InvalidArgument", "The range is not the table's.", name);
      }
      if (columnIndex === undefined && criteria === undefined) return;
      const index = target.area.column + (columnIndex ?? 0) - table.area.column;
      const column = table.columns[index];
      if (!column) throw officeError("InvalidArgument", "The column is outside the table.", name);
      table.filters.set(column, criterionFromApi(criteria, name));
      applyTableFilter(table);
    });
  }

  /** Drops every criterion and shows the rows they hid. */
  clearCriteria(): void {
    this.queueCall("clearCriteria", [], (table) => {
      checkUnprotected(table.sheet, "AutoFilter.clearCriteria");
      clearTableFilters(table);
    });
  }
}

/** A table's total row, or Excel's refusal when the table does not show one. */
function totalRowOf(table: TableModel, errorLocation: string): Area {
  const totals = table.totalsArea;
  if (!totals) {
    throw officeError("InvalidOperation", "The table's total row is hidden.", errorLocation);
  }
  return totals;
}

interface ColumnTarget {
  readonly table: TableModel;
  readonly column: TableColumnModel;
}

export class FakeTableColumnCollection extends FakeCollection<
  TableModel,
  ColumnTarget,
  FakeTableColumn,
  Excel.TableColumn
> {
  protected readonly typeName = "TableColumnCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<TableModel>>> = {
    count: (t) => t.columns.length,
  };

  constructor(context: FakeRequestContext, tableLocator: () => TableModel | undefined) {
    super(context, tableLocator);
    Object.preventExtensions(this);
  }

  protected override isGone(table: TableModel): boolean {
    return table.deleted;
  }

  protected list(table: TableModel): ColumnTarget[] {
    return table.columns.map((column) => ({ table, column }));
  }

  protected makeItem(): FakeTableColumn {
    return new FakeTableColumn(this._context, () => undefined);
  }

  get count(): number {
    return this.field("count");
  }

  /** Inserts a column at `index` (end when omitted); `values` include the header cell. */
  add(
    index?: number | null,
    values?: unknown[][] | boolean | string | number,
    name?: string,
  ): Excel.TableColumn {
    const column = new FakeTableColumn(this._context, () => undefined);
    this.queueCall("add", [index ?? null, values ?? null, name ?? null], (table, scope) => {
      column._bind({ table, column: addTableColumn(scope.workbook, table, index, values, name) });
    });
    return column as unknown as Excel.TableColumn;
  }

  getItem(key: number | string): Excel.TableColumn {
    return new FakeTableColumn(this._context, () => this.find(key)) as unknown as Excel.TableColumn;
  }

  getItemOrNullObject(key: number | string): Excel.TableColumn {
    return new FakeTableColumn(
      this._context,
      () => this.find(key),
      true,
    ) as unknown as Excel.TableColumn;
  }

  getItemAt(index: number): Excel.TableColumn {
    return new FakeTableColumn(this._context, () => {
      const table = this._tryLocate();
      const column = table?.columns[index];
      return table && column && { table, column };
    }) as unknown as Excel.TableColumn;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (table, scope) => {
      const count = table.columns.length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  /** By name (case-insensitive) or by id. */
  private find(key: number | string): ColumnTarget | undefined {
    const table = this._tryLocate();
    if (!table) return undefined;
    const byName = typeof key === "string" ? table.columns[table.columnIndex(key)] : undefined;
    const column = byName ?? table.columns.find((c) => String(c.id) === String(key));
    return column && { table, column };
  }
}

const COLUMN_PROPERTIES: Readonly<Record<string, PropertyReader<ColumnTarget>>> = {
  name: (t) => t.column.name,
  id: (t) => t.column.id,
  index: (t) => t.table.columns.indexOf(t.column),
  values: (t) => readValues(t.table.sheet, columnArea(t, t.table.area)),
};

function columnArea({ table, column }: ColumnTarget, rows: Area): Area {
  return { ...rows, column: table.area.column + table.columns.indexOf(column), columnCount: 1 };
}

export class FakeTableColumn extends FakeClientObject<ColumnTarget> {
  protected readonly typeName = "TableColumn";
  protected readonly loadable = COLUMN_PROPERTIES;
  private filterProxy: FakeFilter | undefined;

  constructor(
    context: FakeRequestContext,
    locator: () => ColumnTarget | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(target: ColumnTarget): boolean {
    return target.table.deleted || !target.table.columns.includes(target.column);
  }

  protected override navigation(): Record<string, LoadableObject> {
    return { filter: this.filter as unknown as LoadableObject };
  }

  /** TableColumn.filter (ExcelApi 1.2): the column's AutoFilter criterion. */
  get filter(): Excel.Filter {
    this.filterProxy ??= new FakeFilter(this._context, () => this._tryLocate());
    return this.filterProxy as unknown as Excel.Filter;
  }

  get name(): string {
    return this.field("name");
  }
  set name(name: string) {
    this.queueSet("name", name, (target, scope) => {
      const header = target.table.headerArea;
      if (typeof name !== "string" || name === "") {
        throw officeError(
          "InvalidArgument",
          "A column name is non-empty text.",
          "TableColumn.name",
        );
      }
      if (header) {
        const cell = target.table.sheet.ensureCell(header.row, columnArea(target, header).column);
        cell.value = name;
        cell.formula = null;
        scope.workbook.normalizeHeaders(target.table);
      } else {
        const old = target.column.name;
        target.column.name = name;
        scope.workbook.renameTableColumn(target.table, old, name);
      }
    });
  }

  get id(): number {
    return this.field("id");
  }

  get index(): number {
    return this.field("index");
  }

  get values(): unknown[][] {
    return this.field("values");
  }

  getRange(): Excel.Range {
    return this.part("getRange", (t) => t.table.area);
  }

  getDataBodyRange(): Excel.Range {
    return this.part("getDataBodyRange", (t) => t.table.dataArea);
  }

  getTotalRowRange(): Excel.Range {
    return this.part("getTotalRowRange", (t) =>
      totalRowOf(t.table, "TableColumn.getTotalRowRange"),
    );
  }

  getHeaderRowRange(): Excel.Range {
    return this.part("getHeaderRowRange", (t) => {
      const header = t.table.headerArea;
      if (!header)
        throw officeError(
          "InvalidOperation",
          "The table's header row is hidden.",
          "TableColumn.getHeaderRowRange",
        );
      return header;
    });
  }

  private part(method: string, rows: (target: ColumnTarget) => Area): Excel.Range {
    return rangeProxy(this._context, () => {
      const target = this._target(`TableColumn.${method}`);
      return { sheet: target.table.sheet, area: columnArea(target, rows(target)) };
    });
  }

  delete(): void {
    this.queueCall("delete", [], (target, scope) =>
      deleteTableColumn(scope.workbook, target.table, target.column),
    );
  }
}

interface RowTarget {
  readonly table: TableModel;
  readonly index: number;
}

export class FakeTableRowCollection extends FakeCollection<
  TableModel,
  RowTarget,
  FakeTableRow,
  Excel.TableRow
> {
  protected readonly typeName = "TableRowCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<TableModel>>> = {
    count: (t) => t.dataArea.rowCount,
  };

  constructor(context: FakeRequestContext, tableLocator: () => TableModel | undefined) {
    super(context, tableLocator);
    Object.preventExtensions(this);
  }

  protected override isGone(table: TableModel): boolean {
    return table.deleted;
  }

  protected list(table: TableModel): RowTarget[] {
    return Array.from({ length: table.dataArea.rowCount }, (_v, index) => ({ table, index }));
  }

  protected makeItem(): FakeTableRow {
    return new FakeTableRow(this._context, () => undefined);
  }

  get count(): number {
    return this.field("count");
  }

  /**
   * Adds rows at `index` (end when omitted). Allowed, but each call is a separate command: the
   * request log counts them as per-row calls (write a block and resize the table instead).
   */
  add(
    index?: number | null,
    values?: unknown[][] | boolean | string | number,
    _alwaysInsert?: boolean,
  ): Excel.TableRow {
    const row = new FakeTableRow(this._context, () => undefined);
    this.queueCall("add", [index ?? null, values ?? null], (table, scope) => {
      const area = addTableRows(scope.workbook, table, index, values);
      row._bind({ table, index: area.row - table.dataArea.row });
    });
    return row as unknown as Excel.TableRow;
  }

  getItemAt(index: number): Excel.TableRow {
    return new FakeTableRow(this._context, () => {
      const table = this._tryLocate();
      if (!table) return undefined;
      if (!Number.isInteger(index) || index < 0 || index >= table.dataArea.rowCount) {
        throw officeError(
          "InvalidArgument",
          `Row ${index} is outside the table.`,
          "TableRowCollection.getItemAt",
        );
      }
      return { table, index };
    }) as unknown as Excel.TableRow;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (table, scope) => {
      const count = table.dataArea.rowCount;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }
}

function rowArea({ table, index }: RowTarget): Area {
  const data = table.dataArea;
  return { ...data, row: data.row + index, rowCount: 1 };
}

export class FakeTableRow extends FakeClientObject<RowTarget> {
  protected readonly typeName = "TableRow";
  protected readonly loadable: Readonly<Record<string, PropertyReader<RowTarget>>> = {
    index: (t) => t.index,
    values: (t) => readValues(t.table.sheet, rowArea(t)),
  };

  constructor(context: FakeRequestContext, locator: () => RowTarget | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  protected override isGone(target: RowTarget): boolean {
    return (
      target.table.deleted ||
      target.index >= target.table.dataArea.rowCount ||
      rowArea(target).row > lastRow(target.table.area)
    );
  }

  get index(): number {
    return this.field("index");
  }

  get values(): unknown[][] {
    return this.field("values");
  }

  getRange(): Excel.Range {
    return rangeProxy(this._context, () => {
      const target = this._target("TableRow.getRange");
      return { sheet: target.table.sheet, area: rowArea(target) };
    });
  }

  delete(): void {
    this.queueCall("delete", [], (target, scope) =>
      deleteTableRow(scope.workbook, target.table, target.index),
    );
  }
}
