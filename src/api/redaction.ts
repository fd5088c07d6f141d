// Keeps the access token out of every error we create, even when a server echoes it back.

import { ApiError, ApiErrorDetail } from "./errors";

const REDACTED = "[redacted]";

/** The forms in which a token may come back inside server text. */
function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  return [...forms].filter((form) => form !== "");
}

/** `text` with every occurrence of the secret (plain, URL-encoded or JSON-escaped) replaced. */
export function redactSecret(text: string, secret: string): string {
  let result = text;
  for (const form of secretForms(secret)) result = result.split(form).join(REDACTED);
  return result;
}

function mentionsSecret(error: unknown, secret: string, depth: number): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  const texts = [error.message, error.stack ?? ""];
  if (texts.some((text) => redactSecret(text, secret) !== text)) return true;
  return mentionsSecret(error.cause, secret, depth + 1);
}

/**
 * A copy of `error` in which the message, the server's message, the details and the cause
 * cannot reveal `secret`. A cause that mentions it is replaced by a redacted plain Error.
 */
export function redactError(error: ApiError, secret: string): ApiError {
  const clean = (text: string): string => redactSecret(text, secret);
  const facts = error.facts();
  const cause = facts.cause;
  const safeCause =
    cause instanceof Error && mentionsSecret(cause, secret, 0)
      ? new Error(clean(`${cause.name}: ${cause.message}`))
      : typeof cause === "string"
        ? clean(cause)
        : cause;
  const details = facts.details?.map((detail): ApiErrorDetail =>
    detail.field === undefined
      ? { message: clean(detail.message) }
      : { field: clean(detail.field), message: clean(detail.message) },
  );
  return new ApiError(error.kind, clean(error.message), {
    ...facts,
    serverMessage: facts.serverMessage === undefined ? undefined : clean(facts.serverMessage),
    serverCode: facts.serverCode === undefined ? undefined : clean(facts.serverCode),
    details,
    url: facts.url === undefined ? undefined : clean(facts.url),
    cause: safeCause,
  });
}
