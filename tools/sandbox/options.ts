/** Start options of the sandbox, their defaults and their validation. */
import {
  DEFAULT_RECORD_COUNTS,
  MAX_BODY_BYTES,
  MAX_PATCH_LINES,
  MAX_RECORD_COUNT,
  OTHER_COMPANY_RECORD_COUNTS,
  type IdentityName,
  type RecordCounts,
} from "./catalog";
import type { FaultPatch, PaymentsPagination } from "./faults";

export interface SandboxOptions {
  /** Interface to listen on; loopback by default. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Seed of the generated records (journals and accounts are fixed). */
  seed: number;
  /** demo-company's record counts; missing entries keep DEFAULT_RECORD_COUNTS. */
  records: Partial<RecordCounts>;
  /**
   * Lines of an extra DRAFT journal for demo-company (JNL-0009, `LARGE_JOURNAL`), for benchmarks
   * and tests of large journals; 0 (the default) adds none. PATCH then takes journals of up to
   * this many lines and bodies of up to 1 KiB a line, when that is more than its usual limits
   * (1,000 lines, 1 MiB), so the journal can be sent back.
   */
  journalLines: number;
  /**
   * Adds probe fields to every invoice (seed/numberProbes.ts): numbers JSON.parse would round,
   * a money column whose first value is "100.0", a number column holding one "12.30". Off by
   * default, so the seeded data stays as documented.
   */
  numberProbes: boolean;
  /**
   * Keeps every collection record once generated (seed/records.ts RecordMemo), so walking a list
   * again costs only serialization. Off by default; benchmarks that compare several concurrent
   * walks with one walk alone switch it on, since generating records is the sandbox's cost, not
   * a service's.
   */
  keepRecords: boolean;
  /** Added to every API request, in ms. */
  latencyMs: number;
  failEvery: FaultPatch["failEvery"];
  rateLimitEvery: FaultPatch["rateLimitEvery"];
  paymentsPagination: PaymentsPagination;
  /**
   * Any fault settings, in the JSON of POST /__sandbox/faults (one-shot faults, method filters,
   * messages), applied after the fields above. DELETE /__sandbox/faults turns them off too.
   */
  faults: FaultPatch | null;
  /** CORS origins allowed on top of the loopback defaults; "null" allows `Origin: null`. */
  allowOrigins: string[];
  /**
   * Allows every loopback origin (http(s)://localhost or 127.0.0.1, any port), as a development
   * sandbox should. False allows only https://localhost:3000 and `allowOrigins`, like a real
   * service that lists its origins: tests use it to show a pane whose origin is not allowed.
   */
  loopbackOrigins: boolean;
  /** Time a client has to send all request headers (Node's server.headersTimeout), in ms. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request (Node's server.requestTimeout), in ms. */
  requestTimeoutMs: number;
  /** Open connections at most (Node's server.maxConnections); more are refused. */
  maxConnections: number;
  /** Receives one line per request (method, path, status, time); never headers or bodies. */
  log: ((line: string) => void) | null;
}

export const DEFAULT_SEED = 20260115;
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = "127.0.0.1";

export const DEFAULT_OPTIONS: Readonly<SandboxOptions> = {
  host: DEFAULT_HOST,
  port: 0,
  seed: DEFAULT_SEED,
  records: {},
  journalLines: 0,
  numberProbes: false,
  keepRecords: false,
  latencyMs: 0,
  failEvery: null,
  rateLimitEvery: null,
  paymentsPagination: "cursor",
  faults: null,
  allowOrigins: [],
  loopbackOrigins: true,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 256,
  log: null,
};

export function resolveOptions(partial: Partial<SandboxOptions>): SandboxOptions {
  const options: SandboxOptions = { ...DEFAULT_OPTIONS, ...partial };
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error(`port must be a whole number from 0 to 65535, got ${options.port}`);
  }
  if (!Number.isSafeInteger(options.seed))
    throw new Error(`seed must be a whole number, got ${options.seed}`);
  for (const [list, count] of Object.entries(options.records)) {
    if (!(list in DEFAULT_RECORD_COUNTS)) throw new Error(`records: unknown list "${list}"`);
    if (!Number.isInteger(count) || count < 0 || count > MAX_RECORD_COUNT) {
      throw new Error(
        `records.${list} must be a whole number from 0 to ${MAX_RECORD_COUNT}, got ${count}`,
      );
    }
  }
  const lines = options.journalLines;
  if (!Number.isInteger(lines) || lines < 0 || lines === 1 || lines > MAX_JOURNAL_LINES) {
    throw new Error(
      `journalLines must be 0 or a whole number from 2 to ${MAX_JOURNAL_LINES}, got ${lines}`,
    );
  }
  for (const key of ["headersTimeoutMs", "requestTimeoutMs", "maxConnections"] as const) {
    const value = options[key];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`${key} must be a whole number from 1, got ${value}`);
    }
  }
  return options;
}

/** The most lines the `journalLines` option seeds. */
export const MAX_JOURNAL_LINES = 100_000;

/** What PATCH /journal/entries accepts: lines per journal and body bytes. */
export interface JournalLimits {
  readonly lines: number;
  readonly bodyBytes: number;
}

/** The usual limits, raised to take the large journal back (1 KiB a line) when there is one. */
export function journalLimits(options: SandboxOptions): JournalLimits {
  return {
    lines: Math.max(MAX_PATCH_LINES, options.journalLines),
    bodyBytes: Math.max(MAX_BODY_BYTES, options.journalLines * 1024),
  };
}

export function recordCounts(options: SandboxOptions): Record<IdentityName, RecordCounts> {
  return {
    "demo-company": { ...DEFAULT_RECORD_COUNTS, ...options.records },
    "other-company": { ...OTHER_COMPANY_RECORD_COUNTS },
  };
}
