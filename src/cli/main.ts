// `ledger-sheets export`: the add-in's API client, pagination and shaping without Excel, for
// scheduled exports. Exit codes a scheduler can act on (EXIT), a progress line on a terminal and
// silence in scripts, and no half-written file under the target's name: files are written under
// temporary names beside the targets and renamed only when complete; Ctrl+C removes them.
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join } from "node:path";
import { isApiError, LedgerApi } from "../api";
import { parseExportArgs, readCredentials, UsageError } from "./exportArgs";
import { walkCollections, type ExportSheet } from "./exportRun";
import { LiveXlsx } from "./liveXlsx";
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
  return EXIT.unexpected;
}

/** The CSV file of each sheet: the target itself for one, `<stem>.<sheet>.csv` for several. */
export function csvTargets(out: string, sheets: readonly { label: string }[]): string[] {
  if (sheets.length === 1) return [out];
  const stem = join(dirname(out), basename(out, extname(out)));
  return sheets.map(
    (sheet) => `${stem}.${sheet.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`,
  );
}

function temporaryName(target: string): string {
  return join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
}

/** Runs the command; resolves with the exit code (never throws). */
export async function runCli(io: CliIo): Promise<number> {
  const say = (text: string) => io.stderr.write(`${text}\n`);
  let spoolDir: string | undefined;
  const temporary: string[] = [];
  let progressShown = false;
  try {
    const args = parseExportArgs(io.argv);
    const connection = await readCredentials(io.env, args.config, say);
    const api = new LedgerApi(connection); // checks the address: https, or http on loopback
    const tty = io.stderr.isTTY === true && !args.quiet;
    spoolDir = await mkdtemp(join(tmpdir(), "ledger-sheets-export-"));
    let lastDraw = 0;
    const started = Date.now();
    // .xlsx: rows go into the workbook while the API is walked (LiveXlsx), under its temporary
    // name; .csv files are written from the spools once every column is known.
    const xlsxPath = args.format === "xlsx" ? temporaryName(args.out) : undefined;
    if (xlsxPath) temporary.push(xlsxPath);
    const live = xlsxPath ? new LiveXlsx(xlsxPath, io.sheetRows) : undefined;
    const walk = await walkCollections({
      api,
      collections: args.collections,
      spoolDir,
      signal: io.signal,
      ...(live
        ? {
            onRows: (sheet, rows) => live.rows(sheet, rows),
            onListDone: (sheets) => live.listDone(sheets),
          }
        : {}),
      onProgress: (progress) => {
        const now = Date.now();
        if (!tty || now - lastDraw < 200) return;
        lastDraw = now;
        const rate = progress.records / Math.max(0.001, (now - started) / 1000);
        io.stderr.write(
          `\r\x1b[2K${progress.label}: ${progress.records.toLocaleString("en-US")} records, ${progress.pages} pages (${Math.round(rate).toLocaleString("en-US")}/s)`,
        );
        progressShown = true;
      },
    });
    if (progressShown) io.stderr.write("\r\x1b[2K");
    const sheets: readonly ExportSheet[] = walk.sheets;
    const notes: string[] = [];
    let targets: string[];
    if (live && xlsxPath) {
      targets = [args.out];
      let written = await live.commit();
      if (!live.complete) {
        // A column came after its sheet's header was written: the workbook again, from the spools.
        written = await writeXlsx(xlsxPath, sheets, io.sheetRows);
      }
      notes.push(...written.notes);
    } else {
      targets = csvTargets(args.out, sheets);
      for (const [index, sheet] of sheets.entries()) {
        const path = temporaryName(targets[index]!);
        temporary.push(path);
        await writeCsv(path, sheet);
      }
    }
    if (io.signal.aborted) throw new UsageError("Interrupted.");
    for (const [index, path] of temporary.entries()) await rename(path, targets[index]!);
    temporary.length = 0;
    for (const note of notes) say(note);
    const partial = walk.partial.length > 0;
    if (partial) say(`Incomplete: ${walk.partial.join("; ")}.`);
    if (!args.quiet) {
      io.stdout.write(
        `Exported ${walk.records.toLocaleString("en-US")} records to ${targets.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
      );
    }
    return partial ? EXIT.partial : EXIT.ok;
  } catch (error) {
    if (progressShown) io.stderr.write("\n");
    const code = io.signal.aborted ? EXIT.interrupted : exitCodeOf(error);
    if (code === EXIT.interrupted) say("Interrupted: no file was written.");
    else say(error instanceof Error ? error.message : String(error));
    return code;
  } finally {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

/** The process entry: wires signals and exits with the code. */
export function main(): void {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
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
