// The import rows of the benchmark: the network floor (every page fetched one after another by
// the same client, nothing else done) and the full import into the strict fake Excel host, for
// one collection size and latency.
import { iterateCollection, LedgerApi } from "../src/api";
import { FakeExcelHost } from "../src/fake-excel";
import { importCollection } from "../src/import/importCollection";
import { DEMO_TOKEN } from "../src/sandbox";
import { collectGarbage, HeapSampler, heapUsed } from "./heapSampler";

export interface FloorResult {
  readonly ms: number;
  readonly pages: number;
  readonly records: number;
  readonly peakHeapBytes: number;
}

export interface ImportRunResult {
  readonly ms: number;
  readonly rows: number;
  readonly syncs: number;
  readonly largestRequestBytes: number;
  /** Milliseconds the fake host spent serving requests: Excel's own work, not the add-in's. */
  readonly hostServeMs: number;
  /** Peak heap above the baseline during the import, the fake workbook's cells included. */
  readonly peakHeapBytes: number;
  /** Heap still held after the import (after a collection): the fake workbook's cells. */
  readonly workbookHeapBytes: number;
}

export function benchApi(baseUrl: string): LedgerApi {
  return new LedgerApi({
    apiAddress: baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

/** The floor: the same client walking every page, doing nothing with them. */
export async function measureFloor(api: LedgerApi): Promise<FloorResult> {
  const heap = new HeapSampler();
  const started = performance.now();
  let pages = 0;
  let records = 0;
  for await (const page of iterateCollection(api, "/invoices")) {
    pages += 1;
    records += page.data.length;
  }
  const ms = performance.now() - started;
  return { ms, pages, records, peakHeapBytes: heap.stop() };
}

/** The full import of the invoices into a new strict fake Excel host. */
export async function measureImport(api: LedgerApi): Promise<ImportRunResult> {
  const host = new FakeExcelHost();
  const heap = new HeapSampler();
  const started = performance.now();
  const result = await importCollection(host.run, {
    collection: "invoices",
    api,
    onProgress: () => heap.sample(),
  });
  const ms = performance.now() - started;
  const peakHeapBytes = heap.stop();
  collectGarbage();
  const workbookHeapBytes = heapUsed() - heap.baseline;
  if (!result.complete) throw new Error(`The benchmark import was not complete: ${result.message}`);
  return {
    ms,
    rows: result.rows,
    syncs: host.syncCount,
    largestRequestBytes: host.largestRequestBytes,
    hostServeMs: host.requestLog.reduce((sum, sync) => sum + sync.serveMs, 0),
    peakHeapBytes,
    workbookHeapBytes,
  };
}
