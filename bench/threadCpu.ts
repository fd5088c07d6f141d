// This process's main thread's CPU, apart from the helper threads (the collector's, the
// compiler's) that process.cpuUsage counts too: the JavaScript of a process runs on this one
// thread, so its CPU is a time no run can beat.

/** The main thread's CPU so far (user + system), milliseconds; null on a Node without it (20). */
export function threadCpuMs(): number | null {
  // Typed as always there, but Node 20 has none.
  if (typeof process.threadCpuUsage !== "function") return null;
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

/** Milliseconds of the main thread's CPU since `start` (from {@link threadCpuMs}). */
export function threadCpuSince(start: number | null): number | null {
  const now = threadCpuMs();
  return now === null || start === null ? null : now - start;
}
