// Excel.TableColumnCollection and Excel.TableColumn: a table's columns, their cells and filters.
import type { Area } from "../addresses";
import { readValues } from "../cellWrites";
import { officeError } from "../errors";
import { addTableColumn, deleteTableColumn } from "../tableOperations";
import type { TableColumnModel, TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { LoadableObject, PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";
import { FakeFilter } from "./tableFilter";

import { rangeProxy, totalRowOf } from "./tableAddress";
export interface ColumnTarget {
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
