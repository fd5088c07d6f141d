// `ledger-sheets export`: the add-in's API client, pagination and shaping without Excel, for
// scheduled exports. Exit codes a scheduler can act on (EXIT), a progress line on a terminal and
// silence in scripts, and no half-written file under the target's name: files are written under
// temporary names beside the targets and renamed only when complete; on any failure, and on
// Ctrl+C, they and the spooled rows are removed.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import { isApiError, LedgerApi } from "../api";
import { parseExportArgs, readCredentials, USAGE, UsageError, wantsHelp } from "./exportArgs";
import { walkCollections, type ExportSheet } from "./exportRun";
import { LiveXlsx } from "./liveXlsx";
import { nodeFetch } from "./nodeFetch";
import { ParquetSurvey } from "./parquetSurvey";
import { checkOutputPath, PartialFile } from "./partialFile";
import { count } from "../util/plural";
import { terminalText } from "./terminalText";
import { writeCsv, writeXlsx } from "./writeFiles";

/** Exit codes: documented in the README for schedulers. */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  unreachable: 4,
  api: 5,
  partial: 6,
  write: 7,
  interrupted: 130,
} as const;

export interface CliIo {
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  readonly stdout: { write(text: string): unknown };
  /** Aborted on Ctrl+C / SIGTERM. */
  readonly signal: AbortSignal;
  /** Rows per .xlsx worksheet, the header included (tests lower it). */
  readonly sheetRows?: number;
}

/** A failure of the file system (ENOSPC, EACCES, EFBIG, …), as Node reports it. */
function isFileSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && /^E[A-Z]+$/.test(code);
}

/** The exit code of a failure. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
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

/**
 * The file of each sheet (.csv, .parquet): the target itself for one, `<stem>.<sheet>.<ext>`
 * for several.
 */
export function listTargets(out: string, sheets: readonly { label: string }[]): string[] {
  if (sheets.length === 1) return [out];
  const extension = extname(out);
  const stem = join(dirname(out), basename(out, extension));
  return sheets.map(
    (sheet) => `${stem}.${sheet.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}${extension}`,
  );
}

/** What to say about a failure: our own sentences as they are, anyone else's text made plain. */
function messageOf(error: unknown): string {
  if (error instanceof UsageError) return terminalText(error.message, true);
  const text = terminalText(error instanceof Error ? error.message : String(error));
  return isFileSystemError(error) ? `The file could not be written: ${text}` : text;
}

/** Runs the command; resolves with the exit code (never throws). */
export async function runCli(io: CliIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`${text}\n`);
  if (wantsHelp(io.argv)) {
    io.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  let spoolDir: string | undefined;
  const partials: PartialFile[] = [];
  let progressShown = false;
  try {
    const args = parseExportArgs(io.argv);
    await checkOutputPath(args.out);
    const connection = await readCredentials(io.env, args.config, say);
    // Checks the address (https, or http on loopback); Node's own transport, not undici's fetch.
    const api = new LedgerApi(connection, { fetch: nodeFetch });
    const tty = io.stderr.isTTY === true && !args.quiet;
    spoolDir = await mkdtemp(join(tmpdir(), "ledger-sheets-export-"));
    let lastDraw = 0;
    const started = Date.now();
    // .xlsx: rows go into the workbook while the API is walked (LiveXlsx), under its temporary
    // name; .csv files are written from the spools once every column is known.
    const xlsx = args.format === "xlsx" ? await PartialFile.create(args.out) : undefined;
    if (xlsx) partials.push(xlsx);
    const live = xlsx ? new LiveXlsx(xlsx, io.sheetRows) : undefined;
    // .parquet: each column's type is learnt as the rows are spooled, so writing is one pass.
    const survey = args.format === "parquet" ? new ParquetSurvey() : undefined;
    const walk = await walkCollections({
      api,
      collections: args.collections,
      spoolDir,
      signal: io.signal,
      exactText: args.format !== "xlsx",
      ...(live
        ? {
            onRows: (sheet, rows) => live.rows(sheet, rows),
            onListDone: (sheets) => live.listDone(sheets),
          }
        : survey
          ? { onRows: (sheet, rows) => survey.observe(sheet, rows) }
          : {}),
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
    const sheets: readonly ExportSheet[] = walk.sheets;
    const notes: string[] = [];
    let targets: string[];
    if (live && xlsx) {
      targets = [args.out];
      let written = await live.commit();
      if (!live.complete) {
        // A column came after its sheet's header was written: the workbook again, from the spools.
        partials.splice(0, partials.length);
        await xlsx.discard();
        const again = await PartialFile.create(args.out);
        partials.push(again);
        written = await writeXlsx(again, sheets, io.sheetRows);
      }
      notes.push(...written.notes);
    } else {
      targets = listTargets(args.out, sheets);
      // Loaded only when needed: the Parquet writer is an ES module.
      // Loaded only when needed: the Parquet writer is an ES module.
      const writeParquet = survey && (await import("./parquetFiles")).writeParquet;
      for (const [index, sheet] of sheets.entries()) {
        const file = await PartialFile.create(targets[index]!);
        partials.push(file);
        if (survey && writeParquet) await writeParquet(file, sheet, survey);
        else await writeCsv(file, sheet);
      }
    }
    if (io.signal.aborted) throw new UsageError("Interrupted.");
    for (const file of partials) await file.commit();
    partials.length = 0;
    for (const note of notes) say(terminalText(note));
    const partial = walk.partial.length > 0;
    if (partial) say(terminalText(`Incomplete: ${walk.partial.join("; ")}.`));
    if (!args.quiet) {
      io.stdout.write(
        `${terminalText(`Exported ${count(walk.records, "record")} to ${targets.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)}\n`,
      );
    }
    return partial ? EXIT.partial : EXIT.ok;
  } catch (error) {
    if (progressShown) io.stderr.write("\n");
    const code = io.signal.aborted ? EXIT.interrupted : exitCodeOf(error);
    if (code === EXIT.interrupted) say("Interrupted: no file was written.");
    else say(messageOf(error));
    return code;
  } finally {
    await Promise.all(partials.map((file) => file.discard()));
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

/** The process entry: wires signals and exits with the code. */
export function main(): void {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
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
