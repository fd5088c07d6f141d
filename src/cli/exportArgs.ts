// The export command's arguments and credentials. Credentials come from the environment or a
// config file, never from arguments: arguments are visible to every user of the machine (`ps`)
// and kept in shell histories and schedulers' logs. For the same reason no argument's text is
// ever repeated in a message: a mistyped secret would end up in a scheduler's log.
import { open } from "node:fs/promises";
import { API_VERSIONS, type ApiConnection, type ApiVersion } from "../api";
import { COLLECTIONS, type CollectionId } from "../domain/collections";

export type ExportFormat = "xlsx" | "csv" | "jsonl" | "parquet";

export const USAGE = `usage: ledger-sheets export <collection|all> --out FILE.xlsx [options]
       ledger-sheets export <collection|all> --out FOLDER --format parquet|csv|jsonl [options]
       ledger-sheets export <collection> --out - --format csv|jsonl [--table NAME] [options]
       ledger-sheets --help | --version

  collection       invoices, receipts, bills, credit-notes, debit-notes, expenses, payments, or all
  --out FILE.xlsx  one workbook, a worksheet per table
  --out FOLDER     a file per table, named after it: invoices.parquet, invoice_lines.parquet, ...
  --out -          standard output: one table (the list's records, or --table NAME)
  --format         parquet, csv or jsonl (JSON Lines)
  --since-last STATE_FILE
                   incremental: only records newer than the previous run's newest (lists other
                   than payments); the state file is written only after a complete run
  --full           with --since-last: export everything, and start the state file anew
  --project NAME   the project of a config file that lists several
  --retries N      retries of a failed GET (network, 5xx, 429), with backoff (default 3)
  --max-retry-after SECONDS
                   the longest Retry-After waited for (default 60); longer fails with code 4
  --timeout SECONDS
                   time allowed for one request (default 30)
  --quiet          no progress and no summary, only errors
  --config FILE    a JSON file with apiAddress, version, token, identity, or "projects" (README)
  --version        the version, on stdout

Credentials come from the environment (LEDGER_SHEETS_API_ADDRESS, LEDGER_SHEETS_API_VERSION,
LEDGER_SHEETS_TOKEN, LEDGER_SHEETS_IDENTITY) or --config; never from arguments.

Exit codes:
  0    exported
  1    unexpected failure (a bug: please report the message)
  2    usage or configuration
  3    the server refused the token or the project (401, 403)
  4    the server could not be reached, timed out, failed (5xx) or throttled us: try again later
  5    another API error
  6    written, but the server gave only part of a list
  7    --out could not be written (disk full, an I/O error); nothing was left
  8    written, but the list changed during the export (an id came twice; each was written once,
       records added or deleted meanwhile may be missing): run again for a consistent copy
  9    the temporary folder (TMPDIR) could not be written; nothing was left
  10   written, but some values did not fit their column's type: left empty, named on stderr
  130  interrupted (Ctrl+C, SIGTERM, SIGHUP); no file was written`;

/** A problem with the command line or the credentials: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ExportArgs {
  readonly collections: readonly CollectionId[];
  /** A .xlsx file, a folder, or "-" for standard output. */
  readonly out: string;
  readonly format: ExportFormat;
  readonly quiet: boolean;
  readonly config?: string;
  readonly project?: string;
  /** `--out -`: the table written (its name), the list's records when absent. */
  readonly table?: string;
  readonly sinceLast?: string;
  readonly full: boolean;
  readonly retries?: number;
  readonly maxRetryAfterSeconds?: number;
  readonly timeoutSeconds?: number;
}

const SECRET_FLAGS = /^--?(token|access-token|password|secret|bearer)(=|$)/i;

/** True when the command line asks for the usage (`--help`, `-h`, `help`): stdout, exit 0. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv[0] === "help" || argv.some((arg) => arg === "--help" || arg === "-h");
}

/** True when the command line asks for the version. */
export function wantsVersion(argv: readonly string[]): boolean {
  return argv[0] === "version" || argv.some((arg) => arg === "--version" || arg === "-V");
}

const VALUE_FLAGS = [
  "out",
  "config",
  "format",
  "project",
  "table",
  "since-last",
  "retries",
  "max-retry-after",
  "timeout",
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

/** The flags with a value, and --quiet and --full; an unknown argument is never repeated. */
function readFlags(rest: readonly string[]): {
  values: Partial<Record<ValueFlag, string>>;
  quiet: boolean;
  full: boolean;
} {
  const values: Partial<Record<ValueFlag, string>> = {};
  let quiet = false;
  let full = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const flag = VALUE_FLAGS.find((name) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (flag !== undefined) {
      values[flag] = arg.includes("=") ? arg.slice(flag.length + 3) : rest[++i];
    } else if (arg === "--quiet" || arg === "-q") quiet = true;
    else if (arg === "--full") full = true;
    else {
      throw new UsageError(
        `Argument ${i + 3} is not one this command takes (its text is not repeated here, in case it is a secret).\n${USAGE}`,
      );
    }
  }
  return { values, quiet, full };
}

function numberFlag(name: string, text: string | undefined, whole: boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (
    text.trim() === "" ||
    !Number.isFinite(value) ||
    value < 0 ||
    (whole && !Number.isInteger(value))
  ) {
    throw new UsageError(`--${name} takes ${whole ? "a whole number" : "a number"} of 0 or more.`);
  }
  return value;
}

/** The format, from --out's extension or --format. */
function formatOf(out: string, format: string | undefined): ExportFormat {
  const wanted = format?.toLowerCase();
  if (wanted !== undefined && !["xlsx", "csv", "jsonl", "parquet"].includes(wanted)) {
    throw new UsageError("--format takes parquet, csv or jsonl.");
  }
  if (/\.xlsx$/i.test(out)) {
    if (wanted !== undefined && wanted !== "xlsx") {
      throw new UsageError("--out names an .xlsx file; leave out --format, or name a folder.");
    }
    return "xlsx";
  }
  if (/\.(csv|jsonl|parquet)$/i.test(out)) {
    throw new UsageError(
      "--out names the folder the files go in (each is named after its table: invoices.parquet, invoice_lines.parquet); add --format.",
    );
  }
  if (out === "-") {
    if (wanted !== "csv" && wanted !== "jsonl") {
      throw new UsageError("--out - (standard output) takes --format csv or --format jsonl.");
    }
    return wanted;
  }
  if (wanted === undefined || wanted === "xlsx") {
    throw new UsageError("--out names a folder: add --format parquet, csv or jsonl.");
  }
  return wanted as ExportFormat;
}

export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const [command, target, ...rest] = argv;
  if (argv.some((arg) => SECRET_FLAGS.test(arg))) {
    throw new UsageError(
      "The token is never taken from the command line (other users can read it with ps, and shells keep it in their history). Set LEDGER_SHEETS_TOKEN or use --config FILE.",
    );
  }
  if (command !== "export") throw new UsageError(USAGE);
  const { values, quiet, full } = readFlags(rest);
  const ids = COLLECTIONS.map((c) => c.id);
  const wanted = (target ?? "").toLowerCase().replace(/[\s_]+/g, "-");
  const collections: CollectionId[] =
    wanted === "all"
      ? [...ids]
      : ids.includes(wanted as CollectionId)
        ? [wanted as CollectionId]
        : [];
  if (collections.length === 0) {
    throw new UsageError(`Name a collection to export, or all.\n${USAGE}`);
  }
  const out = values.out;
  if (out === undefined || out === "") throw new UsageError(`--out is required.\n${USAGE}`);
  const format = formatOf(out, values.format);
  if (out === "-" && collections.length > 1) {
    throw new UsageError("--out - writes one table: name one collection, not all.");
  }
  if (values.table !== undefined && out !== "-") {
    throw new UsageError("--table goes with --out - (a folder or a workbook gets every table).");
  }
  if (full && values["since-last"] === undefined) {
    throw new UsageError("--full goes with --since-last STATE_FILE.");
  }
  const optional = {
    config: values.config,
    project: values.project,
    table: values.table,
    sinceLast: values["since-last"],
    retries: numberFlag("retries", values.retries, true),
    maxRetryAfterSeconds: numberFlag("max-retry-after", values["max-retry-after"], false),
    timeoutSeconds: numberFlag("timeout", values.timeout, false),
  };
  const given = Object.fromEntries(
    Object.entries(optional).filter(([, value]) => value !== undefined),
  ) as Partial<ExportArgs>;
  if (given.timeoutSeconds === 0) throw new UsageError("--timeout takes a number above 0.");
  return { collections, out, format, quiet, full, ...given };
}

const ENV = {
  apiAddress: "LEDGER_SHEETS_API_ADDRESS",
  version: "LEDGER_SHEETS_API_VERSION",
  token: "LEDGER_SHEETS_TOKEN",
  identity: "LEDGER_SHEETS_IDENTITY",
} as const;

/**
 * The text of the config file. Refused when another user could change it (writable by group or
 * others, or owned by someone else than the user or root): whoever can edit it can point
 * `apiAddress` at a listener of theirs and receive the token.
 */
async function readConfigFile(path: string): Promise<{ text: string; othersMayRead: boolean }> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch {
    throw new UsageError(`The config file ${path} cannot be read.`);
  }
  try {
    // The checks are made on the file that is read, not on its name (which could change between).
    const info = await handle.stat();
    if (process.platform !== "win32") {
      if ((info.mode & 0o022) !== 0) {
        throw new UsageError(
          `The config file ${path} can be changed by other users of this machine, who could send the token elsewhere; not used (chmod go-w ${path}).`,
        );
      }
      const uid = process.getuid?.();
      if (uid !== undefined && info.uid !== uid && info.uid !== 0) {
        throw new UsageError(
          `The config file ${path} belongs to another user, who could send the token elsewhere; not used.`,
        );
      }
    }
    let text: string;
    try {
      text = await handle.readFile("utf8");
    } catch {
      throw new UsageError(`The config file ${path} cannot be read.`);
    }
    return { text, othersMayRead: process.platform !== "win32" && (info.mode & 0o077) !== 0 };
  } finally {
    await handle.close();
  }
}

/**
 * The settings of one project of a config file: the file itself, or with `"projects": {"acme":
 * {...}, "beta": {...}}` the one `--project` names (the only one when there is one), the file's
 * top-level settings shared by all.
 */
function projectOf(
  file: Record<string, unknown>,
  path: string,
  project: string | undefined,
): Record<string, unknown> {
  const projects = file["projects"];
  if (projects === undefined) {
    if (project !== undefined) {
      throw new UsageError(`The config file ${path} has no "projects": leave out --project.`);
    }
    return file;
  }
  if (typeof projects !== "object" || projects === null || Array.isArray(projects)) {
    throw new UsageError(`"projects" in ${path} must be an object of named projects.`);
  }
  const names = Object.keys(projects);
  const name = project ?? (names.length === 1 ? names[0] : undefined);
  if (name === undefined) {
    throw new UsageError(
      `The config file ${path} lists several projects (${names.join(", ")}): choose one with --project NAME.`,
    );
  }
  const chosen = (projects as Record<string, unknown>)[name];
  if (typeof chosen !== "object" || chosen === null || Array.isArray(chosen)) {
    throw new UsageError(
      `The config file ${path} has no project of that name (it has ${names.join(", ")}).`,
    );
  }
  const { projects: _all, ...shared } = file;
  return { ...shared, ...(chosen as Record<string, unknown>) };
}

/**
 * The connection from `--config` (a JSON object) and the environment; the environment wins, so a
 * scheduler can keep the token out of the file. Warns (through `warn`) when the config file holds
 * a token and others may read it.
 */
export async function readCredentials(
  env: NodeJS.ProcessEnv,
  configPath: string | undefined,
  warn: (message: string) => void,
  project?: string,
): Promise<ApiConnection> {
  let file: Record<string, unknown> = {};
  if (configPath !== undefined) {
    const { text, othersMayRead } = await readConfigFile(configPath);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
      file = parsed as Record<string, unknown>;
    } catch {
      throw new UsageError(`The config file ${configPath} is not a JSON object.`);
    }
    file = projectOf(file, configPath, project);
    if (typeof file["token"] === "string" && othersMayRead) {
      warn(
        `Warning: ${configPath} holds a token and other users of this machine may read it (chmod 600 ${configPath}).`,
      );
    }
  }
  const value = (key: keyof typeof ENV): string | undefined => {
    const fromEnv = env[ENV[key]];
    if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
    const fromFile = file[key];
    return typeof fromFile === "string" && fromFile !== "" ? fromFile : undefined;
  };
  const missing = (["apiAddress", "token", "identity"] as const).filter(
    (key) => value(key) === undefined,
  );
  if (missing.length > 0) {
    throw new UsageError(
      `Missing ${missing.map((key) => ENV[key]).join(", ")} (set in the environment or in --config as ${missing.join(", ")}).`,
    );
  }
  const version = value("version") ?? "v1";
  if (!API_VERSIONS.includes(version as ApiVersion)) {
    throw new UsageError(`The API version must be ${API_VERSIONS.join(" or ")}, not “${version}”.`);
  }
  return {
    apiAddress: value("apiAddress")!,
    version: version as ApiVersion,
    token: value("token")!,
    identity: value("identity")!,
  };
}
