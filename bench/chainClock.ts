// One clock for stamps taken in several processes, and what a thread's scheduler says of it.
// On Linux process.hrtime is CLOCK_MONOTONIC, the same in every process, so the add-in's, the
// API server's and Excel's stamps fall on one time line. The kernel's schedstat for a thread
// (/proc/<pid>/task/<tid>/schedstat: among others, its time runnable but waiting for a core)
// tells a thread that waits for a core from one that waits for work.
import { readFileSync } from "node:fs";

/** Milliseconds on the machine's monotonic clock, comparable across processes. */
export function clockMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The main thread's time waiting for a core so far, milliseconds, at `atMs`. */
export interface SchedSample {
  readonly atMs: number;
  readonly waitMs: number;
}

/** A process's main thread's file `name` (its id is the process's). */
const threadFile = (pid: number, name: string): string => `/proc/${pid}/task/${pid}/${name}`;

/** The wait for a core of `pid`'s main thread so far, ms; 0 where the kernel keeps none. */
export function coreWaitMs(pid = process.pid): number {
  try {
    return Number(readFileSync(threadFile(pid, "schedstat"), "latin1").split(" ")[1]) / 1e6;
  } catch {
    return 0;
  }
}

/**
 * This process's main thread, now. The kernel adds to a thread's wait as it gets a core, so a
 * sample taken on the thread holds every wait before it; its CPU figures (schedstat's, and
 * getrusage's) move only at the scheduler's ticks, too coarse for a piece of a millisecond.
 */
export function schedSample(): SchedSample {
  return { atMs: clockMs(), waitMs: coreWaitMs() };
}

/** A labelled stretch of a thread's time, with what its scheduler said at each end. */
export interface Span {
  readonly label: string;
  readonly start: SchedSample;
  readonly end: SchedSample;
}

/** Times `work` as a span labelled `label`, pushed to `spans`. */
export function spanOf<T>(spans: Span[], label: string, work: () => T): T {
  const start = schedSample();
  try {
    return work();
  } finally {
    spans.push({ label, start, end: schedSample() });
  }
}
