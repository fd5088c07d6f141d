// Keeps the access token and the project identity (the contract declares it an API key) out of
// every error we create, even when a server echoes them back.

import { ApiError, ApiErrorDetail } from "./errors";

const REDACTED = "[redacted]";

/** Spaces as +, and the characters encodeURIComponent leaves alone escaped: HTML forms' encoding. */
function formEncoded(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** The encodings a secret may come back in: as is, URL-encoded (either way), JSON-escaped. */
function encodings(text: string): string[] {
  const forms = [text, JSON.stringify(text).slice(1, -1)];
  try {
    forms.push(encodeURIComponent(text), encodeURIComponent(text).replace(/%20/g, "+"));
    forms.push(formEncoded(text));
  } catch {
    // A lone surrogate has no URL encoding, so no server can echo one.
  }
  return forms;
}

const SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * One pattern for every form in which a secret may come back inside server text. A server or a
 * proxy may change its case (an upper-cased echo, `%2f` for `%2F`), so the match ignores case;
 * the upper- and lower-cased secret are encoded too, since their encodings can differ in length
 * (`ß` upper-cases to `SS`). Longest first, so a form never leaves part of a longer one behind.
 */
function secretPattern(secret: string): RegExp | undefined {
  const variants = [secret, secret.toUpperCase(), secret.toLowerCase()];
  const forms = [...new Set(variants.flatMap(encodings))].filter((form) => form !== "");
  if (forms.length === 0) return undefined;
  forms.sort((a, b) => b.length - a.length);
  return new RegExp(forms.map((form) => form.replace(SYNTAX, "\\$&")).join("|"), "giu");
}

/** `text` with every occurrence of the secret (in any case, plain or encoded) replaced. */
export function redactSecret(text: string, secret: string): string {
  const pattern = secretPattern(secret);
  return pattern === undefined ? text : text.replace(pattern, REDACTED);
}

const WORD_CHARACTER = /[A-Za-z0-9]/;

/**
 * `text` with every occurrence of `word` (in any case, plain or encoded) that stands alone
 * replaced. An identity may be a short everyday word (`demo`): inside a longer word
 * (`demonstrate`) it is not the identity, and the text stays readable.
 */
export function redactWord(text: string, word: string): string {
  const pattern = secretPattern(word);
  if (pattern === undefined) return text;
  let out = "";
  let from = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const at = match.index;
    const end = at + match[0].length;
    if (WORD_CHARACTER.test(text[at - 1] ?? "") || WORD_CHARACTER.test(text[end] ?? "")) {
      // Inside a longer word; a shorter form may still start one character later.
      pattern.lastIndex = at + 1;
      continue;
    }
    out += text.slice(from, at) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
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
