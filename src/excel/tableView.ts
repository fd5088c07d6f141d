// A table's filters and sort, kept across a write that has to clear them: Excel refuses to shift
// the cells of a filtered table, so the filters go before rows go in and come back after, as
// Excel's own query tables keep them ("Preserve column sort/filter/layout"). The criteria are read
// (AutoFilter.criteria, ExcelApi 1.9), the filters cleared, and after the write each filtered
// column's criteria are applied again (TableColumn.filter.apply, ExcelApi 1.2) and the sort
// reapplied (TableSort.reapply, ExcelApi 1.2).

/** What the user's view of a table was before a write. */
export interface TableView {
  /** Per filtered column, its index in the table and its criteria. */
  readonly filters: readonly { readonly column: number; readonly criteria: Excel.FilterCriteria }[];
  /** The table had sort fields: its sort is reapplied after the write. */
  readonly sorted: boolean;
}

/** No filter, no sort. */
export const PLAIN_VIEW: TableView = { filters: [], sorted: false };

/**
 * Whether a column's criteria filter anything. Microsoft does not document what
 * AutoFilter.criteria holds for a column without a filter (a guess: no `filterOn`, or a filter on
 * nothing); a criterion is kept when it names values, a criterion, a dynamic rule, a colour or an
 * icon.
 */
function filters(criteria: Excel.FilterCriteria | null | undefined): boolean {
  if (!criteria || typeof criteria.filterOn !== "string") return false;
  return (
    (Array.isArray(criteria.values) && criteria.values.length > 0) ||
    (typeof criteria.criterion1 === "string" && criteria.criterion1 !== "") ||
    criteria.dynamicCriteria !== undefined ||
    criteria.color !== undefined ||
    criteria.icon !== undefined
  );
}

/**
 * Queues reading `table`'s filter criteria and sort fields; after the sync, the returned function
 * gives its view. Queue it before anything clears the filters.
 */
export function queueTableView(table: Excel.Table): () => TableView {
  const filter = table.autoFilter;
  filter.load("isDataFiltered,criteria");
  const sort = table.sort;
  sort.load("fields");
  return () => {
    const criteria = filter.isDataFiltered ? (filter.criteria ?? []) : [];
    return {
      filters: criteria.flatMap((each, column) =>
        filters(each) ? [{ column, criteria: each }] : [],
      ),
      sorted: (sort.fields ?? []).length > 0,
    };
  };
}

/**
 * Queues applying `view` to the table named `tableName` again: each filtered column's criteria,
 * then (with `sort`) the sort, which orders the rows a write put in. A write that was undone
 * leaves the rows in the order they had, so it gives `sort` false.
 */
export function queueViewAgain(
  context: Excel.RequestContext,
  tableName: string,
  view: TableView,
  sort = true,
): void {
  const table = context.workbook.tables.getItem(tableName);
  for (const { column, criteria } of view.filters) {
    table.columns.getItemAt(column).filter.apply(criteria);
  }
  if (sort && view.sorted) table.sort.reapply();
}
