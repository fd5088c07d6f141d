// When to retry a GET and how long to wait: exponential backoff with full jitter, and Retry-After.

import type { RetryPolicy } from "./config";
import type { RandomSource } from "./environment";
import type { ApiError } from "./errors";

/** Told to progress displays before each wait between attempts. */
export interface RetryEvent {
  /** The attempt that just failed, counting from 1. */
  readonly attempt: number;
  /** The most attempts that will be made. */
  readonly maxAttempts: number;
  /** How long the client waits before the next attempt. */
  readonly delayMs: number;
  /** Why the attempt failed (a `network`, `rate-limited` or `server` error). */
  readonly reason: ApiError;
}

/** Statuses worth another try: the server is busy or a gateway failed; 500 is a bug, not retried. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * True for failures that a later identical GET may not meet; with `serverErrors`, any 5xx too.
 */
export function isRetryable(error: ApiError, serverErrors = false): boolean {
  if (error.kind === "network") return true;
  if (error.status === undefined) return false;
  return RETRYABLE_STATUSES.has(error.status) || (serverErrors && error.status >= 500);
}

/**
 * "Full jitter" backoff: a random wait in [0, min(maxDelayMs, baseDelayMs × 2^(failures-1))),
 * which spreads out clients that failed together instead of having them retry in step.
 */
export function backoffDelayMs(
  failures: number,
  policy: RetryPolicy,
  random: RandomSource,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The wait a Retry-After header asks for, in milliseconds: delay-seconds (`"120"`) or an
 * HTTP-date (`"Wed, 21 Oct 2015 07:28:00 GMT"`, measured against `nowMs`). Undefined when
 * absent or unreadable; a date in the past means no wait.
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
