// Excel.AutoFilter of a table: criteria on its columns hide the data rows they reject.
import { lastRow } from "../addresses";
import { officeError } from "../errors";
import { applyTableFilter, checkUnprotected, clearTableFilters } from "../guards";
import type { TableModel } from "../tables";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";
import { criterionForApi, criterionFromApi } from "./tableFilter";

import { resolveTableAddress } from "./tableAddress";
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
