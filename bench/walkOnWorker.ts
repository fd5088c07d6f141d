// Would the 0 ms import come nearer the least time its processes allow if the cursor walk ran on a
// thread of its own? At 0 ms each page's answer waits for the add-in's thread to finish what it is
// doing (a block's request, a collection, shaping) before the next request can leave
// (bench/chainSplit.ts). Here a worker thread walks the pages with the same client and hands each
// parsed page over (structured clone); the import on the main thread takes them in order. Runs
// alternate with the import as it is, each against its own least time (bench/leastTime.ts).
//
//   npx tsc -p bench/tsconfig.json && node --expose-gc build/bench/bench/walkOnWorker.js [invoices] [pairs]
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { iterateCollection, type LedgerApi } from "../src/api";
import type { CollectionParams } from "../src/api/ledgerApi";
import type { CollectionPage } from "../src/api/types";
import { importCollection } from "../src/import/importCollection";
import { benchApi } from "./importBench";
import { ExcelProcess } from "./excelProcess";
import { leastTime } from "./leastTime";
import { median } from "./median";
import { startSandboxProcess, type SandboxProcess } from "./sandboxProcess";
import { threadCpuMs, threadCpuSince } from "./threadCpu";

interface WalkData {
  readonly baseUrl: string;
  readonly path: string;
}

/** Pages the worker may hold ahead of the import, as the import's own walk does. */
const PAGES_AHEAD = 20;

/** The worker: walks every page and posts each, at most {@link PAGES_AHEAD} untaken. */
async function walkHere(port: NonNullable<typeof parentPort>, data: WalkData): Promise<void> {
  let credits = PAGES_AHEAD;
  let wake: (() => void) | null = null;
  port.on("message", (taken: number) => {
    credits += taken;
    wake?.();
    wake = null;
  });
  for await (const page of iterateCollection(benchApi(data.baseUrl), data.path, {
    pagesAhead: 1,
  })) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    port.postMessage(page);
  }
  port.postMessage(null);
}

/** The import's side: each page asked for is the next the worker posted. */
class PagesFromWorker {
  private readonly arrived: (CollectionPage | null)[] = [];
  private waiting: ((page: CollectionPage | null) => void) | null = null;

  constructor(private readonly worker: Worker) {
    worker.on("message", (page: CollectionPage | null) => {
      if (this.waiting) {
        this.waiting(page);
        this.waiting = null;
      } else this.arrived.push(page);
    });
  }

  async listCollectionPage(_path: string, _params: CollectionParams): Promise<CollectionPage> {
    const page =
      this.arrived.length > 0
        ? this.arrived.shift()!
        : await new Promise<CollectionPage | null>((resolve) => (this.waiting = resolve));
    if (page === null) throw new Error("The worker's walk ended before the import's.");
    this.worker.postMessage(1);
    return page;
  }
}

interface Run {
  readonly ms: number;
  readonly overLeast: number;
  /** This process's CPU (every thread, the worker's too) and its main thread's, ms. */
  readonly cpuMs: number;
  readonly threadMs: number;
}

async function timedImport(sandbox: SandboxProcess, onWorker: boolean): Promise<Run> {
  const { baseUrl } = sandbox;
  const excel = await ExcelProcess.start();
  const worker = onWorker
    ? new Worker(__filename, { workerData: { baseUrl, path: "/invoices" } satisfies WalkData })
    : null;
  const direct = benchApi(baseUrl);
  // The import reads the API's address for its messages; every page comes from the worker.
  const api = worker
    ? (Object.assign(new PagesFromWorker(worker), {
        baseUrl: direct.baseUrl,
      }) as unknown as LedgerApi)
    : direct;
  const serverBefore = await sandbox.cpu();
  const excelBefore = await excel.stats();
  const cpu = process.cpuUsage();
  const thread = threadCpuMs();
  const started = performance.now();
  const result = await importCollection(excel.run, { collection: "invoices", api });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const threadMs = threadCpuSince(thread) ?? 0;
  const serverAfter = await sandbox.cpu();
  const excelAfter = await excel.stats();
  await worker?.terminate();
  await excel.close();
  if (!result.complete) throw new Error(result.message);
  const cpuMs = (used.user + used.system) / 1000;
  const since = (now: number | null, start: number | null) =>
    now === null || start === null ? null : now - start;
  const least = leastTime({
    addIn: { cpuMs, threadCpuMs: threadMs },
    server: {
      cpuMs: serverAfter.cpuMs - serverBefore.cpuMs,
      threadCpuMs: since(serverAfter.threadCpuMs, serverBefore.threadCpuMs),
    },
    excel: {
      cpuMs: excelAfter.cpuMs - excelBefore.cpuMs,
      threadCpuMs: since(excelAfter.threadCpuMs, excelBefore.threadCpuMs),
    },
  });
  return { ms, overLeast: ms / least.ms, cpuMs, threadMs };
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 50_000);
  const pairs = Number(process.argv[3] ?? 5);
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true });
  try {
    // Warm-up of both ways: compiles the code, and the sandbox keeps its records from here on.
    await timedImport(sandbox, false);
    await timedImport(sandbox, true);
    const runs: Record<"asIs" | "onWorker", Run[]> = { asIs: [], onWorker: [] };
    for (let pair = 0; pair < pairs; pair++) {
      for (const onWorker of pair % 2 === 0 ? [false, true] : [true, false]) {
        const run = await timedImport(sandbox, onWorker);
        runs[onWorker ? "onWorker" : "asIs"].push(run);
        console.log(
          `${onWorker ? "walk on a worker" : "as it is      "}: ${(run.ms / 1000).toFixed(2)} s, ` +
            `time/least ${run.overLeast.toFixed(3)}, process CPU ${Math.round(run.cpuMs)} ms, ` +
            `main thread ${Math.round(run.threadMs)} ms`,
        );
      }
    }
    for (const [way, list] of Object.entries(runs)) {
      console.log(
        `${way} median of ${list.length}: ${(median(list.map((r) => r.ms)) / 1000).toFixed(2)} s, ` +
          `time/least ${median(list.map((r) => r.overLeast)).toFixed(3)}, ` +
          `process CPU ${Math.round(median(list.map((r) => r.cpuMs)))} ms, ` +
          `main thread ${Math.round(median(list.map((r) => r.threadMs)))} ms`,
      );
    }
  } finally {
    await sandbox.close();
  }
}

if (isMainThread) void main();
else void walkHere(parentPort!, workerData as WalkData);
