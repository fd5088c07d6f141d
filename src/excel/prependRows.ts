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
//
// Records with a nested list on a linked sheet (an invoice's lines) bring their linked rows: they
// go in at the top of the linked table in the same request as their records, and are left out
// with them, so the two tables never disagree about which records they hold.
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import type { TableProject } from "../domain/tableOwnership";
import type { CellValue, ColumnSpec } from "../sheets/cells";
import { NUMBER_FORMATS } from "../sheets/cells";
import { columnRuns } from "../sheets/columnPlaces";
import { formatsByColumn, keptRows, type RowBlock, textRowsByColumn } from "../sheets/rowBlock";
import {
  IMPORT_TABLES_SETTING,
  type ImportTablesSnapshot,
  type ImportTableState,
  mergedImportTablesValue,
  recordAfter,
  stateAfterFetchNew,
} from "../settings/importTables";
import { importTablesSetting } from "./importTablesSetting";
import { NewRowRun, idTexts } from "./newRowRun";
import { findPrependTargets, type PrependTarget } from "./prependTarget";
import type { ExcelRun } from "./run";
import { type StatusBlocked, writeStatus } from "./statusCell";
import { columnFormats, uniform } from "./tableCells";
import { queueViewAgain } from "./tableView";

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
   * table's filters and sort were applied again over the new rows.
   */
  readonly status: (rows: number, added: number, alreadyThere: number, viewKept: boolean) => string;
  /** How the table's record says the last update ended, once this call has finished. */
  readonly state?: ImportTableState;
  /** Each block written: rows added so far. */
  readonly onBlock?: (added: number) => void;
  /** The records' rows on a linked sheet (invoice lines), put in with them. */
  readonly linked?: LinkedPrepend;
}

/** The new records' linked rows (an invoice's lines), for the top of their own import table. */
export interface LinkedPrepend {
  /** The name the import gives the linked table ("InvoiceLines"). */
  readonly wanted: string;
  readonly columns: readonly ColumnSpec[];
  /** Per block of the records' rows, the linked rows of its records, in the same order. */
  readonly blocks: readonly RowBlock[];
  /** Per block of the records' rows, how many linked rows each of its rows has. */
  readonly perRow: readonly (readonly number[])[];
  /** The linked table's status line, given its records' sheet and final status line. */
  readonly status: (parentSheet: string, parentStatus: string) => string;
}

/** What went into the linked table. */
export interface LinkedAdded {
  readonly sheetName: string;
  readonly tableName: string;
  /** The linked table's data rows afterwards. */
  readonly rows: number;
  /** Linked rows this call put in. */
  readonly added: number;
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
      /** The table was filtered or sorted: both were applied again over the new rows. */
      readonly viewKept: boolean;
      /** The linked rows put in; null without a linked table. */
      readonly linked: LinkedAdded | null;
    }
  /**
   * The import's table, or its linked table, is gone (deleted since the ids were read): nothing
   * was written. `wanted` says which.
   */
  | { readonly kind: "no-table"; readonly wanted: string };

/** One table the new rows go into, and where their columns are in it. */
interface Place {
  readonly found: PrependTarget;
  readonly columns: readonly ColumnSpec[];
  /** Runs of consecutive table columns the new rows fill (see columnRuns). */
  readonly runs: readonly { first: number; columns: number[] }[];
  /** The table columns the new rows fill. */
  readonly filled: ReadonlySet<number>;
}

/** What the requests of one {@link prependRows} share. */
interface Prepend {
  readonly request: PrependRequest;
  readonly found: PrependTarget;
  readonly main: Place;
  /** The linked table, when the records bring linked rows. */
  readonly linked: (Place & { readonly link: LinkedPrepend }) | null;
  /** The import column of the rows' ids. */
  readonly idColumn: number;
  readonly newRun: NewRowRun;
  /** How many of the table's first rows to read for their ids. */
  readonly window: number;
}

/** What the requests so far did. */
interface Progress {
  /** The table's data rows. */
  rows: number;
  added: number;
  alreadyThere: number;
  status: string | null;
  /** The linked table's data rows, and the linked rows added. */
  linkedRows: number;
  linkedAdded: number;
}

/** One request's rows: a block of records, and their linked rows. */
interface BlockRows {
  readonly block: RowBlock;
  readonly linked?: { readonly block: RowBlock; readonly perRow: readonly number[] };
}

function placeOf(found: PrependTarget, columns: readonly ColumnSpec[]): Place {
  const { places } = found;
  return {
    found,
    columns,
    runs: columnRuns(places),
    filled: new Set(Array.from({ length: places.count }, (_, i) => places.position(i))),
  };
}

/**
 * Inserts `request.blocks` at the top of the import table named (when created)
 * `request.wanted`, and writes its status line where the last import wrote it. Rows whose id
 * is already at the top of the table (put there by another client since the ids were read) are
 * left out. Two syncs to find the table (and the linked one), then two per block (the table's
 * top, then the insert; for the last, the read also gets the workbook's record of import tables,
 * which the write needs anyway): linked rows add none. Throws, before changing anything, when
 * another table on the sheet is in the way of the cells that move down.
 */
export async function prependRows(run: ExcelRun, request: PrependRequest): Promise<PrependResult> {
  const { linked } = request;
  const wanted = [request, ...(linked ? [linked] : [])].map((each) => ({
    wanted: each.wanted,
    columns: each.columns,
    ...(request.project === undefined ? {} : { project: request.project }),
  }));
  const targets = await findPrependTargets(run, wanted);
  if ("gone" in targets) return { kind: "no-table", wanted: targets.gone };
  const found = targets[0]!;
  const { headerRow } = found;
  const total = request.blocks.reduce((sum, block) => sum + block.rows.length, 0);
  const idHeader = request.ids.header.toLowerCase();
  const idColumn = request.columns.findIndex((column) => column.header.toLowerCase() === idHeader);
  // Rows come with their ids (no rows may come with no columns at all).
  if (idColumn < 0 && total > 0) {
    throw new Error(`The new rows have no “${request.ids.header}” column.`);
  }
  const newRun = new NewRowRun(
    request.blocks.flatMap((block) => idsOf(block, idColumn)),
    request.ids.newest,
  );
  const linkedFound = targets[1];
  const prepend: Prepend = {
    request,
    found,
    main: placeOf(found, request.columns),
    linked:
      linked && linkedFound ? { ...placeOf(linkedFound, linked.columns), link: linked } : null,
    idColumn,
    newRun,
    window: Math.min(newRun.rowsToRead, EXCEL_MAX_ROWS - headerRow - 1),
  };
  // Each request that inserts first reads the table's top (the last request in the sync that
  // reads the workbook's record of import tables, which it needs anyway). Office.js batches are
  // not transactional: rows another client puts in between that read and the insert (one round
  // trip; for a co-author, also what Excel has not yet merged into this copy of the workbook)
  // are not seen, so the window is narrowed to that, not closed.
  const progress: Progress = {
    rows: found.rows,
    added: 0,
    alreadyThere: 0,
    status: null,
    linkedRows: linkedFound?.rows ?? 0,
    linkedAdded: 0,
  };
  const blocks = blockRows(request).reverse();
  // Oldest block first; at least one request, so the status is written also when none is new.
  if (blocks.length === 0)
    await run((context) => writeBlock(context, prepend, progress, undefined, true));
  for (const [index, block] of blocks.entries()) {
    const final = index === blocks.length - 1;
    const count = await run((context) => writeBlock(context, prepend, progress, block, final));
    if (count === null) break;
    progress.added += count;
    request.onBlock?.(progress.added);
  }
  const linkedAdded: LinkedAdded | null = linkedFound
    ? {
        sheetName: linkedFound.sheetName,
        tableName: linkedFound.tableName,
        rows: progress.linkedRows,
        added: progress.linkedAdded,
      }
    : null;
  return {
    kind: "added",
    sheetName: found.sheetName,
    tableName: found.tableName,
    rows: progress.rows,
    added: progress.added,
    alreadyThere: progress.alreadyThere,
    notAdded: total - progress.added - progress.alreadyThere,
    status: progress.status,
    statusBlocked: found.statusBlocked,
    unfilledColumns: found.places.unfilled(),
    viewKept: viewKept(found),
    linked: linkedAdded,
  };
}

/** The request's blocks with their linked rows, those with no rows left out, newest first. */
function blockRows(request: PrependRequest): BlockRows[] {
  const { linked } = request;
  const paired = request.blocks.map((block, index): BlockRows => {
    const linkedBlock = linked?.blocks[index];
    const perRow = linked?.perRow[index];
    return linkedBlock && perRow ? { block, linked: { block: linkedBlock, perRow } } : { block };
  });
  return paired.filter((each) => each.block.rows.length > 0);
}

/** Per linked row, whether it goes in: with its record. */
function linkedKeep(keep: readonly boolean[], perRow: readonly number[]): boolean[] {
  return keep.flatMap((kept, row) => Array<boolean>(perRow[row] ?? 0).fill(kept));
}

/** The ids of a block's rows, as text. */
function idsOf(block: RowBlock, idColumn: number): string[] {
  return idTexts(block.rows.map((row) => row[idColumn]));
}

/** Queues reading the table's row count and the ids of its first rows (never past the table). */
function queueTop(context: Excel.RequestContext, prepend: Prepend) {
  const { found, idColumn, window } = prepend;
  const body = context.workbook.tables.getItem(found.tableName).getDataBodyRange();
  body.load("rowCount");
  const column = body.getColumn(found.places.position(idColumn));
  const top = column
    .getRow(0)
    .getResizedRange(window - 1, 0)
    .getIntersectionOrNullObject(column);
  top.load("values");
  const linked = prepend.linked
    ? context.workbook.tables.getItem(prepend.linked.found.tableName).getDataBodyRange()
    : null;
  linked?.load("rowCount");
  return { body, top, linked };
}

/**
 * One request: the rows of a block that are not there yet inserted at the top, and with the
 * last, the status and record. The rows it added, or null when it stopped (see newRowRun.ts).
 */
async function writeBlock(
  context: Excel.RequestContext,
  prepend: Prepend,
  progress: Progress,
  rows: BlockRows | undefined,
  final: boolean,
): Promise<number | null> {
  const block = rows?.block;
  const read = block ? queueTop(context, prepend) : undefined;
  // Read first: another import (Refresh all) may have recorded its table since.
  const current = final ? await importTablesSetting(context) : undefined;
  if (read && !final) await context.sync();
  let rowsIn: RowBlock | undefined;
  let linkedIn: RowBlock | undefined;
  if (block && read) {
    const { body, top } = read;
    const ids = top.isNullObject ? [] : idTexts(top.values.map((row) => row[0]));
    const plan = prepend.newRun.plan(idsOf(block, prepend.idColumn), ids);
    if (plan.kind === "stop") {
      hideHeadersAgain(context, prepend);
      for (const place of [prepend.main, ...(prepend.linked ? [prepend.linked] : [])]) {
        queueViewAgain(context, place.found.tableName, place.found.view);
      }
      await context.sync();
      return null;
    }
    progress.rows = body.rowCount;
    progress.alreadyThere += plan.alreadyThere;
    rowsIn = keptRows(block, plan.keep);
    if (rows?.linked && read.linked) {
      progress.linkedRows = read.linked.rowCount;
      linkedIn = keptRows(rows.linked.block, linkedKeep(plan.keep, rows.linked.perRow));
    }
  }
  const count = rowsIn?.rows.length ?? 0;
  const linkedCount = linkedIn?.rows.length ?? 0;
  progress.rows += count;
  progress.linkedRows += linkedCount;
  progress.linkedAdded += linkedCount;
  if (count === 0 && !final) return 0;
  context.application.suspendApiCalculationUntilNextSync();
  if (rowsIn && count > 0) queueRows(context, prepend.main, rowsIn);
  if (prepend.linked && linkedIn && linkedCount > 0) queueRows(context, prepend.linked, linkedIn);
  if (final) queueFinal(context, prepend, progress, count, current);
  await context.sync();
  return count;
}

/** True when the table had filters or a sort, applied again over the new rows. */
function viewKept(found: PrependTarget): boolean {
  return found.view.filters.length > 0 || found.view.sorted;
}

/** Queues hiding again the header rows shown for the rows to go in; false when none was. */
function hideHeadersAgain(context: Excel.RequestContext, prepend: Prepend): boolean {
  const shown = [prepend.main, ...(prepend.linked ? [prepend.linked] : [])]
    .map((place) => place.found)
    .filter((found) => found.hideHeaders);
  for (const found of shown) context.workbook.tables.getItem(found.tableName).showHeaders = false;
  return shown.length > 0;
}

/**
 * Queues the final status lines (the linked table's says whose rows it holds), the header rows
 * hidden again and the tables' records.
 */
function queueFinal(
  context: Excel.RequestContext,
  prepend: Prepend,
  progress: Progress,
  count: number,
  current: ImportTablesSnapshot | undefined,
): void {
  const { found, request, linked } = prepend;
  const { rows, added, alreadyThere } = progress;
  const status = request.status(rows, added + count, alreadyThere, viewKept(found));
  progress.status = status;
  hideHeadersAgain(context, prepend);
  const refreshed = new Date().toISOString();
  const records = [recordOf(context, found, status, refreshed, request.state)];
  if (linked) {
    const linkedStatus = linked.link.status(found.sheetName, status);
    records.push(recordOf(context, linked.found, linkedStatus, refreshed, request.state));
  }
  context.workbook.settings.add(IMPORT_TABLES_SETTING, mergedImportTablesValue(current, records));
  for (const place of [prepend.main, ...(linked ? [linked] : [])]) {
    queueViewAgain(context, place.found.tableName, place.found.view);
  }
  context.application.calculate("Recalculate");
}

/** Queues a table's status line above it; its record as the update leaves it. */
function recordOf(
  context: Excel.RequestContext,
  found: PrependTarget,
  status: string,
  refreshed: string,
  state: ImportTableState | undefined,
) {
  if (found.statusRow !== null) {
    const sheet = context.workbook.worksheets.getItem(found.sheetName);
    writeStatus(sheet, found.statusRow, status, found.firstColumn);
  }
  const after = stateAfterFetchNew(found.record.state, state);
  return recordAfter(found.record, {
    status,
    shown: found.statusRow !== null,
    refreshed,
    ...(found.record.fullRefresh === undefined ? {} : { fullRefresh: found.record.fullRefresh }),
    ...(after === undefined ? {} : { state: after }),
  });
}

/** Queues inserting `block`'s rows at the top of the table, with their formats and values. */
function queueRows(context: Excel.RequestContext, place: Place, block: RowBlock): void {
  const { found, columns, runs, filled } = place;
  const { places, headerRow, firstColumn } = found;
  const sheet = context.workbook.worksheets.getItem(found.sheetName);
  const count = block.rows.length;
  const top = headerRow + 1;
  // Cells inserted at the first data row, across the table: Excel grows the table.
  sheet.getRangeByIndexes(top, firstColumn, count, places.width).insert("Down");
  const textRows = textRowsByColumn(block.textCells);
  // Amounts in a currency of other decimals than the column's have a format of their own.
  const ownFormats = formatsByColumn(block.formatCells ?? []);
  columns.forEach((column, index) => {
    const format = NUMBER_FORMATS[column.kind];
    sheet.getRangeByIndexes(top, firstColumn + places.position(index), count, 1).numberFormat =
      columnFormats(count, format, textRows.get(index), ownFormats.get(index));
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
}
