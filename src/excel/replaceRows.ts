// The end of a refresh that replaces a table's rows (see Replacing). The new rows went in below the
// old ones; a refresh that completes copies them over the old rows and takes out the copied
// ones, and one that fails or is cancelled takes out the new rows and columns instead. Copied,
// not moved: the old rows' cells stay where they are, so a reference to them (=Invoices!G5, a
// formula beside the table, =VLOOKUP(…,Invoices!A4:G140,…)) reads the new data, as it did when a
// refresh wrote in place. Either way the user's filters come back; the sort is reapplied only over
// new rows (the rows put back keep the order they had).
import { tableRows } from "./tableCells";
import type { Placement } from "./tablePlacement";
import { queueViewAgain } from "./tableView";

/**
 * Queues putting the new rows in the old rows' place, now that they are all in, and applying the
 * user's filters and sort again. Old rows beyond the new ones are emptied and left out of the
 * table, so the user's cells under it stay where they are; under a total row they are deleted
 * (the total row moves up under the data, as Excel deletes table rows). A table keeps one data
 * row: with no new row, the first old row is emptied (a calculated column keeps its formula).
 */
export function queueReplaced(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  placement: Placement,
  width: number,
  newRows: number,
): void {
  const { replacing, headerRow, firstColumn, tableName, totalsRow } = placement;
  if (!replacing) return;
  const { oldRows, view, userColumns } = replacing;
  const top = headerRow + 1;
  const copied = Math.min(oldRows, newRows);
  if (copied > 0) {
    const staged = sheet.getRangeByIndexes(top + oldRows, firstColumn, copied, width);
    sheet.getRangeByIndexes(top, firstColumn, copied, width).copyFrom(staged, "All");
    // The copied rows were inserted: taking them out moves what lies below back up.
    staged.delete("Up");
  }
  const kept = Math.max(1, newRows);
  if (oldRows > kept || newRows === 0) {
    const table = context.workbook.tables.getItem(tableName);
    const from = newRows === 0 ? 0 : newRows;
    if (totalsRow && oldRows > kept) {
      sheet.getRangeByIndexes(top + kept, firstColumn, oldRows - kept, width).delete("Up");
    }
    const cleared = totalsRow ? kept - from : oldRows - from;
    if (cleared > 0) {
      sheet.getRangeByIndexes(top + from, firstColumn, cleared, width).clear("Contents");
    }
    if (!totalsRow) {
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
 * Queues taking a refresh's new rows and columns out again, given the table's size now: the rows
 * below the old ones and the columns right of them, as many as are there (a request refused
 * part-way may have put in fewer than the writer queued); then hiding a header row shown for the
 * refresh again and applying the user's filters again.
 */
export function queueUndo(
  context: Excel.RequestContext,
  placement: Placement,
  size: TableSize,
): void {
  const { replacing, tableName, headerRow, firstColumn, sheetName, totalsRow } = placement;
  if (!replacing) return;
  const { oldRows, oldWidth, view } = replacing;
  const sheet = context.workbook.worksheets.getItem(sheetName);
  const newRows = size.rows - oldRows;
  if (newRows > 0) {
    sheet
      .getRangeByIndexes(headerRow + 1 + oldRows, firstColumn, newRows, size.columns)
      .delete("Up");
  }
  const newColumns = size.columns - oldWidth;
  if (newColumns > 0) {
    const rows = 1 + oldRows + (totalsRow ? 1 : 0);
    sheet.getRangeByIndexes(headerRow, firstColumn + oldWidth, rows, newColumns).delete("Left");
  }
  if (placement.hideHeaders) context.workbook.tables.getItem(tableName).showHeaders = false;
  queueViewAgain(context, tableName, view, false);
}
