// The export command's arguments and credentials. Credentials come from the environment or a
// config file, never from arguments: arguments are visible to every user of the machine (`ps`)
// and kept in shell histories and schedulers' logs. For the same reason no argument's text is
// ever repeated in a message: a mistyped secret would end up in a scheduler's log.
import { open } from "node:fs/promises";
import { API_VERSIONS, type ApiConnection, type ApiVersion } from "../api";
import { COLLECTIONS, type CollectionId } from "../domain/collections";
import type { ExportFormat } from "./exportRun";

export const USAGE = `usage: ledger-sheets export <collection|payments|all> --out FILE.xlsx|FILE.csv|FILE.parquet [--quiet] [--config FILE]
       ledger-sheets --help

  collection   invoices, receipts, bills, credit-notes, debit-notes, expenses, payments, or all
  --out        the file to write (.xlsx: a sheet per list; .csv, .parquet: a file per list)
  --quiet      no progress and no summary, only errors
  --config     a JSON file with apiAddress, version, token, identity (see README)

Credentials come from the environment (LEDGER_SHEETS_API_ADDRESS, LEDGER_SHEETS_API_VERSION,
LEDGER_SHEETS_TOKEN, LEDGER_SHEETS_IDENTITY) or --config; never from arguments.`;

/** A problem with the command line or the credentials: exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ExportArgs {
  readonly collections: readonly CollectionId[];
  readonly out: string;
  readonly format: ExportFormat;
  readonly quiet: boolean;
  readonly config?: string;
}

const SECRET_FLAGS = /^--?(token|access-token|password|secret|bearer)(=|$)/i;

/** True when the command line asks for the usage (`--help`, `-h`, `help`): stdout, exit 0. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv[0] === "help" || argv.some((arg) => arg === "--help" || arg === "-h");
}

export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const [command, target, ...rest] = argv;
  if (argv.some((arg) => SECRET_FLAGS.test(arg))) {
    throw new UsageError(
      "The token is never taken from the command line (other users can read it with ps, and shells keep it in their history). Set LEDGER_SHEETS_TOKEN or use --config FILE.",
    );
  }
  if (command !== "export") throw new UsageError(USAGE);
  let out: string | undefined;
  let quiet = false;
  let config: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--out") out = rest[++i];
    else if (arg.startsWith("--out=")) out = arg.slice(6);
    else if (arg === "--quiet" || arg === "-q") quiet = true;
    else if (arg === "--config") config = rest[++i];
    else if (arg.startsWith("--config=")) config = arg.slice(9);
    else {
      throw new UsageError(
        `Argument ${i + 3} is not one this command takes (its text is not repeated here, in case it is a secret).\n${USAGE}`,
      );
    }
  }
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
  if (out === undefined || out === "") throw new UsageError(`--out FILE is required.\n${USAGE}`);
  const format = /\.xlsx$/i.test(out)
    ? "xlsx"
    : /\.csv$/i.test(out)
      ? "csv"
      : /\.parquet$/i.test(out)
        ? "parquet"
        : null;
  if (format === null) throw new UsageError("--out must end in .xlsx, .csv or .parquet.");
  return { collections, out, format, quiet, ...(config === undefined ? {} : { config }) };
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
 * The connection from `--config` (a JSON object) and the environment; the environment wins, so a
 * scheduler can keep the token out of the file. Warns (through `warn`) when the config file holds
 * a token and others may read it.
 */
export async function readCredentials(
  env: NodeJS.ProcessEnv,
  configPath: string | undefined,
  warn: (message: string) => void,
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
