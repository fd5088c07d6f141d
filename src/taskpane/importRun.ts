// One import at a time: starts it with a fresh AbortController, relays its progress, cancels it
// on request, and ends it with one outcome. No DOM: the panel draws what this reports.

import type { LedgerApi } from "../api";
import type { ExcelRun } from "../excel/run";
import type { CollectionInfo, ImportProgress, ImportRequest, ImportResult } from "../import/types";
import { describeImportFailure, describeImportResult, ImportEnd } from "./importText";

/** The import pipeline's entry point (`importCollection` in src/import). */
export type ImportCollection = (run: ExcelRun, request: ImportRequest) => Promise<ImportResult>;

export interface ImportStart {
  readonly collection: CollectionInfo;
  readonly api: LedgerApi;
  /** The API path for a cursor collection; ignored for payments. */
  readonly path?: string;
  readonly onProgress: (progress: ImportProgress) => void;
}

export class ImportRun {
  private controller: AbortController | undefined;

  constructor(
    private readonly importCollection: ImportCollection,
    private readonly excelRun: ExcelRun,
  ) {}

  get running(): boolean {
    return this.controller !== undefined;
  }

  /** Runs one import to its end; refuses to start a second one while the first runs. */
  async start(request: ImportStart): Promise<ImportEnd> {
    if (this.controller !== undefined) {
      return { outcome: "failed", message: "An import is already running." };
    }
    const controller = new AbortController();
    this.controller = controller;
    const onProgress = (progress: ImportProgress): void => {
      // A late report after the end would redraw a finished import as running.
      if (this.controller === controller) request.onProgress(progress);
    };
    try {
      const result = await this.importCollection(this.excelRun, {
        collection: request.collection.id,
        api: request.api,
        ...(request.path === undefined ? {} : { path: request.path }),
        signal: controller.signal,
        onProgress,
      });
      return describeImportResult(result);
    } catch (error) {
      return describeImportFailure(error);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** Cancels the running import; false when none runs. */
  cancel(): boolean {
    if (this.controller === undefined) return false;
    this.controller.abort();
    return true;
  }
}
