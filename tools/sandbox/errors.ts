/** API errors as values, and the one JSON error body every failure uses. */

export interface ErrorDetail {
  /** Path of the offending input, e.g. `lines[2].amount` or the query parameter name. */
  field: string;
  message: string;
}

export interface ErrorBody {
  status: false;
  message: string;
  /** `details_omitted`: how many details were left out past MAX_ERROR_DETAILS. */
  error: { code: string; details?: ErrorDetail[]; details_omitted?: number };
}

/** Details listed in one error body; a huge bad input must not answer with a bigger body. */
export const MAX_ERROR_DETAILS = 20;

/** Machine codes; docs/sandbox.md lists when each is used. */
export type ErrorCode =
  | "invalid_json"
  | "invalid_body"
  | "invalid_query"
  | "invalid_cursor"
  | "invalid_path"
  | "missing_token"
  | "invalid_token"
  | "missing_identity"
  | "unknown_identity"
  | "origin_not_allowed"
  | "host_not_allowed"
  | "control_header_required"
  | "not_found"
  | "method_not_allowed"
  | "journal_not_draft"
  | "payload_too_large"
  | "unsupported_media_type"
  | "unbalanced_journal"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable"
  | "injected_fault";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** An ErrorCode, or any code an injected fault asks for. */
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorBody(
  code: string,
  message: string,
  details?: readonly ErrorDetail[],
): ErrorBody {
  const error: ErrorBody["error"] = { code };
  if (details && details.length > 0) {
    error.details = details.slice(0, MAX_ERROR_DETAILS);
    if (details.length > MAX_ERROR_DETAILS) {
      error.details_omitted = details.length - MAX_ERROR_DETAILS;
    }
  }
  return { status: false, message, error };
}

/** Collects every problem in an input so one 400 reports all of them. */
export class Problems {
  private readonly found: ErrorDetail[] = [];

  add(field: string, message: string): void {
    this.found.push({ field, message });
  }

  get count(): number {
    return this.found.length;
  }

  /** Throws a 400 naming the first problem (and how many more) when any were found. */
  throwIfAny(code: ErrorCode, subject: string): void {
    const [first] = this.found;
    if (!first) return;
    const more = this.found.length - 1;
    const tail = more > 0 ? ` (and ${more} more problem${more === 1 ? "" : "s"})` : "";
    throw new ApiError(
      400,
      code,
      `${subject}: ${first.field} ${first.message}${tail}.`,
      this.found,
    );
  }
}
