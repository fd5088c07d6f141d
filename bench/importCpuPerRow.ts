// The add-in's CPU per row written on the import path, split by where it goes: an untimed import
// of the sandbox's invoices at 0 ms, Excel and the API server each in a process of their own, this
// process sampled by V8's profiler and its CPU read from process.cpuUsage. Each sample is charged
// to the innermost frame this script can place (builtins inherit their caller's place), and the
// process CPU is shared out in proportion to the samples (bench/cpuShares.ts does the same with
// three owners).
//
//   npx tsc -p bench/tsconfig.json && node build/bench/bench/importCpuPerRow.js [invoices] [runs]
import { Session, type Profiler } from "node:inspector";
import { iterateCollection, type LedgerApi } from "../src/api";
import { importCollection } from "../src/import/importCollection";
import { benchApi } from "./importBench";
import { ExcelProcess } from "./excelProcess";
import { runQueueWaitMs } from "./runQueueWait";
import { startSandboxProcess } from "./sandboxProcess";
import { threadsCpuSince, threadsMark, type ThreadsCpu } from "./processThreads";
import { threadCpuMs, threadCpuSince } from "./threadCpu";

/** Where a sample's CPU goes. `addIn` is everything that is neither office.js nor Excel's link. */
const PLACES = [
  ["jsonReading", /[\\/]src[\\/]api[\\/]jsonText\.[jt]s$/],
  ["rowShaping", /[\\/]src[\\/](sheets[\\/]|import[\\/](shapers|pageRows)\.[jt]s$)/],
  ["excelLayer", /[\\/]src[\\/]excel[\\/]/],
  ["apiClient", /[\\/]src[\\/](api|cli)[\\/]/],
  ["importOther", /[\\/]src[\\/]/],
  ["officeJs", /@microsoft[\\/]office-js[\\/]/],
  ["excelLink", /[\\/]bench[\\/]excelProcess\.[jt]s$|[\\/]excel-emulator[\\/]/],
] as const;

type Place = (typeof PLACES)[number][0] | "nodeInternals" | "gc" | "program" | "idle";

function placeOf(frame: Profiler.ProfileNode["callFrame"]): Place | undefined {
  if (frame.functionName === "(garbage collector)") return "gc";
  if (frame.functionName === "(idle)") return "idle";
  if (frame.functionName === "(program)") return "program";
  if (frame.url === "") return undefined;
  for (const [place, pattern] of PLACES) if (pattern.test(frame.url)) return place;
  // Node's own code (streams, IPC, timers) works for whoever called it; at the root (a socket's
  // data, the event loop) it is charged to node itself.
  return undefined;
}

/** Samples per place, each charged to its innermost placed frame. */
function samplesByPlace(profile: Profiler.Profile): Map<Place, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const known = new Map<number, Place>();
  const placeOfNode = (id: number): Place => {
    const seen = known.get(id);
    if (seen !== undefined) return seen;
    const node = byId.get(id);
    const own = node ? placeOf(node.callFrame) : undefined;
    const up = parent.get(id);
    const place = own ?? (up === undefined ? "nodeInternals" : placeOfNode(up));
    known.set(id, place);
    return place;
  };
  const totals = new Map<Place, number>();
  if (process.env["TOP"]) printTopFunctions(profile, byId);
  for (const id of profile.samples ?? []) {
    const place = placeOfNode(id);
    totals.set(place, (totals.get(place) ?? 0) + 1);
  }
  return totals;
}

/** The functions with the most samples of their own, for finding where the time goes. */
function printTopFunctions(
  profile: Profiler.Profile,
  byId: Map<number, Profiler.ProfileNode>,
): void {
  const callerOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) callerOf.set(child, node.id);
  const self = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const node = byId.get(id);
    const frame = node?.callFrame;
    if (!frame) continue;
    const up = process.env["TOP_CALLER"] ? callerOf.get(id) : undefined;
    const caller = up === undefined ? "" : ` <- ${byId.get(up)?.callFrame.functionName ?? ""}`;
    const name = `${frame.functionName || "(anonymous)"} ${frame.url.split(/[\\/]/).slice(-2).join("/")}:${frame.lineNumber + 1}${caller}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const total = profile.samples?.length ?? 1;
  // Inclusive shares of named functions: a sample counts for each of them on its stack once.
  for (const wanted of (process.env["INCLUSIVE"] ?? "").split(",").filter(Boolean)) {
    let n = 0;
    for (const id of profile.samples ?? []) {
      for (let at: number | undefined = id; at !== undefined; at = callerOf.get(at)) {
        if (byId.get(at)?.callFrame.functionName === wanted) {
          n++;
          break;
        }
      }
    }
    console.log(`  inclusive ${wanted}: ${((100 * n) / total).toFixed(1)}%`);
  }
  // The stacks under which a named function spends its own samples.
  const stacks = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    if (byId.get(id)?.callFrame.functionName !== process.env["STACKS_OF"]) continue;
    const names: string[] = [];
    for (let at = callerOf.get(id); at !== undefined && names.length < 8; at = callerOf.get(at)) {
      names.push(byId.get(at)?.callFrame.functionName ?? "?");
    }
    const key = names.join(" < ");
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  for (const [key, n] of [...stacks].sort(([, a], [, b]) => b - a).slice(0, 6)) {
    console.log(`  ${n} samples: ${key}`);
  }
  for (const [name, n] of [...self]
    .sort(([, a], [, b]) => b - a)
    .slice(0, Number(process.env["TOP"]))) {
    console.log(`  ${((100 * n) / total).toFixed(1).padStart(5)}% ${name}`);
  }
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) =>
      error ? reject(error) : resolve(result as T),
    );
  });
}

interface RunResult {
  readonly syncs: number;
  /** The Excel process's CPU, milliseconds. */
  readonly excelCpuMs: number;
  readonly rows: number;
  readonly invoices: number;
  readonly processMs: number;
  readonly usPerRow: Map<Place | "addIn", number>;
  /** The main thread's wait for a core, per row (null off Linux). */
  readonly waitedUsPerRow: number | null;
  /** What the samples charge to the request's socket write, per row. */
  readonly socketWriteUsPerRow: number;
  /** The import's CPU by kind of thread, per row (null off Linux). */
  readonly threadsUsPerRow: ThreadsCpu | null;
  /**
   * The same client walking the same pages just before, doing nothing with them (the floor's
   * work): its process CPU and its main thread's, per row the import then writes.
   */
  readonly walkUsPerRow: number;
  readonly walkThreadUsPerRow: number | null;
}

/**
 * Rows an import of the invoices writes: each invoice's row and one per line of it. The walk
 * that counts them does nothing else with the pages, so its CPU is the floor's.
 */
async function rowsWritten(api: LedgerApi): Promise<number> {
  let rows = 0;
  for await (const page of iterateCollection(api, "/invoices")) {
    for (const record of page.data) {
      const lines = (record as { lines?: unknown }).lines;
      rows += 1 + (Array.isArray(lines) ? lines.length : 0);
    }
  }
  return rows;
}

/** Node's native call that writes a request's text to its socket. */
const SOCKET_WRITE = "writeLatin1String";

async function profiledImport(invoices: number, baseUrl: string): Promise<RunResult> {
  const excel = await ExcelProcess.start();
  const api = benchApi(baseUrl);
  const walkCpu = process.cpuUsage();
  const walkThread = threadCpuMs();
  const rows = await rowsWritten(api);
  const walkUsed = process.cpuUsage(walkCpu);
  const walkThreadMs = threadCpuSince(walkThread);
  const session = new Session();
  session.connect();
  await post(session, "Profiler.enable");
  await post(session, "Profiler.setSamplingInterval", { interval: 500 });
  await post(session, "Profiler.start");
  const cpu = process.cpuUsage();
  const threads = threadsMark();
  const waitStart = runQueueWaitMs();
  const result = await importCollection(excel.run, { collection: "invoices", api });
  const used = process.cpuUsage(cpu);
  const byThread = threadsCpuSince(threads);
  const waitEnd = runQueueWaitMs();
  const { profile } = await post<{ profile: Profiler.Profile }>(session, "Profiler.stop");
  session.disconnect();
  const { syncCount, cpuMs: excelCpuMs } = await excel.stats();
  await excel.close();
  if (!result.complete) throw new Error(`The import was not complete: ${result.message}`);
  const processMs = (used.user + used.system) / 1000;
  const samples = samplesByPlace(profile);
  const busy = [...samples].reduce((sum, [place, n]) => (place === "idle" ? sum : sum + n), 0);
  const usPerRow = new Map<Place | "addIn", number>();
  for (const [place, n] of samples) {
    if (place !== "idle") usPerRow.set(place, (processMs * 1000 * n) / busy / rows);
  }
  const notAddIn = (usPerRow.get("officeJs") ?? 0) + (usPerRow.get("excelLink") ?? 0);
  usPerRow.set("addIn", (processMs * 1000) / rows - notAddIn);
  const writeNodes = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === SOCKET_WRITE).map((n) => n.id),
  );
  const writeSamples = (profile.samples ?? []).filter((id) => writeNodes.has(id)).length;
  return {
    syncs: syncCount,
    excelCpuMs,
    rows,
    invoices,
    processMs,
    usPerRow,
    waitedUsPerRow:
      waitStart === null || waitEnd === null ? null : ((waitEnd - waitStart) * 1000) / rows,
    socketWriteUsPerRow: (processMs * 1000 * writeSamples) / busy / rows,
    threadsUsPerRow: byThread && {
      mainMs: (byThread.mainMs * 1000) / rows,
      profilerMs: (byThread.profilerMs * 1000) / rows,
      helpersMs: (byThread.helpersMs * 1000) / rows,
    },
    walkUsPerRow: (walkUsed.user + walkUsed.system) / rows,
    walkThreadUsPerRow: walkThreadMs === null ? null : (walkThreadMs * 1000) / rows,
  };
}

async function main(): Promise<void> {
  const invoices = Number(process.argv[2] ?? 20_000);
  const runs = Number(process.argv[3] ?? 1);
  const sandbox = await startSandboxProcess({ invoices, keepRecords: true });
  try {
    // Warm-up: compiles the code, and the sandbox keeps its records from here on.
    await profiledImport(invoices, sandbox.baseUrl);
    for (let run = 0; run < runs; run++) {
      const result = await profiledImport(invoices, sandbox.baseUrl);
      const parts = [...result.usPerRow]
        .sort(([, a], [, b]) => b - a)
        .map(([place, us]) => `${place}=${us.toFixed(2)}`);
      console.log(
        JSON.stringify({
          invoices: result.invoices,
          rows: result.rows,
          processMs: Math.round(result.processMs),
          syncs: result.syncs,
          excelCpuMs: Math.round(result.excelCpuMs),
          addInUsPerRow: Number((result.usPerRow.get("addIn") ?? 0).toFixed(2)),
        }),
      );
      console.log(`  us per row: ${parts.join(" ")}`);
      // Samples taken while the thread waited for a core are charged to where it lost it, mostly
      // the socket write that woke the server onto this core: compare the two.
      console.log(
        `  us per row: main thread waiting for a core=${result.waitedUsPerRow?.toFixed(2) ?? "?"}` +
          `, samples in the socket write=${result.socketWriteUsPerRow.toFixed(2)}`,
      );
      // The process CPU above counts every thread: V8's helpers (the collector's, the
      // compiler's) and the profiler's own thread beside the main one.
      const threads = result.threadsUsPerRow;
      if (threads) {
        console.log(
          `  us per row by thread: main=${threads.mainMs.toFixed(2)} helpers=${threads.helpersMs.toFixed(2)}` +
            ` profiler=${threads.profilerMs.toFixed(2)} (10 ms ticks)`,
        );
      }
      // No import of these pages spends less than this client walking them and nothing else.
      console.log(
        `  us per row, the same pages walked alone: process=${result.walkUsPerRow.toFixed(2)}` +
          ` main thread=${result.walkThreadUsPerRow?.toFixed(2) ?? "?"}`,
      );
    }
  } finally {
    await sandbox.close();
  }
}

void main();
