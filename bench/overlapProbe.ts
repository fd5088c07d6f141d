// A small, quick probe of how well an import's work overlaps the server's and Excel's: the 0 ms
// import (sandbox and Excel each in a process of their own) and Refresh all, at sizes small
// enough to repeat many times. Each run prints one JSON line: wall time, each process's CPU, the
// add-in thread's own CPU, the syncs, and the least time those CPUs allow on this machine
// (`coresLeastMs`); `overBound` is the wall time over the larger of that least time and the
// thread's CPU (`leastTime` without a floor), which no overlap can go under. Run two builds of
// it in alternation and compare medians: on a shared machine single runs are noise.
//
//   tsc -p bench/tsconfig.json
//   node --expose-gc build/bench/bench/overlapProbe.js import 20000
//   node --expose-gc build/bench/bench/overlapProbe.js refresh 5000 25 1   # records, latency, busy
import { availableParallelism, loadavg } from "node:os";
import { importCollection } from "../src/import/importCollection";
import { refreshAll } from "../src/import/refreshAll";
import type { ExcelRun } from "../src/excel/run";
import { BusyProcesses } from "./busyProcesses";
import { coresLeastMs, leastTime } from "./leastTime";
import { ExcelProcess } from "./excelProcess";
import { benchApi, measureImport } from "./importBench";
import { importSixTables, sixListsSandbox } from "./sixLists";
import { syncBudget } from "./report";
import { startSandboxProcess, type SandboxProcess } from "./sandboxProcess";
import { ThreadBusy } from "./threadBusy";

interface ProbeLine {
  readonly kind: "import" | "refresh";
  readonly records: number;
  readonly wallMs: number;
  readonly clientCpuMs: number;
  /** The add-in's own thread (process.threadCpuUsage): the least the run can take. */
  readonly threadCpuMs: number;
  readonly serverCpuMs: number;
  readonly excelCpuMs: number;
  readonly leastMs: number;
  readonly ratio: number;
  /** Wall time over the larger of the least time and the thread's CPU. */
  readonly overBound: number;
  readonly syncs: number;
  readonly rowsWritten: number;
  /** The sync budget the benchmark checks for the rows written. */
  readonly syncBudget: number;
  readonly threadBusyMs: number;
  readonly busy: number;
  readonly load: number;
  readonly cores: number;
}

const round = (ms: number): number => Math.round(ms);

/** What one timed run measured: its wall time, each process's CPU, its syncs. */
interface Timed {
  readonly wallMs: number;
  readonly clientCpuMs: number;
  readonly threadCpuMs: number;
  readonly threadBusyMs: number;
  readonly serverCpuMs: number;
  readonly excelCpuMs: number;
  readonly syncs: number;
  readonly rowsWritten: number;
}

/** Times `work` against Excel in its own process and the sandbox: wall, CPUs and syncs. */
async function timed(
  sandbox: SandboxProcess,
  excel: ExcelProcess,
  work: (run: ExcelRun) => Promise<void>,
): Promise<Timed> {
  const before = await excel.stats();
  const serverBefore = await sandbox.cpuMs();
  const cpu = process.cpuUsage();
  const thread = process.threadCpuUsage();
  const busy = new ThreadBusy();
  const started = performance.now();
  await work(excel.run);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const threadUsed = process.threadCpuUsage(thread);
  const threadBusyMs = busy.ms();
  const serverCpuMs = (await sandbox.cpuMs()) - serverBefore;
  const after = await excel.stats();
  return {
    wallMs,
    clientCpuMs: (used.user + used.system) / 1000,
    threadCpuMs: (threadUsed.user + threadUsed.system) / 1000,
    threadBusyMs,
    serverCpuMs,
    excelCpuMs: after.cpuMs - before.cpuMs,
    syncs: after.syncCount - before.syncCount,
    rowsWritten: after.extent.rows,
  };
}

function lineOf(kind: ProbeLine["kind"], records: number, run: Timed, busy: number): ProbeLine {
  const leastMs = coresLeastMs([run.clientCpuMs, run.serverCpuMs, run.excelCpuMs], busy);
  const bound = leastTime(
    {
      addIn: { cpuMs: run.clientCpuMs, threadCpuMs: run.threadCpuMs },
      server: { cpuMs: run.serverCpuMs, threadCpuMs: null },
      excel: { cpuMs: run.excelCpuMs, threadCpuMs: null },
    },
    busy,
  );
  return {
    kind,
    records,
    wallMs: round(run.wallMs),
    clientCpuMs: round(run.clientCpuMs),
    threadCpuMs: round(run.threadCpuMs),
    serverCpuMs: round(run.serverCpuMs),
    excelCpuMs: round(run.excelCpuMs),
    leastMs: round(leastMs),
    ratio: Number((run.wallMs / leastMs).toFixed(3)),
    overBound: Number((run.wallMs / bound.ms).toFixed(3)),
    syncs: run.syncs,
    rowsWritten: run.rowsWritten,
    syncBudget: syncBudget(run.rowsWritten),
    threadBusyMs: round(run.threadBusyMs),
    busy,
    load: Number((loadavg()[0] ?? 0).toFixed(2)),
    cores: availableParallelism(),
  };
}

/** The 0 ms import of `records` invoices into a new workbook, after one untimed (the warm-up). */
async function probeImport(records: number): Promise<ProbeLine> {
  const sandbox = await startSandboxProcess(records);
  try {
    const api = benchApi(sandbox.baseUrl);
    await measureImport(api, "process");
    const excel = await ExcelProcess.start();
    try {
      const run = await timed(sandbox, excel, async (excelRun) => {
        const result = await importCollection(excelRun, { collection: "invoices", api });
        if (!result.complete) throw new Error(result.message);
      });
      return lineOf("import", records, run, 0);
    } finally {
      await excel.close();
    }
  } finally {
    await sandbox.close();
  }
}

/** Refresh all of six lists of `records` each at `latencyMs`, beside `busy` spinning processes. */
async function probeRefresh(records: number, latencyMs: number, busy: number): Promise<ProbeLine> {
  const sandbox = await sixListsSandbox(records);
  const excel = await ExcelProcess.start();
  let spinning: BusyProcesses | null = null;
  try {
    const api = benchApi(sandbox.baseUrl);
    await importSixTables(sandbox, excel.run, api, records);
    await sandbox.setLatency(latencyMs);
    spinning = await BusyProcesses.start(busy);
    const run = await timed(sandbox, excel, async (excelRun) => {
      const result = await refreshAll(excelRun, { api, mode: "full" });
      if (!result.complete) throw new Error(result.message);
    });
    return lineOf("refresh", records, run, busy);
  } finally {
    await spinning?.stop();
    await excel.close();
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const [kind = "import", records = "20000", latency = "25", busy = "1"] = process.argv.slice(2);
  const line =
    kind === "refresh"
      ? await probeRefresh(Number(records), Number(latency), Number(busy))
      : await probeImport(Number(records));
  console.log(JSON.stringify(line));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
