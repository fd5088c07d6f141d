// Connection settings: checks them once and turns the API address into the versioned base URL.

import { Clock, FetchLike, globalFetch, hasGlobalFetch, RandomSource, Sleep } from "./environment";
import { systemClock, timerSleep } from "./environment";
import { configError } from "./errors";
import type { RetryEvent } from "./retry";

/** The API versions the contract names: production and release candidate 1. */
export type ApiVersion = "v1" | "rc-1";
export const API_VERSIONS: readonly ApiVersion[] = ["v1", "rc-1"];

/** What a user enters to connect. */
export interface ApiConnection {
  /** The server's base address, e.g. `https://api.example.com/v1` (the version is replaced). */
  apiAddress: string;
  /** Which version to talk to; it becomes the first path segment of the base URL. */
  version: ApiVersion;
  /** The access token; sent only in the Authorization header, never shown. */
  token: string;
  /** The identity of the active project; sent in the `identity` header. */
  identity: string;
}

/**
 * How GET requests are retried: after network errors, 429, 502, 503 and 504 only. A timeout is
 * not retried (a server too slow for one attempt would only double the wait), nor is 500 (a
 * server bug does not go away), nor any PATCH (it may already have been applied).
 */
export interface RetryPolicy {
  /** Sends at most this many times, the first included. Default 4. */
  maxAttempts: number;
  /** Backoff before retry n is random in [0, min(maxDelayMs, baseDelayMs × 2^(n-1))). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** No retry starts, and no attempt runs, past this long after the first attempt. Default 60 s. */
  totalTimeMs: number;
  /** A Retry-After longer than this is not waited for: the call fails saying how long to wait. */
  maxRetryAfterMs: number;
  /**
   * Also retries a GET answered 500 or any other 5xx. Off for the add-in (a person is there to
   * try again); on for the scheduled export, which would otherwise lose a whole run's work.
   */
  retryServerErrors: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The decimals the service keeps of amounts and exchange rates: the contract says responses hold
 * them with two, and the sandbox refuses a third decimal of an amount and rounds a rate to two.
 * A journal sends no more than this many (src/money `sendablePlaces`).
 */
export const SERVICE_DECIMALS = 2;

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  totalTimeMs: 60_000,
  maxRetryAfterMs: 60_000,
  retryServerErrors: false,
};

/** Options of the client. Everything has a default; tests inject fetch, clock, sleep and random. */
export interface ClientOptions {
  /** Time allowed for one request, until its whole answer has arrived. Default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  clock?: Clock;
  sleep?: Sleep;
  random?: RandomSource;
  /** Called before each retry wait, for progress displays. Must not throw. */
  onRetry?: (event: RetryEvent) => void;
  /**
   * Says why a request to `origin` got no answer (offline, nothing there, or CORS), where the
   * host can tell (the task pane's browser: reachability.ts). Replaces the message of a call that
   * failed with no answer, unless a change may have been applied (that warning is kept).
   */
  explainNoAnswer?: (origin: string) => Promise<string>;
  /** The decimals the server keeps of amounts and rates. Default {@link SERVICE_DECIMALS}. */
  serviceDecimals?: number;
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  readonly timeoutMs: number;
  readonly retry: Readonly<RetryPolicy>;
  readonly fetch: FetchLike;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly random: RandomSource;
  readonly serviceDecimals: number;
  readonly onRetry?: (event: RetryEvent) => void;
  readonly explainNoAnswer?: (origin: string) => Promise<string>;
}

/** A checked connection: the base URL resolved, token and identity trimmed. */
export interface ResolvedConnection {
  /** e.g. `https://api.example.com/rc-1`, without a trailing slash. */
  readonly baseUrl: string;
  /** e.g. `https://api.example.com`, for messages about reaching the server. */
  readonly origin: string;
  readonly version: ApiVersion;
  readonly token: string;
  readonly identity: string;
}

const EXAMPLE = "for example https://api.example.com/v1";
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The base URL for `version` on the server at `apiAddress`. The contract carries the version in
 * the first path segment, so `https://api.example.com/v1` gives `https://api.example.com/v1` for
 * v1 and `https://api.example.com/rc-1` for rc-1. An address ending in /rc-1, with trailing
 * slashes, or without any path (the version is then appended) is accepted.
 *
 * Refused with a `config` ApiError: text that is not a web address; a scheme other than https
 * (plain http only for localhost, 127.0.0.1 and [::1]); a user name or password; a query or
 * fragment; a first path segment other than v1 or rc-1; anything after the version.
 */
export function resolveBaseUrl(apiAddress: string, version: ApiVersion): string {
  if (!API_VERSIONS.includes(version)) {
    throw configError(`The API version must be v1 or rc-1.`);
  }
  const text = apiAddress.trim();
  if (text === "") throw configError(`Enter the API address, ${EXAMPLE}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // The text is not echoed: a token pasted into the wrong field must not show up in a message.
    throw configError(`The API address is not a web address. Enter it in full, ${EXAMPLE}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw configError(`The API address must start with https://, ${EXAMPLE}.`);
  }
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw configError(
      `The API address must use https:// (plain http:// is allowed only for localhost), ${EXAMPLE}.`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw configError(
      "The API address must not contain a user name or password; enter the token in its own field.",
    );
  }
  if (text.includes("?") || text.includes("#")) {
    throw configError(
      `The API address must not contain “?” or “#”; enter only the base address, ${EXAMPLE}.`,
    );
  }
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const [first, ...rest] = segments;
  if (first !== undefined && !API_VERSIONS.some((known) => known === first)) {
    throw configError(
      `The API address must end in the version, /v1 or /rc-1, but its path starts with “/${first}”. ` +
        `Enter the base address, ${EXAMPLE}.`,
    );
  }
  if (rest.length > 0) {
    throw configError(
      `The API address must end after the version, but it continues with “/${rest.join("/")}”. ` +
        `Enter the base address, ${EXAMPLE}.`,
    );
  }
  return `${url.origin}/${version}`;
}

/** Header values must be visible ASCII; anything else makes `fetch` throw before sending. */
const TOKEN_TEXT = /^[\x21-\x7e]+$/;
const IDENTITY_TEXT = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

/** Checks a connection and resolves its base URL; throws a `config` ApiError if it cannot work. */
export function resolveConnection(connection: ApiConnection): ResolvedConnection {
  const baseUrl = resolveBaseUrl(connection.apiAddress, connection.version);
  const token = connection.token.trim();
  const identity = connection.identity.trim();
  if (token === "") throw configError("Enter the access token.");
  if (!TOKEN_TEXT.test(token)) {
    throw configError(
      "The access token contains spaces, line breaks or non-ASCII characters. " +
        "Paste the token exactly as it was issued.",
    );
  }
  if (identity === "") throw configError("Enter the project identity.");
  if (!IDENTITY_TEXT.test(identity)) {
    throw configError(
      "The project identity contains line breaks or non-ASCII characters. " +
        "Paste the identity exactly as it was issued.",
    );
  }
  return { baseUrl, origin: new URL(baseUrl).origin, version: connection.version, token, identity };
}

function positive(name: string, value: number, whole: boolean): number {
  if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
    throw configError(
      `The client option ${name} must be a positive ${whole ? "whole " : ""}number.`,
    );
  }
  return value;
}

function decimalsKept(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 10) {
    throw configError("The client option serviceDecimals must be a whole number from 0 to 10.");
  }
  return value;
}

/** Fills in defaults and checks the numbers; throws a `config` ApiError for impossible values. */
export function resolveOptions(options: ClientOptions = {}): ResolvedOptions {
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  positive("retry.maxAttempts", retry.maxAttempts, true);
  positive("retry.totalTimeMs", retry.totalTimeMs, false);
  for (const key of ["baseDelayMs", "maxDelayMs", "maxRetryAfterMs"] as const) {
    if (!Number.isFinite(retry[key]) || retry[key] < 0) {
      throw configError(`The client option retry.${key} must be zero or more.`);
    }
  }
  if (options.fetch === undefined && !hasGlobalFetch()) {
    throw configError("This environment has no fetch; pass one in the client options.");
  }
  const resolved: ResolvedOptions = {
    timeoutMs: positive("timeoutMs", options.timeoutMs ?? DEFAULT_TIMEOUT_MS, false),
    retry,
    fetch: options.fetch ?? globalFetch,
    clock: options.clock ?? systemClock,
    sleep: options.sleep ?? timerSleep,
    random: options.random ?? Math.random,
    serviceDecimals: decimalsKept(options.serviceDecimals ?? SERVICE_DECIMALS),
  };
  return {
    ...resolved,
    ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
    ...(options.explainNoAnswer === undefined ? {} : { explainNoAnswer: options.explainNoAnswer }),
  };
}
