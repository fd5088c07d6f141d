// Refresh all (issue 13): every table an import created in this workbook, refreshed in full or
// with only new records. The API walks of several collections run at once (at most
// `concurrency`, the browser's six connections per host by default), while Excel receives one
// batch at a time (serialRun). One AbortSignal cancels them all; each table reports its own
// progress and ends with its own outcome, so one failure does not stop the others.
import { isApiError, type LedgerApi } from "../api";
import type { ExcelRun } from "../excel/run";
import { serialRun } from "../excel/serialRun";
import { loadOurTables, ourTableFor } from "../excel/ourTables";
import { fetchNewIntoTable } from "./fetchNew";
import { importCollection, type ImportLimits } from "./importCollection";
import { shapersFor } from "./shapers";
import { COLLECTIONS, type CollectionId, type CollectionInfo } from "./types";

/** Full: each table refreshed in place. New: only records added since (fetchNewIntoTable). */
export type RefreshMode = "full" | "new";

export type TableState = "waiting" | "running" | "done" | "partial" | "failed" | "cancelled";

/** One table's progress and, at the end, its outcome. */
export interface TableProgress {
  readonly collection: CollectionId;
  readonly label: string;
  readonly state: TableState;
  /** Records fetched (or found new) so far. */
  readonly records: number;
  readonly message: string;
}

export interface RefreshAllRequest {
  readonly api: LedgerApi;
  readonly mode: RefreshMode;
  /**
   * The API path of a cursor collection (the workbook's collection paths); payments' is fixed.
   * Throwing fails that table alone, with the error's message.
   */
  readonly pathFor?: (collection: CollectionInfo) => string;
  readonly signal?: AbortSignal;
  /** Collections fetched at once. Default 6. */
  readonly concurrency?: number;
  /** Every change of any table's progress: all tables, in the workbook's collection order. */
  readonly onProgress?: (tables: readonly TableProgress[]) => void;
}

export interface RefreshAllResult {
  readonly tables: readonly TableProgress[];
  /** True when every table ended "done". */
  readonly complete: boolean;
  readonly message: string;
}

/**
 * The collections whose import tables this workbook holds (by the tables' recorded ids, as a
 * refresh finds them), in the Collection list's order. One sync.
 */
export async function importedCollections(run: ExcelRun): Promise<CollectionInfo[]> {
  return await run(async (context) => {
    const found = await loadOurTables(context);
    return COLLECTIONS.filter(
      (info) => ourTableFor(shapersFor(info.id).layout.tableName, found) !== null,
    );
  });
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

/** Refreshes every import table of the workbook; resolves when all have ended. */
export async function refreshAll(
  run: ExcelRun,
  request: RefreshAllRequest,
  limits: ImportLimits = {},
): Promise<RefreshAllResult> {
  const collections = await importedCollections(run);
  if (collections.length === 0) {
    return {
      tables: [],
      complete: true,
      message: "This workbook has no imported tables to refresh. Import a collection first.",
    };
  }
  const excel = serialRun(run);
  const progress: TableProgress[] = collections.map((info) => ({
    collection: info.id,
    label: info.label,
    state: "waiting",
    records: 0,
    message: "Waiting…",
  }));
  const update = (index: number, change: Partial<TableProgress>): void => {
    progress[index] = { ...progress[index]!, ...change };
    request.onProgress?.([...progress]);
  };
  request.onProgress?.([...progress]);

  const refreshOne = async (index: number): Promise<void> => {
    const info = collections[index]!;
    if (request.signal?.aborted) {
      update(index, { state: "cancelled", message: "Cancelled before it started; not changed." });
      return;
    }
    update(index, { state: "running", message: "Starting…" });
    try {
      const importRequest = {
        collection: info.id,
        api: request.api,
        ...(info.id === "payments" || !request.pathFor ? {} : { path: request.pathFor(info) }),
        ...(request.signal ? { signal: request.signal } : {}),
        onProgress: (each: { records: number; message: string }) =>
          update(index, { records: each.records, message: each.message }),
      };
      const result =
        request.mode === "new"
          ? await fetchNewIntoTable(excel, importRequest, limits)
          : await importCollection(excel, importRequest, limits);
      const cancelled = request.signal?.aborted === true && !result.complete;
      update(index, {
        state: result.complete ? "done" : cancelled ? "cancelled" : "partial",
        records: result.rows,
        message: result.message,
      });
    } catch (error) {
      const aborted = isApiError(error) && error.kind === "aborted";
      update(index, {
        state: aborted ? "cancelled" : "failed",
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  // A pool of workers, each taking the next table: at most `concurrency` walks at once.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < collections.length) {
      const index = next++;
      await refreshOne(index);
    }
  };
  const workers = Math.max(1, Math.min(request.concurrency ?? 6, collections.length));
  await Promise.all(Array.from({ length: workers }, () => worker()));

  const ended = (state: TableState) => progress.filter((table) => table.state === state);
  const done = ended("done");
  const parts = [
    `Refreshed ${done.length} of ${count(progress.length, "table")}${request.mode === "new" ? " (new records only)" : ""}.`,
  ];
  for (const [state, words] of [
    ["failed", "failed"],
    ["partial", "partial"],
    ["cancelled", "cancelled"],
  ] as const) {
    const tables = ended(state);
    if (tables.length > 0) {
      parts.push(
        `${words[0]!.toUpperCase()}${words.slice(1)}: ${tables.map((t) => t.label).join(", ")}.`,
      );
    }
  }
  return {
    tables: progress,
    complete: done.length === progress.length,
    message: parts.join(" "),
  };
}
