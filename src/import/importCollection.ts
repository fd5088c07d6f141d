// Imports one collection into its sheet: fetches pages (the next page is in flight while the
// current one is shaped and written), shapes records into typed rows, and writes them to the
// table in large blocks, one request each, with at most one write in flight. Cancel or failure
// leaves a consistent table whose status line says it is partial.
import {
  ApiError,
  isJsonNumber,
  iterateCollection,
  iteratePayments,
  JsonRecord,
  JsonValue,
  Payment,
} from "../api";
import { EXCEL_MAX_ROWS } from "../domain/excelLimits";
import type { ExcelRun } from "../excel/run";
import { finishTables, TableWriter, writeBlocks } from "../excel/tableWriter";
import type { RowBlock } from "../sheets/rowBlock";
import {
  allocationsImportingStatus,
  allocationsStatus,
  importingStatus,
} from "../sheets/tableNameAndStatus";
import type { CellValue, ColumnSpec } from "../sheets/cells";
import { IMPORT_NOTES_HEADER, IMPORT_NOTES_KEY } from "../sheets";
import { BLOCK_MAX_BYTES, BLOCK_MAX_ROWS, BlockPlanner } from "./blockPlanner";
import { MisfitSummary } from "./misfitSummary";
import { shapersFor, ShapedPage, ShapedRows } from "./shapers";
import { withTableNotes } from "./tableNotes";
import { COLLECTIONS } from "../domain/collections";
import type { ImportProgress, ImportRequest, ImportResult } from "./types";

/** The one column of an empty collection's new table (a refreshed table keeps its own). */
const EMPTY_LIST_COLUMN: ColumnSpec = {
  key: IMPORT_NOTES_KEY,
  header: IMPORT_NOTES_HEADER,
  kind: "text",
};

/** Rows waiting to be written to one table. */
class PendingRows {
  rows: CellValue[][] = [];
  textCells: { row: number; column: number }[] = [];
  formatCells: { row: number; column: number; format: string }[] = [];
  bytes = 0;

  /** Adds rows `from` to `to` (exclusive) of `shaped`. */
  add(shaped: ShapedRows, from: number, to: number): void {
    if (to <= from) return;
    const offset = this.rows.length - from;
    for (let row = from; row < to; row++) {
      this.rows.push(shaped.rows[row]!);
      this.bytes += shaped.rowBytes[row] ?? 0;
    }
    for (const cell of shaped.textCells) {
      if (cell.row >= from && cell.row < to) {
        this.textCells.push({ row: cell.row + offset, column: cell.column });
      }
    }
    for (const cell of shaped.formatCells ?? []) {
      if (cell.row >= from && cell.row < to) {
        this.formatCells.push({ ...cell, row: cell.row + offset });
      }
    }
  }

  take(): RowBlock {
    const block = { rows: this.rows, textCells: this.textCells, formatCells: this.formatCells };
    this.rows = [];
    this.textCells = [];
    this.formatCells = [];
    this.bytes = 0;
    return block;
  }
}

/**
 * A page's records as the unit of writing: a payment goes with its allocations, into the same
 * request and within the same row limit. `linkedStart[i]` is the first linked row of record i.
 */
class PageRecords {
  readonly count: number;
  private readonly linkedStart: number[] = [0];

  constructor(readonly page: ShapedPage) {
    this.count = page.main.rows.length;
    const perRecord = page.linked?.perRecord;
    for (let i = 0; i < this.count; i++) {
      this.linkedStart.push(this.linkedStart[i]! + (perRecord?.[i] ?? 0));
    }
  }

  /** The first linked row of record `index` (the linked row count when index is the count). */
  linkedRow(index: number): number {
    return this.linkedStart[index] ?? 0;
  }

  /** Each record's estimated request bytes: its row and its linked rows. */
  bytes(): number[] {
    const { main, linked } = this.page;
    const bytes: number[] = [];
    for (let i = 0; i < this.count; i++) {
      let each = main.rowBytes[i] ?? 0;
      if (linked) {
        for (let row = this.linkedRow(i); row < this.linkedRow(i + 1); row++) {
          each += linked.rowBytes[row] ?? 0;
        }
      }
      bytes.push(each);
    }
    return bytes;
  }

  /** How many records, from the first, fit in `mainRoom` rows and `linkedRoom` linked rows. */
  fitting(mainRoom: number, linkedRoom: number): number {
    let keep = Math.max(0, Math.min(this.count, mainRoom));
    while (keep > 0 && this.linkedRow(keep) > linkedRoom) keep -= 1;
    return keep;
  }
}

/** A record's id for people (`inv-1`, `9007199254740993`), or null when it has none. */
function idOf(id: JsonValue | undefined): string | null {
  if (typeof id === "string" && id !== "") return id;
  return isJsonNumber(id) ? String(id) : null;
}

function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

/** Limits an import works within; tests lower them to reach the edges quickly. */
export interface ImportLimits {
  /** Rows of a sheet (Excel's 1,048,576 by default). */
  readonly sheetRows?: number;
  /** Rows of a write block ({@link BLOCK_MAX_ROWS} by default). */
  readonly blockRows?: number;
  /** Estimated request bytes of a write block ({@link BLOCK_MAX_BYTES} by default). */
  readonly blockBytes?: number;
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
  const info = COLLECTIONS.find((c) => c.id === request.collection);
  if (!info) throw new ApiError("config", `Unknown collection “${request.collection}”.`);
  const { api } = request;
  const source = api.baseUrl.replace(/^https?:\/\//, "");
  const shapers = shapersFor(request.collection, request.project);
  const planner = new BlockPlanner(
    limits.blockRows ?? BLOCK_MAX_ROWS,
    limits.blockBytes ?? BLOCK_MAX_BYTES,
  );
  const main = new PendingRows();
  const linked = new PendingRows();
  let mainWriter: TableWriter | null = null;
  let linkedWriter: TableWriter | null = null;
  let pages = 0;
  let fetched = 0; // records received
  let accepted = 0; // records received and bound for the sheet (not those past the row limit)
  let written = 0; // rows whose write has completed
  let committed = 0; // rows handed to a write
  let linkedCommitted = 0; // linked rows handed to a write
  let total: number | undefined;
  let serverPartial: string | null = null;
  let rowLimitHit = false;
  let inFlight: Promise<void> = Promise.resolve();
  let writeError: unknown = null;
  const misfits = new MisfitSummary();

  const running = (rows: number): string => importingStatus(info.label, source, rows);
  const report = (message: string): void => {
    const progress: ImportProgress = { records: accepted, written, pages, message };
    request.onProgress?.(total === undefined ? progress : { ...progress, total });
  };

  /** Starts writing what is pending once the previous write is done (one write in flight). */
  const flush = async (): Promise<void> => {
    await inFlight;
    if (writeError) throw writeError;
    if (!mainWriter || (main.rows.length === 0 && linked.rows.length === 0)) return;
    const mainBlock = main.take();
    const linkedBlock = linked.take();
    const entries = [
      { writer: mainWriter, columns: shapers.main.columns(), block: mainBlock, status: "" },
    ];
    if (linkedWriter && shapers.linked) {
      entries.push({
        writer: linkedWriter,
        columns: shapers.linked.shaper.columns(),
        block: linkedBlock,
        status: allocationsImportingStatus(mainWriter.sheetName),
      });
    }
    const rows = mainBlock.rows.length;
    committed += rows;
    linkedCommitted += linkedBlock.rows.length;
    entries[0]!.status = running(committed);
    inFlight = writeBlocks(run, entries).then(
      () => {
        written += rows;
        report(`Wrote ${count(written, "record")} (${count(pages, "page")}).`);
      },
      (error: unknown) => {
        writeError = error;
      },
    );
  };

  const openTables = async (): Promise<void> => {
    const columns = shapers.main.columns();
    mainWriter = await TableWriter.open(
      run,
      shapers.layout,
      // An empty collection's discovering shaper has found no column; a table needs one.
      columns.length > 0 ? columns : [EMPTY_LIST_COLUMN],
      running(0),
      limits.sheetRows,
      shapers.linked
        ? [{ layout: shapers.linked.layout, columns: shapers.linked.shaper.columns() }]
        : [],
    );
    if (shapers.linked) {
      linkedWriter = await TableWriter.open(
        run,
        shapers.linked.layout,
        shapers.linked.shaper.columns(),
        allocationsImportingStatus(mainWriter.sheetName),
        limits.sheetRows,
      );
    }
  };

  const accept = async (records: readonly JsonRecord[], payments?: readonly Payment[]) => {
    pages += 1;
    fetched += payments ? payments.length : records.length;
    const page = new PageRecords(shapers.shapePage(records, payments));
    if (page.count === 0 && !mainWriter) return; // no columns may be known yet: open at the end
    if (!mainWriter) await openTables();
    // The row limit: keep the records whose rows fit on every sheet, a payment together with
    // its allocations.
    const mainRoom = mainWriter!.capacity - committed - main.rows.length;
    const linkedRoom = linkedWriter
      ? (linkedWriter as TableWriter).capacity - linkedCommitted - linked.rows.length
      : Infinity;
    const keep = page.fitting(mainRoom, linkedRoom);
    if (keep < page.count) rowLimitHit = true;
    accepted += keep;
    noteMisfits(page, keep, records, payments);
    const add = (from: number, to: number): void => {
      main.add(page.page.main, from, to);
      const linkedRows = page.page.linked;
      if (linkedRows) linked.add(linkedRows, page.linkedRow(from), page.linkedRow(to));
    };
    // A page of long texts can be more than one request holds: write it in parts.
    let from = 0;
    const bytes = page.bytes().slice(0, keep);
    for (const cut of planner.cuts(main.rows.length, main.bytes + linked.bytes, bytes)) {
      add(from, cut);
      from = cut;
      planner.flushed();
      await flush();
    }
    add(from, keep);
    report(`Fetched ${count(pages, "page")}, ${count(fetched, "record")}…`);
    if (rowLimitHit || planner.shouldFlush(main.rows.length, main.bytes + linked.bytes)) {
      planner.flushed();
      await flush();
    }
  };

  /** Counts the page's cells written as text in columns of another kind, for the summary. */
  const noteMisfits = (
    page: PageRecords,
    keep: number,
    records: readonly JsonRecord[],
    payments: readonly Payment[] | undefined,
  ): void => {
    const shaped = page.page;
    // Rows are numbered as in the table: those before this page, written or pending, come first.
    const mainBase = committed + main.rows.length;
    const twoSheets = shaped.linked !== undefined && linkedWriter !== null;
    const sheet = twoSheets ? mainWriter!.sheetName : null;
    misfits.add(sheet, shapers.main.columns(), shaped.main.misfits, keep, (row) => {
      const id = payments ? payments[row]?.id : idOf(records[row]?.["id"]);
      return id ?? `table row ${mainBase + row + 1}`;
    });
    if (shaped.linked && shapers.linked && linkedWriter) {
      const linkedBase = linkedCommitted + linked.rows.length;
      const allocations = (payments ?? []).flatMap((payment) => payment.allocations);
      misfits.add(
        (linkedWriter as TableWriter).sheetName,
        shapers.linked.shaper.columns(),
        shaped.linked.misfits,
        page.linkedRow(keep),
        (row) => allocations[row]?.id ?? `table row ${linkedBase + row + 1}`,
      );
    }
  };

  const signal = request.signal;
  let outcome: "complete" | "partial" | "cancelled" | "failed" = "complete";
  let failure: unknown = null;
  try {
    report(`Connecting to ${source}…`);
    if (request.collection === "payments") {
      for await (const batch of iteratePayments(api, signal ? { signal } : {})) {
        total = batch.count;
        await accept([], batch.page.data);
        if (rowLimitHit) break;
        if (batch.last && !batch.complete) {
          serverPartial = `the server gave ${count(batch.fetched, "payment")} of the ${batch.count} it reports, and offers no way to fetch more`;
        }
      }
    } else {
      const path = request.path ?? info.defaultPath;
      for await (const page of iterateCollection(api, path, signal ? { signal } : {})) {
        await accept(page.data);
        if (rowLimitHit) break;
      }
    }
    if (!mainWriter) await openTables(); // an empty collection still gets its table
    if (rowLimitHit || serverPartial) outcome = "partial";
  } catch (error) {
    const aborted = error instanceof ApiError && error.kind === "aborted";
    outcome = aborted ? "cancelled" : "failed";
    failure = error;
  }

  // Write what was fetched, so the sheet holds every record the status line counts.
  try {
    if (mainWriter) {
      await flush();
      await inFlight;
      if (writeError) throw writeError;
    }
  } catch (error) {
    outcome = "failed";
    failure = failure ?? error;
  }

  const when = stamp(new Date());
  const records = count(written, "record");
  let message: string;
  let status: string;
  if (outcome === "complete") {
    message = `Imported ${records} into ${info.label}.`;
    status = `${info.label} · ${records} · imported ${when} from ${source} · complete`;
  } else if (outcome === "partial") {
    const why = rowLimitHit
      ? `the sheet's row limit (${count(limits.sheetRows ?? EXCEL_MAX_ROWS, "row")}) was reached; filter the data at the source or use a database for this much`
      : (serverPartial ?? "the list was incomplete");
    message = `Imported ${records} into ${info.label}, but not all: ${why}.`;
    status = `PARTIAL · ${info.label} · ${records} · imported ${when} from ${source} · ${why}`;
  } else if (outcome === "cancelled" && !mainWriter) {
    // No page had arrived, so no sheet was opened, let alone marked.
    message = `Cancelled before any records arrived; no sheet was changed.`;
    status = "";
  } else if (outcome === "cancelled") {
    const marked = (mainWriter as TableWriter | null)?.statusBlocked === null;
    message = `Cancelled. ${records} were imported${marked ? "; the sheet is marked partial" : ""}. Import again for all of them.`;
    status = `PARTIAL · ${info.label} · ${records} · cancelled ${when} · import again for the full list`;
  } else {
    const reason = failure instanceof Error ? failure.message : String(failure);
    message = reason;
    status = `PARTIAL · ${info.label} · ${records} · stopped ${when} by an error: ${reason}`;
  }

  // Cells written as text in columns of another kind: how many, why, and the first few, so a
  // total that does not add up can be traced (each row's "Import notes" says why). The status
  // line above the table stays short; the rows' notes are beside it.
  const notes = misfits.notes();
  if (notes.length > 0) {
    message = `${message} ${notes.join(" ")}`;
  }

  ({ message, status } = withTableNotes(
    message,
    status,
    mainWriter,
    linkedWriter,
    written,
    outcome !== "complete",
  ));

  if (mainWriter) {
    const writers = [{ writer: mainWriter as TableWriter, status }];
    if (linkedWriter) {
      writers.push({
        writer: linkedWriter as TableWriter,
        status: allocationsStatus((mainWriter as TableWriter).sheetName, status),
      });
    }
    try {
      await finishTables(run, writers);
    } catch (error) {
      if (outcome !== "failed") throw error;
    }
  }
  if (outcome === "failed") throw failure;
  const writer = mainWriter as TableWriter | null;
  return {
    sheetName: writer?.sheetName ?? shapers.layout.sheetName,
    tableName: writer?.tableName ?? shapers.layout.tableName,
    rows: written,
    complete: outcome === "complete",
    message,
    notes,
  };
}
