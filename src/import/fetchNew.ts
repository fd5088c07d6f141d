// Fetch new: adds the records that appeared since the table's last import, at the top
// where the server's newest-first order puts them, with O(new) requests. It does not see changes
// to records the table already holds; the result says so, and a full refresh stays one click
// away. When only-new is not possible (no table yet, no ID column, a partial table, the newest
// known record deleted, or the order not what we think) it falls back to a full refresh and says
// why.
import { isApiError, type JsonRecord } from "../api";
import { prependRows, type PrependResult } from "../excel/prependRows";
import { readImportTableIds } from "../excel/importTableIds";
import type { ExcelRun } from "../excel/run";
import type { RowBlock } from "../sheets/rowBlock";
import { headerForPath } from "../sheets";
import { IMPORT_BLOCK_BUDGET_BYTES } from "../domain/excelLimits";
import { BLOCK_MAX_ROWS, BlockPlanner } from "./blockPlanner";
import {
  fullRefreshMessage,
  newRowsMessage,
  newRowsStatus,
  tableForNewRows,
  type KnownTable,
} from "./fetchNewSummary";
import { importCollection, type ImportLimits } from "./importCollection";
import { sourceOf } from "./importSummary";
import { addingNewProgress, lookingForNewProgress, stopwatch } from "./progressReport";
import { tableStateOf } from "./tableState";
import { MisfitSummary } from "./misfitSummary";
import { recordNumberOf } from "./recordNumber";
import { fetchNewRecords, recordIdOf, type NewRecords } from "./newRecords";
import { linkedRowNames } from "./linkedRowNames";
import { PageRecords } from "./pageRows";
import { shapersFor, type CollectionShapers, type ShapedPage } from "../sheets/collectionShapers";
import { linkedStatus } from "../sheets/tableNameAndStatus";
import type { CollectionInfo } from "../domain/collections";
import { requestedCollection } from "./requestedCollection";
import type { ImportRequest, ImportResult } from "./importTypes";

/** What a fetch of new records did: only the new ones, or (falling back) a full refresh. */
export interface FetchNewResult extends ImportResult {
  readonly mode: "new" | "full";
  /** Records added at the top (mode "new"). */
  readonly added: number;
  /** List requests the search for new records made (before any fallback). */
  readonly requests: number;
}

export interface FetchNewOptions extends ImportLimits {
  /** Fall back to a full refresh after this many records without a known one. Default 5,000. */
  readonly maxNewRecords?: number;
}

/** What every step of a fetch of new records works from. */
interface FetchNew {
  readonly run: ExcelRun;
  readonly request: ImportRequest;
  readonly options: FetchNewOptions;
  readonly info: CollectionInfo;
  readonly shapers: CollectionShapers;
  readonly source: string;
  /** Time since the fetch began, for the rate its reports let the pane show. */
  readonly elapsed: () => number;
}

/** Rows `from` to `to` (exclusive) of `shaped`, as a block of their own. */
function sliceOf(shaped: RowBlock, from: number, to: number): RowBlock {
  return {
    rows: shaped.rows.slice(from, to),
    textCells: shaped.textCells
      .filter((cell) => cell.row >= from && cell.row < to)
      .map((cell) => ({ row: cell.row - from, column: cell.column })),
    formatCells: (shaped.formatCells ?? [])
      .filter((cell) => cell.row >= from && cell.row < to)
      .map((cell) => ({ ...cell, row: cell.row - from })),
  };
}

/** The new records' rows, and their linked rows, cut into blocks of at most one request each. */
interface NewBlocks {
  readonly main: RowBlock[];
  /** Per block of `main`, its records' linked rows and how many each record has. */
  readonly linked: { readonly blocks: RowBlock[]; readonly perRow: (readonly number[])[] } | null;
}

/**
 * The new records cut into blocks of at most one request each, in the server's order; a
 * record's linked rows go in its block, and count towards the block's size.
 */
function blocksOf(page: ShapedPage, limits: ImportLimits): NewBlocks {
  const planner = new BlockPlanner(
    limits.blockRows ?? BLOCK_MAX_ROWS,
    limits.blockBytes ?? IMPORT_BLOCK_BUDGET_BYTES,
  );
  const records = new PageRecords(page);
  const cuts = [...planner.cuts(0, 0, records.bytes()), records.count];
  const blocks: NewBlocks = { main: [], linked: page.linked ? { blocks: [], perRow: [] } : null };
  let from = 0;
  for (const cut of cuts) {
    if (cut <= from) continue;
    blocks.main.push(sliceOf(page.main, from, cut));
    if (page.linked && blocks.linked) {
      const linked = sliceOf(page.linked, records.linkedRow(from), records.linkedRow(cut));
      blocks.linked.blocks.push(linked);
      blocks.linked.perRow.push(page.linked.perRecord.slice(from, cut));
    }
    from = cut;
  }
  return blocks;
}

/**
 * Looks for the records the table lacks, reporting each page; "cancelled" when the request's
 * signal stopped the search.
 */
async function searchNew(
  fetch: FetchNew,
  table: KnownTable,
  onRequests: (requests: number) => void,
): Promise<NewRecords | "cancelled"> {
  const { request, options, info } = fetch;
  const onProgress = request.onProgress;
  const message = lookingForNewProgress(info.label, fetch.source);
  onProgress?.({ records: 0, pages: 0, elapsedMs: fetch.elapsed(), message });
  try {
    return await fetchNewRecords(
      request.api,
      request.path ?? info.defaultPath,
      new Set(table.ids),
      {
        ...(options.maxNewRecords === undefined ? {} : { maxNewRecords: options.maxNewRecords }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        ...(table.ids[0] === undefined ? {} : { newest: table.ids[0] }),
        onPage: (pages, found) => {
          onRequests(pages);
          onProgress?.({ records: found, pages, elapsedMs: fetch.elapsed(), message });
        },
      },
    );
  } catch (error) {
    if (isApiError(error) && error.kind === "aborted") return "cancelled";
    throw error;
  }
}

/**
 * The new records' cells written as text in columns of another kind, counted per record, and
 * their linked rows' (named by their record: "INV-000136 line 2").
 */
function misfitsOf(
  fetch: FetchNew,
  page: ShapedPage,
  records: readonly JsonRecord[],
): MisfitSummary {
  const misfits = new MisfitSummary();
  const { shapers } = fetch;
  const names = records.map(
    (record, row) => recordNumberOf(record) ?? recordIdOf(record) ?? `new row ${row + 1}`,
  );
  const linked = shapers.linked;
  misfits.add({
    sheet: shapers.layout.sheetName,
    nameSheet: page.linked !== undefined,
    columns: shapers.main.columns(),
    misfits: page.main.misfits,
    rowCount: records.length,
    firstRow: 0,
    recordOf: (row) => names[row] ?? `new row ${row + 1}`,
  });
  if (page.linked && linked) {
    const linkedNames = linkedRowNames(names, page.linked.perRecord, linked.noun);
    misfits.add({
      sheet: linked.layout.sheetName,
      nameSheet: true,
      columns: linked.shaper.columns(),
      misfits: page.linked.misfits,
      rowCount: page.linked.rows.length,
      firstRow: 0,
      recordOf: (row) => linkedNames[row] ?? `new row ${row + 1}`,
    });
  }
  return misfits;
}

/**
 * Puts the new rows at the top of the table, block by block, with their linked rows at the top
 * of the linked table, and the status lines above them.
 */
async function addAtTop(
  fetch: FetchNew,
  table: KnownTable,
  idHeader: string,
  page: ShapedPage,
  found: { readonly records: number; readonly requests: number },
  notes: boolean,
): Promise<PrependResult> {
  const { request, shapers } = fetch;
  const onProgress = request.onProgress;
  const blocks = blocksOf(page, fetch.options);
  const linked = shapers.linked;
  return await prependRows(fetch.run, {
    wanted: shapers.layout.tableName,
    ...(request.project === undefined ? {} : { project: request.project }),
    columns: shapers.main.columns(),
    blocks: blocks.main,
    ...(blocks.linked && linked
      ? {
          linked: {
            wanted: linked.layout.tableName,
            columns: linked.shaper.columns(),
            ...blocks.linked,
            status: (sheet: string, status: string) => linkedStatus(linked.what, sheet, status),
          },
        }
      : {}),
    // The walk met a known id, so the table had one: its first.
    ids: { header: idHeader, newest: table.ids[0] ?? "" },
    status: newRowsStatus(fetch.info.label, fetch.source, new Date(), table.tableName),
    state: tableStateOf("complete", notes),
    ...(onProgress
      ? {
          onBlock: (written: number) =>
            onProgress({
              records: found.records,
              written,
              pages: found.requests,
              elapsedMs: fetch.elapsed(),
              message: addingNewProgress(fetch.info.label),
            }),
        }
      : {}),
  });
}

/**
 * Adds the records of `request.collection` that its import table lacks, or refreshes the table
 * in full when that is not possible. Cancel stops the search for new records before anything
 * is written (the table is left as it was); rows are written only once the search is done.
 */
export async function fetchNewIntoTable(
  run: ExcelRun,
  request: ImportRequest,
  options: FetchNewOptions = {},
): Promise<FetchNewResult> {
  const info = requestedCollection(request);
  const shapers = shapersFor(request.collection, request.project);
  const source = sourceOf(request.api.baseUrl);
  const elapsed = stopwatch();
  const fetch: FetchNew = { run, request, options, info, shapers, source, elapsed };
  let requests = 0;
  const full = async (why: string): Promise<FetchNewResult> => {
    const result = await importCollection(run, request, options);
    const said = fullRefreshMessage(info.label, why, result);
    return { ...result, ...said, mode: "full", added: 0, requests };
  };

  if (request.collection === "payments") {
    // The contract orders the cursor lists newest first, but says nothing of the payments list's
    // order: the new payments cannot be told to be at its front.
    return await full("the payments list is not known to come newest first");
  }
  const idHeader = headerForPath(["id"], "text");
  const ids = await readImportTableIds(run, shapers.layout.tableName, idHeader, request.project);
  const table = tableForNewRows(ids, info.label, idHeader);
  if ("why" in table) return await full(table.why);

  const walk = await searchNew(fetch, table, (pages) => {
    requests = pages;
  });
  if (walk === "cancelled") {
    const message = `Cancelled; table “${table.tableName}” was not changed.`;
    const { sheetName } = shapers.layout;
    const unchanged = { sheetName, tableName: table.tableName, rows: table.ids.length };
    const said = { message, headline: message, details: [], notes: [], textCells: [] };
    return { ...unchanged, complete: false, ...said, mode: "new", added: 0, requests };
  }
  requests = walk.requests;
  if (walk.kind === "full-refresh-needed") return await full(walk.reason);

  const page = shapers.shapePage(walk.records);
  const misfits = misfitsOf(fetch, page, walk.records);
  // The rows' addresses are not known here (another update may move them): records are named.
  const notes = misfits.notes();
  const found = { records: walk.records.length, requests };
  const added = await addAtTop(fetch, table, idHeader, page, found, notes.length > 0);
  if (added.kind === "no-table") {
    const gone = added.wanted === shapers.layout.tableName ? table.tableName : added.wanted;
    return await full(`table “${gone}” is gone`);
  }
  return {
    sheetName: added.sheetName,
    tableName: added.tableName,
    rows: added.rows,
    complete: added.notAdded === 0,
    ...newRowsMessage(info.label, added, requests, notes, misfits.headline(), shapers.linked?.noun),
    notes,
    textCells: misfits.textCells(),
    mode: "new",
    added: added.added,
    requests,
  };
}
