// A PivotTable's report-filter area, added to one the host made (host.addPivotTable): the cells
// above its body where Excel shows its report filters, which PivotLayout.getRange() leaves out
// and PivotLayout.getFilterAxisRange() (ExcelApi 1.8) gives.
import { parseLocalAddress } from "./addresses";
import type { FakeExcelHost } from "./host";
import { setPivotFilterArea } from "./pivotTables";

/**
 * Gives PivotTable `name` report filters at `address` of its sheet, showing `values` (one row per
 * filter field, e.g. [["Region", "(All)"]]). The cells must be free of tables, merged cells and
 * other PivotTables, as for the PivotTable itself.
 */
export function addPivotTableFilterArea(
  host: FakeExcelHost,
  name: string,
  address: string,
  values: unknown[][],
): void {
  const upper = name.toUpperCase();
  const pivot = host.workbook.pivotTables.find(
    (each) => each.name.toUpperCase() === upper && !each.deleted,
  );
  const area = parseLocalAddress(address);
  if (!pivot || !area) throw new Error(`No PivotTable ${name}, or a bad address ${address}.`);
  // Written before the area becomes part of the PivotTable, whose cells refuse writes.
  host.setCells(pivot.sheet.name, address, values);
  setPivotFilterArea(host.workbook.pivotTables, name, area);
}
