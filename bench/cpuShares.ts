// Whose CPU an import spends: a sampling profile of this process, each sample charged to the
// innermost frame that belongs to office.js, the Excel emulator or anything else (the add-in,
// its libraries and node's own code such as undici). Builtins inherit their caller's owner.
// Shares are counts of samples, applied to the process's CPU time: the time between samples is
// wall time, which a busy machine stretches while the process waits for a core.
import { Session, type Profiler } from "node:inspector";
import { threadCpuMs, threadCpuSince } from "./threadCpu";

export type CpuOwner = "officeJs" | "emulator" | "addIn" | "gc" | "idle";

export interface CpuShares {
  /** Process CPU (user + system) over the profiled span, from process.cpuUsage. */
  readonly processMs: number;
  /**
   * The main thread's CPU over the same span (`threadCpuMs`), where the samples are taken: the
   * helper threads' (the collector's, the compiler's) left out. Null on a Node without it.
   */
  readonly threadMs: number | null;
  /** Samples per owner; `idle` is time waiting, not CPU. */
  readonly samples: Readonly<Record<CpuOwner, number>>;
}

/** The process CPU charged to `owner`: its share of the samples that were not idle. */
export function cpuMsOf(shares: CpuShares, owner: Exclude<CpuOwner, "idle">): number {
  return shareOf(shares, owner, shares.processMs);
}

/** The main thread's CPU charged to `owner`, as {@link cpuMsOf}; null where Node cannot say. */
export function threadCpuMsOf(shares: CpuShares, owner: Exclude<CpuOwner, "idle">): number | null {
  return shares.threadMs === null ? null : shareOf(shares, owner, shares.threadMs);
}

function shareOf(shares: CpuShares, owner: Exclude<CpuOwner, "idle">, ms: number): number {
  const { idle: _idle, ...busy } = shares.samples;
  const total = Object.values(busy).reduce((sum, count) => sum + count, 0);
  return total === 0 ? 0 : (ms * shares.samples[owner]) / total;
}

const OFFICE_JS = /@microsoft[\\/]office-js[\\/]/;
/**
 * The benchmark's link to an Excel in another process: it writes office.js's request as JSON
 * and carries it there, the work office.js and its transport do for a sync. Charged to office.js.
 */
const EXCEL_LINK = /[\\/]bench[\\/]excelProcess\.[jt]s$/;
const EMULATOR = /[\\/]excel-emulator[\\/]/;

function ownerOfUrl(url: string, functionName: string): CpuOwner | undefined {
  if (functionName === "(garbage collector)") return "gc";
  if (functionName === "(idle)") return "idle";
  if (url === "") return undefined;
  if (OFFICE_JS.test(url) || EXCEL_LINK.test(url)) return "officeJs";
  if (EMULATOR.test(url)) return "emulator";
  return "addIn";
}

/** Samples of every profile node, charged to the owner of its innermost owned frame. */
export function sharesOf(profile: Profiler.Profile): Record<CpuOwner, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const owners = new Map<number, CpuOwner>();
  const ownerOf = (id: number): CpuOwner => {
    const known = owners.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const own = node ? ownerOfUrl(node.callFrame.url, node.callFrame.functionName) : undefined;
    const up = parent.get(id);
    const owner = own ?? (up === undefined ? "addIn" : ownerOf(up));
    owners.set(id, owner);
    return owner;
  };
  const totals: Record<CpuOwner, number> = { officeJs: 0, emulator: 0, addIn: 0, gc: 0, idle: 0 };
  for (const id of profile.samples ?? []) totals[ownerOf(id)] += 1;
  return totals;
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) =>
      error ? reject(error) : resolve(result as T),
    );
  });
}

/** Runs `work` under the sampling profiler (1 ms interval) and returns whose CPU it spent. */
export async function profileCpu(work: () => Promise<void>): Promise<CpuShares> {
  const session = new Session();
  session.connect();
  try {
    await post(session, "Profiler.enable");
    await post(session, "Profiler.setSamplingInterval", { interval: 1000 });
    await post(session, "Profiler.start");
    const cpu = process.cpuUsage();
    const thread = threadCpuMs();
    await work();
    const used = process.cpuUsage(cpu);
    const threadMs = threadCpuSince(thread);
    const { profile } = await post<{ profile: Profiler.Profile }>(session, "Profiler.stop");
    return { processMs: (used.user + used.system) / 1000, threadMs, samples: sharesOf(profile) };
  } finally {
    session.disconnect();
  }
}
