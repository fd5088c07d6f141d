// What the client needs from the outside world (network, time, chance), so tests can supply fakes.

/** The subset of `fetch`'s options the client uses. */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Always "error": a redirect is refused rather than followed with the token. */
  redirect: "error";
}

/** The subset of a `fetch` Response the client reads. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** The body as a stream, where the platform has one: read chunk by chunk up to a cap. */
  readonly body?: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
  /**
   * The body as text, or null once it passes `maxBytes` (the rest unread): a transport without a
   * stream body offers this so the cap holds without reading a huge answer whole.
   */
  cappedText?(maxBytes: number): Promise<string | null>;
}

/** A `fetch`: the global one in browsers and Node 20, or a fake in tests. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

/** The current time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/**
 * Waits `ms` milliseconds. When `signal` aborts, it must stop waiting (settle) promptly; the
 * client also stops listening on its own, so a sleep that ignores the signal is still safe.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A number in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

export const systemClock: Clock = { now: () => Date.now() };

/** A {@link Sleep} on `setTimeout`, which both browsers and Node have. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** True when this JavaScript environment has a global `fetch`. */
export function hasGlobalFetch(): boolean {
  return typeof globalThis.fetch === "function";
}

/**
 * The global `fetch`, looked up at each call and called as a plain function: browsers throw
 * "Illegal invocation" when `fetch` is called as a method of another object.
 */
export const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init);
