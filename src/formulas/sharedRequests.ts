// Requests shared by every cell that asks the same thing: identical calls in flight share one
// request, answers are kept for a short time, and a failure settles every cell waiting on it.

import { systemClock, type Clock } from "../api";
import type { ConcurrencyLimit } from "./concurrencyLimit";
import { FormulaError } from "./formulaError";

/** Fetches the value of one key; must stop when `signal` aborts. */
export type Load<T> = (signal: AbortSignal) => Promise<T>;

interface InFlight<T> {
  readonly key: string;
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  /** Callers still waiting; when every one has cancelled, the request is aborted. */
  waiters: number;
}

interface Cached<T> {
  readonly value: T;
  readonly expiresAt: number;
}

export interface SharedRequestsOptions {
  /** How long an answer is reused, in milliseconds; 0 keeps nothing. */
  readonly ttlMs: number;
  /** Shared with the other kinds of request, so the bound holds across them all. */
  readonly limit: ConcurrencyLimit;
  readonly clock?: Clock;
}

export class SharedRequests<T> {
  private readonly cache = new Map<string, Cached<T>>();
  private readonly inFlight = new Map<string, InFlight<T>>();
  /** Bumped by clear(): answers of requests started before it are handed out, not kept. */
  private generation = 0;
  private sent = 0;
  private readonly clock: Clock;

  constructor(private readonly options: SharedRequestsOptions) {
    if (!Number.isFinite(options.ttlMs) || options.ttlMs < 0) {
      throw new RangeError("The cache time must be zero or more milliseconds.");
    }
    this.clock = options.clock ?? systemClock;
  }

  /** Loads started (a cache hit or a joined request starts none). */
  get started(): number {
    return this.sent;
  }

  /**
   * The value of `key`: from the cache while fresh, else from the request already in flight for
   * it, else from a new request (queued behind the concurrency limit). `signal` cancels this
   * caller only; the request stops when every caller waiting on it has cancelled.
   */
  get(key: string, load: Load<T>, signal?: AbortSignal): Promise<T> {
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      if (cached.expiresAt > this.clock.now()) return Promise.resolve(cached.value);
      this.cache.delete(key);
    }
    const entry = this.inFlight.get(key) ?? this.start(key, load);
    return this.join(entry, signal);
  }

  /** Forgets every answer; calls from now on send new requests. */
  clear(): void {
    this.cache.clear();
    this.inFlight.clear();
    this.generation += 1;
  }

  private start(key: string, load: Load<T>): InFlight<T> {
    const controller = new AbortController();
    const generation = this.generation;
    this.sent += 1;
    const promise = this.options.limit
      .run(() => load(controller.signal), controller.signal)
      .then((value) => {
        if (generation === this.generation && this.options.ttlMs > 0) {
          this.cache.set(key, { value, expiresAt: this.clock.now() + this.options.ttlMs });
        }
        return value;
      });
    const entry: InFlight<T> = { key, promise, controller, waiters: 0 };
    this.inFlight.set(key, entry);
    const forget = (): void => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    // Failures are not kept: the next calculation asks again. The no-op handler stops a request
    // whose callers all cancelled from being an unhandled rejection.
    promise.then(forget, forget);
    return entry;
  }

  private join(entry: InFlight<T>, signal: AbortSignal | undefined): Promise<T> {
    entry.waiters += 1;
    if (signal === undefined) return entry.promise;
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        entry.waiters -= 1;
        if (entry.waiters === 0) {
          // Nobody wants the answer any more: stop the request, and let the next caller start anew.
          if (this.inFlight.get(entry.key) === entry) this.inFlight.delete(entry.key);
          entry.controller.abort();
        }
        reject(new FormulaError("#N/A", "The calculation was cancelled."));
      };
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener("abort", onAbort, { once: true });
      entry.promise.then(
        (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }
}
