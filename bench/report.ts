// The benchmark's results: their JSON shape, the targets judged on them, and where the file goes.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, hostname, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { BYTES_PER_MB, MEASURED_PAYLOAD_CEILING_BYTES } from "../src/domain/excelLimits";
import type { CellEditRow } from "./cellEditBench";
import { table } from "./textTable";
import type { FunctionsBenchResult } from "./functionsBench";
import {
  perRowWritten,
  type FloorResult,
  type ImportRunResult,
  type LiveHeapResult,
} from "./importBench";
import type { JournalBenchResult } from "./journalBench";
import type { LeastBound } from "./leastTime";
import {
  journalRowOk,
  largestJournalRequest,
  type JournalEditorRow,
  type JournalStepResult,
} from "./journalEditorBench";

export interface ImportRow {
  readonly records: number;
  readonly latencyMs: number;
  readonly floor: FloorResult;
  readonly import: ImportRunResult;
  /** import.ms / floor.ms: 1.00 means the import costs nothing beyond fetching the pages. */
  readonly ratio: number;
  /**
   * The least time the import could take here ({@link leastTime}): the CPU of its processes
   * (this one, the API server's, Excel's) over the machine's cores, the busiest main thread's
   * CPU, or the floor, whichever is longest. Null when Excel runs in this process.
   */
  readonly leastImportMs: number | null;
  /** Which of those bounds it is. */
  readonly leastBound: LeastBound | null;
  /** import.ms / leastImportMs: how far the import is from the least time the machine allows. */
  readonly overLeast: number | null;
  /** The sync budget for the rows the import wrote ({@link syncBudget}). */
  readonly syncBudget: number;
  /** Measured once per size (at the first latency), in an untimed run. */
  readonly liveHeap: LiveHeapResult | null;
  /** The independent floor: a bare fetch + JSON.parse walk reading only the cursor. */
  readonly rawFloor: RawFloorResult;
  /** Measured once per size (at the first latency), in an untimed profiled run. */
  readonly cpu: CpuPerRecord | null;
}

export interface FunctionsRow extends FunctionsBenchResult {
  readonly latencyMs: number;
}

export interface MachineInfo {
  readonly name: string;
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  /** 1-minute load average when the run started and ended: others' work skews the timings. */
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly notes: string;
}

import type { ExportRow } from "./exportBench";
import type { CpuPerRecord } from "./importBench";
import type { RawFloorResult } from "./rawFloor";
import type { ParquetCheckRow } from "./parquetCheckBench";
import {
  REFRESH_ALL_MAX_OVER_LEAST,
  REFRESH_ALL_MAX_RATIO,
  type FetchNewRow,
  type RefreshAllRow,
} from "./refreshBench";

export interface BenchResults {
  readonly date: string;
  readonly machine: MachineInfo;
  readonly imports: ImportRow[];
  /** The import rows' API transport: node:http, or Node's global fetch (`--global-fetch`). */
  readonly importTransport: "node" | "global";
  /** Where the import rows' Excel ran: a process of its own, or the import's thread. */
  readonly importExcel: "process" | "inline";
  /** The import rows timed a refresh over a table the same list filled (`--over-table`). */
  readonly importOverTable?: boolean;
  /** The 200,000-record import with a cell edited part-way (delayForCellEdit). */
  readonly cellEdits: CellEditRow[];
  /** The journal editor through office.js (open, validate, send), per journal size. */
  readonly journals: JournalEditorRow[] | null;
  /** The journal core alone (layout, parse and validate), no Excel. */
  readonly journal: JournalBenchResult | null;
  /** null when the run skipped them. */
  readonly functions: FunctionsRow[] | null;
  /** Fetch new and Refresh all; null when the run skipped them (Fetch new's rows alone too). */
  readonly refresh: {
    fetchNew: FetchNewRow | null;
    fetchNewLarge: FetchNewRow | null;
    /** Beside the busy processes asked for (`--busy N`), then with none. */
    refreshAll: RefreshAllRow[];
  } | null;
  /** The headless export; null when the run skipped it. */
  readonly exports: ExportRow[] | null;
  /** 200,000 invoices to Parquet read back by DuckDB, and the export process's peak memory. */
  readonly parquetCheck: ParquetCheckRow | null;
  /** The add-in's CPU per row written of the code before, judged against (`--cpu-baseline-us`). */
  readonly cpuBaselineUsPerRow: number;
  readonly targets: TargetVerdict[];
}

export function machineInfo(name: string, notes: string, loadAtStart: number): MachineInfo {
  const cpu = cpus();
  return {
    name,
    cpuModel: cpu[0]?.model ?? "unknown",
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
    notes,
  };
}

export const defaultMachineName = (): string => hostname();

/** Memory and sizes in the tables, in binary megabytes. */
const MIB = 2 ** 20;
const mb = (bytes: number): string => (bytes / MIB).toFixed(1);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** One of the import targets, judged on this run's rows. */
export interface TargetVerdict {
  readonly target: string;
  readonly measured: string;
  /** null when this run has no row the target applies to. */
  readonly met: boolean | null;
}

/** Rows a block of the import carries at most (src/import/blockPlanner.ts). */
const ROWS_PER_SYNC = 5_000;
/** Syncs an import makes whatever its size: its sheets, tables, formats and final status. */
const SETUP_SYNCS = 5;

/**
 * At most one sync per 5,000 rows written, on whichever sheet, plus five: Excel's work per
 * request grows with the rows and cells it carries, and a record may write several rows (an
 * invoice about 3.4: itself and its lines on a sheet of their own). Counting records would judge
 * a list with lines against the budget of one without, and refuse the requests a planner needs
 * to keep those rows under Excel's payload limit.
 */
export function syncBudget(rowsWritten: number): number {
  return Math.ceil(rowsWritten / ROWS_PER_SYNC) + SETUP_SYNCS;
}

/**
 * Refresh all's budget: one sync per 5,000 rows written on all its sheets, plus each list's five
 * as if it were imported alone. Never more than the six imports' budgets summed (the ceiling of
 * the sum is at most the sum of the ceilings), so sharing syncs between tables earns nothing.
 */
export function refreshAllSyncBudget(
  row: Pick<RefreshAllRow, "rowsWritten" | "collections">,
): number {
  return Math.ceil(row.rowsWritten / ROWS_PER_SYNC) + SETUP_SYNCS * row.collections;
}

/** The ceiling in MB as the verdict names it, counted as Microsoft counts the limit it derives from. */
const CEILING_MB = MEASURED_PAYLOAD_CEILING_BYTES / BYTES_PER_MB;

/**
 * Every request of every row, import and journal, at most the measured ceiling (a fifth under the
 * payload limit Excel on the web refuses past).
 */
function largestRequestVerdict(
  imports: readonly ImportRow[],
  journals: readonly JournalEditorRow[],
): TargetVerdict {
  const largest = [
    ...imports.map((row) => ({
      label: `${row.records.toLocaleString("en-US")} records, ${row.latencyMs} ms`,
      bytes: row.import.largestRequestBytes,
    })),
    ...journals.map((row) => ({
      label: `journal of ${row.lines.toLocaleString("en-US")} lines`,
      bytes: largestJournalRequest(row),
    })),
  ];
  const worst = largest.reduce<(typeof largest)[number] | undefined>(
    (max, row) => (max === undefined || row.bytes > max.bytes ? row : max),
    undefined,
  );
  const over = largest.filter((row) => row.bytes > MEASURED_PAYLOAD_CEILING_BYTES);
  return {
    target: `largest request <= ${CEILING_MB} MB on every row`,
    measured: worst
      ? `${(worst.bytes / BYTES_PER_MB).toFixed(2)} MB at worst (${worst.label})` +
        (over.length > 1
          ? `; over ${CEILING_MB} MB: ${over.map((row) => row.label).join(", ")}`
          : "")
      : "not run",
    met: worst ? over.length === 0 : null,
  };
}

/**
 * What went wrong in a journal row's step, or null when it did what it should or did not run (a
 * step runs unless an earlier one failed, which says so).
 */
function stepTrouble(name: string, step: JournalStepResult | null): string | null {
  if (step === null) return null;
  if (step.refused.length > 0) return `${name} refused (${[...new Set(step.refused)].join(", ")})`;
  return step.ok ? null : `${name} ${step.outcome}`;
}

/** Every journal row opened, validated (finding exactly the problems made) and sent. */
function journalVerdict(journals: readonly JournalEditorRow[]): TargetVerdict {
  const troubles = journals.flatMap((row) => {
    const found = [
      stepTrouble("open", row.open),
      stepTrouble("validate", row.validate),
      stepTrouble("send", row.send),
    ].filter((trouble): trouble is string => trouble !== null);
    return found.length ? [`${row.lines.toLocaleString("en-US")} lines: ${found.join(", ")}`] : [];
  });
  return {
    target: "journal open, validate and send succeed on every row, no request refused",
    measured: journals.length === 0 ? "not run" : troubles.length ? troubles.join("; ") : "all did",
    met: journals.length === 0 ? null : journals.every(journalRowOk),
  };
}

/** What the add-in's CPU per row written is judged on, and with which flags it was measured. */
export interface CpuTarget {
  /** The figure of the code before, microseconds per row written. */
  readonly baselineUsPerRow: number;
  /** The flags the baseline was measured with, as words ({@link CpuTarget.measuredAs}). */
  readonly baselineMeasuredAs: string;
  /**
   * This run's flags, as words. The add-in's share depends on them (Node's fetch charges its own
   * JavaScript to the add-in, an inline Excel its work to the thread), so a baseline measured
   * otherwise is not judged against.
   */
  readonly measuredAs: string;
}

const count = (n: number): string => n.toLocaleString("en-US");

/**
 * Against the least time the import's three processes' CPU allows: at 0 ms the network does not
 * bound the import, the cores do, so a ratio to the floor would judge the machine.
 */
function leastVerdict(row: ImportRow | undefined, records: number, limit: number): TargetVerdict {
  const target = `0 ms import <= ${limit.toFixed(2)} x least time at ${count(records)} records`;
  if (!row || row.overLeast === null || row.leastImportMs === null) {
    return { target, measured: "not run", met: null };
  }
  return {
    target,
    measured: `${row.overLeast.toFixed(3)} (${(row.import.ms / 1000).toFixed(2)} s against ${(row.leastImportMs / 1000).toFixed(2)} s, bound by the ${row.leastBound ?? "cores"})`,
    met: row.overLeast <= limit,
  };
}

/** The profiled rows' add-in CPU per row written, every one at most half of the baseline's. */
function cpuVerdict(rows: readonly ImportRow[], cpu: CpuTarget): TargetVerdict {
  const limit = cpu.baselineUsPerRow / 2;
  const profiled = rows.flatMap((row) =>
    row.cpu ? [{ row, us: perRowWritten(row.cpu, row.cpu.addInUs) }] : [],
  );
  const comparable = cpu.baselineMeasuredAs === cpu.measuredAs;
  const figures = profiled
    .map(({ row, us }) => `${us.toFixed(1)} us (${count(row.records)})`)
    .join(", ");
  return {
    target: `add-in CPU per row written <= ${limit.toFixed(1)} us (half of ${cpu.baselineUsPerRow} us, measured ${cpu.baselineMeasuredAs})`,
    measured: !profiled.length
      ? "not run"
      : comparable
        ? figures
        : `${figures}, measured ${cpu.measuredAs}: not comparable; give --cpu-baseline-us measured so`,
    met: profiled.length && comparable ? profiled.every(({ us }) => us <= limit) : null,
  };
}

/** Refresh all beside busy processes against its least time, and alone against its floor. */
function refreshAllVerdicts(rows: readonly RefreshAllRow[]): TargetVerdict[] {
  const busy = rows.find((row) => row.busyProcesses > 0);
  const alone = rows.find((row) => row.busyProcesses === 0);
  return [
    {
      target: `Refresh all beside a busy process: time <= ${REFRESH_ALL_MAX_OVER_LEAST.toFixed(2)} x least time`,
      measured: busy
        ? `${busy.overLeast.toFixed(3)} (${busy.busyProcesses} busy; ${(busy.refreshAllMs / 1000).toFixed(2)} s against ${(busy.leastMs / 1000).toFixed(2)} s, bound by the ${busy.leastBound})`
        : "not run",
      met: busy ? busy.pass : null,
    },
    {
      target: `Refresh all, nothing else running: time <= ${REFRESH_ALL_MAX_RATIO.toFixed(2)} x slowest floor`,
      measured: alone
        ? `${alone.ratio.toFixed(3)} (${(alone.refreshAllMs / 1000).toFixed(2)} s against ${(alone.slowestFloorMs / 1000).toFixed(2)} s)`
        : "not run",
      met: alone ? alone.pass : null,
    },
  ];
}

/**
 * The targets: import/floor at most 1.05 at 25 ms (50,000 and 200,000 records); the 0 ms import
 * at most 1.10 x the least time its processes allow (the same sizes); Refresh all at most 1.10 x
 * its least time beside a busy process and 1.25 x the slowest floor with none; the add-in's CPU
 * per row written at most half of the code before's; syncs within the budget per row written;
 * every request at most 4 MB, import and journal; the journal editor's steps succeeding; and the
 * pipeline's live heap independent of the collection's size (200,000 records within 1.5 times
 * 50,000's, plus 2 MB of measuring noise).
 */
export function targetVerdicts(
  rows: readonly ImportRow[],
  journals: readonly JournalEditorRow[] = [],
  refreshAll: readonly RefreshAllRow[] = [],
  cpu: CpuTarget | null = null,
): TargetVerdict[] {
  const at = (records: number, latencyMs: number) =>
    rows.find((row) => row.records === records && row.latencyMs === latencyMs);
  const ratio = (records: number, latencyMs: number, limit: number): TargetVerdict => {
    const row = at(records, latencyMs);
    return {
      target: `import/floor <= ${limit.toFixed(2)} at ${count(records)} records, ${latencyMs} ms`,
      measured: row ? row.ratio.toFixed(3) : "not run",
      met: row ? row.ratio <= limit : null,
    };
  };
  const worstSyncs = [
    ...rows.map((row) => row.import.syncs - row.syncBudget),
    ...refreshAll.map((row) => row.syncs - refreshAllSyncBudget(row)),
  ];
  const syncFigures = [
    ...rows.map((row) => `${row.import.syncs}/${row.syncBudget}`),
    ...refreshAll.map((row) => `Refresh all ${row.syncs}/${refreshAllSyncBudget(row)}`),
  ];
  const live = (records: number) =>
    rows.find((row) => row.records === records && row.liveHeap !== null)?.liveHeap ?? null;
  const [small, large] = [live(50_000), live(200_000)];
  return [
    ratio(50_000, 25, 1.05),
    ratio(200_000, 25, 1.05),
    leastVerdict(at(50_000, 0), 50_000, 1.1),
    leastVerdict(at(200_000, 0), 200_000, 1.1),
    ...(refreshAll.length ? refreshAllVerdicts(refreshAll) : []),
    ...(cpu ? [cpuVerdict(rows, cpu)] : []),
    {
      target: `syncs <= ceil(rows written / ${count(ROWS_PER_SYNC)}) + ${SETUP_SYNCS} a list on every row`,
      measured: syncFigures.length ? syncFigures.join(", ") : "not run",
      met: syncFigures.length ? worstSyncs.every((over) => over <= 0) : null,
    },
    largestRequestVerdict(rows, journals),
    journalVerdict(journals),
    {
      target: "live pipeline heap at 200,000 records within 1.5 x 50,000's + 2 MB",
      measured:
        small && large
          ? `${(small.pipelineBytes / MIB).toFixed(1)} MB -> ${(large.pipelineBytes / MIB).toFixed(1)} MB ` +
            `(client alone ${(small.floorBytes / MIB).toFixed(1)} -> ${(large.floorBytes / MIB).toFixed(1)} MB)`
          : "not run",
      met:
        small && large
          ? large.pipelineBytes <= 1.5 * small.pipelineBytes + 2 * MIB &&
            large.floorBytes <= 1.5 * small.floorBytes + 2 * MIB
          : null,
    },
  ];
}

export function targetLines(verdicts: readonly TargetVerdict[]): string {
  return verdicts
    .map(({ target, measured, met }) => {
      const mark = met === null ? "n/a " : met ? "PASS" : "FAIL";
      return `${mark}  ${target}: ${measured}`;
    })
    .join("\n");
}

/** One line per step of each journal row; "(!)" marks a step that did not do what it should. */
export function journalEditorTable(rows: readonly JournalEditorRow[]): string {
  return table(
    [
      "lines",
      "step",
      "outcome",
      "time s",
      "syncs",
      "largest request MB",
      "largest response MB",
      "host serve s",
      "refused",
    ],
    rows.flatMap((row) =>
      (
        [
          ["open", row.open],
          ["validate", row.validate],
          ["send", row.send],
        ] as const
      ).map(([name, step]) => {
        const lines = row.lines.toLocaleString("en-US");
        if (step === null) return [lines, name, "not run", "", "", "", "", "", ""];
        const outcome =
          name === "validate" && step.ok ? `${row.problemsMade} problems found` : step.outcome;
        return [
          lines,
          name,
          step.ok ? outcome : `${outcome} (!)`,
          seconds(step.ms),
          String(step.syncs),
          mb(step.largestRequestBytes),
          mb(step.largestResponseBytes),
          seconds(step.hostServeMs),
          [...new Set(step.refused)].join(", "),
        ];
      }),
    ),
  );
}

/** Why each journal step that went wrong did, as the editor told the user. */
export function journalTroubles(rows: readonly JournalEditorRow[]): string {
  return rows
    .flatMap((row) =>
      [row.open, row.validate, row.send].flatMap((step, i) =>
        step?.message
          ? [`${row.lines.toLocaleString("en-US")} lines, ${STEPS[i]}: ${step.message}`]
          : [],
      ),
    )
    .join("\n");
}

const STEPS = ["open", "validate", "send"] as const;

export function journalLine(result: JournalBenchResult): string {
  return (
    `journal of ${result.lines.toLocaleString("en-US")} lines: layout ${result.layoutMs.toFixed(0)} ms, ` +
    `parse and validate ${result.parseAndValidateMs.toFixed(0)} ms, ${result.problems} problems`
  );
}

export function functionsTable(rows: readonly FunctionsRow[]): string {
  return table(
    ["calls", "distinct", "latency", "requests", "peak in flight", "time ms", "errors"],
    rows.map((row) => [
      String(row.calls),
      String(row.distinct),
      `${row.latencyMs} ms`,
      String(row.requests),
      String(row.peakConcurrent),
      row.ms.toFixed(0),
      String(row.errors),
    ]),
  );
}

/** Writes bench/results/<date>-<machine>.json (or `path`); returns where. */
export function writeResults(results: BenchResults, directory: string, path?: string): string {
  const target =
    path ?? join(directory, `${results.date.slice(0, 10)}-${results.machine.name}.json`);
  mkdirSync(directory, { recursive: true });
  writeFileSync(target, `${JSON.stringify(results, null, 2)}\n`);
  return target;
}
