// The import rows of the benchmark: the network floor (every page fetched one after another by
// the same client, nothing else done) and the full import through Microsoft's office.js client
// into the Excel emulator, for one collection size and latency.
import { iterateCollection, LedgerApi } from "../src/api";
import { nodeFetch } from "../src/cli/nodeFetch";
import { OfficeJsExcelHost } from "../tools/excel-emulator/officeJs/nodeClient";
import { importCollection } from "../src/import/importCollection";
import { DEMO_TOKEN } from "../tools/sandbox";
import type { ExcelRun } from "../src/excel/run";
import { cpuMsOf, profileCpu, threadCpuMsOf, type CpuShares } from "./cpuShares";
import { ExcelProcess } from "./excelProcess";
import { collectGarbage, GcTimer, HeapSampler, heapUsed } from "./heapSampler";
import type { ProcessCpu } from "./leastTime";
import { ThreadBusy } from "./threadBusy";
import { threadCpuMs, threadCpuSince } from "./threadCpu";
import { workbookExtent } from "./rowsWritten";

export interface FloorResult {
  readonly ms: number;
  readonly pages: number;
  readonly records: number;
  readonly peakHeapBytes: number;
  /** Garbage collection pauses during the run. */
  readonly gcMs: number;
  /** CPU of this process (user + system) during the walk. */
  readonly cpuMs: number;
  /** Milliseconds this thread was busy during the walk, not waiting for the next page. */
  readonly threadBusyMs: number;
  /** CPU of the API server's process during the walk, when it runs in one. */
  readonly serverCpuMs: number | null;
}

export interface ImportRunResult {
  readonly ms: number;
  readonly rows: number;
  /**
   * Every Excel row the import wrote, on every sheet (header, records, invoice lines...): the
   * rows the workbook holds after it (a refresh rewrites its table whole).
   */
  readonly rowsWritten: number;
  /** The cells those rows hold. */
  readonly cellsWritten: number;
  /** Every request's bytes as office.js serialized it, summed. */
  readonly requestBytes: number;
  readonly syncs: number;
  /** The largest request office.js serialized, in real bytes. */
  readonly largestRequestBytes: number;
  /**
   * Milliseconds the emulator spent reading, running and answering requests: Excel's own work,
   * not the add-in's (office.js building and serializing the requests is the add-in's).
   */
  readonly hostServeMs: number;
  /** Garbage collection pauses during the run (they grow with the fake workbook's heap). */
  readonly gcMs: number;
  /** Peak heap above the baseline during the import, the fake workbook's cells included. */
  readonly peakHeapBytes: number;
  /** Heap still held after the import (after a collection): the fake workbook's cells. */
  readonly workbookHeapBytes: number;
  /**
   * Peak heap above the baseline less the workbook's share of the rows written by then
   * ({@link HeapSampler.peakBeside}): what the import itself holds, garbage included.
   */
  readonly pipelineHeapBytes: number;
  /** CPU of this process (user + system) during the import, the emulator's included. */
  readonly cpuMs: number;
  /**
   * Milliseconds this thread was busy during the import (the add-in, office.js, and the
   * emulator when it runs here), not waiting for a page or for Excel.
   */
  readonly threadBusyMs: number;
  /** CPU of the API server's process during the import, when it runs in one. */
  readonly serverCpuMs: number | null;
  /** CPU of the Excel process during the import, when Excel runs in one. */
  readonly excelCpuMs: number | null;
  /**
   * Each process's main thread's CPU during the import: null for one that is not apart, or on a
   * Node without `process.threadCpuUsage`. A thread uses one core at most, so none of these is a
   * time the import can beat.
   */
  readonly threadCpuMs: {
    readonly addIn: number | null;
    readonly server: number | null;
    readonly excel: number | null;
  };
}

/** The API server process's CPU so far, and its main thread's (`SandboxProcess.cpu`). */
export type ServerCpu = () => Promise<ProcessCpu>;

/** The server's CPU since `start` (from `server`), or null without a server. */
async function serverCpuSince(
  server: ServerCpu | undefined,
  start: ProcessCpu | null,
): Promise<ProcessCpu | null> {
  if (!server || start === null) return null;
  const now = await server();
  const thread =
    now.threadCpuMs === null || start.threadCpuMs === null
      ? null
      : now.threadCpuMs - start.threadCpuMs;
  return { cpuMs: now.cpuMs - start.cpuMs, threadCpuMs: thread };
}

/**
 * The API client as the benchmark runs it: on the command line's node:http transport, since in
 * Excel fetch is the browser's native code while Node's global fetch (undici) would charge its
 * own JavaScript, about 2 ms a page, to the add-in. `--global-fetch` measures with undici.
 */
export function benchApi(baseUrl: string, transport: "node" | "global" = "node"): LedgerApi {
  return new LedgerApi(
    {
      apiAddress: baseUrl,
      version: "v1",
      token: DEMO_TOKEN,
      identity: "demo-company",
    },
    transport === "node" ? { fetch: nodeFetch } : {},
  );
}

/** The floor: the same client walking every page, doing nothing with them. */
export async function measureFloor(api: LedgerApi, server?: ServerCpu): Promise<FloorResult> {
  const serverStart = server ? await server() : null;
  const heap = new HeapSampler();
  const gc = new GcTimer();
  const cpu = process.cpuUsage();
  const busy = new ThreadBusy();
  const started = performance.now();
  let pages = 0;
  let records = 0;
  for await (const page of iterateCollection(api, "/invoices")) {
    pages += 1;
    records += page.data.length;
  }
  const ms = performance.now() - started;
  const cpuMs = cpuSince(cpu);
  const threadBusyMs = busy.ms();
  return {
    ms,
    pages,
    records,
    peakHeapBytes: heap.stop(),
    gcMs: gc.stop(),
    cpuMs,
    threadBusyMs,
    serverCpuMs: (await serverCpuSince(server, serverStart))?.cpuMs ?? null,
  };
}

/**
 * A new workbook behind Microsoft's client that keeps no request bodies (its executor keeps the
 * last 50 for tests), so the heap measured is the workbook's and the import's.
 */
export function benchHost(): OfficeJsExcelHost {
  const host = new OfficeJsExcelHost();
  host.officeJs.executor.keepRequests = 0;
  return host;
}

/**
 * Where the benchmark's Excel runs: in a process of its own (the default, as Excel does) or on
 * the import's thread (`--excel-inline`), where its work delays the add-in's.
 */
export type ExcelPlacement = "process" | "inline";

/** A new workbook for one import, and what it says of the requests it answered. */
interface BenchWorkbook {
  readonly run: ExcelRun;
  /** Syncs, largest request, serve time, and the workbook's retained heap when it lives apart. */
  finish(): Promise<{
    syncs: number;
    largestRequestBytes: number;
    requestBytes: number;
    rowsWritten: number;
    cellsWritten: number;
    hostServeMs: number;
    excelCpuMs: number | null;
    excelThreadCpuMs: number | null;
    apartHeapBytes: number | null;
  }>;
}

/** Fills the workbook before the timed run: a refresh's table, imported once. */
type Prime = (run: ExcelRun) => Promise<void>;

async function openWorkbook(placement: ExcelPlacement, prime?: Prime): Promise<BenchWorkbook> {
  if (placement === "inline") {
    const host = benchHost();
    if (prime) {
      await prime(host.run);
      host.resetCounters();
    }
    return {
      run: host.run,
      finish: () => {
        const extent = workbookExtent(host.workbook);
        return Promise.resolve({
          syncs: host.syncCount,
          largestRequestBytes: host.largestRequestBytes,
          requestBytes: host.requestLog.reduce((sum, sync) => sum + sync.requestBytes, 0),
          rowsWritten: extent.rows,
          cellsWritten: extent.cells,
          hostServeMs: host.requestLog.reduce((sum, sync) => sum + sync.serveMs, 0),
          excelCpuMs: null,
          excelThreadCpuMs: null,
          apartHeapBytes: null,
        });
      },
    };
  }
  const excel = await ExcelProcess.start();
  if (prime) await prime(excel.run);
  const before = await excel.stats();
  return {
    run: excel.run,
    async finish() {
      const after = await excel.stats();
      await excel.close();
      return {
        // Since the workbook was filled: a refresh's own requests, not its table's import.
        syncs: after.syncCount - before.syncCount,
        largestRequestBytes: after.largestRequestBytes,
        requestBytes: after.requestBytes - before.requestBytes,
        rowsWritten: after.extent.rows,
        cellsWritten: after.extent.cells,
        hostServeMs: after.serveMs - before.serveMs,
        excelCpuMs: after.cpuMs - before.cpuMs,
        excelThreadCpuMs:
          after.threadCpuMs === null || before.threadCpuMs === null
            ? null
            : after.threadCpuMs - before.threadCpuMs,
        apartHeapBytes: after.heapBytes - before.heapBytes,
      };
    },
  };
}

/**
 * The full import of the invoices through office.js into a new workbook of the emulator; with
 * `overTable`, a refresh of the table an untimed import of the same list filled first (its rows
 * replaced only once the whole list is in).
 */
export async function measureImport(
  api: LedgerApi,
  placement: ExcelPlacement = "process",
  server?: ServerCpu,
  overTable = false,
): Promise<ImportRunResult> {
  const prime: Prime | undefined = overTable
    ? async (run) => {
        await importCollection(run, { collection: "invoices", api });
      }
    : undefined;
  const workbook = await openWorkbook(placement, prime);
  const serverStart = server ? await server() : null;
  let written = 0;
  const heap = new HeapSampler(() => written);
  const gc = new GcTimer();
  const cpu = process.cpuUsage();
  const thread = threadCpuMs();
  const busy = new ThreadBusy();
  const started = performance.now();
  const result = await importCollection(workbook.run, {
    collection: "invoices",
    api,
    onProgress: (progress) => {
      written = progress.written ?? progress.records;
      heap.sample();
    },
  });
  const ms = performance.now() - started;
  const cpuMs = cpuSince(cpu);
  const addInThreadCpuMs = threadCpuSince(thread);
  const threadBusyMs = busy.ms();
  const gcMs = gc.stop();
  const peakHeapBytes = heap.stop();
  const serverCpu = await serverCpuSince(server, serverStart);
  const excel = await workbook.finish();
  collectGarbage();
  const workbookHeapBytes = excel.apartHeapBytes ?? heapUsed() - heap.baseline;
  // The workbook's rows are in this heap only when Excel runs here.
  const rowsHere = excel.apartHeapBytes === null ? workbookHeapBytes : 0;
  if (!result.complete) throw new Error(`The benchmark import was not complete: ${result.message}`);
  return {
    ms,
    rows: result.rows,
    rowsWritten: excel.rowsWritten,
    cellsWritten: excel.cellsWritten,
    requestBytes: excel.requestBytes,
    syncs: excel.syncs,
    largestRequestBytes: excel.largestRequestBytes,
    hostServeMs: excel.hostServeMs,
    gcMs,
    peakHeapBytes,
    workbookHeapBytes,
    pipelineHeapBytes: heap.peakBeside(rowsHere / Math.max(1, result.rows)),
    cpuMs,
    threadBusyMs,
    serverCpuMs: serverCpu?.cpuMs ?? null,
    excelCpuMs: excel.excelCpuMs,
    threadCpuMs: {
      // On the add-in's thread when Excel runs inline: then no bound of the add-in's own.
      addIn: excel.excelCpuMs === null ? null : addInThreadCpuMs,
      server: serverCpu?.threadCpuMs ?? null,
      excel: excel.excelThreadCpuMs,
    },
  };
}

/** Milliseconds of this process's CPU (user + system) since `start`. */
export function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * The add-in's CPU per record, apart from Excel's (the emulator) and office.js's shares, and
 * the rows that run wrote, to read each per row written ({@link perRowWritten}).
 */
export interface CpuPerRecord {
  readonly records: number;
  readonly rowsWritten: number;
  /** Microseconds of process CPU per record, less the emulator's and office.js's samples. */
  readonly addInUs: number;
  readonly officeJsUs: number;
  readonly emulatorUs: number;
  /** Garbage collection per record, included in addInUs (it collects everyone's garbage). */
  readonly gcUs: number;
  /**
   * addInUs on the main thread alone (its CPU less office.js's and the emulator's samples), the
   * thread the add-in's JavaScript runs on; null on a Node that cannot say (20).
   */
  readonly addInThreadUs: number | null;
}

/**
 * An untimed import under the sampling profiler: process CPU, less what the samples charge to
 * the emulator and to office.js, per record.
 */
export async function measureImportCpu(
  api: LedgerApi,
  placement: ExcelPlacement = "process",
): Promise<CpuPerRecord> {
  const workbook = await openWorkbook(placement);
  let rows = 1;
  const shares = await profileCpu(async () => {
    const result = await importCollection(workbook.run, { collection: "invoices", api });
    rows = Math.max(1, result.rows);
  });
  const excel = await workbook.finish();
  // Excel in its own process: its CPU is that process's; none of it is in this one's samples.
  const emulator = excel.excelCpuMs ?? cpuMsOf(shares, "emulator");
  const emulatorHere = excel.excelCpuMs === null ? emulator : cpuMsOf(shares, "emulator");
  const officeJs = cpuMsOf(shares, "officeJs");
  const us = (ms: number): number => (ms * 1000) / rows;
  return {
    records: rows,
    rowsWritten: excel.rowsWritten,
    addInUs: us(shares.processMs - emulatorHere - officeJs),
    officeJsUs: us(officeJs),
    emulatorUs: us(emulator),
    gcUs: us(cpuMsOf(shares, "gc")),
    addInThreadUs: addInThreadUs(shares, excel.excelCpuMs === null, rows),
  };
}

/** The main thread's CPU per record less office.js's and, when it ran inline, the emulator's. */
function addInThreadUs(shares: CpuShares, excelInline: boolean, records: number): number | null {
  const officeJs = threadCpuMsOf(shares, "officeJs");
  const emulator = excelInline ? threadCpuMsOf(shares, "emulator") : 0;
  if (shares.threadMs === null || officeJs === null || emulator === null) return null;
  return ((shares.threadMs - officeJs - emulator) * 1000) / records;
}

/** A figure per record of `cpu`'s run as one per row that run wrote. */
export function perRowWritten(cpu: CpuPerRecord, usPerRecord: number): number {
  return (usPerRecord * cpu.records) / Math.max(1, cpu.rowsWritten);
}

/** Live heap, measured apart from the timed runs: collections are forced every few pages. */
export interface LiveHeapResult {
  /** The client walking the pages alone (its loop guard's memory is bounded: src/api/seenSet.ts). */
  readonly floorBytes: number;
  /** The import, less the workbook's share of the rows written by then. */
  readonly pipelineBytes: number;
}

const LIVE_SAMPLE_EVERY_PAGES = 40;

/**
 * The most live heap (after a full collection) the floor and the import hold at any sampled
 * moment, every {@link LIVE_SAMPLE_EVERY_PAGES} pages. Untimed: each collection stops the world.
 */
export async function measureLiveHeap(api: LedgerApi): Promise<LiveHeapResult> {
  collectGarbage();
  let baseline = heapUsed();
  let floorBytes = 0;
  let pages = 0;
  for await (const _page of iterateCollection(api, "/invoices")) {
    if (++pages % LIVE_SAMPLE_EVERY_PAGES === 0) {
      collectGarbage();
      floorBytes = Math.max(floorBytes, heapUsed() - baseline);
    }
  }

  const host = benchHost();
  collectGarbage();
  baseline = heapUsed();
  const samples: { used: number; rows: number }[] = [];
  let lastPages = 0;
  const result = await importCollection(host.run, {
    collection: "invoices",
    api,
    onProgress: (progress) => {
      if (progress.pages === lastPages || progress.pages % LIVE_SAMPLE_EVERY_PAGES !== 0) return;
      lastPages = progress.pages;
      collectGarbage();
      samples.push({ used: heapUsed() - baseline, rows: progress.written ?? progress.records });
    },
  });
  collectGarbage();
  const perRow = (heapUsed() - baseline) / Math.max(1, result.rows);
  const pipelineBytes = Math.max(0, ...samples.map(({ used, rows }) => used - rows * perRow));
  return { floorBytes, pipelineBytes };
}
