// A status line (an aria-live region) that, while pages arrive, is rewritten at most once per
// interval, always with the latest message, so that a screen reader is not flooded. No DOM: it
// writes through the function it is given.

/** The clock and timer it runs on (tests pass their own). */
export interface StatusClock {
  now(): number;
  /** Calls `callback` after `ms`; returns the function that cancels it. */
  schedule(callback: () => void, ms: number): () => void;
}

const SYSTEM_CLOCK: StatusClock = {
  now: () => Date.now(),
  schedule: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};

export class ThrottledStatus {
  private lastSpoken = 0;
  private pending: string | undefined;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly write: (message: string) => void,
    private readonly intervalMs: number,
    private readonly clock: StatusClock = SYSTEM_CLOCK,
  ) {}

  /** Writes `message` at once, dropping any message waiting for its turn. */
  sayNow(message: string): void {
    this.pending = undefined;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.write(message);
    this.lastSpoken = this.clock.now();
  }

  /** Writes `message` now if the interval has passed, or else when it has (unless replaced). */
  saySoon(message: string): void {
    const wait = this.lastSpoken + this.intervalMs - this.clock.now();
    if (wait <= 0) {
      this.sayNow(message);
      return;
    }
    this.pending = message;
    this.cancelTimer ??= this.clock.schedule(() => {
      this.cancelTimer = undefined;
      if (this.pending !== undefined) this.sayNow(this.pending);
    }, wait);
  }
}
