// Refresh in place: an earlier import's table keeps its name, place, every column where it is (see
// ColumnPlaces) and its rows until the whole list has arrived; the new rows go in below the old
// ones (see Replacing), so formulas that refer to the table keep pointing at the same data and a
// failed refresh leaves it as it was. Columns the table lacks are appended at the right.
import type { ColumnSpec } from "../sheets/cells";
import type { ColumnPlaces } from "../sheets/columnPlaces";
import { recordKeyColumn } from "../sheets/recordKeys";
import type { OurTable } from "../settings/importTables";
import { placeColumns } from "./columnMatch";
import { queueInTheWay, queueOtherTables } from "./inTheWay";
import { queueStatusCell } from "./statusCell";
import { insertAppendedColumns, writeAppendedHeaders } from "./tableCells";
import type { Placement } from "./tablePlacement";
import { queueTableView } from "./tableView";
import { readUserColumns } from "./userColumnsRead";

/**
 * Readies an existing table for new rows below its own, keeping its name, place and every column
 * where it is ({@link ColumnPlaces}); columns the table lacks are appended at the right (the cells
 * right of the table move right). The user's columns, filters and sort are read first, then the
 * filters cleared (Excel refuses to shift the cells of a filtered table). The status cell above
 * is only read here: whether it may be written (empty, or the last import's status) is known
 * after this request, and the final status writes it.
 */
export async function refreshExisting(
  context: Excel.RequestContext,
  table: Excel.Table,
  record: OurTable,
  columns: readonly ColumnSpec[],
  /** The workbook's other tables: one on the same sheet may be in the way of a shift. */
  others: readonly Excel.Table[],
  /** False when the user hid the sheet. */
  visible: boolean,
  /** Checks of the tables the import writes next, queued for this request's first sync. */
  checkLater?: () => Promise<void>,
): Promise<{ placement: Placement; places: ColumnPlaces }> {
  // The header texts are how the table's columns are matched, so a header row the user hid is
  // shown for the refresh (Excel puts it back above the data) and hidden again at the end.
  const hideHeaders = !table.showHeaders;
  if (hideHeaders) table.showHeaders = true;
  const totalsRow = table.showTotals;
  const range = table.getRange();
  range.load("rowIndex,columnIndex,rowCount");
  const header = table.getHeaderRowRange();
  header.load("values");
  const body = table.getDataBodyRange();
  body.load("rowCount");
  const sheet = table.worksheet;
  sheet.load("name");
  const othersOn = queueOtherTables(others);
  const inTheWay = queueInTheWay(table, sheet);
  const viewOf = queueTableView(table);
  await context.sync();
  // Checked before anything is written: the table is left as it was.
  const matched = await placeColumns(
    context,
    table,
    { range, header, sheetName: sheet.name, othersOn, hideHeaders, inTheWay },
    columns,
    "a refresh inserts",
  );
  if (checkLater) await checkOrHideHeaders(context, table, hideHeaders, checkLater);
  const { headerRow, firstColumn, places } = matched;
  const oldRows = body.rowCount;
  const key = recordKeyColumn(columns);
  const userColumns = await readUserColumns(context, {
    sheet,
    firstRow: headerRow + 1,
    firstColumn,
    rows: oldRows,
    columns: usersColumns(places, record),
    key: key ? { position: places.position(key.column), column: key } : null,
  });
  const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
  context.application.suspendApiCalculationUntilNextSync();
  // Excel refuses to shift cells of a filtered table, and rows the filter hid would hide new
  // rows: the filters go first, and come back when the rows are in (TableView).
  const view = viewOf();
  if (inTheWay.filtered()) table.clearFilters();
  const oldWidth = matched.places.width - matched.appended.headers.length;
  queueAppending(sheet, table, { ...matched, totalsRow, bodyRows: oldRows });
  await context.sync();
  const { statusRow, statusBlocked } = statusOf();
  return {
    placement: {
      sheetName: sheet.name,
      tableName: table.name,
      headerRow,
      firstColumn,
      statusRow,
      ...(statusBlocked ? { statusBlocked } : {}),
      // The new rows are written over the old ones once a copy of those is kept below them.
      ownedRows: oldRows,
      hideHeaders,
      totalsRow,
      visible,
      replacing: {
        oldRows,
        oldWidth,
        view,
        userColumns,
        ...(record.refreshed === undefined ? {} : { since: record.refreshed }),
      },
    },
    places,
  };
}

/**
 * The table's columns that are the user's: those no import column fills and no earlier import
 * wrote (a column the import wrote and has no data for now stays the import's, left empty).
 */
function usersColumns(
  places: ColumnPlaces,
  record: OurTable,
): { position: number; header: string }[] {
  const ours = new Set((record.columns ?? []).map((header) => header.toLowerCase()));
  return places.unfilledPositions().filter(({ header }) => !ours.has(header.toLowerCase()));
}

/** Runs the later tables' checks; if one stops the import, a header row shown for it is hidden. */
async function checkOrHideHeaders(
  context: Excel.RequestContext,
  table: Excel.Table,
  hideHeaders: boolean,
  checkLater: () => Promise<void>,
): Promise<void> {
  try {
    await checkLater();
  } catch (error) {
    if (hideHeaders) {
      table.showHeaders = false;
      await context.sync();
    }
    throw error;
  }
}

/** Queues appending the columns the table lacks: the cells right of the table's rows move right. */
function queueAppending(
  sheet: Excel.Worksheet,
  table: Excel.Table,
  at: {
    readonly headerRow: number;
    readonly firstColumn: number;
    readonly places: ColumnPlaces;
    readonly appended: { first: number; headers: string[] };
    readonly totalsRow: boolean;
    /** The table's data rows before the refresh. */
    readonly bodyRows: number;
  },
): void {
  const { headerRow, firstColumn, places, appended, totalsRow, bodyRows } = at;
  if (appended.headers.length === 0) return;
  // The table then takes the new columns at once, so every shift after this spans exactly the
  // table.
  const rowsNow = 1 + bodyRows + (totalsRow ? 1 : 0);
  insertAppendedColumns(sheet, headerRow, firstColumn, rowsNow, appended);
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, rowsNow, places.width));
}
