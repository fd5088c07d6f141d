// Puts new records at the top of an import table (Fetch new): cursor lists come newest
// first, so records that appeared since the last import go above the rows the table holds. Rows
// are inserted inside the table (Excel grows it, and what lies below moves down, never written
// over), number formats go on before values (ids stay text), and only the import's columns get
// values: a column the user added to the table keeps what Excel gives a new row (a calculated
// column fills itself).
//
// A large batch is written in several requests, oldest records first, each inserted at the top:
// if a request fails, the table holds an unbroken run of the list (the oldest of the new records
// above the old ones), so the next fetch of new records gets exactly the rest. Before each insert
// the table's top ids are read again, and records another client (a co-author, or a second fetch
// in this pane) has put there since are left out (newRowRun.ts).
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import type { CellValue, ColumnSpec } from "../sheets/cells";
import { NUMBER_FORMATS } from "../sheets/cells";
import type { ExcelRun } from "./run";
import { NewRowRun, idTexts } from "./newRowRun";
import { loadOurTables, ourTableFor } from "./ourTables";
import {
  type ColumnPlaces,
  IMPORT_TABLES_SETTING,
  importTablesSetting,
  mergedImportTablesValue,
  insertAppendedColumns,
  placeColumns,
  protectedSheet,
  queueInTheWay,
  queueOtherTables,
  type RowBlock,
  StatusBlocked,
  type TableProject,
  queueStatusCell,
  textRowsByColumn,
  uniform,
  writeAppendedHeaders,
  writeStatus,
} from "./tableWriter";

export interface PrependRequest {
  /** The name the import gives its table ("Invoices"): which import table to find. */
  readonly wanted: string;
  /** The project the rows come from: only its table is written to. */
  readonly project?: TableProject;
  /** The new rows' columns, as the shaper made them; matched to the table's by header. */
  readonly columns: readonly ColumnSpec[];
  /**
   * The new rows in the server's order (newest first), cut into blocks of at most one
   * request each, in that order.
   */
  readonly blocks: readonly RowBlock[];
  /**
   * The header of the column that identifies a row (matched as a refresh matches headers), and
   * the id of the table's first row when the new records were looked for: each insert first
   * re-reads the table's top ids and leaves out the records already there (see newRowRun.ts).
   */
  readonly ids: { readonly header: string; readonly newest: string };
  /**
   * The final status line, given the table's data rows afterwards, the rows this call added,
   * the new records it found already there (put in by another client meanwhile) and whether the
   * table's filters were cleared.
   */
  readonly status: (
    rows: number,
    added: number,
    alreadyThere: number,
    filtersCleared: boolean,
  ) => string;
  /** Each block written: rows added so far. */
  readonly onBlock?: (added: number) => void;
}

export type PrependResult =
  | {
      readonly kind: "added";
      readonly sheetName: string;
      readonly tableName: string;
      /** The table's data rows afterwards. */
      readonly rows: number;
      /** Rows this call put in. */
      readonly added: number;
      /** New records left out because they were already at the top (another client's). */
      readonly alreadyThere: number;
      /**
       * New records left out because the table's top changed in a way this call cannot continue
       * (another client's rows it cannot line up, or an edit): the next fetch gets them.
       */
      readonly notAdded: number;
      /** The status line written; null when the call stopped before writing it. */
      readonly status: string | null;
      /** Null when the status line is written above the table; otherwise why not. */
      readonly statusBlocked: StatusBlocked | null;
      /** Headers of the table's columns the new rows have no data for (left as Excel fills). */
      readonly unfilledColumns: readonly string[];
      /** The table was filtered: its filters were cleared so the new rows show. */
      readonly filtersCleared: boolean;
    }
  /** The import's table is gone (deleted since its ids were read): nothing was written. */
  | { readonly kind: "no-table" };

/** The rows of `block` marked in `keep`, with their text cells. */
function keptRows(block: RowBlock, keep: readonly boolean[]): RowBlock {
  if (keep.every((kept) => kept)) return block;
  const newIndex: number[] = [];
  let next = 0;
  for (const kept of keep) newIndex.push(kept ? next++ : -1);
  return {
    rows: block.rows.filter((_, row) => keep[row] === true),
    textCells: block.textCells
      .filter((cell) => keep[cell.row] === true)
      .map((cell) => ({ row: newIndex[cell.row] ?? -1, column: cell.column })),
  };
}

/** Runs of consecutive table columns: [first table column, import column indexes]. */
function columnRuns(places: ColumnPlaces): { first: number; columns: number[] }[] {
  const order = Array.from({ length: places.count }, (_, index) => index).sort(
    (a, b) => places.position(a) - places.position(b),
  );
  const runs: { first: number; columns: number[] }[] = [];
  for (const index of order) {
    const position = places.position(index);
    const last = runs[runs.length - 1];
    if (last && last.first + last.columns.length === position) last.columns.push(index);
    else runs.push({ first: position, columns: [index] });
  }
  return runs;
}

/**
 * Inserts `request.blocks` at the top of the import table named (when created)
 * `request.wanted`, and writes its status line where the last import wrote it. Rows whose id
 * is already at the top of the table (put there by another client since the ids were read) are
 * left out. Two syncs to find the table, then two per block (the table's top, then the
 * insert; for the last, the read also gets the workbook's record of import tables, which the
 * write needs anyway). Throws, before changing anything, when another table on the sheet is in
 * the way of the cells that move down.
 */
export async function prependRows(run: ExcelRun, request: PrependRequest): Promise<PrependResult> {
  const found = await run(async (context) => {
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
  if (found === null) return { kind: "no-table" };

  const { places, headerRow, firstColumn } = found;
  const runs = columnRuns(places);
  const filled = new Set(Array.from({ length: places.count }, (_, i) => places.position(i)));
  const total = request.blocks.reduce((sum, block) => sum + block.rows.length, 0);
  const idHeader = request.ids.header.toLowerCase();
  const idColumn = request.columns.findIndex((column) => column.header.toLowerCase() === idHeader);
  // Rows come with their ids (no rows may come with no columns at all).
  if (idColumn < 0 && total > 0) {
    throw new Error(`The new rows have no “${request.ids.header}” column.`);
  }
  const idsOf = (block: RowBlock) => idTexts(block.rows.map((row) => row[idColumn]));
  const newRun = new NewRowRun(request.blocks.flatMap(idsOf), request.ids.newest);
  const window = Math.min(newRun.rowsToRead, EXCEL_MAX_ROWS - headerRow - 1);
  /** Queues reading the table's row count and the ids of its first rows (never past the table). */
  const queueTop = (context: Excel.RequestContext) => {
    const body = context.workbook.tables.getItem(found.tableName).getDataBodyRange();
    body.load("rowCount");
    const column = body.getColumn(places.position(idColumn));
    const top = column
      .getRow(0)
      .getResizedRange(window - 1, 0)
      .getIntersectionOrNullObject(column);
    top.load("values");
    return { body, top };
  };
  // Each request that inserts first reads the table's top (the last request in the sync that
  // reads the workbook's record of import tables, which it needs anyway). Office.js batches are
  // not transactional: rows another client puts in between that read and the insert (one round
  // trip; for a co-author, also what Excel has not yet merged into this copy of the workbook)
  // are not seen, so the window is narrowed to that, not closed.
  let rows = found.rows;
  let added = 0;
  let alreadyThere = 0;
  let status: string | null = null;
  const blocks = [...request.blocks].reverse().filter((block) => block.rows.length > 0);
  /**
   * One request: the rows of a block that are not there yet inserted at the top, and with the
   * last, the status and record. The rows it added, or null when it stopped (see newRowRun.ts).
   */
  const write = (block: RowBlock | undefined, final: boolean) =>
    run(async (context): Promise<number | null> => {
      const read = block ? queueTop(context) : undefined;
      // Read first: another import (Refresh all) may have recorded its table since.
      const current = final ? await importTablesSetting(context) : undefined;
      if (read && !final) await context.sync();
      let rowsIn: RowBlock | undefined;
      if (block && read) {
        const { body, top } = read;
        const ids = top.isNullObject ? [] : idTexts(top.values.map((row) => row[0]));
        const plan = newRun.plan(idsOf(block), ids);
        if (plan.kind === "stop") {
          if (found.hideHeaders) {
            context.workbook.tables.getItem(found.tableName).showHeaders = false;
            await context.sync();
          }
          return null;
        }
        rows = body.rowCount;
        alreadyThere += plan.alreadyThere;
        rowsIn = keptRows(block, plan.keep);
      }
      const count = rowsIn?.rows.length ?? 0;
      rows += count;
      if (count === 0 && !final) return 0;
      context.application.suspendApiCalculationUntilNextSync();
      const sheet = context.workbook.worksheets.getItem(found.sheetName);
      if (rowsIn && count > 0) queueBlock(sheet, rowsIn);
      if (final) {
        status = request.status(rows, added + count, alreadyThere, found.filtersCleared);
        if (found.statusRow !== null) writeStatus(sheet, found.statusRow, status, firstColumn);
        if (found.hideHeaders) {
          context.workbook.tables.getItem(found.tableName).showHeaders = false;
        }
        const { id, marker, given, project } = found.record;
        const record = {
          id,
          marker,
          given,
          status,
          shown: found.statusRow !== null,
          ...(project === undefined ? {} : { project }),
        };
        context.workbook.settings.add(
          IMPORT_TABLES_SETTING,
          mergedImportTablesValue(current, [record]),
        );
        context.application.calculate("Recalculate");
      }
      await context.sync();
      return count;
    });
  const queueBlock = (sheet: Excel.Worksheet, block: RowBlock): void => {
    const count = block.rows.length;
    const top = headerRow + 1;
    // Cells inserted at the first data row, across the table: Excel grows the table.
    sheet.getRangeByIndexes(top, firstColumn, count, places.width).insert("Down");
    const textRows = textRowsByColumn(block.textCells);
    request.columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      const texts = textRows.get(index);
      sheet.getRangeByIndexes(top, firstColumn + places.position(index), count, 1).numberFormat =
        texts
          ? Array.from({ length: count }, (_, row) => [texts.has(row) ? "@" : format])
          : uniform(format);
    });
    // The user's columns take the format their first row had (inserted cells may copy the
    // header's "@").
    for (let column = 0; column < places.width; column++) {
      const format = found.formats[column];
      if (filled.has(column) || format === undefined) continue;
      sheet.getRangeByIndexes(top, firstColumn + column, count, 1).numberFormat = uniform(format);
    }
    for (const each of runs) {
      sheet.getRangeByIndexes(top, firstColumn + each.first, count, each.columns.length).values =
        block.rows.map((row) => each.columns.map((column) => row[column] ?? ("" as CellValue)));
    }
  };
  // Oldest block first; at least one request, so the status is written also when none is new.
  if (blocks.length === 0) await write(undefined, true);
  for (const [index, block] of blocks.entries()) {
    const count = await write(block, index === blocks.length - 1);
    if (count === null) break;
    added += count;
    request.onBlock?.(added);
  }
  return {
    kind: "added",
    sheetName: found.sheetName,
    tableName: found.tableName,
    rows,
    added,
    alreadyThere,
    notAdded: total - added - alreadyThere,
    status,
    statusBlocked: found.statusBlocked,
    unfilledColumns: places.unfilled(),
    filtersCleared: found.filtersCleared,
  };
}
