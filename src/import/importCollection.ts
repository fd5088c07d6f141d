// Imports one collection into its sheet: fetches pages ahead of their use (the walk goes on
// while pages are shaped and blocks written), shapes records into typed rows, and writes them to
// the table in large blocks, one request each, one at a time. Cancel or failure leaves a
// consistent table whose status line says it is partial.
import { ApiError, iterateCollection, iteratePayments, JsonRecord, Payment } from "../api";
import type { ExcelRun } from "../excel/run";
import { EXCEL_MAX_ROWS, IMPORT_BLOCK_BUDGET_BYTES } from "../domain/excelLimits";
import { TableWriter } from "../excel/tableWriter";
import { finishTables, undoTables, writeBlocks } from "../excel/tableRequests";
import type { ColumnSpec } from "../sheets/cells";
import { IMPORT_NOTES_HEADER, IMPORT_NOTES_KEY, type RecordShaper } from "../sheets";
import { BLOCK_MAX_ROWS, BlockPlanner } from "./blockPlanner";
import {
  importSummary,
  serverPartialReason,
  sourceOf,
  type ImportOutcome,
  wholeMessage,
} from "./importSummary";
import { connectingProgress, importingProgress, stopwatch } from "./progressReport";
import { tableStateOf } from "./tableState";
import { importingStatus, linkedImportingStatus, linkedStatus } from "../sheets/tableNameAndStatus";
import { MisfitSummary } from "./misfitSummary";
import { notePageMisfits } from "./pageMisfits";
import { PageRecords, PendingRows } from "./pageRows";
import { shapersFor, type CollectionShapers } from "../sheets/collectionShapers";
import { withTableNotes } from "./tableNotes";
import type { CollectionInfo } from "../domain/collections";
import { requestedCollection } from "./requestedCollection";
import { keptSentence, RefreshKeptError } from "./refreshKept";
import { WriteQueue } from "./writeQueue";
import type { ImportProgress, ImportRequest, ImportResult } from "./importTypes";

/** The one column of an empty collection's new table (a refreshed table keeps its own). */
const EMPTY_LIST_COLUMN: ColumnSpec = {
  key: IMPORT_NOTES_KEY,
  header: IMPORT_NOTES_HEADER,
  kind: "text",
};

/**
 * Pages the walk requests ahead of the import's use of them: enough that the server keeps
 * working while the import waits for Excel to take a block (a block is up to 100 pages of 50),
 * few enough to keep the heap small.
 */
const IMPORT_PAGES_AHEAD = 20;

/** Limits an import works within; tests lower them to reach the edges quickly. */
export interface ImportLimits {
  /** Rows of a sheet (Excel's 1,048,576 by default). */
  readonly sheetRows?: number;
  /** Rows of a write block ({@link BLOCK_MAX_ROWS} by default). */
  readonly blockRows?: number;
  /** Estimated request bytes of a write block ({@link IMPORT_BLOCK_BUDGET_BYTES} by default). */
  readonly blockBytes?: number;
}

/** The tables an import writes to, once its first page has shown their columns. */
interface OpenTables {
  readonly main: TableWriter;
  /** The linked table (allocations, invoice lines), the shaper of its rows, whose rows they are. */
  readonly linked: {
    readonly writer: TableWriter;
    readonly shaper: RecordShaper;
    readonly what: string;
    /** One of its rows, for messages: "allocation", "line". */
    readonly noun: string;
  } | null;
}

/** How the fetching ended, and what stopped it when it failed. */
interface Ending {
  readonly outcome: ImportOutcome;
  readonly failure: unknown;
}

/**
 * One run of an import: the pages fetched so far, the rows pending and written, and the tables
 * they go to. Each page is written as it comes (one write at a time, one more queued); the run
 * ends by writing the status lines that say how it went.
 */
class CollectionImport {
  private readonly source: string;
  private readonly shapers: CollectionShapers;
  private readonly planner: BlockPlanner;
  private readonly pendingMain = new PendingRows();
  private readonly pendingLinked = new PendingRows();
  private readonly misfits = new MisfitSummary();
  /** Time since the run began, for the rate its reports let the pane show. */
  private readonly elapsed = stopwatch();
  private tables: OpenTables | null = null;
  private pages = 0;
  /** Records received and bound for the sheet (not those past the row limit). */
  private accepted = 0;
  /** Rows whose write has completed. */
  private written = 0;
  /** Rows handed to a write. */
  private committed = 0;
  /** Linked rows handed to a write. */
  private linkedCommitted = 0;
  private total: number | undefined;
  private serverPartial: string | null = null;
  private rowLimitHit = false;
  private readonly writes = new WriteQueue();

  constructor(
    private readonly run: ExcelRun,
    private readonly request: ImportRequest,
    private readonly limits: ImportLimits,
    private readonly info: CollectionInfo,
  ) {
    this.source = sourceOf(request.api.baseUrl);
    this.shapers = shapersFor(request.collection, request.project);
    this.planner = new BlockPlanner(
      limits.blockRows ?? BLOCK_MAX_ROWS,
      limits.blockBytes ?? IMPORT_BLOCK_BUDGET_BYTES,
    );
  }

  /** Fetches and writes every page, then writes the status lines and says how it went. */
  async execute(): Promise<ImportResult> {
    let ending = await this.fetchAll();
    // Write what was fetched, so the sheet holds every record the status line counts.
    try {
      await this.drain();
    } catch (error) {
      ending = { outcome: "failed", failure: ending.failure ?? error };
    }
    return await this.finish(ending);
  }

  /** Fetches the pages and hands each to {@link writePage}; a cancel or failure ends it. */
  private async fetchAll(): Promise<Ending> {
    const { api, signal } = this.request;
    try {
      this.report(connectingProgress(this.source));
      if (this.request.collection === "payments") {
        const batches = iteratePayments(api, { signal, pagesAhead: IMPORT_PAGES_AHEAD });
        for await (const batch of batches) {
          this.total = batch.count;
          await this.writePage([], batch.page.data);
          if (this.rowLimitHit) break;
          if (batch.last && !batch.complete) {
            this.serverPartial = serverPartialReason(batch.fetched, batch.count);
          }
        }
      } else {
        const path = this.request.path ?? this.info.defaultPath;
        const pages = iterateCollection(api, path, { signal, pagesAhead: IMPORT_PAGES_AHEAD });
        for await (const page of pages) {
          await this.writePage(page.data);
          if (this.rowLimitHit) break;
        }
      }
      if (!this.tables) await this.openTables(); // an empty collection still gets its table
      const partial = this.rowLimitHit || this.serverPartial !== null;
      return { outcome: partial ? "partial" : "complete", failure: null };
    } catch (error) {
      return this.stopped(error);
    }
  }

  /** A cancel (the request's signal) or a failure, from what stopped the fetching. */
  private stopped(error: unknown): Ending {
    const aborted = error instanceof ApiError && error.kind === "aborted";
    return { outcome: aborted ? "cancelled" : "failed", failure: error };
  }

  /** Opens the tables (created, or refreshed in place) with the columns known so far. */
  private async openTables(): Promise<OpenTables> {
    const { layout, linked } = this.shapers;
    const columns = this.shapers.main.columns();
    const main = await TableWriter.open(
      this.run,
      layout,
      // An empty collection's discovering shaper has found no column; a table needs one.
      columns.length > 0 ? columns : [EMPTY_LIST_COLUMN],
      importingStatus(this.info.label, this.source, 0),
      this.limits.sheetRows,
      linked ? [{ layout: linked.layout, columns: linked.shaper.columns() }] : [],
    );
    let linkedWriter: TableWriter | null = null;
    try {
      linkedWriter = linked
        ? await TableWriter.open(
            this.run,
            linked.layout,
            linked.shaper.columns(),
            linkedImportingStatus(linked.what, main.sheetName),
            this.limits.sheetRows,
          )
        : null;
    } catch (error) {
      // The main table's filters were cleared and columns appended: they come back.
      if (main.replacing) await undoTables(this.run, [main]);
      throw error;
    }
    const tables: OpenTables = {
      main,
      linked:
        linked && linkedWriter
          ? { writer: linkedWriter, shaper: linked.shaper, what: linked.what, noun: linked.noun }
          : null,
    };
    this.tables = tables;
    return tables;
  }

  /** Takes the page's records that fit under the row limit and writes them in blocks. */
  private async writePage(
    records: readonly JsonRecord[],
    payments?: readonly Payment[],
  ): Promise<void> {
    this.pages += 1;
    const page = new PageRecords(this.shapers.shapePage(records, payments));
    if (page.count === 0 && !this.tables) return; // no columns may be known yet: open at the end
    const tables = this.tables ?? (await this.openTables());
    const main = this.pendingMain;
    const linked = this.pendingLinked;
    // The row limit: keep the records whose rows fit on every sheet, a payment together with
    // its allocations.
    const mainRoom = tables.main.capacity - this.committed - main.rows.length;
    const linkedRoom = tables.linked
      ? tables.linked.writer.capacity - this.linkedCommitted - linked.rows.length
      : Infinity;
    const keep = page.fitting(mainRoom, linkedRoom);
    if (keep < page.count) this.rowLimitHit = true;
    this.accepted += keep;
    this.noteMisfits(tables, page, keep, records, payments);
    const add = (from: number, to: number): void => {
      main.add(page.page.main, from, to);
      const linkedRows = page.page.linked;
      if (linkedRows) linked.add(linkedRows, page.linkedRow(from), page.linkedRow(to));
    };
    // A page of long texts can be more than one request holds: write it in parts.
    let from = 0;
    const bytes = page.bytes().slice(0, keep);
    for (const cut of this.planner.cuts(main.rows.length, main.bytes + linked.bytes, bytes)) {
      add(from, cut);
      from = cut;
      this.planner.flushed();
      await this.flush();
    }
    add(from, keep);
    this.report(importingProgress(this.info.label, this.source));
    const early =
      this.writes.idle &&
      this.planner.mayFlushEarly(
        this.committed + this.linkedCommitted,
        main.rows.length + linked.rows.length,
      );
    const replacing = tables.main.replacing;
    const beforeEnd =
      replacing !== null &&
      this.planner.mayFlushBeforeEnd(replacing.rows, this.committed, main.rows.length);
    if (
      early ||
      beforeEnd ||
      this.rowLimitHit ||
      this.planner.shouldFlush(main.rows.length, main.bytes + linked.bytes)
    ) {
      this.planner.flushed();
      await this.flush();
    }
  }

  /** Counts the page's cells written as text in columns of another kind, for the summary. */
  private noteMisfits(
    tables: OpenTables,
    page: PageRecords,
    keep: number,
    records: readonly JsonRecord[],
    payments: readonly Payment[] | undefined,
  ): void {
    // Rows are numbered as in the table: those before this page, written or pending, come first.
    const linked = tables.linked;
    notePageMisfits(this.misfits, {
      shaped: page.page,
      keep,
      linkedKeep: page.linkedRow(keep),
      records,
      payments,
      main: {
        sheet: tables.main.sheetName,
        columns: this.shapers.main.columns(),
        firstRow: this.committed + this.pendingMain.rows.length,
      },
      linked: linked && {
        sheet: linked.writer.sheetName,
        columns: linked.shaper.columns(),
        firstRow: this.linkedCommitted + this.pendingLinked.rows.length,
        noun: linked.noun,
      },
    });
  }

  /** Hands what is pending to the writes (waiting while too many are unfinished). */
  private async flush(): Promise<void> {
    await this.writes.ready();
    const tables = this.tables;
    const main = this.pendingMain;
    const linked = this.pendingLinked;
    if (!tables || (main.rows.length === 0 && linked.rows.length === 0)) return;
    const mainBlock = main.take();
    const linkedBlock = linked.take();
    const rows = mainBlock.rows.length;
    this.committed += rows;
    this.linkedCommitted += linkedBlock.rows.length;
    const entries = [
      {
        writer: tables.main,
        columns: this.shapers.main.columns(),
        block: mainBlock,
        status: importingStatus(this.info.label, this.source, this.committed),
      },
    ];
    if (tables.linked) {
      entries.push({
        writer: tables.linked.writer,
        columns: tables.linked.shaper.columns(),
        block: linkedBlock,
        status: linkedImportingStatus(tables.linked.what, tables.main.sheetName),
      });
    }
    this.writes.add(
      () => writeBlocks(this.run, entries),
      () => {
        this.written += rows;
        this.report(importingProgress(this.info.label, this.source));
      },
    );
  }

  /** Writes what is still pending and waits for the last write. */
  private async drain(): Promise<void> {
    if (!this.tables) return;
    // Every write made has ended, failed or not, before the tables are finished or put back.
    await this.flush().finally(() => this.writes.settled());
    await this.writes.drain();
  }

  /**
   * Writes the status lines that say how the import ended and returns its result; rethrows the
   * failure of a failed import once its tables are marked partial.
   */
  private async finish(ending: Ending): Promise<ImportResult> {
    const { outcome, failure } = ending;
    const tables = this.tables;
    if (tables?.main.replacing && (outcome === "cancelled" || outcome === "failed")) {
      return await this.keepTables(tables, outcome, failure);
    }
    const addressOf = (sheet: string, column: number, row: number): string | undefined => {
      if (tables === null) return undefined;
      const writer = sheet === tables.main.sheetName ? tables.main : tables.linked?.writer;
      return writer?.cellAddress(column, row);
    };
    const notes = this.misfits.notes(addressOf);
    const summary = importSummary({
      outcome,
      label: this.info.label,
      source: this.source,
      written: this.written,
      when: new Date(),
      rowLimit: this.rowLimitHit ? (this.limits.sheetRows ?? EXCEL_MAX_ROWS) : null,
      serverPartial: this.serverPartial,
      opened: tables !== null,
      statusShown: tables?.main.statusBlocked === null,
      failure,
      notes,
      textCells: this.misfits.headline(),
    });
    const tableNotes = withTableNotes(
      summary.status,
      tables?.main ?? null,
      tables?.linked?.writer ?? null,
      this.written,
      outcome !== "complete",
    );
    const { status } = tableNotes;
    const details = [...summary.details, ...tableNotes.notes];
    if (tables) {
      const state = tableStateOf(outcome, notes.length > 0);
      const writers = [{ writer: tables.main, status, state }];
      if (tables.linked) {
        writers.push({
          writer: tables.linked.writer,
          status: linkedStatus(tables.linked.what, tables.main.sheetName, status),
          state,
        });
      }
      try {
        await finishTables(this.run, writers);
      } catch (error) {
        if (outcome !== "failed") throw error;
      }
    }
    if (outcome === "failed") throw failure;
    return {
      sheetName: tables?.main.sheetName ?? this.shapers.layout.sheetName,
      tableName: tables?.main.tableName ?? this.shapers.layout.tableName,
      rows: this.written,
      complete: outcome === "complete",
      message: wholeMessage(summary.headline, details),
      headline: summary.headline,
      details,
      notes,
      textCells: this.misfits.textCells(addressOf),
    };
  }

  /**
   * A refresh that failed or was cancelled: its new rows and columns are taken out again, so the
   * tables are as they were (with their filters), and it says so. Rethrows a failure as a
   * {@link RefreshKeptError}.
   */
  private async keepTables(
    tables: OpenTables,
    outcome: "cancelled" | "failed",
    failure: unknown,
  ): Promise<ImportResult> {
    const main = tables.main;
    const writers = [main, ...(tables.linked ? [tables.linked.writer] : [])];
    const why = failure instanceof Error ? failure.message : String(failure);
    try {
      await undoTables(this.run, writers);
    } catch (error) {
      const undoWhy = error instanceof Error ? error.message : String(error);
      const stopped = outcome === "failed" ? `failed (${why})` : "was cancelled";
      throw new Error(
        `The refresh of table “${main.tableName}” ${stopped}, and its old rows could not be put back (${undoWhy}): the table may hold new rows with a copy of the old ones under them. Refresh it again.`,
        { cause: failure },
      );
    }
    const kept = { tableName: main.tableName, ...(main.replacing ?? { rows: 0 }) };
    if (outcome === "failed") throw new RefreshKeptError(kept, failure, why);
    const headline = keptSentence("cancelled", kept);
    return {
      sheetName: main.sheetName,
      tableName: main.tableName,
      rows: kept.rows,
      complete: false,
      message: headline,
      headline,
      details: [],
      notes: [],
      textCells: [],
    };
  }

  private report(message: string): void {
    const progress: ImportProgress = {
      records: this.accepted,
      written: this.written,
      pages: this.pages,
      elapsedMs: this.elapsed(),
      message,
    };
    this.request.onProgress?.(
      this.total === undefined ? progress : { ...progress, total: this.total },
    );
  }
}

/**
 * Imports `request.collection` into its sheet and table (created, or refreshed in place).
 * Resolves with the result also when cancelled (complete: false); rejects with the ApiError of
 * a failure after marking the sheet partial.
 */
export async function importCollection(
  run: ExcelRun,
  request: ImportRequest,
  limits: ImportLimits = {},
): Promise<ImportResult> {
  const info = requestedCollection(request);
  return await new CollectionImport(run, request, limits, info).execute();
}
