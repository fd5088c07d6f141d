/**
 * Fault injection for API routes: added latency, every-nth failures and rate limits, and a queue
 * of one-shot faults (status, dropped or hung connections, apply-then-drop, malformed JSON).
 */
import { ApiError, type ErrorCode, Problems } from "./errors";

export type PaymentsPagination = "cursor" | "none";
export type OneShotAction = "drop" | "hang" | "apply-then-drop" | "malformed" | "throw";

export interface FailEvery {
  n: number;
  status: number;
  method: string | null;
  message: string | null;
}

export interface RateLimitEvery {
  n: number;
  retryAfterSeconds: number;
  method: string | null;
}

export interface OneShotFault {
  method: string | null;
  pathContains: string | null;
  status: number | null;
  code: string | null;
  message: string | null;
  retryAfterSeconds: number | null;
  action: OneShotAction | null;
  delayMs: number;
}

export interface FaultSettings {
  latencyMs: number;
  failEvery: FailEvery | null;
  rateLimitEvery: RateLimitEvery | null;
  paymentsPagination: PaymentsPagination;
  next: OneShotFault[];
}

/** JSON accepted by POST /__sandbox/faults (and the start options); every key optional. */
export interface FaultPatch {
  latencyMs?: number;
  failEvery?: { n: number; status?: number; method?: string; message?: string } | null;
  rateLimitEvery?: { n: number; retryAfterSeconds?: number; method?: string } | null;
  paymentsPagination?: PaymentsPagination;
  next?: Array<{
    method?: string;
    pathContains?: string;
    status?: number;
    code?: string;
    message?: string;
    retryAfterSeconds?: number;
    action?: OneShotAction;
    delayMs?: number;
  }>;
}

export type FaultOutcome =
  { kind: "pass" } | { kind: "respond"; error: ApiError } | { kind: OneShotAction };

export interface FaultDecision {
  delayMs: number;
  outcome: FaultOutcome;
}

const ACTIONS: readonly OneShotAction[] = ["drop", "hang", "apply-then-drop", "malformed", "throw"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const MAX_DELAY_MS = 60_000;

export class FaultController {
  private settings: FaultSettings;
  private failSeen = 0;
  private rateSeen = 0;

  constructor(private readonly startPagination: PaymentsPagination) {
    this.settings = idle(startPagination);
  }

  get paymentsPagination(): PaymentsPagination {
    return this.settings.paymentsPagination;
  }

  snapshot(): FaultSettings & { counters: { failEvery: number; rateLimitEvery: number } } {
    return {
      ...this.settings,
      next: [...this.settings.next],
      counters: { failEvery: this.failSeen, rateLimitEvery: this.rateSeen },
    };
  }

  /** Validates the whole patch first (400 on any problem), then merges; `next` appends. */
  update(body: unknown): void {
    const patch = parseFaultPatch(body);
    if (patch.latencyMs !== undefined) this.settings.latencyMs = patch.latencyMs;
    if (patch.failEvery !== undefined) {
      this.settings.failEvery = patch.failEvery;
      this.failSeen = 0;
    }
    if (patch.rateLimitEvery !== undefined) {
      this.settings.rateLimitEvery = patch.rateLimitEvery;
      this.rateSeen = 0;
    }
    if (patch.paymentsPagination !== undefined)
      this.settings.paymentsPagination = patch.paymentsPagination;
    if (patch.next) this.settings.next.push(...patch.next);
  }

  /** Every fault off; the payments mode returns to the server's start option. */
  clear(): void {
    this.settings = idle(this.startPagination);
    this.failSeen = 0;
    this.rateSeen = 0;
  }

  /**
   * What happens to one API request. A matching one-shot fault is consumed and wins; the
   * every-nth counters count every matching request either way.
   */
  decide(method: string, rawUrl: string): FaultDecision {
    const { settings } = this;
    const index = settings.next.findIndex(
      (fault) =>
        (fault.method === null || fault.method === method) &&
        (fault.pathContains === null || rawUrl.includes(fault.pathContains)),
    );
    const oneShot = index >= 0 ? settings.next.splice(index, 1)[0] : undefined;

    let failNow = false;
    if (settings.failEvery && (settings.failEvery.method ?? method) === method) {
      this.failSeen += 1;
      failNow = this.failSeen % settings.failEvery.n === 0;
    }
    let limitNow = false;
    if (settings.rateLimitEvery && (settings.rateLimitEvery.method ?? method) === method) {
      this.rateSeen += 1;
      limitNow = this.rateSeen % settings.rateLimitEvery.n === 0;
    }

    const delayMs = settings.latencyMs + (oneShot?.delayMs ?? 0);
    if (oneShot?.action) return { delayMs, outcome: { kind: oneShot.action } };
    if (oneShot?.status) {
      return {
        delayMs,
        outcome: {
          kind: "respond",
          error: injectedError(
            oneShot.status,
            oneShot.code,
            oneShot.message,
            oneShot.retryAfterSeconds,
          ),
        },
      };
    }
    if (failNow && settings.failEvery) {
      const { status, message } = settings.failEvery;
      return {
        delayMs,
        outcome: { kind: "respond", error: injectedError(status, null, message, null) },
      };
    }
    if (limitNow && settings.rateLimitEvery) {
      const seconds = settings.rateLimitEvery.retryAfterSeconds;
      return {
        delayMs,
        outcome: { kind: "respond", error: injectedError(429, null, null, seconds) },
      };
    }
    return { delayMs, outcome: { kind: "pass" } };
  }
}

function idle(paymentsPagination: PaymentsPagination): FaultSettings {
  return { latencyMs: 0, failEvery: null, rateLimitEvery: null, paymentsPagination, next: [] };
}

const DEFAULT_MESSAGES: Readonly<Record<number, [ErrorCode, string]>> = {
  429: ["rate_limited", "Too many requests"],
  500: ["internal_error", "The server hit an internal error"],
  502: ["injected_fault", "Bad gateway"],
  503: ["service_unavailable", "The service is temporarily unavailable"],
  504: ["injected_fault", "Gateway timeout"],
};

function injectedError(
  status: number,
  code: string | null,
  message: string | null,
  retryAfterSeconds: number | null,
): ApiError {
  const [defaultCode, defaultMessage] = DEFAULT_MESSAGES[status] ?? [
    "injected_fault",
    `Injected fault (status ${status})`,
  ];
  const headers: Record<string, string> = {};
  let text = message ?? `${defaultMessage} (injected by the sandbox).`;
  if (retryAfterSeconds !== null) {
    headers["Retry-After"] = String(retryAfterSeconds);
    if (message === null)
      text = `${defaultMessage}; retry after ${retryAfterSeconds} s (injected by the sandbox).`;
  }
  return new ApiError(status, code ?? defaultCode, text, [], headers);
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkKeys(
  problems: Problems,
  value: JsonObject,
  allowed: readonly string[],
  at: string,
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.add(at ? `${at}.${key}` : key, "is not a fault setting");
  }
}

function int(
  problems: Problems,
  value: unknown,
  field: string,
  min: number,
  max: number,
): number | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max)
    return value;
  problems.add(field, `must be a whole number from ${min} to ${max}`);
  return undefined;
}

function method(problems: Problems, value: unknown, field: string): string | null {
  if (value === undefined) return null;
  if (typeof value === "string" && METHODS.includes(value.toUpperCase()))
    return value.toUpperCase();
  problems.add(field, `must be one of ${METHODS.join(", ")}`);
  return null;
}

function text(problems: Problems, value: unknown, field: string): string | null {
  if (value === undefined) return null;
  if (typeof value === "string" && value.length > 0) return value;
  problems.add(field, "must be a non-empty string");
  return null;
}

/** Strict parse of a fault patch; 400 `invalid_body` listing every problem. */
export function parseFaultPatch(body: unknown): {
  latencyMs?: number;
  failEvery?: FailEvery | null;
  rateLimitEvery?: RateLimitEvery | null;
  paymentsPagination?: PaymentsPagination;
  next?: OneShotFault[];
} {
  const problems = new Problems();
  if (!isObject(body)) {
    problems.add("body", "must be a JSON object");
    problems.throwIfAny("invalid_body", "The fault settings are invalid");
    return {};
  }
  checkKeys(
    problems,
    body,
    ["latencyMs", "failEvery", "rateLimitEvery", "paymentsPagination", "next"],
    "",
  );
  const result: ReturnType<typeof parseFaultPatch> = {};

  if (body.latencyMs !== undefined)
    result.latencyMs = int(problems, body.latencyMs, "latencyMs", 0, MAX_DELAY_MS);

  if (body.failEvery === null) result.failEvery = null;
  else if (body.failEvery !== undefined) {
    const raw = body.failEvery;
    if (!isObject(raw))
      problems.add("failEvery", 'must be an object like {"n": 5, "status": 503} or null');
    else {
      checkKeys(problems, raw, ["n", "status", "method", "message"], "failEvery");
      const n = int(problems, raw.n, "failEvery.n", 1, 1_000_000);
      const status =
        raw.status === undefined ? 503 : int(problems, raw.status, "failEvery.status", 400, 599);
      const m = method(problems, raw.method, "failEvery.method");
      const message = text(problems, raw.message, "failEvery.message");
      if (n !== undefined && status !== undefined)
        result.failEvery = { n, status, method: m, message };
    }
  }

  if (body.rateLimitEvery === null) result.rateLimitEvery = null;
  else if (body.rateLimitEvery !== undefined) {
    const raw = body.rateLimitEvery;
    if (!isObject(raw))
      problems.add(
        "rateLimitEvery",
        'must be an object like {"n": 3, "retryAfterSeconds": 1} or null',
      );
    else {
      checkKeys(problems, raw, ["n", "retryAfterSeconds", "method"], "rateLimitEvery");
      const n = int(problems, raw.n, "rateLimitEvery.n", 1, 1_000_000);
      const seconds =
        raw.retryAfterSeconds === undefined
          ? 1
          : int(problems, raw.retryAfterSeconds, "rateLimitEvery.retryAfterSeconds", 0, 3600);
      const m = method(problems, raw.method, "rateLimitEvery.method");
      if (n !== undefined && seconds !== undefined)
        result.rateLimitEvery = { n, retryAfterSeconds: seconds, method: m };
    }
  }

  if (body.paymentsPagination !== undefined) {
    if (body.paymentsPagination === "cursor" || body.paymentsPagination === "none") {
      result.paymentsPagination = body.paymentsPagination;
    } else problems.add("paymentsPagination", 'must be "cursor" or "none"');
  }

  if (body.next !== undefined) {
    if (!Array.isArray(body.next)) problems.add("next", "must be an array of one-shot faults");
    else
      result.next = body.next.map((raw: unknown, i) => parseOneShot(problems, raw, `next[${i}]`));
  }

  problems.throwIfAny("invalid_body", "The fault settings are invalid");
  return result;
}

function parseOneShot(problems: Problems, raw: unknown, at: string): OneShotFault {
  const fault: OneShotFault = {
    method: null,
    pathContains: null,
    status: null,
    code: null,
    message: null,
    retryAfterSeconds: null,
    action: null,
    delayMs: 0,
  };
  if (!isObject(raw)) {
    problems.add(at, "must be an object");
    return fault;
  }
  checkKeys(
    problems,
    raw,
    [
      "method",
      "pathContains",
      "status",
      "code",
      "message",
      "retryAfterSeconds",
      "action",
      "delayMs",
    ],
    at,
  );
  fault.method = method(problems, raw.method, `${at}.method`);
  fault.pathContains = text(problems, raw.pathContains, `${at}.pathContains`);
  if (raw.status !== undefined)
    fault.status = int(problems, raw.status, `${at}.status`, 400, 599) ?? null;
  fault.code = text(problems, raw.code, `${at}.code`);
  fault.message = text(problems, raw.message, `${at}.message`);
  if (raw.retryAfterSeconds !== undefined) {
    fault.retryAfterSeconds =
      int(problems, raw.retryAfterSeconds, `${at}.retryAfterSeconds`, 0, 3600) ?? null;
  }
  if (raw.action !== undefined) {
    if (typeof raw.action === "string" && (ACTIONS as readonly string[]).includes(raw.action)) {
      fault.action = raw.action as OneShotAction;
    } else problems.add(`${at}.action`, `must be one of ${ACTIONS.join(", ")}`);
  }
  if (raw.delayMs !== undefined)
    fault.delayMs = int(problems, raw.delayMs, `${at}.delayMs`, 0, MAX_DELAY_MS) ?? 0;

  if (raw.status !== undefined && raw.action !== undefined)
    problems.add(at, "takes either status or action, not both");
  if (raw.status === undefined && raw.action === undefined && raw.delayMs === undefined) {
    problems.add(at, "needs a status, an action or a delayMs");
  }
  const statusOnly = ["code", "message", "retryAfterSeconds"].filter(
    (key) => raw[key] !== undefined,
  );
  if (raw.status === undefined && statusOnly.length > 0)
    problems.add(at, `${statusOnly.join(", ")} only go with a status`);
  return fault;
}

export function faultSettingsError(error: unknown): Error {
  if (error instanceof ApiError) {
    const details = error.details.map((d) => `${d.field} ${d.message}`).join("; ");
    return new Error(`Invalid fault options: ${details || error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
