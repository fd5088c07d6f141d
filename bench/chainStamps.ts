// The add-in's side of the cursor chain's stamps (bench/chainClock.ts): every API request (when
// the client asked for it, when node:http wrote it to its socket, when its answer reached the
// thread) and the thread's long pieces of work: shaping a page, office.js building a sync's
// request, the batch queueing its commands before it, and garbage collection. Nothing in src/
// knows: the bench wraps the transport and the ExcelRun, and the shapers the import asks for.
// A probe's tool, not the bench's: the stamps cost a little on every request and page.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ClientRequest } from "node:http";
import { constants, PerformanceObserver, performance } from "node:perf_hooks";
import type { FetchLike } from "../src/api";
import type { ExcelRun } from "../src/excel/run";
import * as collectionShapers from "../src/sheets/collectionShapers";
import { clockMs, schedSample, spanOf, type SchedSample, type Span } from "./chainClock";

/** Node's kinds of collection (`PerformanceGCEntry.detail.kind`), as the spans' labels. */
const GC_KINDS = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MINOR, "gc scavenge"],
  [constants.NODE_PERFORMANCE_GC_MAJOR, "gc mark-compact"],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, "gc incremental"],
]);

/** One API request, as the add-in's thread saw it. */
export interface ClientExchange {
  /** The request's path and query, as the server sees it. */
  readonly path: string;
  /** When the client called its transport. */
  readonly called: SchedSample;
  /** When node:http handed the request to its socket (the request's `socket` event), ms. */
  writtenMs: number;
  /** When the answer's headers reached the thread (the transport resolved). */
  seen: SchedSample | null;
}

type ChannelListener = (message: unknown) => void;

/** Collects the add-in's stamps while on; {@link stop} ends every hook. */
export class AddInStamps {
  readonly exchanges: ClientExchange[] = [];
  /** Shaping, office.js's sync build, the batch's queueing, garbage collection. */
  readonly spans: Span[] = [];
  private readonly unsent = new Map<string, ClientExchange>();
  private readonly observer: PerformanceObserver;
  private readonly onRequest: ChannelListener;
  private readonly restoreShapers: () => void;

  constructor() {
    // performance.now() and the monotonic clock differ by a constant in Node.
    const offsetMs = clockMs() - performance.now();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const startMs = entry.startTime + offsetMs;
        const at = (ms: number): SchedSample => ({ atMs: ms, waitMs: NaN });
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        const label = GC_KINDS.get(kind ?? 0) ?? "gc other";
        this.spans.push({ label, start: at(startMs), end: at(startMs + entry.duration) });
      }
    });
    this.observer.observe({ entryTypes: ["gc"] });
    // node:http writes a request right after its `socket` event, on the turn that follows.
    this.onRequest = (message) => {
      const { request } = message as { request: ClientRequest };
      const exchange = this.unsent.get(request.path);
      if (!exchange) return;
      this.unsent.delete(request.path);
      request.once("socket", () => (exchange.writtenMs = clockMs()));
    };
    subscribe("http.client.request.created", this.onRequest);
    this.restoreShapers = this.stampShaping();
  }

  /** `inner`, noting each exchange. */
  fetch(inner: FetchLike): FetchLike {
    return async (url, init) => {
      const target = new URL(url);
      const exchange: ClientExchange = {
        path: target.pathname + target.search,
        called: schedSample(),
        writtenMs: NaN,
        seen: null,
      };
      this.exchanges.push(exchange);
      this.unsent.set(exchange.path, exchange);
      const response = await inner(url, init);
      exchange.seen = schedSample();
      return response;
    };
  }

  /**
   * `inner`, noting in each batch the queueing of commands before a sync (from the batch's start
   * or the last sync's answer) and office.js's build of the sync's request (from `sync()` to the
   * link's `execute`: the link stamps its own part, ExcelProcess.linkSpans).
   */
  run(inner: ExcelRun, linkSpans: readonly Span[]): ExcelRun {
    return (batch) =>
      inner(async (context) => {
        let queued = schedSample();
        const sync = context.sync.bind(context);
        context.sync = (<T>(passThroughValue?: T): Promise<T> => {
          const called = schedSample();
          this.spans.push({ label: "block queueing", start: queued, end: called });
          const links = linkSpans.length;
          const synced = sync(passThroughValue);
          const answered = synced.then((value) => {
            const link = linkSpans[links];
            if (link) this.spans.push({ label: "office.js build", start: called, end: link.start });
            queued = schedSample();
            return value;
          });
          return answered as Promise<T>;
        }) as typeof context.sync;
        return await batch(context);
      });
  }

  /** Ends every hook. */
  stop(): void {
    this.observer.disconnect();
    unsubscribe("http.client.request.created", this.onRequest);
    this.restoreShapers();
  }

  /** Wraps the shapers the import asks for so each page's shaping is a span. */
  private stampShaping(): () => void {
    const exports = collectionShapers as { shapersFor: typeof collectionShapers.shapersFor };
    const original = exports.shapersFor;
    exports.shapersFor = (...args) => {
      const shapers = original(...args);
      const shapePage = shapers.shapePage.bind(shapers);
      shapers.shapePage = (...page) => spanOf(this.spans, "shaping", () => shapePage(...page));
      return shapers;
    };
    return () => {
      exports.shapersFor = original;
    };
  }
}
