// At most N requests of the formulas at a time, and none started while the server has asked us
// to wait (429 Retry-After): a workbook recalculating thousands of cells must not storm the API.

import { systemClock, timerSleep, type Clock, type Sleep } from "../api";
import { FormulaError } from "./formulaError";

interface Waiter {
  readonly start: () => void;
}

export class ConcurrencyLimit {
  private running = 0;
  private highest = 0;
  private pausedUntil = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly max: number,
    private readonly clock: Clock = systemClock,
    private readonly sleep: Sleep = timerSleep,
  ) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError("The concurrency limit must be a whole number of at least 1.");
    }
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** The most tasks that ever ran at once: what tests check the bound against. */
  get maxActive(): number {
    return this.highest;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** No task starts before `ms` from now (a later pause extends, an earlier one never shortens). */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.max(0, ms));
  }

  /** Lifts any pause: for a new connection, whose server has asked nothing yet. */
  resume(): void {
    this.pausedUntil = 0;
  }

  /**
   * Resolves once no pause is in force: every request of a running task (a list's later pages,
   * too) waits here, so a 429 holds back more than the tasks still queued.
   */
  async unpaused(signal?: AbortSignal): Promise<void> {
    for (let wait = this.pausedUntil - this.clock.now(); wait > 0;) {
      try {
        await this.sleep(wait, signal);
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        throw error;
      }
      if (signal?.aborted) throw cancelled();
      wait = this.pausedUntil - this.clock.now();
    }
  }

  /**
   * Runs `task` once a slot is free and no pause is in force. A `signal` that aborts while the
   * task is still queued takes it out of the queue; it never started, so no request was sent.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      await this.unpaused(signal);
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled());
    if (this.running < this.max) {
      this.take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          this.take();
          resolve();
        },
      };
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(cancelled());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private take(): void {
    this.running += 1;
    this.highest = Math.max(this.highest, this.running);
  }

  private release(): void {
    this.running -= 1;
    this.queue.shift()?.start();
  }
}

function cancelled(): FormulaError {
  return new FormulaError("#N/A", "The calculation was cancelled.");
}
