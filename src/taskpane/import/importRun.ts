// One import at a time: starts it with a fresh AbortController, relays its progress, cancels it
// on request, and ends it with one outcome. No DOM: the panel draws what this reports.

import { isApiError, type LedgerApi } from "../../api/index";
import { RefreshKeptError } from "../../import/refreshKept";
import { waitingForCellEdit } from "../../excel/run";
import type { CellEditWaitOptions, ExcelRun } from "../../excel/run";
import type { TableProject } from "../../domain/tableOwnership";
import type {
  ProjectClient,
  RefreshAllRequest,
  RefreshAllResult,
  RefreshMode,
  TableKey,
  TableProgress,
} from "../../import/refreshAll";
import type { CollectionInfo } from "../../domain/collections";
import type { ImportProgress, ImportRequest, ImportResult } from "../../import/importTypes";
import { waitingForCellEditProgress } from "../../import/progressReport";
import { describeImportFailure, describeImportResult, ImportEnd } from "./text";

/** The import pipeline's entry point (`importCollection` in src/import). */
export type ImportCollection = (run: ExcelRun, request: ImportRequest) => Promise<ImportResult>;

/** Refresh all (`refreshAll` in src/import). */
export type RefreshAllTables = (
  run: ExcelRun,
  request: RefreshAllRequest,
) => Promise<RefreshAllResult>;

/** The other ways to update imports, beside a full import of one collection. */
export interface MoreImports {
  /** Only the records added since the last import (`fetchNewIntoTable` in src/import). */
  readonly fetchNew?: ImportCollection;
  readonly refreshAll?: RefreshAllTables;
  /**
   * After a run that may have changed imported data (it ended, cancelled or not): the LEDGER
   * formulas' cached answers are dropped so none is older than the tables, and after Refresh all
   * the formulas are recalculated too, as Excel's Refresh All refreshes every connection.
   */
  readonly afterChange?: (kind: "one" | "all") => Promise<void>;
  /**
   * An import waits while the user edits a cell, and its progress says so, instead of failing
   * or hanging silently (`waitingForCellEdit`); the options are its timing.
   */
  readonly cellEdit?: Omit<CellEditWaitOptions, "onWaiting" | "signal">;
  /**
   * The service refused the token of the import's project (the default one when absent): the
   * pane disconnects it in one place and offers Enter new token.
   */
  readonly tokenRefused?: (project?: string) => void;
}

export interface RefreshAllStart {
  /** The client of a workbook whose projects the pane has not recorded. */
  readonly api?: LedgerApi;
  /** The workbook's projects, each with its client when connected. */
  readonly projects?: readonly ProjectClient[];
  readonly mode: RefreshMode;
  /** Only this table (a row's own Refresh or Fetch new). */
  readonly only?: TableKey;
  readonly pathFor: (collection: CollectionInfo) => string;
  readonly onProgress: (tables: readonly TableProgress[]) => void;
  /** Told when a batch starts and stops waiting for the user to finish editing a cell. */
  readonly onWaitingForCellEdit?: (waiting: boolean) => void;
}

/** How Refresh all ended: its result, or why it could not run at all. */
export type RefreshAllEnd =
  | { readonly outcome: "finished"; readonly result: RefreshAllResult }
  | { readonly outcome: "failed"; readonly message: string };

export interface ImportStart {
  readonly collection: CollectionInfo;
  readonly api: LedgerApi;
  /** The project `api` acts on, when the workbook has projects. */
  readonly project?: TableProject;
  /** The API path for a cursor collection; ignored for payments. */
  readonly path?: string;
  readonly onProgress: (progress: ImportProgress) => void;
  /** Only the records added since the last import (falls back to a full one, saying why). */
  readonly newOnly?: boolean;
}

/** What runs now: one collection's import, Refresh all, or nothing. */
export type RunningKind = "one" | "all" | null;

export class ImportRun {
  private controller: AbortController | undefined;
  private kind: RunningKind = null;
  private readonly listeners = new Set<(kind: RunningKind) => void>();

  constructor(
    private readonly importCollection: ImportCollection,
    private readonly excelRun: ExcelRun,
    private readonly more: MoreImports = {},
  ) {}

  get running(): boolean {
    return this.controller !== undefined;
  }

  /** Calls `listener` whenever a run starts or ends (the pane disables its other buttons). */
  subscribe(listener: (kind: RunningKind) => void): void {
    this.listeners.add(listener);
  }

  private begin(kind: Exclude<RunningKind, null>): AbortController {
    const controller = new AbortController();
    this.controller = controller;
    this.kind = kind;
    for (const listener of this.listeners) listener(kind);
    return controller;
  }

  private end(controller: AbortController): void {
    if (this.controller !== controller) return;
    this.controller = undefined;
    this.kind = null;
    for (const listener of this.listeners) listener(null);
  }

  /** What runs now. */
  get runningKind(): RunningKind {
    return this.kind;
  }

  /** Runs one import to its end; refuses to start a second one while the first runs. */
  async start(request: ImportStart): Promise<ImportEnd> {
    if (this.controller !== undefined) {
      return { outcome: "failed", message: "An import is already running." };
    }
    const controller = this.begin("one");
    const relay = this.progressRelay(controller, request.onProgress);
    const excelRun = this.cellEditWaiting(controller, relay.waiting);
    const onProgress = relay.progress;
    try {
      const run =
        request.newOnly && this.more.fetchNew ? this.more.fetchNew : this.importCollection;
      const result = await run(excelRun, {
        collection: request.collection.id,
        api: request.api,
        ...(request.project === undefined ? {} : { project: request.project }),
        ...(request.path === undefined ? {} : { path: request.path }),
        signal: controller.signal,
        onProgress,
      });
      await this.afterChange("one");
      return describeImportResult(result);
    } catch (error) {
      await this.afterChange("one");
      if (tokenRefusedBy(error)) this.more.tokenRefused?.(request.project?.label);
      return describeImportFailure(error);
    } finally {
      this.end(controller);
    }
  }

  /**
   * The import's reports, passed on while `controller` runs (a late report after the end would
   * redraw a finished import as running). While a batch waits for a cell edit they keep their
   * figures and say so instead; when the wait ends, the last report is said again.
   */
  private progressRelay(
    controller: AbortController,
    onProgress: (progress: ImportProgress) => void,
  ): { progress: (progress: ImportProgress) => void; waiting: (waiting: boolean) => void } {
    let last: ImportProgress | undefined;
    let waiting = false;
    const relay = (): void => {
      if (this.controller !== controller) return;
      if (waiting) {
        const figures = last ?? { records: 0, pages: 0 };
        onProgress({ ...figures, message: waitingForCellEditProgress() });
      } else if (last !== undefined) onProgress(last);
    };
    return {
      progress: (progress) => {
        last = progress;
        relay();
      },
      waiting: (now) => {
        waiting = now;
        relay();
      },
    };
  }

  /** Refreshes every import table of the workbook; refuses while another run is going. */
  async startAll(request: RefreshAllStart): Promise<RefreshAllEnd> {
    const refreshAll = this.more.refreshAll;
    if (refreshAll === undefined) {
      return { outcome: "failed", message: "Refresh all is not available here." };
    }
    if (this.controller !== undefined) {
      return { outcome: "failed", message: "An import is already running." };
    }
    const controller = this.begin("all");
    const excelRun = this.cellEditWaiting(controller, (waiting) => {
      if (this.controller === controller) request.onWaitingForCellEdit?.(waiting);
    });
    try {
      const result = await refreshAll(excelRun, {
        ...(request.api === undefined ? {} : { api: request.api }),
        ...(request.projects === undefined ? {} : { projects: request.projects }),
        mode: request.mode,
        ...(request.only === undefined ? {} : { only: request.only }),
        pathFor: request.pathFor,
        signal: controller.signal,
        onProgress: (tables) => {
          if (this.controller === controller) request.onProgress(tables);
        },
      });
      await this.afterChange("all");
      return { outcome: "finished", result };
    } catch (error) {
      return { outcome: "failed", message: describeImportFailure(error).message };
    } finally {
      this.end(controller);
    }
  }

  /** The Excel runner of a run: one that says when a batch waits for a cell edit, if asked. */
  private cellEditWaiting(
    controller: AbortController,
    onWaiting: (waiting: boolean) => void,
  ): ExcelRun {
    return this.more.cellEdit
      ? waitingForCellEdit(this.excelRun, {
          ...this.more.cellEdit,
          signal: controller.signal,
          onWaiting,
        })
      : this.excelRun;
  }

  /** Runs the afterChange hook; its failure never hides the run's own outcome. */
  private async afterChange(kind: "one" | "all"): Promise<void> {
    try {
      await this.more.afterChange?.(kind);
    } catch {
      // Only the formulas' cache or recalculation: the data is in the sheet either way.
    }
  }

  /** Cancels the running import; false when none runs. */
  cancel(): boolean {
    if (this.controller === undefined) return false;
    this.controller.abort();
    return true;
  }
}

/** Whether an import stopped because the service refused the token (a kept table's too). */
function tokenRefusedBy(error: unknown): boolean {
  const cause = error instanceof RefreshKeptError ? error.failure : error;
  return isApiError(cause) && cause.kind === "auth";
}
