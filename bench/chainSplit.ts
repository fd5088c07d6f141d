// Splits a cursor walk's time by its stamps (bench/chainStamps.ts, the server's and Excel's):
// each request goes round the chain once, and every millisecond of the walk falls in one of
// its legs:
//   called -> written   the request waits on the add-in's thread to reach its socket
//   written -> read     it crosses to the server and waits for the server's thread
//   read -> answered    the server works
//   answered -> seen    the answer waits for the add-in's thread
//   seen -> next called the client reads the page and asks for the next
// The answer's wait is then put down to what the add-in's thread was doing (its stamped spans,
// garbage collection first), and each leg's wait for a core to what the scheduler says.
import type { SchedSample, Span } from "./chainClock";
import type { ClientExchange } from "./chainStamps";
import type { ServerStamp } from "./sandboxProcess";

/** What the add-in's thread may be doing, most specific first. */
export const THREAD_WORK = [
  "gc scavenge",
  "gc mark-compact",
  "gc incremental",
  "gc other",
  "link send",
  "office.js build",
  "shaping",
  "block queueing",
] as const;

export interface ChainSplit {
  readonly requests: number;
  /** First request called to last answer seen. */
  readonly chainMs: number;
  readonly toSocketMs: number;
  readonly toServerMs: number;
  /** Of `toServerMs` and the server's idle before it: its thread runnable but with no core. */
  readonly serverWakeCoreWaitMs: number;
  readonly serverWorkMs: number;
  readonly serverWorkCoreWaitMs: number;
  readonly answerWaitMs: number;
  /** Of `answerWaitMs`: the add-in's thread busy with each kind of work ({@link THREAD_WORK}). */
  readonly answerWaitBy: Readonly<Record<string, number>>;
  /**
   * Of `answerWaitMs`: the add-in's thread waiting for a core (its schedstat read by the server
   * as it answered, and by the add-in on seeing the answer).
   */
  readonly answerCoreWaitMs: number;
  /** Of `answerWaitMs`: the Excel process busy answering a request at the same time. */
  readonly answerBesideExcelMs: number;
  readonly clientTurnMs: number;
  /** Of `clientTurnMs`: the add-in's thread waiting for a core (at most). */
  readonly clientCoreWaitMs: number;
  /**
   * Each kind of stamped work over the run: count, wall and its thread's wait for a core (the
   * thread's CPU figures move at the scheduler's ticks, too coarse for pieces of a millisecond).
   */
  readonly work: readonly WorkTotal[];
  /** Requests the server or the add-in did not stamp (none expected). */
  readonly unmatched: number;
  /** The chain's longest stops: request index, request to next request, what covered it. */
  readonly longest: readonly LongStop[];
}

export interface LongStop {
  readonly request: number;
  readonly ms: number;
  readonly coveredBy: Readonly<Record<string, number>>;
}

/** The `count` longest times from one request to the next, and the work that covered each. */
function longestStops(
  exchanges: readonly ClientExchange[],
  spans: readonly Span[],
  count = 5,
): LongStop[] {
  const stops = exchanges.slice(1).map((next, index) => ({
    request: index,
    from: exchanges[index]!.called.atMs,
    to: next.called.atMs,
  }));
  return stops
    .sort((a, b) => b.to - b.from - (a.to - a.from))
    .slice(0, count)
    .map((stop) => ({
      request: stop.request,
      ms: stop.to - stop.from,
      coveredBy: Object.fromEntries(
        [...coverBy(stop.from, stop.to, spans, [...THREAD_WORK, "excel"])].map(([k, v]) => [
          k,
          Math.round(v * 10) / 10,
        ]),
      ),
    }));
}

export interface WorkTotal {
  readonly label: string;
  readonly count: number;
  readonly wallMs: number;
  readonly coreWaitMs: number;
  readonly longestMs: number;
}

/** A thread's wait for a core between two times, from the samples around them. */
class CoreWait {
  private readonly samples: SchedSample[];

  constructor(samples: readonly SchedSample[]) {
    this.samples = samples
      .filter((sample) => Number.isFinite(sample.waitMs))
      .sort((a, b) => a.atMs - b.atMs);
  }

  /** The wait accrued from the last sample at or before `fromMs` to the first at or after `toMs`. */
  between(fromMs: number, toMs: number): number {
    const before = this.lastAtOrBefore(fromMs);
    const after = this.samples.find((sample) => sample.atMs >= toMs);
    if (!before || !after) return 0;
    return Math.max(0, after.waitMs - before.waitMs);
  }

  private lastAtOrBefore(ms: number): SchedSample | undefined {
    let low = 0;
    let high = this.samples.length - 1;
    let found: SchedSample | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const sample = this.samples[middle]!;
      if (sample.atMs <= ms) {
        found = sample;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }
}

/** Milliseconds of [from, to] each label covers, a moment going to the first label in `order`. */
function coverBy(
  fromMs: number,
  toMs: number,
  spans: readonly Span[],
  order: readonly string[],
): Map<string, number> {
  const pieces = spans
    .filter((span) => span.start.atMs < toMs && span.end.atMs > fromMs)
    .map((span) => ({
      rank: order.indexOf(span.label),
      from: Math.max(fromMs, span.start.atMs),
      to: Math.min(toMs, span.end.atMs),
    }))
    .filter((piece) => piece.rank >= 0);
  const edges = [...new Set([fromMs, toMs, ...pieces.flatMap((p) => [p.from, p.to])])].sort(
    (a, b) => a - b,
  );
  const covered = new Map<string, number>();
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const ranks = pieces.filter((p) => p.from <= from && p.to >= to).map((p) => p.rank);
    if (ranks.length === 0) continue;
    const label = order[Math.min(...ranks)]!;
    covered.set(label, (covered.get(label) ?? 0) + (to - from));
  }
  return covered;
}

function workTotals(spans: readonly Span[]): WorkTotal[] {
  const totals = new Map<string, WorkTotal>();
  for (const span of spans) {
    const wallMs = span.end.atMs - span.start.atMs;
    const was = totals.get(span.label) ?? {
      label: span.label,
      count: 0,
      wallMs: 0,
      coreWaitMs: 0,
      longestMs: 0,
    };
    totals.set(span.label, {
      label: span.label,
      count: was.count + 1,
      wallMs: was.wallMs + wallMs,
      coreWaitMs: was.coreWaitMs + (span.end.waitMs - span.start.waitMs || 0),
      longestMs: Math.max(was.longestMs, wallMs),
    });
  }
  return [...totals.values()];
}

/** The split of one walk: the add-in's exchanges and spans, the server's stamps, Excel's spans. */
export function chainSplit(
  exchanges: readonly ClientExchange[],
  addInSpans: readonly Span[],
  served: readonly ServerStamp[],
  excelSpans: readonly Span[],
): ChainSplit {
  const byPath = new Map(served.map((stamp) => [stamp.path, stamp]));
  const addInWait = new CoreWait([
    ...exchanges.flatMap((e) => (e.seen ? [e.called, e.seen] : [e.called])),
    ...addInSpans.flatMap((span) => [span.start, span.end]),
  ]);
  const split = {
    toSocketMs: 0,
    toServerMs: 0,
    serverWakeCoreWaitMs: 0,
    serverWorkMs: 0,
    serverWorkCoreWaitMs: 0,
    answerWaitMs: 0,
    answerCoreWaitMs: 0,
    answerBesideExcelMs: 0,
    clientTurnMs: 0,
    clientCoreWaitMs: 0,
  };
  const answerWaitBy = new Map<string, number>();
  let unmatched = 0;
  let previous: ServerStamp | undefined;
  exchanges.forEach((exchange, index) => {
    const server = byPath.get(exchange.path);
    const seen = exchange.seen;
    if (!server || !seen || !Number.isFinite(exchange.writtenMs)) {
      unmatched += 1;
      return;
    }
    split.toSocketMs += exchange.writtenMs - exchange.called.atMs;
    split.toServerMs += server.read.atMs - exchange.writtenMs;
    if (previous) split.serverWakeCoreWaitMs += server.read.waitMs - previous.written.waitMs;
    split.serverWorkMs += server.written.atMs - server.read.atMs;
    split.serverWorkCoreWaitMs += server.written.waitMs - server.read.waitMs;
    const answeredMs = server.written.atMs;
    const answerWait = seen.atMs - answeredMs;
    split.answerWaitMs += answerWait;
    const coreWait = seen.waitMs - server.addInCoreWaitMs;
    split.answerCoreWaitMs += Math.min(Math.max(0, coreWait), answerWait);
    for (const [label, ms] of coverBy(answeredMs, seen.atMs, addInSpans, THREAD_WORK)) {
      answerWaitBy.set(label, (answerWaitBy.get(label) ?? 0) + ms);
    }
    split.answerBesideExcelMs +=
      coverBy(answeredMs, seen.atMs, excelSpans, ["excel"]).get("excel") ?? 0;
    const next = exchanges[index + 1];
    if (next) {
      split.clientTurnMs += next.called.atMs - seen.atMs;
      split.clientCoreWaitMs += addInWait.between(seen.atMs, next.called.atMs);
    }
    previous = server;
  });
  const first = exchanges[0];
  const last = exchanges.at(-1)?.seen;
  return {
    requests: exchanges.length,
    chainMs: first && last ? last.atMs - first.called.atMs : 0,
    ...split,
    answerWaitBy: Object.fromEntries(answerWaitBy),
    work: workTotals([...addInSpans, ...excelSpans]),
    unmatched,
    longest: longestStops(exchanges, [...addInSpans, ...excelSpans]),
  };
}
