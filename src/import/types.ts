// What the task pane asks of an import and what it hears back: the contract between the UI and
// the import pipeline (fetch pages -> shape rows -> write blocks to the sheet).
import type { LedgerApi } from "../api";
import type { CollectionId } from "../domain/collections";
import type { TableProject } from "../domain/tableOwnership";

export interface ImportProgress {
  /**
   * Records fetched so far that go to the sheet (those past its row limit do not); a block of
   * them may still be on its way to the sheet, see `written`.
   */
  readonly records: number;
  /** Records whose rows are in the sheet so far (set by the import; absent in the pane's own). */
  readonly written?: number;
  /** Pages fetched so far. */
  readonly pages: number;
  /** The total the server reports, when it reports one (payments' `count`). */
  readonly total?: number;
  /** Milliseconds since the run started, for the rate (absent in the pane's own first report). */
  readonly elapsedMs?: number;
  /**
   * A short sentence for the status line saying what is happening, e.g. "Importing Invoices
   * from ledger.example.com…": no counts, which the figures above carry (one counter).
   */
  readonly message: string;
}

export interface ImportRequest {
  readonly collection: CollectionId;
  readonly api: LedgerApi;
  /**
   * The project `api` acts on, when the workbook has projects: its tables are named for it and
   * only its tables are refreshed (src/settings/projects.ts).
   */
  readonly project?: TableProject;
  /** The API path of a cursor collection (ignored for payments); defaults to the collection's. */
  readonly path?: string;
  /** Cancels the import: the network work stops and the sheet is left consistent, marked partial. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ImportProgress) => void;
}

export interface ImportResult {
  readonly sheetName: string;
  readonly tableName: string;
  /** Rows in the table after the import. */
  readonly rows: number;
  /** False when cancelled, stopped by the row limit, or the server gave only part of the list. */
  readonly complete: boolean;
  /** A sentence for the status line: what was imported, and if partial, why (and the notes). */
  readonly message: string;
  /**
   * One sentence per column with cells written as text because they did not fit its kind (a
   * number no double holds, an amount with three decimals): how many, why, and the first few
   * records. Also at the end of `message`.
   */
  readonly notes: readonly string[];
}
