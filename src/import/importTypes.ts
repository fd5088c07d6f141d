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

/** A record with cells written as text in columns of another kind, as the pane names it. */
export interface TextCellsOfRecord {
  readonly sheet: string;
  /** The record's own number ("INV-000136"), else its reference or id. */
  readonly record: string;
  /** Its cells: the column's header and, when known, the cell's A1 address ("D5"). */
  readonly cells: readonly { readonly header: string; readonly address?: string }[];
  /** Why, e.g. "more than 15 significant digits". */
  readonly reasons: readonly string[];
}

export interface ImportResult {
  readonly sheetName: string;
  readonly tableName: string;
  /** Rows in the table after the import. */
  readonly rows: number;
  /** False when cancelled, stopped by the row limit, or the server gave only part of the list. */
  readonly complete: boolean;
  /** Everything the import has to say: `headline` and then each of `details`. */
  readonly message: string;
  /** The outcome in one short sentence. */
  readonly headline: string;
  /** The sentences that explain it, for a reader who unfolds them. */
  readonly details: readonly string[];
  /**
   * One sentence per record (the first few) with cells written as text because they did not
   * fit their column's kind (a number no double holds, an amount with three decimals), and how
   * many more records have such cells. Among `details`.
   */
  readonly notes: readonly string[];
  /** The records those sentences name, with their cells' addresses (the pane's Go to). */
  readonly textCells: readonly TextCellsOfRecord[];
}
