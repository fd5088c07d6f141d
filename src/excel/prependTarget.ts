// Finds the import table Fetch new puts rows at the top of, and readies it in one request:
// matches the new rows' columns to its header, stops before anything is written when something
// is in the way, clears its filters and appends the columns the new records bring.
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
  readonly filtersCleared: boolean;
}

/**
 * The import table named (when created) `request.wanted` of `request.project`, readied for new
 * rows of `request.columns` (two syncs), or null when it is gone.
 */
export async function findPrependTarget(
  run: ExcelRun,
  request: {
    readonly wanted: string;
    readonly project?: TableProject;
    readonly columns: readonly ColumnSpec[];
  },
): Promise<PrependTarget | null> {
  return run(async (context) => {
    const workbook = await loadOurTables(context, [
      "showHeaders",
      "worksheet/name",
      "worksheet/protection/protected",
    ]);
    const ours = ourTableFor(request.wanted, workbook, request.project);
    if (ours === null) return null;
    const { table, record } = ours;
    // Before anything is written (showing a hidden header row is a write).
    if (table.worksheet.protection.protected) {
      throw protectedSheet(table.worksheet.name, "use Fetch new again");
    }
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
    const othersOn = queueOtherTables(workbook.tables.filter((item) => item !== table));
    const inTheWay = queueInTheWay(table, sheet);
    await context.sync();
    const { headerRow, firstColumn, places, appended } = await placeColumns(
      context,
      table,
      { range, header, sheetName: sheet.name, othersOn, hideHeaders, inTheWay },
      request.columns,
      "adding rows inserts",
    );
    const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
    // Excel refuses to insert cells in a filtered table, and the filter could hide the new rows.
    const filtersCleared = inTheWay.filtered();
    if (filtersCleared) table.clearFilters();
    // Columns the new records bring are appended at the right, as a refresh appends them, and
    // the table takes them at once, so the rows inserted later span exactly the table.
    insertAppendedColumns(sheet, headerRow, firstColumn, range.rowCount, appended);
    writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
    if (appended.headers.length > 0) {
      table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, range.rowCount, places.width));
    }
    await context.sync();
    const { statusRow, statusBlocked } = statusOf();
    return {
      sheetName: sheet.name,
      tableName: table.name,
      record,
      headerRow,
      firstColumn,
      hideHeaders,
      rows: body.rowCount,
      formats: (firstRow.numberFormat[0] ?? []).map((format) => String(format)),
      places,
      statusRow,
      statusBlocked,
      filtersCleared,
    };
  });
}
