// Keeps the access token and the project identity (the contract declares it an API key) out of
// every error we create, even when a server echoes them back.

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

const WORD_CHARACTER = /[A-Za-z0-9]/;

/**
 * `text` with every occurrence of `word` (plain, URL-encoded or JSON-escaped) that stands alone
 * replaced. An identity may be a short everyday word (`demo`): inside a longer word
 * (`demonstrate`) it is not the identity, and the text stays readable.
 */
export function redactWord(text: string, word: string): string {
  let result = text;
  for (const form of secretForms(word)) {
    let out = "";
    let from = 0;
    for (let at = result.indexOf(form); at >= 0; at = result.indexOf(form, at + 1)) {
      const before = result[at - 1] ?? "";
      const after = result[at + form.length] ?? "";
      if (at < from || WORD_CHARACTER.test(before) || WORD_CHARACTER.test(after)) continue;
      out += result.slice(from, at) + REDACTED;
      from = at + form.length;
    }
    result = out + result.slice(from);
  }
  return result;
}

function mentions(error: unknown, clean: (text: string) => string, depth: number): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  const texts = [error.message, error.stack ?? ""];
  if (texts.some((text) => clean(text) !== text)) return true;
  return mentions(error.cause, clean, depth + 1);
}

/**
 * A copy of `error` in which the message, the server's message, the details and the cause
 * cannot reveal `secret` nor, when given, the project `identity` (as a word of its own). A cause
 * that mentions either is replaced by a redacted plain Error.
 */
export function redactError(error: ApiError, secret: string, identity?: string): ApiError {
  const clean = (text: string): string => {
    const withoutSecret = redactSecret(text, secret);
    return identity === undefined ? withoutSecret : redactWord(withoutSecret, identity);
  };
  const facts = error.facts();
  const cause = facts.cause;
  const safeCause =
    cause instanceof Error && mentions(cause, clean, 0)
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
