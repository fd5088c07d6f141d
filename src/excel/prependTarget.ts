// Finds the import tables Fetch new puts rows at the top of (a list's, and its linked list's) and
// readies them, however many, in the same two requests: matches the new rows' columns to each
// header, stops before anything is written when something is in the way, clears filters and
// appends the columns the new records bring.
import type { TableProject } from "../domain/tableOwnership";
import type { ColumnSpec } from "../sheets/cells";
import type { ColumnPlaces } from "../sheets/columnPlaces";
import type { OurTable } from "../settings/importTables";
import { placeColumns } from "./columnMatch";
import { protectedSheet, queueInTheWay, queueOtherTables } from "./inTheWay";
import { loadOurTables, ourTableFor } from "./ourTables";
import type { ExcelRun } from "./run";
import { queueStatusCell, type StatusBlocked } from "./statusCell";
import { insertAppendedColumns, writeAppendedHeaders } from "./tableCells";
import { queueTableView, type TableView } from "./tableView";

/** The import table found for Fetch new, as {@link findPrependTarget} readied it. */
export interface PrependTarget {
  readonly sheetName: string;
  readonly tableName: string;
  readonly record: OurTable;
  readonly headerRow: number;
  readonly firstColumn: number;
  /** The header row was shown for the rows to go in: it is hidden again at the end. */
  readonly hideHeaders: boolean;
  /** The table's data rows. */
  readonly rows: number;
  /** The number formats of the table's first data row, per table column. */
  readonly formats: readonly string[];
  readonly places: ColumnPlaces;
  readonly statusRow: number | null;
  readonly statusBlocked: StatusBlocked | null;
  /** The user's filters and sort, applied again once the new rows are in. */
  readonly view: TableView;
}

/** Which import table to ready for new rows, and the rows' columns. */
export interface PrependTable {
  /** The name the import gives its table ("Invoices"): which import table to find. */
  readonly wanted: string;
  readonly project?: TableProject;
  readonly columns: readonly ColumnSpec[];
}

/** A table found and read, before its columns are placed. */
interface Found {
  readonly table: Excel.Table;
  readonly record: OurTable;
  readonly hideHeaders: boolean;
  readonly range: Excel.Range;
  readonly header: Excel.Range;
  readonly body: Excel.Range;
  readonly firstRow: Excel.Range;
  readonly sheet: Excel.Worksheet;
  readonly othersOn: ReturnType<typeof queueOtherTables>;
  readonly inTheWay: ReturnType<typeof queueInTheWay>;
  readonly viewOf: () => TableView;
}

/**
 * The import tables of `tables` (a parent's and its linked table's: invoices and their lines),
 * each readied for new rows of its columns, in the same two syncs however many; when one of them
 * is gone, its wanted name (then nothing is changed). When something is in the way of one, the header rows
 * shown for the purpose are hidden again and nothing else is changed.
 */
export async function findPrependTargets(
  run: ExcelRun,
  tables: readonly PrependTable[],
): Promise<PrependTarget[] | { readonly gone: string }> {
  return run(async (context) => {
    const workbook = await loadOurTables(context, [
      "showHeaders",
      "worksheet/name",
      "worksheet/protection/protected",
    ]);
    const ours = tables.map((each) => ourTableFor(each.wanted, workbook, each.project));
    const gone = ours.findIndex((each) => each === null);
    if (gone >= 0) return { gone: tables[gone]!.wanted };
    // Before anything is written (showing a hidden header row is a write).
    for (const each of ours) {
      const sheet = each!.table.worksheet;
      if (sheet.protection.protected) throw protectedSheet(sheet.name, "use Fetch new again");
    }
    const others = (table: Excel.Table) => workbook.tables.filter((item) => item !== table);
    const found = ours.map((each) => queueTarget(each!.table, each!.record, others(each!.table)));
    await context.sync();
    const placed: Awaited<ReturnType<typeof placeColumns>>[] = [];
    try {
      for (const [index, each] of found.entries()) {
        const columns = tables[index]!.columns;
        const { range, header, sheet, othersOn, hideHeaders, inTheWay } = each;
        const loaded = { range, header, sheetName: sheet.name, othersOn, hideHeaders, inTheWay };
        placed.push(
          await placeColumns(context, each.table, loaded, columns, "adding rows inserts"),
        );
      }
    } catch (error) {
      // The one in the way hid its own header row again; the others' are hidden again too.
      const shown = found.filter((each) => each.hideHeaders);
      shown.forEach((each) => (each.table.showHeaders = false));
      if (shown.length > 0) await context.sync();
      throw error;
    }
    const ready = found.map((each, index) => readyTarget(each, placed[index]!));
    await context.sync();
    return ready.map((each) => each());
  });
}

/** Queues what readying `table` needs to read, showing a header row the user hid. */
function queueTarget(table: Excel.Table, record: OurTable, others: Excel.Table[]): Found {
  // Columns are matched by header: a header row the user hid is shown while rows go in.
  const hideHeaders = !table.showHeaders;
  if (hideHeaders) table.showHeaders = true;
  const range = table.getRange();
  range.load("rowIndex,columnIndex,rowCount");
  const header = table.getHeaderRowRange();
  header.load("values");
  const body = table.getDataBodyRange();
  body.load("rowCount");
  const firstRow = body.getRow(0);
  firstRow.load("numberFormat");
  const sheet = table.worksheet;
  sheet.load("name");
  const othersOn = queueOtherTables(others);
  const inTheWay = queueInTheWay(table, sheet);
  const viewOf = queueTableView(table);
  return {
    table,
    record,
    hideHeaders,
    range,
    header,
    body,
    firstRow,
    sheet,
    othersOn,
    inTheWay,
    viewOf,
  };
}

/** Queues readying a placed table for new rows; after the sync, the target. */
function readyTarget(
  found: Found,
  placed: Awaited<ReturnType<typeof placeColumns>>,
): () => PrependTarget {
  const { table, record, range, sheet, inTheWay, hideHeaders, viewOf } = found;
  const { headerRow, firstColumn, places, appended } = placed;
  const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
  // Excel refuses to insert cells in a filtered table, and the filter could hide the new rows:
  // the filters go, and come back with the sort once the rows are in (TableView).
  const view = viewOf();
  if (inTheWay.filtered()) table.clearFilters();
  // Columns the new records bring are appended at the right, as a refresh appends them, and
  // the table takes them at once, so the rows inserted later span exactly the table.
  insertAppendedColumns(sheet, headerRow, firstColumn, range.rowCount, appended);
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  if (appended.headers.length > 0) {
    table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, range.rowCount, places.width));
  }
  return () => {
    const { statusRow, statusBlocked } = statusOf();
    return {
      sheetName: sheet.name,
      tableName: table.name,
      record,
      headerRow,
      firstColumn,
      hideHeaders,
      rows: found.body.rowCount,
      formats: (found.firstRow.numberFormat[0] ?? []).map((format) => String(format)),
      places,
      statusRow,
      statusBlocked,
      view,
    };
  };
}
