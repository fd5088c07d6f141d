// Writes an import into an Excel table, block by block: one sheet per collection, a status line
// above the table, number formats per column before the values (so text stays text), and refresh
// in place (the same table keeps its name, position and columns, so formulas that refer to it,
// such as =SUM(Invoices[Total]), keep pointing at the same data, and a total row the user
// switched on stays under the data with its own formulas).
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import { cellAddress } from "../sheets/cellAddresses";
import { type CellValue, type ColumnSpec, NUMBER_FORMATS } from "../sheets/cells";
import type { ColumnPlaces } from "../sheets/columnPlaces";
import { recordKeyColumn, RecordKeys } from "../sheets/recordKeys";
import { ColumnWidths } from "../sheets/columnWidths";
import { formatsByColumn, type RowBlock, textRowsByColumn } from "../sheets/rowBlock";
import type { NameInTheWay, TableLayout } from "../sheets/tableNameAndStatus";
import type {
  DisputedTable,
  ImportTableState,
  ImportTablesSnapshot,
  OurTable,
} from "../settings/importTables";
import { recordAfter } from "../settings/importTables";
import { queueImportTables } from "./importTablesSetting";
import { type NextTable, openImportTable } from "./openTable";
import type { ExcelRun } from "./run";
import { afterQueuedWork } from "../util/afterQueuedWork";
import { type StatusBlocked, writeStatus } from "./statusCell";
import {
  columnFormats,
  insertAppendedColumns,
  tableRows,
  writeAppendedHeaders,
} from "./tableCells";
import type { Placement } from "./tablePlacement";
import { queueBackup, queueReplaced, queueTableSize, queueUndo } from "./replaceRows";

/**
 * Cells office.js is given between two turns of the event loop while a block is queued: about
 * 4 ms of its work on a slow machine. An API answer that arrives meanwhile waits no longer than
 * that for the next page's request to go out; the turns themselves cost microseconds (no timer,
 * see afterQueuedWork).
 */
const QUEUE_SLICE_CELLS = 2_500;

/**
 * One import's table. {@link open} finds or creates it (two or three syncs); {@link queueBlock}
 * queues a block of rows without syncing, so several tables can share one request
 * ({@link writeBlocks}); {@link finish} writes the final status.
 *
 * The user's cells are never written over. Rows the table grows into beyond its own are inserted
 * first (cells shift down in the table's columns, as Excel's query tables do by default, and
 * Excel adjusts formulas that refer to the moved cells); a column appended at the right shifts
 * the cells right of the table's rows. The status line is written only into an empty cell or the
 * one the last import wrote.
 */
export class TableWriter {
  private rowsWritten = 0;
  /** Data rows below the header that may be written in place (see Placement.ownedRows). */
  private ownedRows: number;
  /** The rows a refresh replaces (see replaceRows.ts). */
  private readonly oldRows: number;
  /** Rows under the new ones holding a copy of the rows a refresh replaces; 0 until made. */
  private backupRows = 0;
  /** The keys of the new rows, for the user's typed cells; null without such columns. */
  private readonly keys: RecordKeys | null;
  /** Column widths from the first rows' values. */
  private readonly widths = new ColumnWidths();
  /** The headers of the import's columns, as the last block had them. */
  private columnHeaders: string[];

  private constructor(
    private readonly placement: Placement,
    private readonly places: ColumnPlaces,
    columns: readonly ColumnSpec[],
    private readonly sheetRows: number,
    /** Set when this import created its table under another name than it wanted. */
    readonly nameInTheWay: NameInTheWay | null,
    /**
     * Tables the workbook's records claim for this import whose proofs disagree: left alone,
     * the import wrote beside them.
     */
    readonly disputed: readonly DisputedTable[],
    /** This table's record as the setting held it when it was opened (or a new one). */
    private readonly record: OurTable,
  ) {
    this.ownedRows = placement.ownedRows;
    this.oldRows = placement.replacing?.oldRows ?? 0;
    const userColumns = placement.replacing?.userColumns;
    const key = userColumns?.any ? recordKeyColumn(columns) : null;
    this.keys = key ? new RecordKeys(key) : null;
    if (userColumns) places.leaveAlone(userColumns.positions);
    this.columnHeaders = columns.map((column) => column.header);
    this.widths.measure([this.columnHeaders]);
  }

  /**
   * Headers of the refreshed table's columns that this import has no data for. They stay in
   * the table (a formula may refer to them), empty for the new rows.
   */
  get unfilledColumns(): string[] {
    return this.places.unfilled();
  }

  get sheetName(): string {
    return this.placement.sheetName;
  }

  /** True when the refreshed table had filters or a sort, applied again after the write. */
  get viewKept(): boolean {
    const view = this.placement.replacing?.view;
    return view !== undefined && (view.filters.length > 0 || view.sorted);
  }

  /** The rows a refresh replaces, with when they were imported; null for a new table. */
  get replacing(): { readonly rows: number; readonly since?: string } | null {
    const replacing = this.placement.replacing;
    if (!replacing) return null;
    return {
      rows: replacing.oldRows,
      ...(replacing.since === undefined ? {} : { since: replacing.since }),
    };
  }

  /**
   * The headers of the table's columns that are the import's: those it wrote, and those an
   * earlier import wrote that got no data this time (they stay the import's, left empty).
   */
  ownColumns(): string[] {
    const written = this.columnHeaders;
    const known = new Set(written.map((header) => header.toLowerCase()));
    return [
      ...written,
      ...this.emptiedColumns.filter((header) => !known.has(header.toLowerCase())),
    ];
  }

  /** Headers of the columns an earlier import wrote that this one has no data for: left empty. */
  get emptiedColumns(): string[] {
    const earlier = new Set((this.record.columns ?? []).map((header) => header.toLowerCase()));
    return this.places.unfilled().filter((header) => earlier.has(header.toLowerCase()));
  }

  /** Per column of the user's, the typed cells whose records no new row brought. */
  leftBehind(): { readonly header: string; readonly count: number }[] {
    return this.placement.replacing?.userColumns.leftBehind() ?? [];
  }

  get tableName(): string {
    return this.placement.tableName;
  }

  /**
   * The A1 address of import column `column` in zero-based data row `row`, as written; undefined
   * for a column that has no place in the table.
   */
  cellAddress(column: number, row: number): string | undefined {
    if (column >= this.places.count) return undefined;
    const { firstColumn, headerRow } = this.placement;
    return cellAddress(firstColumn + this.places.position(column), headerRow + 2 + row);
  }

  get rows(): number {
    return this.rowsWritten;
  }

  /**
   * Null when the status line is written above the table; otherwise why not: the table sits on
   * the sheet's first rows, or the cell two rows above its header holds the user's content.
   */
  get statusBlocked(): StatusBlocked | null {
    return this.placement.statusBlocked ?? null;
  }

  /**
   * How many data rows fit on the sheet below the header (and above a total row), beside the
   * copy of the rows a refresh replaces, which stays until the new ones have all arrived.
   */
  get capacity(): number {
    const { headerRow, totalsRow } = this.placement;
    return this.sheetRows - (headerRow + 1) - (totalsRow ? 1 : 0) - this.oldRows;
  }

  /** How many more data rows fit below the rows written so far. */
  get remainingRows(): number {
    return this.capacity - this.rowsWritten;
  }

  /**
   * Finds or creates the import's table ({@link openImportTable}, two or three syncs): an
   * earlier import's table is refreshed in place, and the user's things are never written over
   * ({@link nameInTheWay} and {@link disputed} say what was left alone).
   */
  static async open(
    run: ExcelRun,
    layout: TableLayout,
    columns: readonly ColumnSpec[],
    status: string,
    /** The sheet's row count; Excel's unless a test needs a smaller sheet. */
    sheetRows = EXCEL_MAX_ROWS,
    /**
     * Tables the same import writes next (a payment's allocations), with their columns: a
     * protected sheet, or something in the way, of one an earlier import made stops this
     * import too, before anything is written.
     */
    next: readonly NextTable[] = [],
  ): Promise<TableWriter> {
    const opened = await openImportTable(run, layout, columns, status, next);
    const { parent } = layout;
    return new TableWriter(
      opened.placement,
      opened.places,
      columns,
      sheetRows,
      opened.nameInTheWay,
      opened.disputed,
      parent === undefined ? opened.record : { ...opened.record, parent },
    );
  }

  /**
   * Queues `block` below the rows written so far: number formats per column (a single value
   * per column, so the request stays small), "@" on the listed text cells, then the values in
   * one 2-D assignment, the table resized over them and the status line updated. `columns` is
   * the current column list; columns added since the last block get their header cells. Rows
   * beyond the table's own are inserted first (above the total row when it is shown), so what
   * lies under the table moves down.
   */
  async queueBlock(
    context: Excel.RequestContext,
    columns: readonly ColumnSpec[],
    block: RowBlock,
    status: string,
  ): Promise<void> {
    const count = block.rows.length;
    if (count === 0) return;
    if (count > this.remainingRows) {
      throw new Error(`Only ${this.remainingRows} more rows fit on sheet ${this.sheetName}.`);
    }
    const { headerRow, firstColumn, totalsRow } = this.placement;
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    const places = this.places;
    const appended = places.place(columns);
    this.columnHeaders = columns.map((column) => column.header);
    const ownRows = Math.max(this.ownedRows, this.rowsWritten);
    const dataTop = headerRow + 1;
    // The copy a refresh keeps of the rows it replaces lies under the new rows, in the table.
    const below = this.backupRows;
    const tableRowsNow = tableRows(ownRows + below, totalsRow);
    insertAppendedColumns(sheet, headerRow, firstColumn, tableRowsNow, appended);
    writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
    const width = places.width;
    const table = context.workbook.tables.getItem(this.placement.tableName);
    if (appended.headers.length > 0) {
      // The table takes its new columns first, so the rows inserted below span exactly the
      // table (Excel refuses a shift across a table and cells beside it).
      table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, tableRowsNow, width));
    }
    const top = dataTop + this.rowsWritten;
    const end = this.rowsWritten + count;
    if (end > ownRows) {
      // Under a total row these cells are inserted at the total row: they become data rows
      // above it and push it down, as Excel inserts table rows, so its formulas
      // (=SUBTOTAL(109,[Total])) cover them. Otherwise they are inserted right under the table.
      // Either way the cells below move down in the table's columns, with the formulas that
      // refer to them, rather than being written over.
      sheet.getRangeByIndexes(dataTop + ownRows, firstColumn, end - ownRows, width).insert("Down");
      this.ownedRows = end;
      // The table takes the inserted rows at once: should a later command of the request be
      // refused, the table's row count says which rows went in, and undoing a refresh removes
      // exactly those (see undoTables).
      const rows = tableRows(end + below, totalsRow);
      table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, rows, width));
    }
    await this.queueFormats(sheet, columns, block, top);
    this.widths.measure(block.rows);
    // office.js reads every cell of a values assignment as it is made, on this thread. In slices,
    // with the event loop let in between, the API's next page is asked for meanwhile instead of
    // waiting for the whole block (the request and its one sync are the same).
    const sliceRows = Math.max(1, Math.floor(QUEUE_SLICE_CELLS / Math.max(1, width)));
    for (let at = 0; at < count; at += sliceRows) {
      await afterQueuedWork();
      const slice = block.rows.slice(at, at + sliceRows);
      // office.js only reads the arrays it is given.
      sheet.getRangeByIndexes(top + at, firstColumn, slice.length, width).values = slice.map(
        (row) => places.tableRow(row) as (CellValue | null)[],
      );
    }
    this.queueUserCells(sheet, block, top);
    this.rowsWritten += count;
    if (end <= ownRows && !this.placement.replacing) {
      table.resize(
        sheet.getRangeByIndexes(
          headerRow,
          firstColumn,
          tableRows(this.rowsWritten, totalsRow),
          width,
        ),
      );
    }
    // A refresh leaves the status line as it is until the new rows replace the old ones.
    if (this.placement.statusRow !== null && !this.placement.replacing) {
      writeStatus(sheet, this.placement.statusRow, status, firstColumn);
    }
  }

  /** True while a refresh has not yet copied the rows it replaces (see replaceRows.ts). */
  get needsBackup(): boolean {
    return this.placement.replacing !== undefined && this.backupRows === 0;
  }

  /**
   * Queues copying the rows a refresh replaces under themselves, inside the table, before the
   * first new row is written over them; {@link backupDone} once its request has succeeded.
   */
  queueBackup(context: Excel.RequestContext): void {
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    const table = context.workbook.tables.getItem(this.placement.tableName);
    queueBackup(sheet, table, this.placement, this.places.width);
  }

  /** The copy {@link queueBackup} queued is in: the old rows may be written over. */
  backupDone(): void {
    this.backupRows = this.oldRows;
  }

  /**
   * Queues the cells of the user's columns for the block's rows, written from row `top`: a
   * calculated column's formula, and each typed cell with its record (see UserColumns).
   */
  private queueUserCells(sheet: Excel.Worksheet, block: RowBlock, top: number): void {
    const userColumns = this.placement.replacing?.userColumns;
    if (!userColumns?.any) return;
    const keys = this.keys?.of(block.rows) ?? block.rows.map(() => null);
    for (const cells of userColumns.cellsFor(keys)) {
      const column = this.placement.firstColumn + cells.position;
      const range = sheet.getRangeByIndexes(top, column, block.rows.length, 1);
      if (cells.formats) range.numberFormat = cells.formats as string[][];
      range.formulasR1C1 = cells.formulas as string[][];
    }
  }

  /**
   * Queues the number formats of `block`'s cells, written from row `top`: one range per column,
   * never a range per cell (see columnFormats).
   */
  private async queueFormats(
    sheet: Excel.Worksheet,
    columns: readonly ColumnSpec[],
    block: RowBlock,
    top: number,
  ): Promise<void> {
    const count = block.rows.length;
    const textRows = textRowsByColumn(block.textCells);
    const ownFormats = formatsByColumn(block.formatCells ?? []);
    let cellsSinceYield = 0;
    for (const [index, column] of columns.entries()) {
      if (cellsSinceYield >= QUEUE_SLICE_CELLS) {
        await afterQueuedWork();
        cellsSinceYield = 0;
      }
      cellsSinceYield += count;
      const format = NUMBER_FORMATS[column.kind];
      const range = sheet.getRangeByIndexes(
        top,
        this.placement.firstColumn + this.places.position(index),
        count,
        1,
      );
      range.numberFormat = columnFormats(count, format, textRows.get(index), ownFormats.get(index));
    }
  }

  /**
   * Queues the final status and sizes the columns to their contents; with `show`, shows the
   * sheet (only the main table's: a linked sheet shown last would hide the list the user asked for).
   */
  queueFinish(context: Excel.RequestContext, status: string, show: boolean): void {
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    // The whole list is in: the rows it replaces go, and the user's filters and sort come back.
    queueReplaced(context, sheet, this.placement, {
      width: this.places.width,
      newRows: this.rowsWritten,
      backupRows: this.backupRows,
    });
    if (this.placement.statusRow !== null) {
      writeStatus(sheet, this.placement.statusRow, status, this.placement.firstColumn);
    }
    // Only the import's columns: a kept column the import did not fill keeps its width.
    for (let column = 0; column < this.places.count; column++) {
      const position = this.placement.firstColumn + this.places.position(column);
      sheet.getRangeByIndexes(0, position, 1, 1).format.columnWidth = this.widths.points(column);
    }
    if (this.placement.hideHeaders) {
      context.workbook.tables.getItem(this.placement.tableName).showHeaders = false;
    }
    // A sheet the user hid stays hidden (Excel refuses to activate it).
    if (show && this.placement.visible) sheet.activate();
  }

  /**
   * Queues reading what a refresh put into the table so far; after the sync, the returned
   * function queues taking it out again (see replaceRows.ts). Null for a new table.
   */
  queueUndo(context: Excel.RequestContext): ((later: Excel.RequestContext) => void) | null {
    if (!this.placement.replacing) return null;
    const size = queueTableSize(context.workbook, this.placement.tableName);
    return (later) => queueUndo(later, this.placement, size(), this.backupRows);
  }

  /**
   * Queues the setting that records the import's tables: `current` (read in the same request)
   * with each writer's record put in, with its final status from `final`. Other tables'
   * records are kept as read, so imports that run side by side (Refresh all) never put back
   * each other's older statuses; records of tables that are gone are dropped.
   */
  static queueRecords(
    context: Excel.RequestContext,
    writers: readonly TableWriter[],
    current: ImportTablesSnapshot,
    final: readonly { readonly status: string; readonly state?: ImportTableState }[],
  ): void {
    const refreshed = new Date().toISOString();
    const own = writers.map((writer, index) =>
      recordAfter(writer.record, {
        status: final[index]?.status ?? "",
        shown: writer.placement.statusRow !== null,
        refreshed,
        fullRefresh: refreshed,
        ...(final[index]?.state === undefined ? {} : { state: final[index]?.state }),
        columns: writer.ownColumns(),
      }),
    );
    queueImportTables(context, current, own);
  }
}
