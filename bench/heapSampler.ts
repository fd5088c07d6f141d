// Peak heap during a measured run: sampled on a short timer (V8's own counter, cheap), plus
// explicit samples the caller takes at moments it knows are high, such as right after a write
// has been queued. A timer cannot fire while a long synchronous step runs, so explicit samples
// cover those.
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

  /** Starts sampling; the baseline is the heap now (after a collection when possible). */
  constructor() {
    collectGarbage();
    this.baseline = heapUsed();
    this.peak = this.baseline;
    this.timer = setInterval(() => this.sample(), SAMPLE_EVERY_MS);
  }

  readonly baseline: number;

  sample(): void {
    const used = heapUsed();
    if (used > this.peak) this.peak = used;
  }

  /** Stops sampling; returns the peak above the baseline, in bytes. */
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return this.peak - this.baseline;
  }
}
