// A virtual clock and sleep for tests: time moves only when a test drives it, so nothing really waits.

import type { Clock, Sleep } from "../../../src/api";

interface Timer {
  readonly at: number;
  readonly order: number;
  readonly resolve: () => void;
}

export class FakeTime {
  nowMs: number;
  /** Every duration passed to sleep, in call order (request timeouts and retry waits alike). */
  readonly sleeps: number[] = [];
  private timers: Timer[] = [];
  private order = 0;

  constructor(startMs = Date.UTC(2025, 0, 15, 12, 0, 0)) {
    this.nowMs = startMs;
  }

  readonly clock: Clock = { now: () => this.nowMs };

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      this.sleeps.push(ms);
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer: Timer = {
        at: this.nowMs + ms,
        order: this.order++,
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((other) => other !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.timers.push(timer);
    });

  /** Durations still pending, measured from now. */
  pendingTimers(): number[] {
    return this.timers.map((timer) => timer.at - this.nowMs);
  }

  /** Lets every queued promise callback run (no time passes). */
  async flush(): Promise<void> {
    for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Moves time forward by `ms`, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const end = this.nowMs + ms;
    for (;;) {
      await this.flush();
      const next = this.nextTimer();
      if (next === undefined || next.at > end) break;
      this.fire(next);
    }
    this.nowMs = end;
    await this.flush();
  }

  /**
   * Drives virtual time until `promise` settles, jumping to each next timer when nothing else
   * can happen; fails if the promise would hang with no timer left.
   */
  async run<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let step = 0; step < 1000; step++) {
      await this.flush();
      if (settled) return promise;
      const next = this.nextTimer();
      if (next === undefined) throw new Error("FakeTime: the promise would hang forever");
      this.fire(next);
    }
    throw new Error("FakeTime: too many steps");
  }

  private nextTimer(): Timer | undefined {
    return [...this.timers].sort((a, b) => a.at - b.at || a.order - b.order)[0];
  }

  private fire(timer: Timer): void {
    this.timers = this.timers.filter((other) => other !== timer);
    this.nowMs = Math.max(this.nowMs, timer.at);
    timer.resolve();
  }
}
