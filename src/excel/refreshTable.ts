// Refresh in place: an earlier import's table is emptied, keeping its name, place and every
// column where it is (see ColumnPlaces), so formulas that refer to it keep pointing at the same
// data; columns the table lacks are appended at the right.
import type { ColumnSpec } from "../sheets/cells";
import type { ColumnPlaces } from "../sheets/columnPlaces";
import type { OurTable } from "../settings/importTables";
import { placeColumns } from "./columnMatch";
import { queueInTheWay, queueOtherTables } from "./inTheWay";
import { queueStatusCell } from "./statusCell";
import { insertAppendedColumns, tableRows, writeAppendedHeaders } from "./tableCells";
import type { Placement } from "./tablePlacement";

/**
 * Empties an existing table's rows, keeping its name, place and every column where it is
 * ({@link ColumnPlaces}); columns the table lacks are appended at the right (the cells right of
 * the table move right). The status cell above is only read here: whether it may be written
 * (empty, or the last import's status) is known after this request, and the first block or the
 * final status writes it.
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
  const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
  context.application.suspendApiCalculationUntilNextSync();
  // Excel refuses to shift cells of a filtered table, and rows the filter hid would hide new
  // rows: the filters go first.
  const filtersCleared = inTheWay.filtered();
  if (filtersCleared) table.clearFilters();
  const ownedRows = queueEmptying(sheet, table, { ...matched, totalsRow, bodyRows: body.rowCount });
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
      ownedRows,
      hideHeaders,
      totalsRow,
      visible,
      filtersCleared,
    },
    places,
  };
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

/**
 * Queues appending the columns the table lacks and emptying its rows; returns the data rows
 * that stay the import's to write in place (rows beyond them are inserted).
 */
function queueEmptying(
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
): number {
  const { headerRow, firstColumn, places, appended, totalsRow, bodyRows } = at;
  // The table's rows stay the import's to write in place; rows beyond them are inserted.
  let ownedRows = Math.max(1, bodyRows);
  // First, so that if Excel refuses to shift cells (another table in the way), nothing of the
  // table has been changed yet. The table then takes the new columns at once, so every shift
  // after this spans exactly the table.
  const rowsNow = 1 + ownedRows + (totalsRow ? 1 : 0);
  insertAppendedColumns(sheet, headerRow, firstColumn, rowsNow, appended);
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  if (appended.headers.length > 0) {
    table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, rowsNow, places.width));
  }
  if (totalsRow && bodyRows > 1) {
    // Under a total row the old rows are deleted, not just emptied, so the total row moves up
    // under the one data row a table keeps (and the cells below the table with it, as when the
    // user deletes table rows); the new rows are inserted above it.
    sheet.getRangeByIndexes(headerRow + 2, firstColumn, bodyRows - 1, places.width).delete("Up");
    ownedRows = 1;
  }
  table.getDataBodyRange().clear("Contents");
  table.resize(
    sheet.getRangeByIndexes(headerRow, firstColumn, tableRows(0, totalsRow), places.width),
  );
  return ownedRows;
}
