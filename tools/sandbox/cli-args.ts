/** Command-line flags of the sandbox CLI, parsed into start options (pure, so it is testable). */
import {
  DEFAULT_RECORD_COUNTS,
  MAX_RECORD_COUNT,
  type ListName,
  type RecordCounts,
} from "./catalog";
import { ApiError } from "./errors";
import { parseFaultPatch, type FaultPatch } from "./faults";
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_SEED,
  MAX_JOURNAL_LINES,
  type SandboxOptions,
} from "./options";

export const USAGE = `Usage: node build/node/sandbox/cli.js [flags]   (or: npm run sandbox -- [flags])

A local, strict implementation of the accounting API, served under /v1 and /rc-1.

  --port N                  port to listen on (default ${DEFAULT_PORT}, or env PORT or
                            LEDGER_SHEETS_SANDBOX_PORT; 0 = any free port)
  --host HOST               interface to listen on (default ${DEFAULT_HOST})
  --seed N                  seed of the generated records (default ${DEFAULT_SEED})
  --records N               demo-company record count for every list
  --invoices N  --receipts N  --bills N  --credit-notes N  --debit-notes N  --expenses N  --payments N
                            demo-company record count per list (defaults: ${Object.entries(
                              DEFAULT_RECORD_COUNTS,
                            )
                              .map(([list, count]) => `${list} ${count}`)
                              .join(", ")})
  --journal-lines N         add a DRAFT journal of N lines to demo-company (JNL-0009, N from 2 to
                            ${MAX_JOURNAL_LINES}); PATCH then takes journals that large
  --latency MS              add MS milliseconds to every API request
  --fail-every N            answer every Nth API request with an error ...
  --fail-status S           ... of status S (default 503)
  --rate-limit-every N      answer every Nth API request with 429 ...
  --retry-after S           ... and Retry-After: S (default 1)
  --payments-pagination M   "cursor" (default) or "none"
  --faults JSON             any fault settings, as the body of POST /__sandbox/faults, e.g.
                            '{"failEvery":{"n":5,"method":"GET"},"next":[{"action":"drop"}]}'
  --allow-origin ORIGIN     also allow this CORS origin (repeatable; "null" allows Origin: null)
  --quiet                   do not log requests
  --help                    show this help

Faults can also be changed while running: see docs/sandbox.md (POST /__sandbox/faults).`;

export type CliParse =
  | { kind: "help" }
  | { kind: "run"; options: Partial<SandboxOptions>; quiet: boolean }
  | { kind: "error"; message: string };

const COUNT_FLAGS: Readonly<Record<string, ListName>> = {
  "--invoices": "invoices",
  "--receipts": "receipts",
  "--bills": "bills",
  "--credit-notes": "credit-notes",
  "--debit-notes": "debit-notes",
  "--expenses": "expenses",
  "--payments": "payments",
};

const VALUE_FLAGS = new Set([
  "--port",
  "--host",
  "--seed",
  "--records",
  ...Object.keys(COUNT_FLAGS),
  "--journal-lines",
  "--latency",
  "--fail-every",
  "--fail-status",
  "--rate-limit-every",
  "--retry-after",
  "--payments-pagination",
  "--faults",
  "--allow-origin",
]);

class FlagError extends Error {}

function wholeNumber(flag: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new FlagError(`${flag} needs a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): CliParse {
  try {
    return parse(argv, env);
  } catch (error) {
    if (error instanceof FlagError) return { kind: "error", message: error.message };
    throw error;
  }
}

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): CliParse {
  const values = new Map<string, string[]>();
  let quiet = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    if (arg === "--quiet") {
      quiet = true;
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_FLAGS.has(flag))
      throw new FlagError(`unknown flag "${arg}"; --help lists the flags`);
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new FlagError(`${flag} needs a value`);
    values.set(flag, [...(values.get(flag) ?? []), value]);
  }
  const last = (flag: string): string | undefined => values.get(flag)?.at(-1);

  const options: Partial<SandboxOptions> = {};
  // The flag, then PORT, then the variable `npm start` and `npm run preview` read too (under npm,
  // package.json's config.sandbox_port arrives as npm_package_config_sandbox_port).
  const portSources: [string, string | undefined][] = [
    ["--port", last("--port")],
    ["PORT", env.PORT],
    ["LEDGER_SHEETS_SANDBOX_PORT", env.LEDGER_SHEETS_SANDBOX_PORT],
    ["config.sandbox_port", env.npm_package_config_sandbox_port],
  ];
  const portSource = portSources.find(([, value]) => value !== undefined && value !== "");
  options.port =
    portSource === undefined
      ? DEFAULT_PORT
      : wholeNumber(portSource[0], portSource[1] as string, 0, 65535);
  const host = last("--host");
  if (host !== undefined) options.host = host;
  const seed = last("--seed");
  if (seed !== undefined) options.seed = wholeNumber("--seed", seed, 0, Number.MAX_SAFE_INTEGER);

  const records: Partial<RecordCounts> = {};
  const all = last("--records");
  if (all !== undefined) {
    const count = wholeNumber("--records", all, 0, MAX_RECORD_COUNT);
    for (const list of Object.values(COUNT_FLAGS)) records[list] = count;
  }
  for (const [flag, list] of Object.entries(COUNT_FLAGS)) {
    const raw = last(flag);
    if (raw !== undefined) records[list] = wholeNumber(flag, raw, 0, MAX_RECORD_COUNT);
  }
  options.records = records;

  const journalLines = last("--journal-lines");
  if (journalLines !== undefined) {
    options.journalLines = wholeNumber("--journal-lines", journalLines, 2, MAX_JOURNAL_LINES);
  }

  const latency = last("--latency");
  if (latency !== undefined) options.latencyMs = wholeNumber("--latency", latency, 0, 60_000);

  const failEvery = last("--fail-every");
  const failStatus = last("--fail-status");
  if (failStatus !== undefined && failEvery === undefined)
    throw new FlagError("--fail-status needs --fail-every");
  if (failEvery !== undefined) {
    options.failEvery = {
      n: wholeNumber("--fail-every", failEvery, 1, 1_000_000),
      status: failStatus === undefined ? 503 : wholeNumber("--fail-status", failStatus, 400, 599),
    };
  }

  const rateEvery = last("--rate-limit-every");
  const retryAfter = last("--retry-after");
  if (retryAfter !== undefined && rateEvery === undefined)
    throw new FlagError("--retry-after needs --rate-limit-every");
  if (rateEvery !== undefined) {
    options.rateLimitEvery = {
      n: wholeNumber("--rate-limit-every", rateEvery, 1, 1_000_000),
      retryAfterSeconds:
        retryAfter === undefined ? 1 : wholeNumber("--retry-after", retryAfter, 0, 3600),
    };
  }

  const pagination = last("--payments-pagination");
  if (pagination !== undefined) {
    if (pagination !== "cursor" && pagination !== "none") {
      throw new FlagError(`--payments-pagination must be "cursor" or "none", got "${pagination}"`);
    }
    options.paymentsPagination = pagination;
  }

  const faults = last("--faults");
  if (faults !== undefined) options.faults = faultsFlag(faults);

  const origins = values.get("--allow-origin") ?? [];
  for (const origin of origins) {
    if (origin !== "null" && !isOrigin(origin)) {
      throw new FlagError(
        `--allow-origin needs an origin like https://example.com:8443 or "null", got "${origin}"`,
      );
    }
  }
  options.allowOrigins = origins;
  return { kind: "run", options, quiet };
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/** The --faults JSON, checked here so a mistake is a short flag error rather than a stack. */
function faultsFlag(raw: string): FaultPatch {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new FlagError(`--faults needs JSON like '{"latencyMs":25}', got "${raw}"`);
  }
  try {
    parseFaultPatch(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details = error.details.map((d) => `${d.field} ${d.message}`).join("; ");
    throw new FlagError(`--faults: ${details || error.message}`);
  }
  return body as FaultPatch;
}
