// The least time a run could take on this machine, from three bounds, each one a time the run
// cannot beat whatever the add-in does:
// - the cores: the CPU of every measured process, spread over the share of the cores they can
//   have beside the busy processes (Linux gives each runnable process an equal share);
// - a thread: each process runs its JavaScript on one thread, and a thread uses one core at most,
//   so no run is shorter than the CPU its busiest main thread used (`process.threadCpuUsage`);
// - the walk alone: the floor, the same client walking the same pages doing nothing with them,
//   at the same latency (for Refresh all, the slowest of its walks).
// The cores alone undercount a run whose add-in thread is the busiest: at 0 ms the add-in's
// thread can use more CPU than the three processes' total spread over two cores.
import { availableParallelism } from "node:os";

/** One measured process's CPU over the run, milliseconds. */
export interface ProcessCpu {
  /** The whole process (user + system, every thread). */
  readonly cpuMs: number;
  /** Its main thread alone; null where Node has no `process.threadCpuUsage` (Node 20). */
  readonly threadCpuMs: number | null;
}

/** What bounds a run: the cores, one process's thread, or the walk alone. */
export type LeastBound = "cores" | "add-in thread" | "server thread" | "Excel thread" | "floor";

export interface LeastTime {
  readonly ms: number;
  readonly bound: LeastBound;
}

/** The run's processes, by the name its bound takes. */
export interface MeasuredProcesses {
  readonly addIn: ProcessCpu;
  readonly server: ProcessCpu;
  readonly excel: ProcessCpu;
}

/**
 * The least time `cpuMs` (each measured process's CPU) could take beside `busy` spinners: three
 * processes beside one spinner get at most three quarters of the cores, and all of them beside
 * none.
 */
export function coresLeastMs(cpuMs: readonly number[], busy = 0): number {
  const ours = cpuMs.length;
  const share = (availableParallelism() * ours) / (ours + busy);
  return cpuMs.reduce((sum, ms) => sum + ms, 0) / share;
}

/** The largest of the bounds, and which it is; `floorMs` null where no floor was measured. */
export function leastTime(
  processes: MeasuredProcesses,
  busy = 0,
  floorMs: number | null = null,
): LeastTime {
  const bounds: LeastTime[] = [
    {
      ms: coresLeastMs(
        [processes.addIn.cpuMs, processes.server.cpuMs, processes.excel.cpuMs],
        busy,
      ),
      bound: "cores",
    },
  ];
  const threads: [LeastBound, ProcessCpu][] = [
    ["add-in thread", processes.addIn],
    ["server thread", processes.server],
    ["Excel thread", processes.excel],
  ];
  for (const [bound, cpu] of threads) {
    if (cpu.threadCpuMs !== null) bounds.push({ ms: cpu.threadCpuMs, bound });
  }
  if (floorMs !== null) bounds.push({ ms: floorMs, bound: "floor" });
  return bounds.reduce((largest, each) => (each.ms > largest.ms ? each : largest));
}
