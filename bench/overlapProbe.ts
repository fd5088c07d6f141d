// A small, quick probe of how well an import's work overlaps the server's and Excel's: the 0 ms
// import (sandbox and Excel each in a process of their own) and Refresh all, at sizes small
// enough to repeat many times. Each run prints one JSON line: wall time, each process's CPU and
// the least time those CPUs allow on this machine (`coresLeastMs`). Run two builds of it in
// alternation and compare medians: on a shared machine single runs are noise.
//
//   tsc -p bench/tsconfig.json
//   node --expose-gc build/bench/bench/overlapProbe.js import 20000
//   node --expose-gc build/bench/bench/overlapProbe.js refresh 5000 25 1   # records, latency, busy
import { availableParallelism, loadavg } from "node:os";
import { coresLeastMs } from "./leastTime";
import { benchApi, measureFloor, measureImport } from "./importBench";
import { measureRefreshAll } from "./refreshBench";
import { startSandboxProcess } from "./sandboxProcess";

interface ProbeLine {
  readonly kind: "import" | "refresh";
  readonly records: number;
  readonly wallMs: number;
  readonly clientCpuMs: number;
  readonly serverCpuMs: number;
  readonly excelCpuMs: number;
  readonly leastMs: number;
  readonly ratio: number;
  readonly floorMs: number;
  readonly syncs?: number;
  readonly threadBusyMs?: number;
  readonly busy: number;
  readonly load: number;
  readonly cores: number;
}

const round = (ms: number): number => Math.round(ms);

/** The 0 ms import of `records` invoices, after one untimed floor and import (the warm-up). */
async function probeImport(records: number): Promise<ProbeLine> {
  const sandbox = await startSandboxProcess(records);
  try {
    const api = benchApi(sandbox.baseUrl);
    const server = () => sandbox.cpu();
    await measureFloor(api, server);
    await measureImport(api, "process", server);
    const floor = await measureFloor(api, server);
    const imported = await measureImport(api, "process", server);
    const serverCpuMs = imported.serverCpuMs ?? 0;
    const excelCpuMs = imported.excelCpuMs ?? 0;
    const leastMs = coresLeastMs([imported.cpuMs, serverCpuMs, excelCpuMs]);
    return {
      kind: "import",
      records,
      wallMs: round(imported.ms),
      clientCpuMs: round(imported.cpuMs),
      serverCpuMs: round(serverCpuMs),
      excelCpuMs: round(excelCpuMs),
      leastMs: round(leastMs),
      ratio: Number((imported.ms / leastMs).toFixed(3)),
      floorMs: round(floor.ms),
      syncs: imported.syncs,
      threadBusyMs: round(imported.threadBusyMs),
      busy: 0,
      load: Number((loadavg()[0] ?? 0).toFixed(2)),
      cores: availableParallelism(),
    };
  } finally {
    await sandbox.close();
  }
}

/** Refresh all of six lists of `records` each at `latencyMs`, beside `busy` spinning processes. */
async function probeRefresh(records: number, latencyMs: number, busy: number): Promise<ProbeLine> {
  const row = await measureRefreshAll(records, latencyMs, busy);
  return {
    kind: "refresh",
    records,
    wallMs: round(row.refreshAllMs),
    clientCpuMs: round(row.clientCpuMs),
    serverCpuMs: round(row.serverCpuMs),
    excelCpuMs: round(row.excelCpuMs),
    leastMs: round(row.leastMs),
    ratio: Number((row.refreshAllMs / row.leastMs).toFixed(3)),
    floorMs: round(row.slowestFloorMs),
    busy,
    load: Number((loadavg()[0] ?? 0).toFixed(2)),
    cores: availableParallelism(),
  };
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
