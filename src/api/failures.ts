// Turns each way a request can fail into an ApiError whose message says what happened and what to do.

import { ApiError, ApiErrorDetail, ApiErrorKind } from "./errors";
import type { ServerErrorBody } from "./errorBody";

/** What a request is about, in words for its error messages. */
export interface RequestSubject {
  /** What the request does, completing "while trying to …": `list payments`. */
  readonly action: string;
  /** The whole message for a 404, e.g. `No journal “JNL-9” was found (404). Check the id …`. */
  readonly notFound: string;
  /** What to reload when a change's outcome is unknown, e.g. `the journal`. */
  readonly reloadWhat?: string;
}

/** Where the failure happened. */
export interface FailureContext {
  readonly method: string;
  readonly url: string;
  /** The server's origin, `https://host`, named when it cannot be reached. */
  readonly origin: string;
  readonly subject: RequestSubject;
}

/** True for methods that change data: a lost answer leaves their outcome unknown. */
function changesData(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

function unknownOutcomeNote(context: FailureContext): string {
  const what = context.subject.reloadWhat ?? "the data";
  return ` The change may or may not have been saved; reload ${what} to check.`;
}

/** `prefix: server message.` or `prefix.`, without doubling the server's final full stop. */
function withServerMessage(prefix: string, serverMessage: string | undefined): string {
  if (serverMessage === undefined) return `${prefix}.`;
  const text = serverMessage.replace(/[.!\s]+$/, "");
  return `${prefix}: ${text}.`;
}

function detailsSentence(details: readonly ApiErrorDetail[]): string {
  if (details.length === 0) return "";
  const shown = details
    .slice(0, 5)
    .map((detail) =>
      detail.field === undefined ? detail.message : `${detail.field}: ${detail.message}`,
    );
  const more = details.length > 5 ? `; and ${details.length - 5} more` : "";
  return ` Problems: ${shown.join("; ")}${more}.`;
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The kind for an HTTP status that is not a success. */
function kindOfStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
      return "bad-request";
    case 401:
      return "auth";
    case 403:
      return "forbidden";
    case 404:
      return "not-found";
    case 409:
      return "conflict";
    case 422:
      return "validation";
    case 429:
      return "rate-limited";
  }
  if (status >= 500 && status <= 599) return "server";
  if (status >= 400 && status <= 499) return "bad-request";
  return "malformed-response";
}

/** Gateways that fail after forwarding: a change may have reached the server behind them. */
const GATEWAY_AFTER_FORWARDING = new Set([502, 504]);

/** The error for an answer with a status other than 2xx. */
export function statusFailure(
  status: number,
  body: ServerErrorBody,
  retryAfterMs: number | undefined,
  context: FailureContext,
): ApiError {
  const kind = kindOfStatus(status);
  // On 401/403 the server is talking about the credentials: its text is the likeliest place for
  // an echoed token (in any encoding we cannot foresee), so none of it is shown or kept.
  const credentials = kind === "auth" || kind === "forbidden";
  const said = credentials ? undefined : body.message;
  const { action } = context.subject;
  let message: string;
  switch (kind) {
    case "auth":
      message =
        withServerMessage("The server refused the access token (401)", said) +
        " Check the token, or ask your administrator for a new one.";
      break;
    case "forbidden":
      message =
        // The identity is an API key in the contract, and this text can end up in a workbook's
        // status cell: it names the field to check, never its value.
        withServerMessage("The token is not allowed for this project (403)", said) +
        " Check the project identity.";
      break;
    case "not-found":
      message =
        context.subject.notFound +
        (said === undefined ? "" : withServerMessage(" The server said", said));
      break;
    case "conflict":
      message =
        withServerMessage(`The server refused to ${action} because of a conflict (409)`, said) +
        " Reload and try again.";
      break;
    case "validation":
      message =
        withServerMessage(`The server rejected the request to ${action} (422)`, said) +
        detailsSentence(body.details) +
        " Correct the values and try again.";
      break;
    case "bad-request":
      message =
        withServerMessage(`The server refused the request to ${action} (${status})`, said) +
        detailsSentence(body.details) +
        " Check the values sent and the API version.";
      break;
    case "rate-limited":
      message =
        "The server is limiting requests (429). " +
        (retryAfterMs === undefined
          ? "Wait a moment and try again."
          : `Try again in ${seconds(retryAfterMs)} s.`);
      break;
    case "server":
      message =
        withServerMessage(`The server failed to ${action} (${status})`, said) +
        " Try again later; if it keeps failing, contact the service's support.";
      break;
    default:
      message = `The server answered with an unexpected status ${status} while trying to ${action}.`;
  }
  const outcomeUnknown = changesData(context.method) && GATEWAY_AFTER_FORWARDING.has(status);
  if (outcomeUnknown) message += unknownOutcomeNote(context);
  return new ApiError(kind, message, {
    status,
    serverMessage: said,
    serverCode: credentials ? undefined : body.code,
    details: !credentials && body.details.length > 0 ? body.details : undefined,
    retryAfterMs,
    outcomeUnknown,
    method: context.method,
    url: context.url,
  });
}

/** The server could not be reached (DNS, refused connection, TLS, CORS, dropped connection). */
export function networkFailure(context: FailureContext, cause: unknown, sent: boolean): ApiError {
  const outcomeUnknown = sent && changesData(context.method);
  return new ApiError(
    "network",
    `Could not reach ${context.origin} (network error). Check your connection and the API address.` +
      (outcomeUnknown ? unknownOutcomeNote(context) : ""),
    { outcomeUnknown, method: context.method, url: context.url, cause },
  );
}

export function timeoutFailure(context: FailureContext, timeoutMs: number): ApiError {
  const outcomeUnknown = changesData(context.method);
  return new ApiError(
    "timeout",
    `The server at ${context.origin} did not answer within ${seconds(timeoutMs)} s ` +
      `while trying to ${context.subject.action}. Try again; if it keeps happening, check your ` +
      "connection and the API address." +
      (outcomeUnknown ? unknownOutcomeNote(context) : ""),
    { outcomeUnknown, method: context.method, url: context.url },
  );
}

/** The caller cancelled; `inFlight` when the request had already been handed to fetch. */
export function abortedFailure(context: FailureContext, inFlight: boolean): ApiError {
  const outcomeUnknown = inFlight && changesData(context.method);
  return new ApiError(
    "aborted",
    `Cancelled: the request to ${context.subject.action} was stopped.` +
      (outcomeUnknown ? unknownOutcomeNote(context) : ""),
    { outcomeUnknown, method: context.method, url: context.url },
  );
}

/** A 2xx answer we could not read; for a change, the server said yes but we cannot see the result. */
export function malformedFailure(
  context: FailureContext,
  problem: string,
  status: number,
): ApiError {
  const outcomeUnknown = changesData(context.method);
  const what = context.subject.reloadWhat ?? "the data";
  return new ApiError(
    "malformed-response",
    `The server's answer to ${context.subject.action} was ${problem}.` +
      (outcomeUnknown
        ? ` The server reported success (${status}), so the change was probably saved; reload ${what} to check.`
        : " Check the API address and version; if they are right, report this to the service's support."),
    { status, outcomeUnknown, method: context.method, url: context.url },
  );
}
