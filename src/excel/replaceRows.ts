// How a refresh replaces a table's rows (see Replacing) without ever losing them. Before the first
// new row goes in, the old rows are copied under themselves, inside the table (one copy, in the
// request of the first block, so it overlaps the fetching of the next pages). The new rows are
// then written where the old ones are, as a refresh in place always wrote them: the old rows'
// cells stay where they are, so a reference to them (=Invoices!G5, a formula beside the table,
// =VLOOKUP(…,Invoices!A4:G140,…)) reads the new data. Rows beyond the old ones are inserted above
// the copy. A refresh that completes deletes the copy (and empties old rows the new list does not
// reach); one that fails or is cancelled copies the old rows back and deletes every row and
// column it added, so the workbook is as it was. Either way the user's filters come back; the
// sort is reapplied only over new rows (the rows put back keep the order they had).
import { tableRows } from "./tableCells";
import type { Placement } from "./tablePlacement";
import { queueViewAgain } from "./tableView";

/**
 * Queues copying the table's `oldRows` data rows into rows inserted under them, the table taken
 * over both (under a total row the inserted rows are data rows above it already).
 */
export function queueBackup(
  sheet: Excel.Worksheet,
  table: Excel.Table,
  placement: Placement,
  width: number,
): void {
  const { replacing, headerRow, firstColumn, totalsRow } = placement;
  const oldRows = replacing?.oldRows ?? 0;
  if (oldRows === 0) return;
  const top = headerRow + 1;
  const copy = sheet.getRangeByIndexes(top + oldRows, firstColumn, oldRows, width);
  copy.insert("Down");
  const rows = tableRows(2 * oldRows, totalsRow);
  table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, rows, width));
  copy.copyFrom(sheet.getRangeByIndexes(top, firstColumn, oldRows, width), "All");
}

/** What a finished refresh left in its table. */
export interface Replaced {
  /** The table's columns now. */
  readonly width: number;
  /** New rows written, from the first data row down. */
  readonly newRows: number;
  /** Rows of the copy of the old rows under the new ones (0: none was made). */
  readonly backupRows: number;
}

/**
 * Queues the end of a refresh whose whole list is in: the copy of the old rows deleted, old rows
 * beyond the new ones emptied and left out of the table, so the user's cells under it stay where
 * they are (under a total row they are deleted: the total row moves up under the data, as Excel
 * deletes table rows), and the user's filters and sort applied again. A table keeps one data
 * row: with no new row, the first old row is emptied (a calculated column keeps its formula).
 */
export function queueReplaced(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  placement: Placement,
  replaced: Replaced,
): void {
  const { replacing, headerRow, firstColumn, tableName, totalsRow } = placement;
  if (!replacing) return;
  const { oldRows, view, userColumns } = replacing;
  const { width, newRows, backupRows } = replaced;
  const top = headerRow + 1;
  if (backupRows > 0) {
    const below = Math.max(oldRows, newRows);
    sheet.getRangeByIndexes(top + below, firstColumn, backupRows, width).delete("Up");
  }
  const kept = Math.max(1, newRows);
  if (oldRows > kept || newRows === 0) {
    const from = Math.min(newRows, oldRows);
    if (totalsRow && oldRows > kept) {
      sheet.getRangeByIndexes(top + kept, firstColumn, oldRows - kept, width).delete("Up");
    }
    const cleared = totalsRow ? kept - from : oldRows - from;
    if (cleared > 0) {
      sheet.getRangeByIndexes(top + from, firstColumn, cleared, width).clear("Contents");
    }
    if (!totalsRow) {
      const table = context.workbook.tables.getItem(tableName);
      table.resize(
        sheet.getRangeByIndexes(headerRow, firstColumn, tableRows(newRows, false), width),
      );
    }
  }
  if (newRows === 0) {
    for (const { position, formula } of userColumns.calculated) {
      sheet.getRangeByIndexes(top, firstColumn + position, 1, 1).formulasR1C1 = [[formula]];
    }
  }
  queueViewAgain(context, tableName, view);
}

/** The table's data rows and columns now, as a refresh that failed left them. */
export interface TableSize {
  readonly rows: number;
  readonly columns: number;
}

/** Queues reading the table's size; after the sync, the returned function gives it. */
export function queueTableSize(workbook: Excel.Workbook, tableName: string): () => TableSize {
  const body = workbook.tables.getItem(tableName).getDataBodyRange();
  body.load("rowCount,columnCount");
  // Read after the sync its caller makes, as the returned function's contract says.
  /* eslint-disable office-addins/call-sync-after-load, office-addins/call-sync-before-read */
  return () => ({ rows: body.rowCount, columns: body.columnCount });
  /* eslint-enable office-addins/call-sync-after-load, office-addins/call-sync-before-read */
}

/**
 * Queues undoing a refresh, given the table's size now and the rows of the copy of its old rows
 * (0 when none was made, so none was written over): the old rows copied back from the last rows
 * of the table, then the rows under the old ones and the columns right of them deleted, as many
 * as are there (a request refused part-way may have put in fewer than the writer queued); a
 * header row shown for the refresh hidden again, and the user's filters applied again.
 */
export function queueUndo(
  context: Excel.RequestContext,
  placement: Placement,
  size: TableSize,
  backupRows: number,
): void {
  const { replacing, tableName, headerRow, firstColumn, sheetName, totalsRow } = placement;
  if (!replacing) return;
  const { oldRows, oldWidth, view } = replacing;
  const sheet = context.workbook.worksheets.getItem(sheetName);
  const top = headerRow + 1;
  const added = size.rows - oldRows;
  if (backupRows > 0 && added >= backupRows) {
    const copy = sheet.getRangeByIndexes(
      top + size.rows - backupRows,
      firstColumn,
      oldRows,
      size.columns,
    );
    sheet.getRangeByIndexes(top, firstColumn, oldRows, size.columns).copyFrom(copy, "All");
  }
  if (added > 0) {
    sheet.getRangeByIndexes(top + oldRows, firstColumn, added, size.columns).delete("Up");
  }
  const newColumns = size.columns - oldWidth;
  if (newColumns > 0) {
    const rows = 1 + oldRows + (totalsRow ? 1 : 0);
    sheet.getRangeByIndexes(headerRow, firstColumn + oldWidth, rows, newColumns).delete("Left");
  }
  if (placement.hideHeaders) context.workbook.tables.getItem(tableName).showHeaders = false;
  queueViewAgain(context, tableName, view, false);
}
