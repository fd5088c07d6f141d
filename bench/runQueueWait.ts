// How long this thread was ready to run but waited for a core, from Linux's scheduler statistics.
//
// A sampling profiler takes its samples by the clock: while the thread waits for a core, the
// sample lands in whatever it was doing when it lost the core. On the bench's machine the API
// server runs beside the add-in, and a request's socket write wakes it onto the writer's core, so
// those samples gather in the write and make it look dear (bench/importCpuPerRow.ts shows both).
import { readFileSync } from "node:fs";

/** The calling thread's wait for a core so far, milliseconds; null where Linux cannot say. */
export function runQueueWaitMs(): number | null {
  try {
    // "<on-CPU ns> <waiting-for-a-core ns> <time slices>"
    const [, waitNs] = readFileSync("/proc/thread-self/schedstat", "latin1").split(" ");
    const ns = Number(waitNs);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}
