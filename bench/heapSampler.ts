// Peak heap during a measured run: sampled on a short timer (V8's own counter, cheap), plus
// explicit samples the caller takes at moments it knows are high, such as right after a write
// has been queued. A timer cannot fire while a long synchronous step runs, so explicit samples
// cover those.
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";

const SAMPLE_EVERY_MS = 5;

/** Collects garbage when node runs with --expose-gc, so a baseline is not yesterday's garbage. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

export function heapUsed(): number {
  return getHeapStatistics().used_heap_size;
}

export class HeapSampler {
  private peak: number;
  private readonly timer: NodeJS.Timeout;
  /** Heap used and rows written at each sample, for {@link peakBeside}. */
  private readonly samples: { used: number; rows: number }[] = [];

  /**
   * Starts sampling; the baseline is the heap now (after a collection when possible). `rows`
   * tells how many rows the run has written so far, when it writes any.
   */
  constructor(private readonly rows: () => number = () => 0) {
    collectGarbage();
    this.baseline = heapUsed();
    this.peak = this.baseline;
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  readonly baseline: number;

  sample(): void {
    const used = heapUsed();
    if (used > this.peak) this.peak = used;
    this.samples.push({ used, rows: this.rows() });
  }

  /** Stops sampling; returns the peak above the baseline, in bytes. */
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return this.peak - this.baseline;
  }

  /**
   * The peak of what is not the written rows: at each sample, the heap above the baseline less
   * `bytesPerRow` for each row written by then. With the fake workbook's own cost per row, this
   * is the pipeline's working memory (uncollected garbage included), whenever its peak came.
   */
  peakBeside(bytesPerRow: number): number {
    let peak = 0;
    for (const { used, rows } of this.samples) {
      peak = Math.max(peak, used - this.baseline - rows * bytesPerRow);
    }
    return peak;
  }
}

/**
 * Milliseconds of garbage collection pauses while it runs: a large fake workbook makes every
 * major collection walk millions of cells, a cost real Excel keeps in its own process.
 */
export class GcTimer {
  private total = 0;
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.total += entry.duration;
  });

  constructor() {
    this.observer.observe({ entryTypes: ["gc"] });
  }

  /** Stops observing; returns the pause time seen, in ms. */
  stop(): number {
    this.observer.disconnect();
    return this.total;
  }
}
