// Reads whatever a server put in an error response into a short message and field details.

import { ApiErrorDetail } from "./errors";
import { isJsonObject, JsonObject, JsonValue } from "./json";

/** What we could make of an error body. Both parts are optional: the shape is not in the contract. */
export interface ServerErrorBody {
  readonly message?: string;
  /** A machine-readable code, from `code` or `error.code` (e.g. `journal_not_draft`). */
  readonly code?: string;
  readonly details: readonly ApiErrorDetail[];
}

/** Server text embedded in our messages is cut here, so a stack trace page cannot flood the UI. */
const SERVER_TEXT_LIMIT = 300;
const DETAIL_LIMIT = 20;

/** Collapses whitespace and cuts `text` to {@link SERVER_TEXT_LIMIT} characters. */
function shortenServerText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SERVER_TEXT_LIMIT ? `${flat.slice(0, SERVER_TEXT_LIMIT - 1)}…` : flat;
}

function nonEmpty(value: JsonValue | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = shortenServerText(value);
  return text === "" ? undefined : text;
}

/**
 * Makes sense of an error body defensively, because the contract does not show its shape:
 * - JSON: the message from `message`, `error` (a string), `error.message`, `detail` or
 *   `title`; a code from `code` or `error.code`; details from `details`, `error.details`, `errors` (array, or an object of
 *   field → messages) or a `detail` array.
 * - HTML (a proxy's error page): its `<title>`, if any.
 * - Other text: the text itself, shortened.
 */
export function readErrorBody(text: string): ServerErrorBody {
  const trimmed = text.trim();
  if (trimmed === "") return { details: [] };
  const json = parseJsonOrUndefined(trimmed);
  if (json !== undefined) return fromJson(json);
  if (trimmed.startsWith("<")) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
    const message = title === undefined ? undefined : nonEmpty(title);
    return message === undefined ? { details: [] } : { message, details: [] };
  }
  return { message: shortenServerText(trimmed), details: [] };
}

function parseJsonOrUndefined(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

function fromJson(json: JsonValue): ServerErrorBody {
  if (typeof json === "string") {
    const message = nonEmpty(json);
    return message === undefined ? { details: [] } : { message, details: [] };
  }
  if (!isJsonObject(json)) return { details: [] };
  const error = json["error"];
  const nested = isJsonObject(error) ? error : undefined;
  const message =
    nonEmpty(json["message"]) ??
    nonEmpty(error) ??
    nonEmpty(nested?.["message"]) ??
    nonEmpty(json["detail"]) ??
    nonEmpty(json["title"]);
  const code = nonEmpty(json["code"]) ?? nonEmpty(nested?.["code"]);
  const details = [
    ...detailsFrom(json["details"]),
    ...detailsFrom(nested?.["details"]),
    ...detailsFrom(json["errors"]),
    ...detailsFrom(json["detail"]),
  ].slice(0, DETAIL_LIMIT);
  return {
    ...(message === undefined ? {} : { message }),
    ...(code === undefined ? {} : { code }),
    details,
  };
}

function detailsFrom(value: JsonValue | undefined): ApiErrorDetail[] {
  if (Array.isArray(value)) return value.flatMap((item) => detailFrom(item));
  if (isJsonObject(value)) {
    // `{"errors": {"amount": ["must be positive"]}}`, as some frameworks answer.
    return Object.entries(value).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).flatMap((item) => {
        const message = nonEmpty(item);
        return message === undefined ? [] : [{ field, message }];
      }),
    );
  }
  return [];
}

function detailFrom(item: JsonValue): ApiErrorDetail[] {
  const plain = nonEmpty(item);
  if (plain !== undefined) return [{ message: plain }];
  if (!isJsonObject(item)) return [];
  const message =
    nonEmpty(item["message"]) ??
    nonEmpty(item["msg"]) ??
    nonEmpty(item["detail"]) ??
    nonEmpty(item["error"]);
  if (message === undefined) return [];
  const field = fieldOf(item);
  return field === undefined ? [{ message }] : [{ field, message }];
}

function fieldOf(item: JsonObject): string | undefined {
  const location = item["loc"];
  if (Array.isArray(location)) {
    const parts = location.filter((part) => typeof part === "string" || typeof part === "number");
    if (parts.length > 0) return shortenServerText(parts.join("."));
  }
  return (
    nonEmpty(item["field"]) ??
    nonEmpty(item["path"]) ??
    nonEmpty(item["param"]) ??
    nonEmpty(item["name"])
  );
}
