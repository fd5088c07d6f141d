// This process's CPU by kind of thread, from Linux's per-thread statistics: the main thread (the
// JavaScript), V8's profiler thread (only while the sampling profiler runs), and the rest (V8's
// helper threads: the collector's parallel and concurrent work, the compiler's; libuv's pool).
// process.cpuUsage counts all of them, so an add-in's CPU measured that way includes the
// profiler's and the collector's helpers; this says how much.
import { readdirSync, readFileSync } from "node:fs";

export interface ThreadsCpu {
  readonly mainMs: number;
  readonly profilerMs: number;
  readonly helpersMs: number;
}

/** V8 names its sampling profiler's thread so (`ProfilerEventsProcessor`). */
const PROFILER_THREAD = "v8:ProfEvntProc";

/** Clock ticks a second in /proc's figures: USER_HZ, 100 on every Linux Node supports. */
const TICKS_PER_SECOND = 100;

/** Each thread's CPU so far, milliseconds, by thread id; null where Linux cannot say. */
function threadTicks(): Map<string, { name: string; ms: number }> | null {
  try {
    const threads = new Map<string, { name: string; ms: number }>();
    for (const id of readdirSync("/proc/self/task")) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/self/task/${id}/stat`, "latin1");
      } catch {
        continue; // the thread ended between the listing and the read
      }
      // "pid (name) state ..." where the name may hold spaces and parentheses.
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
      const ticks = Number(fields[11]) + Number(fields[12]);
      threads.set(id, { name, ms: (ticks * 1000) / TICKS_PER_SECOND });
    }
    return threads;
  } catch {
    return null;
  }
}

export type ThreadsMark = ReturnType<typeof threadTicks>;

export function threadsMark(): ThreadsMark {
  return threadTicks();
}

/** This process's CPU since `start` by kind of thread; null off Linux. In 10 ms ticks. */
export function threadsCpuSince(start: ThreadsMark): ThreadsCpu | null {
  const now = threadTicks();
  if (now === null || start === null) return null;
  const main = String(process.pid);
  let mainMs = 0;
  let profilerMs = 0;
  let helpersMs = 0;
  for (const [id, thread] of now) {
    const ms = thread.ms - (start.get(id)?.ms ?? 0);
    if (id === main) mainMs += ms;
    else if (thread.name === PROFILER_THREAD) profilerMs += ms;
    else helpersMs += ms;
  }
  return { mainMs, profilerMs, helpersMs };
}
