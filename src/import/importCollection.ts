// Imports one collection into its sheet: fetches pages (the next page is in flight while the
// current one is shaped and written), shapes records into typed rows, and writes them to the
// table in large blocks, one request each, with at most one write in flight. Cancel or failure
// leaves a consistent table whose status line says it is partial.
import { ApiError, iterateCollection, iteratePayments, JsonRecord, Payment } from "../api";
import type { ExcelRun } from "../excel/run";
import {
  EXCEL_MAX_ROWS,
  finishTables,
  RowBlock,
  TableWriter,
  writeBlocks,
} from "../excel/tableWriter";
import type { CellValue } from "../sheets/cells";
import { BLOCK_MAX_BYTES, BLOCK_MAX_ROWS, BlockPlanner } from "./blockPlanner";
import { shapersFor, ShapedRows } from "./shapers";
import { COLLECTIONS, ImportProgress, ImportRequest, ImportResult } from "./types";

/** Rows waiting to be written to one table. */
class PendingRows {
  rows: CellValue[][] = [];
  textCells: { row: number; column: number }[] = [];
  bytes = 0;

  add(shaped: ShapedRows, bytes: number): void {
    const offset = this.rows.length;
    this.rows.push(...shaped.rows);
    for (const cell of shaped.textCells) {
      this.textCells.push({ row: cell.row + offset, column: cell.column });
    }
    this.bytes += bytes;
  }

  /** Keeps only the first `count` rows (the sheet's row limit). */
  truncate(count: number): void {
    this.rows.length = Math.min(this.rows.length, count);
    this.textCells = this.textCells.filter((cell) => cell.row < count);
  }

  take(): RowBlock {
    const block = { rows: this.rows, textCells: this.textCells };
    this.rows = [];
    this.textCells = [];
    this.bytes = 0;
    return block;
  }
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
  const shapers = shapersFor(request.collection);
  const planner = new BlockPlanner(
    limits.blockRows ?? BLOCK_MAX_ROWS,
    limits.blockBytes ?? BLOCK_MAX_BYTES,
  );
  const main = new PendingRows();
  const linked = new PendingRows();
  let mainWriter: TableWriter | null = null;
  let linkedWriter: TableWriter | null = null;
  let pages = 0;
  let fetched = 0;
  let written = 0; // rows whose write has completed
  let committed = 0; // rows handed to a write
  let total: number | undefined;
  let serverPartial: string | null = null;
  let rowLimitHit = false;
  let inFlight: Promise<void> = Promise.resolve();
  let writeError: unknown = null;

  const running = (rows: number): string =>
    `Importing ${info.label} from ${source}: ${count(rows, "record")} so far (partial until finished)…`;
  const report = (message: string): void => {
    const progress: ImportProgress = { records: written, pages, message };
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
        status: `Allocations of the payments on sheet ${mainWriter.sheetName}; importing…`,
      });
    }
    const rows = mainBlock.rows.length;
    committed += rows;
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
    mainWriter = await TableWriter.open(
      run,
      shapers.layout,
      shapers.main.columns(),
      running(0),
      limits.sheetRows,
    );
    if (shapers.linked) {
      linkedWriter = await TableWriter.open(
        run,
        shapers.linked.layout,
        shapers.linked.shaper.columns(),
        `Allocations of the payments on sheet ${mainWriter.sheetName}; importing…`,
        limits.sheetRows,
      );
    }
  };

  const accept = async (records: readonly JsonRecord[], payments?: readonly Payment[]) => {
    pages += 1;
    fetched += payments ? payments.length : records.length;
    const shapedPage = shapers.shapePage(records, payments);
    const shaped = shapedPage.main;
    if (!mainWriter) await openTables();
    const room = mainWriter!.capacity - committed - main.rows.length;
    const incoming = shaped.bytes + (shapedPage.linked?.bytes ?? 0);
    if (planner.wouldOverflow(main.rows.length, main.bytes + linked.bytes, incoming)) {
      // Pages of long texts: write what is pending first, so this page cannot push the block
      // past the request limit.
      planner.flushed();
      await flush();
    }
    main.add(shaped, shaped.bytes);
    if (shapedPage.linked) linked.add(shapedPage.linked, shapedPage.linked.bytes);
    if (shaped.rows.length > room) {
      main.truncate(main.rows.length - (shaped.rows.length - room));
      rowLimitHit = true;
    }
    report(`Fetched ${count(pages, "page")}, ${count(fetched, "record")}…`);
    if (rowLimitHit || planner.shouldFlush(main.rows.length, main.bytes + linked.bytes)) {
      planner.flushed();
      await flush();
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
  } else if (outcome === "cancelled") {
    message = `Cancelled. ${records} were imported; the sheet is marked partial. Import again for all of them.`;
    status = `PARTIAL · ${info.label} · ${records} · cancelled ${when} · import again for the full list`;
  } else {
    const reason = failure instanceof Error ? failure.message : String(failure);
    message = reason;
    status = `PARTIAL · ${info.label} · ${records} · stopped ${when} by an error: ${reason}`;
  }

  if (mainWriter) {
    const writers = [{ writer: mainWriter as TableWriter, status }];
    if (linkedWriter) {
      writers.push({
        writer: linkedWriter as TableWriter,
        status: `Allocations of the payments on sheet ${(mainWriter as TableWriter).sheetName} · ${status}`,
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
  };
}
