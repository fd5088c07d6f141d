// The benchmark's results: their JSON shape, the printed table, and where the file goes.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, hostname, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import type { FunctionsBenchResult } from "./functionsBench";
import type { FloorResult, ImportRunResult, LiveHeapResult } from "./importBench";
import type { JournalBenchResult } from "./journalBench";

export interface ImportRow {
  readonly records: number;
  readonly latencyMs: number;
  readonly floor: FloorResult;
  readonly import: ImportRunResult;
  /** import.ms / floor.ms: 1.00 means the import costs nothing beyond fetching the pages. */
  readonly ratio: number;
  /** The sync budget: ceil(rows / 5,000) + 5. */
  readonly syncBudget: number;
  /** Measured once per size (at the first latency), in an untimed run. */
  readonly liveHeap: LiveHeapResult | null;
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

export interface BenchResults {
  readonly date: string;
  readonly machine: MachineInfo;
  readonly imports: ImportRow[];
  readonly journal: JournalBenchResult | null;
  /** null when the run skipped them. */
  readonly functions: FunctionsRow[] | null;
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

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
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
      "largest MB",
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

/** One of issue 6's targets, judged on this run's rows. */
export interface TargetVerdict {
  readonly target: string;
  readonly measured: string;
  /** null when this run has no row the target applies to. */
  readonly met: boolean | null;
}

const MB = 2 ** 20;

/**
 * The targets: import/floor at most 1.10 at 50,000 records and 25 ms, at most 1.25 at 50,000 and
 * 0 ms; syncs within ceil(rows / 5,000) + 5 and every request at most 4 MB on every row; and the
 * pipeline's live heap independent of the collection's size (200,000 records within 1.5 times
 * 50,000's, plus 2 MB of measuring noise).
 */
export function targetVerdicts(rows: readonly ImportRow[]): TargetVerdict[] {
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
  const largest = Math.max(0, ...rows.map((row) => row.import.largestRequestBytes));
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
    {
      target: "largest request <= 4 MB on every row",
      measured: `${(largest / MB).toFixed(2)} MB`,
      met: rows.length ? largest <= 4 * MB : null,
    },
    {
      target: "live pipeline heap at 200,000 records within 1.5 x 50,000's + 2 MB",
      measured:
        small && large
          ? `${(small.pipelineBytes / MB).toFixed(1)} MB -> ${(large.pipelineBytes / MB).toFixed(1)} MB ` +
            `(client alone ${(small.floorBytes / MB).toFixed(1)} -> ${(large.floorBytes / MB).toFixed(1)} MB)`
          : "not run",
      met:
        small && large
          ? large.pipelineBytes <= 1.5 * small.pipelineBytes + 2 * MB &&
            large.floorBytes <= 1.5 * small.floorBytes + 2 * MB
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
