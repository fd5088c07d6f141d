// The benchmark's results: their JSON shape, the printed table, and where the file goes.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, hostname, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { BYTES_PER_MB, MEASURED_PAYLOAD_CEILING_BYTES } from "../src/domain/excelLimits";
import type { CellEditRow } from "./cellEditBench";
import type { FunctionsBenchResult } from "./functionsBench";
import type { FloorResult, ImportRunResult, LiveHeapResult } from "./importBench";
import type { JournalBenchResult } from "./journalBench";
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
   * The CPU of the import's processes (this one, the API server's, Excel's) over the machine's
   * cores: no import on this machine can be faster. Null when Excel runs in this process.
   */
  readonly leastImportMs: number | null;
  /** The sync budget: ceil(rows / 5,000) + 5. */
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
import type { FetchNewRow, RefreshAllRow } from "./refreshBench";

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
  /** Fetch new and Refresh all; null when the run skipped them. */
  readonly refresh: {
    fetchNew: FetchNewRow;
    fetchNewLarge: FetchNewRow;
    refreshAll: RefreshAllRow;
  } | null;
  /** The headless export; null when the run skipped it. */
  readonly exports: ExportRow[] | null;
  /** 200,000 invoices to Parquet read back by DuckDB, and the export process's peak memory. */
  readonly parquetCheck: ParquetCheckRow | null;
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

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function importTable(rows: readonly ImportRow[]): string {
  return table(
    [
      "records",
      "latency",
      "floor s",
      "import s",
      "ratio",
      "syncs",
      "budget",
      "largest request MB",
      "host serve s",
      "floor gc s",
      "import gc s",
      "floor heap MB",
      "import heap MB",
      "workbook MB",
      "pipeline MB",
      "live floor MB",
      "live pipeline MB",
    ],
    rows.map((row) => [
      row.records.toLocaleString("en-US"),
      `${row.latencyMs} ms`,
      seconds(row.floor.ms),
      seconds(row.import.ms),
      row.ratio.toFixed(3),
      String(row.import.syncs),
      String(row.syncBudget),
      mb(row.import.largestRequestBytes),
      seconds(row.import.hostServeMs),
      seconds(row.floor.gcMs),
      seconds(row.import.gcMs),
      mb(row.floor.peakHeapBytes),
      mb(row.import.peakHeapBytes),
      mb(row.import.workbookHeapBytes),
      mb(row.import.pipelineHeapBytes),
      row.liveHeap ? mb(row.liveHeap.floorBytes) : "",
      row.liveHeap ? mb(row.liveHeap.pipelineBytes) : "",
    ]),
  );
}

/** Microseconds per record, one decimal. */
function perRecord(ms: number, records: number): string {
  return ((ms * 1000) / Math.max(1, records)).toFixed(1);
}

/**
 * The import against the independent floor, and CPU per record: the floors' and the import's
 * process CPU, and (from the profiled run) the add-in's own share apart from office.js and Excel.
 * "busy" is the time the thread worked rather than waited; "import busy/floor" is the closest the
 * import could come to the floor if its work filled every wait.
 */
export function cpuTable(rows: readonly ImportRow[]): string {
  return table(
    [
      "records",
      "latency",
      "raw floor s",
      "floor s",
      "import s",
      "import/raw",
      "floor busy s",
      "import busy s",
      "import busy/floor",
      "raw floor CPU us/rec",
      "floor CPU us/rec",
      "import CPU us/rec",
      "add-in us/rec",
      "office.js us/rec",
      "emulator us/rec",
      "gc us/rec",
    ],
    rows.map((row) => [
      row.records.toLocaleString("en-US"),
      `${row.latencyMs} ms`,
      seconds(row.rawFloor.ms),
      seconds(row.floor.ms),
      seconds(row.import.ms),
      (row.import.ms / row.rawFloor.ms).toFixed(3),
      seconds(row.floor.threadBusyMs),
      seconds(row.import.threadBusyMs),
      (row.import.threadBusyMs / row.floor.ms).toFixed(3),
      perRecord(row.rawFloor.cpuMs, row.records),
      perRecord(row.floor.cpuMs, row.records),
      perRecord(row.import.cpuMs, row.records),
      row.cpu ? row.cpu.addInUs.toFixed(1) : "",
      row.cpu ? row.cpu.officeJsUs.toFixed(1) : "",
      row.cpu ? row.cpu.emulatorUs.toFixed(1) : "",
      row.cpu ? row.cpu.gcUs.toFixed(1) : "",
    ]),
  );
}

/**
 * The CPU of the floor's and the import's processes, and the least time the import could take
 * with every core busy throughout: a ratio target below "least ratio" cannot be met here.
 */
export function processCpuTable(rows: readonly ImportRow[]): string {
  const cpu = (ms: number | null): string => (ms === null ? "" : seconds(ms));
  return table(
    [
      "records",
      "latency",
      "floor s",
      "floor CPU s",
      "floor server CPU s",
      "import s",
      "import CPU s",
      "import server CPU s",
      "Excel CPU s",
      "least import s",
      "ratio",
      "least ratio",
    ],
    rows.map((row) => [
      row.records.toLocaleString("en-US"),
      `${row.latencyMs} ms`,
      seconds(row.floor.ms),
      seconds(row.floor.cpuMs),
      cpu(row.floor.serverCpuMs),
      seconds(row.import.ms),
      seconds(row.import.cpuMs),
      cpu(row.import.serverCpuMs),
      cpu(row.import.excelCpuMs),
      cpu(row.leastImportMs),
      row.ratio.toFixed(3),
      row.leastImportMs === null ? "" : (row.leastImportMs / row.floor.ms).toFixed(3),
    ]),
  );
}

/** One of the import targets, judged on this run's rows. */
export interface TargetVerdict {
  readonly target: string;
  readonly measured: string;
  /** null when this run has no row the target applies to. */
  readonly met: boolean | null;
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

/**
 * The targets: import/floor at most 1.10 at 50,000 records and 25 ms, at most 1.25 at 50,000 and
 * 0 ms; syncs within ceil(rows / 5,000) + 5; every request at most 4 MB on every row, import and
 * journal; the journal editor's steps succeeding; and the pipeline's live heap independent of the
 * collection's size (200,000 records within 1.5 times 50,000's, plus 2 MB of measuring noise).
 */
export function targetVerdicts(
  rows: readonly ImportRow[],
  journals: readonly JournalEditorRow[] = [],
): TargetVerdict[] {
  const at = (records: number, latencyMs: number) =>
    rows.find((row) => row.records === records && row.latencyMs === latencyMs);
  const ratio = (records: number, latencyMs: number, limit: number): TargetVerdict => {
    const row = at(records, latencyMs);
    return {
      target: `import/floor <= ${limit.toFixed(2)} at ${records.toLocaleString("en-US")} records, ${latencyMs} ms`,
      measured: row ? row.ratio.toFixed(3) : "not run",
      met: row ? row.ratio <= limit : null,
    };
  };
  const worstSyncs = rows.map((row) => row.import.syncs - row.syncBudget);
  const live = (records: number) =>
    rows.find((row) => row.records === records && row.liveHeap !== null)?.liveHeap ?? null;
  const [small, large] = [live(50_000), live(200_000)];
  return [
    ratio(50_000, 25, 1.1),
    ratio(50_000, 0, 1.25),
    {
      target: "syncs <= ceil(rows / 5,000) + 5 on every row",
      measured: rows.length ? `worst: ${Math.max(...worstSyncs)} against the budget` : "not run",
      met: rows.length ? worstSyncs.every((over) => over <= 0) : null,
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
