// The one error type of the API client: a kind for programs, a message a person can act on.

/**
 * What went wrong, in the terms a user or the UI needs:
 * - `config`: the connection settings cannot work (address, version, token, identity, options).
 * - `auth` (401), `forbidden` (403), `not-found` (404), `conflict` (409), `validation` (422,
 *   or a request refused before sending), `bad-request` (400 and other 4xx), `rate-limited`
 *   (429), `server` (5xx): the server answered with that status.
 * - `network`: the server could not be reached; `timeout`: it did not answer in time;
 *   `aborted`: the caller cancelled.
 * - `malformed-response`: the answer was not JSON, or not the shape the contract promises.
 * - `pagination`: the server's page cursors would make a walk loop or skip (a broken server).
 */
export type ApiErrorKind =
  | "config"
  | "auth"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "validation"
  | "bad-request"
  | "rate-limited"
  | "server"
  | "network"
  | "timeout"
  | "aborted"
  | "malformed-response"
  | "pagination";

/** One problem the server (or our own check) reported about one field. */
export interface ApiErrorDetail {
  /** The field, as the reporter named it (`lines[0].amount`); absent when not given. */
  readonly field?: string;
  readonly message: string;
}

/** The optional facts an {@link ApiError} carries besides its kind and message. */
export interface ApiErrorFacts {
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** The server's own message from the error body (never containing the token). */
  readonly serverMessage?: string;
  /** The server's machine-readable error code, when its error body has one. */
  readonly serverCode?: string;
  /** Field problems from the error body or from our own checks. */
  readonly details?: readonly ApiErrorDetail[];
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;
  /**
   * True when a change (PATCH) may have reached the server although we could not see the
   * answer: after a timeout, a lost connection, a cancel in flight or a gateway error. The
   * change may or may not have been saved: reload before trying again.
   */
  readonly outcomeUnknown?: boolean;
  /** How many times the request was sent. */
  readonly attempts?: number;
  /** The HTTP method and URL of the request (the token is never part of a URL). */
  readonly method?: string;
  readonly url?: string;
  readonly cause?: unknown;
}

/** Every failure of the API client, with a `message` that says what happened and what to do. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly serverCode?: string;
  readonly details?: readonly ApiErrorDetail[];
  readonly retryAfterMs?: number;
  readonly outcomeUnknown: boolean;
  readonly attempts?: number;
  readonly method?: string;
  readonly url?: string;

  constructor(kind: ApiErrorKind, message: string, facts: ApiErrorFacts = {}) {
    super(message, facts.cause === undefined ? undefined : { cause: facts.cause });
    this.kind = kind;
    this.outcomeUnknown = facts.outcomeUnknown ?? false;
    if (facts.status !== undefined) this.status = facts.status;
    if (facts.serverMessage !== undefined) this.serverMessage = facts.serverMessage;
    if (facts.serverCode !== undefined) this.serverCode = facts.serverCode;
    if (facts.details !== undefined) this.details = facts.details;
    if (facts.retryAfterMs !== undefined) this.retryAfterMs = facts.retryAfterMs;
    if (facts.attempts !== undefined) this.attempts = facts.attempts;
    if (facts.method !== undefined) this.method = facts.method;
    if (facts.url !== undefined) this.url = facts.url;
  }

  /** The facts of this error, for making a revised copy. */
  facts(): ApiErrorFacts {
    return {
      status: this.status,
      serverMessage: this.serverMessage,
      serverCode: this.serverCode,
      details: this.details,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown: this.outcomeUnknown,
      attempts: this.attempts,
      method: this.method,
      url: this.url,
      cause: this.cause,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A configuration error: the settings cannot work, whatever the server does. */
export function configError(message: string): ApiError {
  return new ApiError("config", message);
}
