/** Strict reading of list query parameters: page size and the cursor pair. */
import type { IdentityName, ListName } from "./catalog";
import type { CursorSigner } from "./cursor";
import { ApiError } from "./errors";

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) {
    throw new ApiError(
      400,
      "invalid_query",
      `The query parameter ${name} is given more than once.`,
      [{ field: name, message: "must appear at most once" }],
    );
  }
  return values[0];
}

/** A positive integer (digits only) capped at `max`; absent means `fallback`. */
export function readPageSize(
  params: URLSearchParams,
  name: string,
  fallback: number,
  max: number,
): number {
  const raw = single(params, name);
  if (raw === undefined) return fallback;
  const value = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ApiError(
      400,
      "invalid_query",
      `The query parameter ${name} must be a positive whole number (at most ${max} is used); got "${clip(raw)}".`,
      [{ field: name, message: "must be a positive whole number" }],
    );
  }
  return Math.min(value, max);
}

/**
 * Where a page starts: 0 without a cursor; otherwise the verified position of the pair.
 * Empty values count as absent, so `last_id=` alone asks for the first page.
 */
export function readCursorStart(
  params: URLSearchParams,
  signer: CursorSigner,
  identity: IdentityName,
  list: ListName,
  count: number,
): number {
  const lastId = single(params, "last_id") || undefined;
  const keyset = single(params, "keyset") || undefined;
  if (lastId === undefined && keyset === undefined) return 0;
  if (lastId === undefined || keyset === undefined) {
    const missing = lastId === undefined ? "last_id" : "keyset";
    throw new ApiError(
      400,
      "invalid_cursor",
      "The last_id and keyset query parameters must be sent together, exactly as the previous response gave them.",
      [{ field: missing, message: "is required when the other cursor parameter is present" }],
    );
  }
  const position = signer.verify(identity, list, lastId, keyset);
  if (position <= 0 || position >= count) {
    throw new ApiError(400, "invalid_cursor", "The cursor does not point inside this list.", [
      { field: "last_id", message: "is outside the list" },
    ]);
  }
  return position;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
