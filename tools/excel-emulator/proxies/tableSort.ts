// Excel.TableSort (Table.sort, ExcelApi 1.2): sorts a table's data rows and remembers how, for
// `fields`, `matchCase`, `method` and reapply() (tableSort.ts sorts).
import { officeError } from "../errors";
import { sortState, sortTable } from "../tableSort";
import type { TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";

const SORT_PROPERTIES: Readonly<Record<string, PropertyReader<TableModel>>> = {
  fields: (t) => (t.sort?.fields ?? []).map((field) => ({ ...field })),
  matchCase: (t) => t.sort?.matchCase ?? false,
  method: (t) => t.sort?.method ?? "PinYin",
};

export class FakeTableSort extends FakeClientObject<TableModel> {
  protected readonly typeName = "TableSort";
  protected readonly loadable = SORT_PROPERTIES;

  constructor(context: FakeRequestContext, locator: () => TableModel | undefined) {
    super(context, locator);
    Object.preventExtensions(this);
  }

  protected override isGone(table: TableModel): boolean {
    return table.deleted;
  }

  get fields(): Excel.SortField[] {
    return this.field("fields");
  }

  get matchCase(): boolean {
    return this.field("matchCase");
  }

  get method(): Excel.SortMethod | "PinYin" | "StrokeCount" {
    return this.field("method");
  }

  /** Sorts the data rows by `fields` (key: the column's index in the table) and keeps them. */
  apply(fields: Excel.SortField[], matchCase?: boolean, method?: string): void {
    const name = "TableSort.apply";
    this.queueCall("apply", [fields, matchCase ?? null, method ?? null], (table, scope) => {
      const state = sortState(table, fields, matchCase, method, name);
      sortTable(scope.workbook, table, state, name);
      table.sort = state;
    });
  }

  /** Forgets the sort (the rows stay where they are). */
  clear(): void {
    this.queueCall("clear", [], (table) => {
      table.sort = undefined;
    });
  }

  /** Sorts again by the fields last applied. */
  reapply(): void {
    const name = "TableSort.reapply";
    this.queueCall("reapply", [], (table, scope) => {
      if (!table.sort)
        throw officeError("InvalidOperation", "The table has no sort to reapply.", name);
      sortTable(scope.workbook, table, table.sort, name);
    });
  }
}
