// Requests shared by every cell that asks the same thing: identical calls in flight share one
// request, answers are kept for a short time, and a failure settles every cell waiting on it.

import { systemClock, type Clock } from "../api";
import { untilAborted } from "../util/abortRace";
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
  readonly storedAt: number;
}

/** Answers kept at most, when none is configured: a workbook's distinct formulas, with room. */
export const DEFAULT_MAX_CACHED = 500;

export interface SharedRequestsOptions {
  /**
   * How long an answer is reused, in milliseconds; 0 keeps nothing. A function is read on every
   * call, so a changed setting applies at once, to the answers already kept too.
   */
  readonly ttlMs: number | (() => number);
  /** Answers kept at most; past it the least recently used goes. */
  readonly maxEntries?: number;
  /** Shared with the other kinds of request, so the bound holds across them all. */
  readonly limit: ConcurrencyLimit;
  readonly clock?: Clock;
}

export class SharedRequests<T> {
  /** In order of last use, least recent first (a Map keeps insertion order). */
  private readonly cache = new Map<string, Cached<T>>();
  private readonly inFlight = new Map<string, InFlight<T>>();
  /** Bumped by clear(): answers of requests started before it are handed out, not kept. */
  private generation = 0;
  private sent = 0;
  private readonly clock: Clock;

  private readonly maxEntries: number;

  constructor(private readonly options: SharedRequestsOptions) {
    const { ttlMs } = options;
    if (typeof ttlMs === "number" && !(Number.isFinite(ttlMs) && ttlMs >= 0)) {
      throw new RangeError("The cache time must be zero or more milliseconds.");
    }
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_CACHED;
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1) {
      throw new RangeError("The number of answers kept must be a whole number of at least 1.");
    }
    this.clock = options.clock ?? systemClock;
  }

  /** Loads started (a cache hit or a joined request starts none). */
  get started(): number {
    return this.sent;
  }

  /** Answers kept now, fresh or not yet swept. */
  get cached(): number {
    return this.cache.size;
  }

  /**
   * The value of `key`: from the cache while fresh, else from the request already in flight for
   * it, else from a new request (queued behind the concurrency limit). `signal` cancels this
   * caller only; the request stops when every caller waiting on it has cancelled.
   */
  get(key: string, load: Load<T>, signal?: AbortSignal): Promise<T> {
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      if (this.isFresh(cached, this.ttl(), this.clock.now())) {
        this.cache.set(key, cached); // now the most recently used
        return Promise.resolve(cached.value);
      }
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
        if (generation === this.generation) this.keep(key, value);
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

  /** The cache time in force; a setting that is not a time keeps nothing. */
  private ttl(): number {
    const { ttlMs } = this.options;
    const ms = typeof ttlMs === "function" ? ttlMs() : ttlMs;
    return Number.isFinite(ms) && ms > 0 ? ms : 0;
  }

  private isFresh(entry: Cached<T>, ttl: number, now: number): boolean {
    return now - entry.storedAt < ttl;
  }

  /**
   * Keeps an answer. Expired answers are dropped first, then the least recently used beyond
   * the cap, so neither time nor many distinct formulas make the cache grow without bound.
   */
  private keep(key: string, value: T): void {
    const ttl = this.ttl();
    if (ttl === 0) return;
    const now = this.clock.now();
    for (const [other, entry] of this.cache) {
      if (!this.isFresh(entry, ttl, now)) this.cache.delete(other);
    }
    this.cache.delete(key);
    this.cache.set(key, { value, storedAt: now });
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.maxEntries) break;
      this.cache.delete(oldest);
    }
  }

  private join(entry: InFlight<T>, signal: AbortSignal | undefined): Promise<T> {
    entry.waiters += 1;
    if (signal === undefined) return entry.promise;
    return untilAborted(entry.promise, signal, () => {
      entry.waiters -= 1;
      if (entry.waiters === 0) {
        // Nobody wants the answer any more: stop the request, and let the next caller start anew.
        if (this.inFlight.get(entry.key) === entry) this.inFlight.delete(entry.key);
        entry.controller.abort();
      }
      return new FormulaError("#N/A", "The calculation was cancelled.");
    });
  }
}
