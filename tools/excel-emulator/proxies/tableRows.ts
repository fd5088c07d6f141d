// Excel.TableRowCollection and Excel.TableRow: a table's data rows.
import { lastRow } from "../addresses";
import type { Area } from "../addresses";
import { readValues } from "../cellWrites";
import { officeError } from "../errors";
import { addTableRows, deleteTableRow } from "../tableOperations";
import type { TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";

import { rangeProxy } from "./tableAddress";
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
