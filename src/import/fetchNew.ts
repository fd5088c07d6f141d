// Fetch new: adds the records that appeared since the table's last import, at the top
// where the server's newest-first order puts them, with O(new) requests. It does not see changes
// to records the table already holds; the result says so, and a full refresh stays one click
// away. When only-new is not possible (no table yet, no ID column, a partial table, the newest
// known record deleted, or the order not what we think) it falls back to a full refresh and says
// why.
import { ApiError, isApiError, type JsonRecord } from "../api";
import { prependRows } from "../excel/prependRows";
import { readImportTableIds } from "../excel/importTableIds";
import type { ExcelRun } from "../excel/run";
import type { RowBlock } from "../sheets/rowBlock";
import { headerForPath } from "../sheets";
import { BLOCK_MAX_BYTES, BLOCK_MAX_ROWS, BlockPlanner } from "./blockPlanner";
import { importCollection, type ImportLimits } from "./importCollection";
import { filtersClearedNote } from "./tableNotes";
import { MisfitSummary } from "./misfitSummary";
import { fetchNewRecords, recordIdOf } from "./newRecords";
import { shapersFor } from "./shapers";
import { COLLECTIONS } from "../domain/collections";
import type { ImportRequest, ImportResult } from "./types";

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

/** Said with every fetch of new records: what it cannot see, and what to use instead. */
export const NEW_ONLY_CAVEAT =
  "Changes to records already in the table are not fetched; use Refresh for those.";

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The new records cut into blocks of at most one request each, in the server's order. */
function blocksOf(
  shaped: RowBlock & { readonly rowBytes: readonly number[] },
  limits: ImportLimits,
): RowBlock[] {
  const planner = new BlockPlanner(
    limits.blockRows ?? BLOCK_MAX_ROWS,
    limits.blockBytes ?? BLOCK_MAX_BYTES,
  );
  const cuts = [...planner.cuts(0, 0, shaped.rowBytes), shaped.rows.length];
  const blocks: RowBlock[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut <= from) continue;
    blocks.push({
      rows: shaped.rows.slice(from, cut),
      textCells: shaped.textCells
        .filter((cell) => cell.row >= from && cell.row < cut)
        .map((cell) => ({ row: cell.row - from, column: cell.column })),
      formatCells: (shaped.formatCells ?? [])
        .filter((cell) => cell.row >= from && cell.row < cut)
        .map((cell) => ({ ...cell, row: cell.row - from })),
    });
    from = cut;
  }
  return blocks;
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
  const info = COLLECTIONS.find((c) => c.id === request.collection);
  if (!info) throw new ApiError("config", `Unknown collection “${request.collection}”.`);
  const shapers = shapersFor(request.collection, request.project);
  const source = request.api.baseUrl.replace(/^https?:\/\//, "");
  let requests = 0;
  const full = async (why: string): Promise<FetchNewResult> => {
    const result = await importCollection(run, request, options);
    const message = `Fetching only new records was not possible (${why}), so ${info.label} were refreshed in full. ${result.message}`;
    return { ...result, message, mode: "full", added: 0, requests };
  };

  if (request.collection === "payments") {
    return await full("payments are refreshed together with their allocations sheet");
  }
  const idHeader = headerForPath(["id"], "text");
  const table = await readImportTableIds(run, shapers.layout.tableName, idHeader, request.project);
  if (table.kind === "no-table") return await full(`there is no ${info.label} table yet`);
  if (table.kind === "no-id-column") {
    return await full(`table “${table.tableName}” has no “${idHeader}” column to match records by`);
  }
  if (table.status?.startsWith("PARTIAL")) {
    return await full(`table “${table.tableName}” holds a partial import`);
  }

  const onProgress = request.onProgress;
  onProgress?.({
    records: 0,
    pages: 0,
    message: `Looking for new ${info.label} at ${source}…`,
  });
  let walk: Awaited<ReturnType<typeof fetchNewRecords>>;
  try {
    walk = await fetchNewRecords(
      request.api,
      request.path ?? info.defaultPath,
      new Set(table.ids),
      {
        ...(options.maxNewRecords === undefined ? {} : { maxNewRecords: options.maxNewRecords }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        ...(table.ids[0] === undefined ? {} : { newest: table.ids[0] }),
        onPage: (pages, found) => {
          requests = pages;
          onProgress?.({
            records: found,
            pages,
            message: `Looking for new ${info.label}: ${count(found, "new record")} so far…`,
          });
        },
      },
    );
  } catch (error) {
    if (isApiError(error) && error.kind === "aborted") {
      return {
        sheetName: shapers.layout.sheetName,
        tableName: table.tableName,
        rows: table.ids.length,
        complete: false,
        message: `Cancelled; table “${table.tableName}” was not changed.`,
        notes: [],
        mode: "new",
        added: 0,
        requests,
      };
    }
    throw error;
  }
  requests = walk.requests;
  if (walk.kind === "full-refresh-needed") return await full(walk.reason);

  const records: readonly JsonRecord[] = walk.records;
  const shaped = shapers.shapePage(records).main;
  const misfits = new MisfitSummary();
  misfits.add(
    null,
    shapers.main.columns(),
    shaped.misfits,
    records.length,
    (row) => recordIdOf(records[row] ?? {}) ?? `new row ${row + 1}`,
  );
  const when = stamp(new Date());
  // The walk met a known id, so the table had one: its first.
  const newest = table.ids[0] ?? "";
  const added = await prependRows(run, {
    wanted: shapers.layout.tableName,
    ...(request.project === undefined ? {} : { project: request.project }),
    columns: shapers.main.columns(),
    blocks: blocksOf(shaped, options),
    ids: { header: idHeader, newest },
    status: (rows, written, there, cleared) =>
      `${info.label} · ${count(rows, "record")} · ${count(written, "new record")} added ${when} from ${source}${there === 0 ? "" : `, ${there.toLocaleString("en-US")} more already added by another update`} · earlier rows as of the last full refresh${cleared ? ` · ${filtersClearedNote(table.tableName)}` : ""}`,
    ...(onProgress
      ? {
          onBlock: (written: number) =>
            onProgress({
              records: records.length,
              written,
              pages: requests,
              message: `Added ${count(written, "new record")}…`,
            }),
        }
      : {}),
  });
  if (added.kind === "no-table") return await full(`table “${table.tableName}” is gone`);
  const notes = misfits.notes();
  const what =
    added.added > 0
      ? `Added ${count(added.added, "new record")} at the top of table “${added.tableName}” (${count(requests, "request")}); it now has ${count(added.rows, "record")}.`
      : added.alreadyThere > 0
        ? `Added no records to table “${added.tableName}” (${count(requests, "request")}); it has ${count(added.rows, "record")}.`
        : added.notAdded > 0
          ? `Added no records to table “${added.tableName}” (${count(requests, "request")}).`
          : `No new ${info.label} since the table was last updated (${count(requests, "request")}).`;
  const others =
    added.alreadyThere === 0
      ? ""
      : ` ${count(added.alreadyThere, "new record")} ${added.alreadyThere === 1 ? "was" : "were"} already there, added by another update meanwhile.`;
  const stopped =
    added.notAdded === 0
      ? ""
      : ` The table's first rows changed while the new records went in (another update or an edit), so ${count(added.notAdded, "new record")} ${added.notAdded === 1 ? "was" : "were"} not added rather than risk adding ${added.notAdded === 1 ? "it" : "them"} twice or out of order; use Fetch new again.`;
  const blocked =
    added.statusBlocked === null
      ? ""
      : ` The table's status line was not updated: ${added.statusBlocked.reason === "no room" ? "there is no room for it above the table" : `${added.statusBlocked.address} holds your data`}.`;
  return {
    sheetName: added.sheetName,
    tableName: added.tableName,
    rows: added.rows,
    complete: added.notAdded === 0,
    message: [
      what + others + stopped,
      NEW_ONLY_CAVEAT + blocked,
      ...(added.filtersCleared ? [filtersClearedNote(added.tableName)] : []),
      ...notes,
    ].join(" "),
    notes,
    mode: "new",
    added: added.added,
    requests,
  };
}
