// Refresh all: every table an import created in this workbook, refreshed in full or
// with only new records. The API walks of several collections run at once (at most
// `concurrency`, the browser's six connections per host by default), while Excel receives one
// batch's syncs at a time (serialRun). One AbortSignal cancels them all; each table reports its
// own progress and ends with its own outcome, so one failure does not stop the others.
import { isApiError, type ApiErrorKind, type LedgerApi } from "../api";
import type { ExcelRun } from "../excel/run";
import { serialRun } from "../excel/serialRun";
import { loadOurTables, ourTableFor, type OurTables } from "../excel/ourTables";
import type { TableProject } from "../domain/tableOwnership";
import { fetchNewIntoTable } from "./fetchNew";
import { importCollection, type ImportLimits } from "./importCollection";
import { RefreshKeptError } from "./refreshKept";
import type { ImportResult } from "./importTypes";
import { shapersFor } from "../sheets/collectionShapers";
import { count } from "../util/plural";
import { COLLECTIONS, type CollectionId, type CollectionInfo } from "../domain/collections";

/** Full: each table refreshed in place. New: only records added since (fetchNewIntoTable). */
export type RefreshMode = "full" | "new";

export type TableState = "waiting" | "running" | "done" | "partial" | "failed" | "cancelled";

/** One table's progress and, at the end, its outcome. */
export interface TableProgress {
  readonly collection: CollectionId;
  /** "Invoices", or "Invoices (Acme)" for a project other than the workbook's first. */
  readonly label: string;
  /** The project whose table this is, when the workbook has projects. */
  readonly project?: string;
  readonly state: TableState;
  /** Records fetched (or found new) so far. */
  readonly records: number;
  readonly message: string;
  /** Why a failed table failed, when the API said (a refused token: "auth"). */
  readonly failure?: ApiErrorKind;
  /** What the table's import said when it ended: its details and the cells they name. */
  readonly ended?: ImportResult;
}

/** Which import table: its collection and, when the workbook has projects, its project's label. */
export interface TableKey {
  readonly collection: CollectionId;
  readonly project?: string;
}

/** A project of the workbook and its client; no client: not connected (its tables fail). */
export interface ProjectClient {
  readonly project: TableProject;
  readonly api?: LedgerApi;
}

export interface RefreshAllRequest {
  /** The client of a workbook without projects (every table is refreshed with it). */
  readonly api?: LedgerApi;
  /** The workbook's projects: each table is refreshed with its own project's client. */
  readonly projects?: readonly ProjectClient[];
  readonly mode: RefreshMode;
  /**
   * The API path of a cursor collection (the workbook's collection paths); payments' is fixed.
   * Throwing fails that table alone, with the error's message.
   */
  readonly pathFor?: (collection: CollectionInfo) => string;
  readonly signal?: AbortSignal;
  /** Only this one table (its row's Refresh or Fetch new in the Tables view). */
  readonly only?: TableKey;
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

/** One import table to refresh: its collection, and its project when the workbook has any. */
export interface RefreshTarget {
  readonly info: CollectionInfo;
  readonly project?: TableProject;
  /** "Invoices", or "Invoices (Acme)". */
  readonly label: string;
  /** The name the import gives its table (the table may have been renamed since). */
  readonly tableName: string;
}

/**
 * The import tables among `found`: per project in the workbook's order, in the Collection
 * list's order.
 */
export function importTargetsIn(
  found: OurTables,
  projects: readonly (TableProject | undefined)[],
): RefreshTarget[] {
  return projects.flatMap((project) =>
    COLLECTIONS.flatMap((info) => {
      const layout = shapersFor(info.id, project).layout;
      if (ourTableFor(layout.tableName, found, project) === null) return [];
      // Named as its sheet is: "Invoices", "Invoices (Acme)".
      return [
        {
          info,
          label: layout.sheetName,
          tableName: layout.tableName,
          ...(project === undefined ? {} : { project }),
        },
      ];
    }),
  );
}

/**
 * The import tables this workbook holds (by the tables' recorded ids, as a refresh finds them):
 * per project in the workbook's order, in the Collection list's order. One sync.
 */
export async function importedCollections(
  run: ExcelRun,
  projects: readonly (TableProject | undefined)[] = [undefined],
): Promise<RefreshTarget[]> {
  return await run(async (context) => importTargetsIn(await loadOurTables(context), projects));
}

/** Refreshes every import table of the workbook; resolves when all have ended. */
export async function refreshAll(
  run: ExcelRun,
  request: RefreshAllRequest,
  limits: ImportLimits = {},
): Promise<RefreshAllResult> {
  const projects = request.projects;
  const only = request.only;
  const collections = (
    await importedCollections(
      run,
      projects === undefined || projects.length === 0
        ? [undefined]
        : projects.map((each) => each.project),
    )
  ).filter(
    (target) =>
      only === undefined ||
      (target.info.id === only.collection && target.project?.label === only.project),
  );
  if (collections.length === 0) {
    return {
      tables: [],
      complete: true,
      message:
        only === undefined
          ? "This workbook has no imported tables to refresh. Import a collection first."
          : "That table is no longer in this workbook.",
    };
  }
  const excel = serialRun(run);
  const progress: TableProgress[] = collections.map(({ info, label, project }) => ({
    collection: info.id,
    label,
    ...(project === undefined ? {} : { project: project.label }),
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
    const { info, project } = collections[index]!;
    if (request.signal?.aborted) {
      update(index, { state: "cancelled", message: "Cancelled before it started; not changed." });
      return;
    }
    const api =
      project === undefined
        ? request.api
        : projects?.find((each) => each.project.label === project.label)?.api;
    if (api === undefined) {
      update(index, {
        state: "failed",
        message:
          project === undefined
            ? "Not connected: connect on the Connection tab, then refresh again."
            : `Not connected to ${project.label}: connect it on the Connection tab, then refresh again. The table was not changed.`,
      });
      return;
    }
    update(index, { state: "running", message: "Starting…" });
    try {
      const importRequest = {
        collection: info.id,
        api,
        ...(project === undefined ? {} : { project }),
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
        message: result.headline,
        ended: result,
      });
    } catch (error) {
      // A refresh that kept its table says so in its message; its failure says what stopped it.
      const cause = error instanceof RefreshKeptError ? error.failure : error;
      const aborted = isApiError(cause) && cause.kind === "aborted";
      update(index, {
        state: aborted ? "cancelled" : "failed",
        message: error instanceof Error ? error.message : String(error),
        ...(isApiError(cause) && !aborted ? { failure: cause.kind } : {}),
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

  const done = progress.filter((table) => table.state === "done");
  return {
    tables: progress,
    complete: done.length === progress.length,
    message: summaryOf(progress, request.mode),
  };
}

/** Refresh all's closing sentence: how many were refreshed, then which did not end done. */
function summaryOf(progress: readonly TableProgress[], mode: RefreshMode): string {
  const ended = (state: TableState) => progress.filter((table) => table.state === state);
  const done = ended("done");
  const parts = [
    `Refreshed ${done.length} of ${count(progress.length, "table")}${mode === "new" ? " (new records only)" : ""}.`,
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
  return parts.join(" ");
}
