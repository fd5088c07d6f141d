// The journal editor's round trip, measured: a DRAFT journal of N lines (the sandbox's JNL-0009)
// opened, validated with problems in three columns and sent, through Microsoft's office.js client
// into the Excel emulator, as the task pane does it. A step that Excel refuses (a request over the
// 5 MB limit) is recorded, not thrown: the row then says so, and the steps after it are not run.
// The integration tests run it on small journals; the benchmark (bench/journalEditorBench.ts) on
// large ones.
import type { LedgerApi } from "../../../src/api";
import { LINE_COLUMNS } from "../../../src/journal";
import { columnLetter } from "../../../src/sheets/cellAddresses";
import { openJournal, sendActiveJournal, validateActiveJournal } from "../../../src/journalEditor";
import type { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { LARGE_JOURNAL } from "../../../tools/sandbox/seed/journals";

/** One action of the editor, as the user starts it from the task pane. */
export interface JournalStepResult {
  /** The editor's outcome: "opened", "invalid", "saved", "failed" ... */
  readonly outcome: string;
  /** True when the step did what it should (for validate: found exactly the problems made). */
  readonly ok: boolean;
  /** The editor's message when the step did not do what it should. */
  readonly message?: string;
  readonly ms: number;
  readonly syncs: number;
  /** The largest request office.js serialized, in real bytes (a refused one included). */
  readonly largestRequestBytes: number;
  readonly largestResponseBytes: number;
  /** Milliseconds the emulator spent reading, running and answering the requests (Excel's). */
  readonly hostServeMs: number;
  /** The error of each request Excel refused, e.g. RequestPayloadSizeLimitExceeded. */
  readonly refused: readonly string[];
}

export interface JournalEditorRow {
  readonly lines: number;
  /** Problems made before validating: one cell every 10 lines, in three columns. */
  readonly problemsMade: number;
  readonly open: JournalStepResult;
  /** null when the open failed, so there was no sheet to validate. */
  readonly validate: JournalStepResult | null;
  /** null when an earlier step failed. */
  readonly send: JournalStepResult | null;
}

/** The largest request of the row's steps, in bytes. */
export function largestJournalRequest(row: JournalEditorRow): number {
  return Math.max(
    ...[row.open, row.validate, row.send].map((step) => step?.largestRequestBytes ?? 0),
  );
}

/** True when every step ran and did what it should, with no request refused. */
export function journalRowOk(row: JournalEditorRow): boolean {
  return [row.open, row.validate, row.send].every(
    (step) => step !== null && step.ok && step.refused.length === 0,
  );
}

/**
 * Runs one action on a host whose counters start anew; `judge` says whether the outcome is the
 * one expected, or why not.
 */
async function step<Outcome extends { kind: string; message: string }>(
  host: OfficeJsExcelHost,
  action: () => Promise<Outcome>,
  judge: (outcome: Outcome) => string | null,
): Promise<JournalStepResult> {
  host.resetCounters();
  const started = performance.now();
  let outcome: Outcome | undefined;
  let thrown = "";
  try {
    outcome = await action();
  } catch (error) {
    // Validate and Send let Excel's errors through to the task pane, which reports them.
    thrown = error instanceof Error ? error.message : String(error);
  }
  const ms = performance.now() - started;
  const log = host.requestLog;
  const wrong = outcome ? judge(outcome) : thrown;
  return {
    outcome: outcome?.kind ?? "threw",
    ok: wrong === null,
    // Without office.js's link to its documentation, which every refusal repeats.
    ...(wrong === null
      ? {}
      : { message: wrong.replace(/ Please refer to the documentation: \S+/, "").slice(0, 300) }),
    ms,
    syncs: log.length,
    largestRequestBytes: Math.max(0, ...log.map((sync) => sync.requestBytes)),
    largestResponseBytes: Math.max(0, ...log.map((sync) => sync.responseBytes)),
    hostServeMs: log.reduce((sum, sync) => sum + sync.serveMs, 0),
    refused: log.flatMap((sync) => (sync.error ? [sync.error] : [])),
  };
}

/** Column letters of the line inputs the user breaks. */
const column = (key: string): string => columnLetter(LINE_COLUMNS.findIndex((c) => c.key === key));

/**
 * The user's edits: every 10th line gets one problem, in turn a blank Account ID (its code
 * blanked too, so it cannot be taken from another line), a Debit that is not a number, and a
 * Credit with three decimals (on the next line: the large journal alternates debit and credit
 * lines). Written as whole column blocks through the host (not logged, not timed); returns the
 * problem count and puts the original cells back when `restore` is called.
 */
function breakLines(
  host: OfficeJsExcelHost,
  sheet: string,
  lines: number,
): { made: number; restore: () => void } {
  const header = host
    .values(sheet, "A1:A60")
    .findIndex((row) => row[0] === LINE_COLUMNS[0]?.header);
  if (header < 0) throw new Error(`The lines table was not found on sheet ${sheet}.`);
  const first = header + 2;
  const last = first + lines - 1;
  const blocks = (["accountId", "accountCode", "debit", "credit"] as const).map(
    (key) => `${column(key)}${first}:${column(key)}${last}`,
  );
  const originals = blocks.map((address) => host.values(sheet, address));
  const edited = originals.map((block) => block.map((row) => [...row]));
  const [ids, codes, debits, credits] = edited;
  let made = 0;
  for (let line = 0; line + 1 < lines; line += 10) {
    const kind = (line / 10) % 3;
    if (kind === 0) {
      ids![line] = [""];
      codes![line] = [""];
    } else if (kind === 1) debits![line] = ["12,5O"];
    else credits![line + 1] = [12.345];
    made += 1;
  }
  edited.forEach((values, i) => host.setCells(sheet, blocks[i]!, values));
  return {
    made,
    restore: () => originals.forEach((values, i) => host.setCells(sheet, blocks[i]!, values)),
  };
}

/**
 * Open, validate and send the sandbox's large journal (`lines` lines: the sandbox must have been
 * started with journalLines = lines) in the workbook behind office.js that `host` holds.
 */
export async function journalEditorRoundTrip(
  api: LedgerApi,
  lines: number,
  host: OfficeJsExcelHost,
): Promise<JournalEditorRow> {
  const deps = { run: host.run, api };
  let sheetName = "";
  const open = await step(
    host,
    () => openJournal(deps, LARGE_JOURNAL.transaction_reference),
    (outcome) => {
      if (outcome.kind !== "opened") return outcome.message;
      sheetName = outcome.sheetName;
      return null;
    },
  );
  if (!open.ok || open.refused.length > 0) {
    return { lines, problemsMade: 0, open, validate: null, send: null };
  }

  const edits = breakLines(host, sheetName, lines);
  const validate = await step(
    host,
    () => validateActiveJournal(deps),
    (outcome) => {
      if (outcome.kind !== "invalid") return outcome.message;
      const found = outcome.problems.length;
      return found === edits.made
        ? null
        : `found ${found} problems, not the ${edits.made} made: ${outcome.problems[0]?.message ?? ""}`;
    },
  );
  if (validate.refused.length > 0) {
    return { lines, problemsMade: edits.made, open, validate, send: null };
  }

  edits.restore();
  const send = await step(
    host,
    () => sendActiveJournal(deps),
    (outcome) => (outcome.kind === "saved" ? null : outcome.message),
  );
  return { lines, problemsMade: edits.made, open, validate, send };
}
