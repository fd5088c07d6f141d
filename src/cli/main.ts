// `ledger-sheets export`: the add-in's API client and pagination without Excel, for warehouses
// and schedulers. Each list has fixed tables (src/export), whatever the rows; exit codes a
// scheduler can act on (EXIT, listed in --help); a progress line on a terminal and silence in
// scripts; no half-written file under a target's name: files are written under temporary names
// and renamed only when complete; on any failure, and on Ctrl+C, SIGTERM or SIGHUP, they and the
// spooled rows are removed.
import {
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  isApiError,
  LedgerApi,
  type ClientOptions,
} from "../api";
import { count } from "../util/plural";
import { cliVersion } from "./cliVersion";
import {
  parseExportArgs,
  readCredentials,
  USAGE,
  UsageError,
  wantsHelp,
  wantsVersion,
  type ExportArgs,
} from "./exportArgs";
import { checkTableName, ExportTargets } from "./exportTargets";
import { walkLists, type ListOutcome } from "./exportWalk";
import { nodeFetch } from "./nodeFetch";
import { checkOutputFolder, checkOutputPath } from "./partialFile";
import { readState, writeState, type ExportState } from "./sinceLast";
import { SpoolError } from "./spool";
import type { WritableLike } from "./tableOutput";
import { terminalText } from "./terminalText";

/** Exit codes: listed in --help and the README for schedulers. */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  unreachable: 4,
  api: 5,
  partial: 6,
  write: 7,
  changed: 8,
  spool: 9,
  misfits: 10,
  interrupted: 130,
} as const;

export interface CliIo {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  readonly stdout: WritableLike;
  /** Aborted on Ctrl+C, SIGTERM or SIGHUP. */
  readonly signal: AbortSignal;
  /** Rows per .xlsx worksheet, the header included (tests lower it). */
  readonly sheetRows?: number;
}

/** Problems named one by one on stderr; past this many, counted. */
const PROBLEMS_NAMED = 20;

/** A failure of the file system (ENOSPC, EACCES, EFBIG, EPIPE, …), as Node reports it. */
function isFileSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && /^E[A-Z]+$/.test(code);
}

/** The exit code of a failure. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof SpoolError) return EXIT.spool;
  if (isApiError(error)) {
    switch (error.kind) {
      case "config":
        return EXIT.usage;
      case "auth":
      case "forbidden":
        return EXIT.auth;
      case "network":
      case "timeout":
      case "server":
      case "rate-limited":
        return EXIT.unreachable;
      case "aborted":
        return EXIT.interrupted;
      default:
        return EXIT.api;
    }
  }
  if (isFileSystemError(error)) return EXIT.write;
  return EXIT.unexpected;
}

/** What to say about a failure: our own sentences as they are, anyone else's text made plain. */
function messageOf(error: unknown): string {
  if (error instanceof UsageError || error instanceof SpoolError) {
    return terminalText(error.message, true);
  }
  const text = terminalText(error instanceof Error ? error.message : String(error));
  return isFileSystemError(error) ? `The export could not be written to --out: ${text}` : text;
}

/** The client's options from the command's flags. */
function clientOptions(args: ExportArgs): ClientOptions {
  const attempts = args.retries === undefined ? DEFAULT_RETRY_POLICY.maxAttempts : args.retries + 1;
  const timeoutMs = (args.timeoutSeconds ?? DEFAULT_TIMEOUT_MS / 1000) * 1000;
  const waitMs = Math.max(
    DEFAULT_RETRY_POLICY.maxDelayMs,
    (args.maxRetryAfterSeconds ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs / 1000) * 1000,
  );
  return {
    fetch: nodeFetch,
    ...(args.timeoutSeconds === undefined ? {} : { timeoutMs: args.timeoutSeconds * 1000 }),
    retry: {
      // A GET changes nothing: a scheduled export retries a 500 too rather than lose its work.
      retryServerErrors: true,
      maxAttempts: attempts,
      // Time for every attempt and every wait the flags allow: the budget is theirs.
      totalTimeMs: attempts * (timeoutMs + waitMs),
      ...(args.maxRetryAfterSeconds === undefined
        ? {}
        : { maxRetryAfterMs: args.maxRetryAfterSeconds * 1000 }),
    },
  };
}

/** The sentences for stderr about what was written, and the exit code they make. */
function outcomeReport(outcomes: readonly ListOutcome[]): { lines: string[]; code: number } {
  const lines: string[] = [];
  let code: number = EXIT.ok;
  const worse = (next: number) => {
    // Partial beats changed beats misfits: the first says the most about the files.
    const order: number[] = [EXIT.partial, EXIT.changed, EXIT.misfits, EXIT.ok];
    if (order.indexOf(next) < order.indexOf(code)) code = next;
  };
  const problems = outcomes.flatMap((outcome) => outcome.problems);
  for (const problem of problems.slice(0, PROBLEMS_NAMED)) {
    lines.push(
      `${problem.table}, record ${problem.record}, ${problem.column}: ${problem.reason}; left empty.`,
    );
  }
  if (problems.length > PROBLEMS_NAMED) {
    lines.push(`… and ${count(problems.length - PROBLEMS_NAMED, "more value")} left empty.`);
  }
  if (problems.length > 0) {
    lines.push(
      `${count(problems.length, "value")} did not fit their column's type and were left empty (the columns keep their types).`,
    );
    worse(EXIT.misfits);
  }
  for (const outcome of outcomes) {
    if (outcome.repeats > 0) {
      lines.push(
        `${outcome.label}: ${count(outcome.repeats, "record")} came twice (the list changed while it was read); each was written once. Records added or deleted meanwhile may be missing: run again for a consistent copy.`,
      );
      worse(EXIT.changed);
    }
    if (outcome.partial !== undefined) {
      lines.push(`Incomplete: ${outcome.partial}.`);
      worse(EXIT.partial);
    }
  }
  return { lines, code };
}

/** Runs the command; resolves with the exit code (never throws). */
export async function runCli(io: CliIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`${text}\n`);
  if (wantsHelp(io.argv)) {
    io.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  if (wantsVersion(io.argv)) {
    io.stdout.write(`ledger-sheets ${cliVersion()}\n`);
    return EXIT.ok;
  }
  let targets: ExportTargets | undefined;
  let progressShown = false;
  try {
    const args = parseExportArgs(io.argv);
    if (args.format === "xlsx") await checkOutputPath(args.out);
    else if (args.out !== "-") await checkOutputFolder(args.out);
    if (args.table !== undefined) checkTableName(args.collections[0]!, args.table);
    const connection = await readCredentials(io.env, args.config, say, args.project);
    const state: ExportState =
      args.sinceLast !== undefined && !args.full ? await readState(args.sinceLast) : {};
    // Checks the address (https, or http on loopback); Node's own transport, not undici's fetch.
    const api = new LedgerApi(connection, clientOptions(args));
    const tty = io.stderr.isTTY === true && !args.quiet;
    targets = new ExportTargets({
      format: args.format,
      out: args.out,
      stdout: io.stdout,
      ...(args.table === undefined ? {} : { table: args.table }),
      ...(io.sheetRows === undefined ? {} : { sheetRows: io.sheetRows }),
    });
    const started = Date.now();
    let lastDraw = 0;
    const outcomes = await walkLists({
      api,
      collections: args.collections,
      signal: io.signal,
      writersFor: (list) => targets!.writersFor(list),
      bookmarkOf: (collection) => state[collection],
      onProgress: (progress) => {
        const now = Date.now();
        if (!tty || now - lastDraw < 200) return;
        lastDraw = now;
        const rate = progress.records / Math.max(0.001, (now - started) / 1000);
        io.stderr.write(
          `\r\x1b[2K${progress.label}: ${count(progress.records, "record")}, ${count(progress.pages, "page")} (${Math.round(rate).toLocaleString("en-US")}/s)`,
        );
        progressShown = true;
      },
    });
    if (progressShown) io.stderr.write("\r\x1b[2K");
    if (io.signal.aborted) throw new UsageError("Interrupted.");
    await targets.commit();
    for (const note of targets.notes) say(terminalText(note));
    const report = outcomeReport(outcomes);
    for (const line of report.lines) say(terminalText(line));
    if (args.sinceLast !== undefined && report.code !== EXIT.partial) {
      const next: ExportState = { ...state };
      for (const outcome of outcomes) {
        if (outcome.bookmark) next[outcome.collection] = outcome.bookmark;
      }
      await writeState(args.sinceLast, next);
    }
    if (!args.quiet && args.out !== "-") {
      const records = outcomes.reduce((sum, outcome) => sum + outcome.records, 0);
      io.stdout.write(
        `${terminalText(`Exported ${count(records, "record")} to ${targets.written.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)}\n`,
      );
    }
    return report.code;
  } catch (error) {
    if (progressShown) io.stderr.write("\n");
    const code = io.signal.aborted ? EXIT.interrupted : exitCodeOf(error);
    if (code === EXIT.interrupted) say("Interrupted: no file was written.");
    else say(messageOf(error));
    return code;
  } finally {
    await targets?.cleanUp();
  }
}

/** The process entry: wires signals and exits with the code. */
export function main(): void {
  const controller = new AbortController();
  const stop = () => controller.abort();
  // A closed terminal (SIGHUP) stops the export as Ctrl+C does: nothing is left behind.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, stop);
  // Failure until the run has really finished: should a stream never settle and the event loop
  // drain, the process must not exit 0 having written nothing.
  process.exitCode = EXIT.unexpected;
  void runCli({
    argv: process.argv.slice(2),
    env: process.env,
    stderr: process.stderr,
    stdout: process.stdout,
    signal: controller.signal,
  }).then((code) => {
    process.exitCode = code;
  });
}
