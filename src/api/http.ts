// Sends one API request: auth headers, timeout, cancellation, retries of GETs, JSON answers.

import { untilAborted } from "../util/abortRace";
import { utf8Length } from "../util/utf8Length";
import type { FetchResponseLike } from "./environment";
import { ResolvedConnection, ResolvedOptions } from "./config";
import { readErrorBody } from "./errorBody";
import { ApiError } from "./errors";
import {
  abortedFailure,
  FailureContext,
  malformedFailure,
  networkFailure,
  RequestSubject,
  statusFailure,
  timeoutFailure,
} from "./failures";
import { JsonValue, ShapeError } from "./json";
import { parseJsonText } from "./jsonText";
import { redactError, redactSecret, redactWord } from "./redaction";
import { backoffDelayMs, isRetryable, parseRetryAfter, RetryEvent } from "./retry";
import { TimeoutWatch } from "./timeoutWatch";

/** One request to the API. */
export interface HttpRequest<T> {
  readonly method: "GET" | "PATCH";
  /** The path below the base URL, starting with `/`, its parts already URL-encoded. */
  readonly path: string;
  /** Query parameters in order; each name and value is URL-encoded here. */
  readonly query?: ReadonlyArray<readonly [string, string]>;
  /** JSON text of the body, sent with `Content-Type: application/json`. */
  readonly body?: string;
  readonly subject: RequestSubject;
  /** Turns the parsed JSON of a 2xx answer into the typed result; throws ShapeError if it cannot. */
  readonly parse: (json: JsonValue) => T;
  readonly signal?: AbortSignal;
  readonly onRetry?: (event: RetryEvent) => void;
}

/**
 * The most a response body may hold. The largest legitimate answer (a page of records) is far
 * smaller; anything bigger is a misconfigured address or a hostile server, and reading it all
 * would freeze the task pane.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** The UTF-8 size of `text`, without allocating an encoded copy. */
/**
 * The body as text, or null once it passes {@link MAX_RESPONSE_BYTES}. A stream is read chunk by
 * chunk and cancelled at the cap, so a server that sends no Content-Length cannot fill the
 * pane's memory; without a stream (a test fake) the whole text is measured.
 */
async function cappedText(response: FetchResponseLike): Promise<string | null> {
  if (response.cappedText) return response.cappedText(MAX_RESPONSE_BYTES);
  const reader = response.body?.getReader();
  if (!reader) {
    const text = await response.text();
    return utf8Length(text) > MAX_RESPONSE_BYTES ? null : text;
  }
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_RESPONSE_BYTES) {
      reader.cancel().catch(() => undefined);
      return null;
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** The reason an exchange's signal is aborted when its answer is too large to read. */
const EXCHANGE_OVER = Object.freeze(new Error("The exchange is over."));

/** A body over {@link MAX_RESPONSE_BYTES}: never parsed, reported as such. */
class TooLarge {
  constructor(readonly status: number) {}
}

/** What came back from one attempt. */
interface Reply {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
}

/**
 * The HTTP layer of the client. Every request carries `Authorization: Bearer <token>`,
 * `identity` and `Accept: application/json`. Each attempt has a timeout; the caller's signal
 * cancels at any point, including during a wait between retries. Only GETs are retried (on
 * network errors, 429, 502, 503 and 504), within the attempt and time limits of the retry
 * policy. Every error thrown is an ApiError from which the token has been removed.
 */
export class HttpClient {
  // A #private field: the token does not show when the client is logged or serialized.
  readonly #connection: ResolvedConnection;
  private readonly options: ResolvedOptions;
  private readonly timeouts: TimeoutWatch;

  constructor(connection: ResolvedConnection, options: ResolvedOptions) {
    this.#connection = connection;
    this.options = options;
    this.timeouts = new TimeoutWatch(options.clock, options.sleep);
  }

  /** The base URL requests go to, e.g. `https://api.example.com/v1`. */
  get baseUrl(): string {
    return this.#connection.baseUrl;
  }

  /** `error` without the token or the project identity in any of its texts. */
  private redacted(error: ApiError): ApiError {
    return redactError(error, this.#connection.token, this.#connection.identity);
  }

  /** Runs `make`; an ApiError it throws comes out redacted, like every other. */
  guard<T>(make: () => T): T {
    try {
      return make();
    } catch (error) {
      if (error instanceof ApiError) throw this.redacted(error);
      throw error;
    }
  }

  /** The full URL of a request: base URL, path and encoded query. */
  url(path: string, query: ReadonlyArray<readonly [string, string]> = []): string {
    const search = new URLSearchParams(query.map(([name, value]) => [name, value])).toString();
    return `${this.#connection.baseUrl}${path}${search === "" ? "" : `?${search}`}`;
  }

  async send<T>(request: HttpRequest<T>): Promise<T> {
    const context: FailureContext = {
      method: request.method,
      url: this.url(request.path, request.query),
      origin: this.#connection.origin,
      subject: request.subject,
    };
    try {
      return await this.sendWithRetries(request, context);
    } catch (error) {
      if (error instanceof ApiError) {
        throw this.redacted(await this.explained(error, context));
      }
      throw error;
    }
  }

  /**
   * A call that got no answer, with the host's reason (offline, nothing there, CORS) instead of
   * the browser's one "network error", when the host can tell and no change may have been made.
   */
  private async explained(error: ApiError, context: FailureContext): Promise<ApiError> {
    const explain = this.options.explainNoAnswer;
    if (error.kind !== "network" || error.outcomeUnknown || explain === undefined) return error;
    let reason: string;
    try {
      reason = await explain(context.origin);
    } catch {
      return error;
    }
    const attempts = error.attempts ?? 1;
    const note = attempts > 1 ? ` (Tried ${attempts} times.)` : "";
    return new ApiError("network", `${reason}${note}`, error.facts());
  }

  private async sendWithRetries<T>(request: HttpRequest<T>, context: FailureContext): Promise<T> {
    const { clock, retry } = this.options;
    const retries = request.method === "GET";
    const deadline = clock.now() + retry.totalTimeMs;
    for (let attempt = 1; ; attempt++) {
      if (request.signal?.aborted) throw abortedFailure(context, false);
      const timeoutMs = retries
        ? Math.max(1, Math.min(this.options.timeoutMs, deadline - clock.now()))
        : this.options.timeoutMs;
      const outcome = await this.attempt(request, context, timeoutMs);
      if (outcome instanceof TooLarge) {
        throw malformedFailure(context, TOO_LARGE_PROBLEM, outcome.status);
      }
      if (!(outcome instanceof ApiError) && outcome.status >= 200 && outcome.status <= 299) {
        return this.parseAnswer(outcome, request, context);
      }
      const failure =
        outcome instanceof ApiError ? outcome : this.failureOfStatus(outcome, context);
      const delayMs = retries ? this.retryDelay(failure, attempt, deadline) : undefined;
      if (delayMs === undefined) throw withAttempts(failure, attempt);
      const event: RetryEvent = {
        attempt,
        maxAttempts: retry.maxAttempts,
        delayMs,
        reason: this.redacted(failure),
      };
      this.options.onRetry?.(event);
      request.onRetry?.(event);
      await this.pause(delayMs, request.signal, context);
    }
  }

  /** The wait before another attempt, or undefined when this failure ends the call. */
  private retryDelay(failure: ApiError, attempt: number, deadline: number): number | undefined {
    const { retry, clock, random } = this.options;
    if (!isRetryable(failure, retry.retryServerErrors) || attempt >= retry.maxAttempts) {
      return undefined;
    }
    const now = clock.now();
    if (failure.retryAfterMs !== undefined) {
      const tooLong =
        failure.retryAfterMs > retry.maxRetryAfterMs || now + failure.retryAfterMs >= deadline;
      return tooLong ? undefined : failure.retryAfterMs;
    }
    const delay = backoffDelayMs(attempt, retry, random);
    return now + delay >= deadline ? undefined : delay;
  }

  private async pause(ms: number, signal: AbortSignal | undefined, context: FailureContext) {
    try {
      const wait = this.options.sleep(ms, signal);
      await (signal === undefined ? wait : untilAborted(wait, signal));
    } catch (error) {
      if (signal?.aborted) throw abortedFailure(context, false);
      throw error;
    }
  }

  /** One exchange with the server; transport failures come back as ApiErrors, not thrown. */
  private async attempt<T>(
    request: HttpRequest<T>,
    context: FailureContext,
    timeoutMs: number,
  ): Promise<Reply | ApiError | TooLarge> {
    const exchange = new AbortController();
    const caller = request.signal;
    let timedOut = false;
    const onCallerAbort = (): void => exchange.abort(caller?.reason);
    caller?.addEventListener("abort", onCallerAbort, { once: true });
    const unwatch = this.timeouts.watch(timeoutMs, () => {
      if (exchange.signal.aborted) return;
      timedOut = true;
      exchange.abort();
    });
    let inFlight = false;
    try {
      inFlight = true;
      // One race for the whole exchange, answer and body: the signal ends it at any point.
      const outcome = await untilAborted(
        this.exchange(request, context.url, exchange.signal),
        exchange.signal,
      );
      // Stops the download of an answer found too large. A reason of its own spares a
      // DOMException.
      if (outcome instanceof TooLarge) exchange.abort(EXCHANGE_OVER);
      return outcome;
    } catch (error) {
      if (caller?.aborted) return abortedFailure(context, inFlight);
      if (timedOut) return timeoutFailure(context, timeoutMs);
      return networkFailure(context, error, inFlight);
    } finally {
      unwatch();
      caller?.removeEventListener("abort", onCallerAbort);
    }
  }

  /**
   * The request sent and its answer read whole, or found larger than
   * {@link MAX_RESPONSE_BYTES}: the caller's abort of the exchange then stops the download.
   */
  private async exchange<T>(
    request: HttpRequest<T>,
    url: string,
    signal: AbortSignal,
  ): Promise<Reply | TooLarge> {
    const response = await this.options.fetch(url, {
      method: request.method,
      headers: this.headers(request.body !== undefined),
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
      // A redirect could carry the Authorization header somewhere the user never configured.
      redirect: "error",
    });
    const declared = Number(response.headers.get("Content-Length") ?? "");
    if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
      return new TooLarge(response.status);
    }
    const text = await cappedText(response);
    if (text === null) return new TooLarge(response.status);
    return { status: response.status, headers: response.headers, text };
  }

  private headers(withBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#connection.token}`,
      identity: this.#connection.identity,
      Accept: "application/json",
    };
    if (withBody) headers["Content-Type"] = "application/json";
    return headers;
  }

  private failureOfStatus(reply: Reply, context: FailureContext): ApiError {
    const retryAfterMs =
      reply.status === 429 || reply.status === 503
        ? parseRetryAfter(reply.headers.get("Retry-After"), this.options.clock.now())
        : undefined;
    // Redact before the body is read and shortened: a token cut in two by shortening would
    // no longer match, and half of it would reach the message.
    const text = redactWord(
      redactSecret(reply.text, this.#connection.token),
      this.#connection.identity,
    );
    return statusFailure(reply.status, readErrorBody(text), retryAfterMs, context);
  }

  private parseAnswer<T>(reply: Reply, request: HttpRequest<T>, context: FailureContext): T {
    if (reply.text.trim() === "") {
      throw malformedFailure(context, "empty instead of JSON", reply.status);
    }
    let json: JsonValue;
    try {
      // Losslessly: a record's 12345678901234567890 must not arrive as 12345678901234567000.
      json = parseJsonText(reply.text);
    } catch {
      const type = reply.headers.get("Content-Type");
      const shown = type === null ? "" : ` (content type ${type.split(";")[0]?.trim() ?? type})`;
      throw malformedFailure(context, `not valid JSON${shown}`, reply.status);
    }
    try {
      return request.parse(json);
    } catch (error) {
      if (error instanceof ShapeError) {
        throw malformedFailure(context, `not the expected shape: ${error.message}`, reply.status);
      }
      throw error;
    }
  }
}

const TOO_LARGE_PROBLEM = `larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB, more than any Ledger API answer; it was not read`;

/** The final error of a call, saying how many attempts were made when there was more than one. */
function withAttempts(error: ApiError, attempts: number): ApiError {
  const note = attempts > 1 ? ` (Tried ${attempts} times.)` : "";
  return new ApiError(error.kind, `${error.message}${note}`, {
    ...error.facts(),
    attempts,
  });
}
