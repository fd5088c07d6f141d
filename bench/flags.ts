// The benchmark's command line: its flags, the sizes of the rows they choose, and the CPU target
// they imply (the add-in's CPU per row written is judged only against a baseline measured alike).
import type { ExcelPlacement } from "./importBench";
import type { ExportFormat } from "./exportBench";
import { defaultMachineName, type CpuTarget } from "./report";

export interface Flags {
  sizes: number[];
  latencies: number[];
  /** Runs of each measurement, the fastest kept; null for the default (`runsAt` in run.ts). */
  repeat: number | null;
  journalLines: number[];
  machine: string;
  notes: string;
  out: string | undefined;
  write: boolean;
  journal: boolean;
  functions: boolean;
  liveHeap: boolean;
  cpuProfile: boolean;
  /** The import rows' transport: node:http (the default) or Node's global fetch (undici). */
  transport: "node" | "global";
  /** Where the import rows' Excel runs: a process of its own (the default) or inline. */
  excel: ExcelPlacement;
  /** Processes spinning on a core beside the first Refresh all row (one by default). */
  busy: number;
  refresh: boolean;
  /** Fetch new's rows, among the refresh rows. */
  fetchNew: boolean;
  /** The import rows time a refresh over a table an untimed import of the same list filled. */
  overTable: boolean;
  imports: boolean;
  export: boolean;
  exportFormats: ExportFormat[];
  parquetCheck: boolean;
  /** The add-in's CPU per row written of the code before, microseconds (`--cpu-baseline-us`). */
  cpuBaselineUs: number | null;
  /** The sizes of the rows other than the import rows' (`--smoke` makes them small). */
  rowSizes: RowSizes;
}

/** The collection sizes of the refresh, export and cell-edit rows. */
interface RowSizes {
  /** Fetch new's tables: the ordinary one, and one whose ID column is past Excel's 5 MB. */
  readonly fetchNew: readonly [number, number];
  readonly refreshAllEach: number;
  /** The .xlsx export's memory baseline, and the size of every export row against its floor. */
  readonly exportBaseline: number;
  readonly exportLarge: number;
  readonly parquetCheck: readonly [number, number];
  /** The import rows from this size up also run with a cell edited part-way. */
  readonly cellEditFrom: number;
}

const FULL_SIZES: RowSizes = {
  fetchNew: [50_000, 200_000],
  refreshAllEach: 20_000,
  exportBaseline: 50_000,
  exportLarge: 200_000,
  parquetCheck: [20_000, 200_000],
  cellEditFrom: 200_000,
};

/** Small enough that every row runs in a few minutes: whether each completes, not how fast. */
const SMOKE_SIZES: RowSizes = {
  fetchNew: [2_000, 5_000],
  refreshAllEach: 1_000,
  exportBaseline: 1_000,
  exportLarge: 4_000,
  parquetCheck: [1_000, 4_000],
  cellEditFrom: 2_000,
};

/**
 * The add-in's CPU per row written before the work on it: 144.8 us an invoice measured with
 * `--global-fetch --excel-inline` (bench/README.md), about 3.4 rows written an invoice.
 */
export const CPU_BASELINE_US_PER_ROW = 42.6;
const CPU_BASELINE_MEASURED_AS = "Node's fetch, Excel inline";

const USAGE =
  "usage: npm run bench -- [--quick] [--sizes 10000,50000,200000] [--latencies 0,25] " +
  "[--repeat N] [--journal-lines 1000,10000] [--machine NAME] [--notes TEXT] [--out FILE] [--no-write] [--skip-journal] " +
  "[--skip-functions] [--skip-live-heap] [--skip-cpu-profile] [--global-fetch] [--excel-inline] [--busy N] [--skip-refresh] [--refresh-all-only] [--over-table] [--skip-imports] [--skip-export] " +
  "[--export-formats xlsx,parquet] [--skip-parquet-check] [--cpu-baseline-us N] [--smoke]";

const EXPORT_FORMATS: readonly ExportFormat[] = ["xlsx", "parquet"];

function formats(text: string | undefined): ExportFormat[] {
  const values = (text ?? "").split(",");
  const known = (value: string): value is ExportFormat =>
    (EXPORT_FORMATS as readonly string[]).includes(value);
  if (!values.every(known)) {
    throw new Error(`--export-formats takes xlsx, parquet or both.\n${USAGE}`);
  }
  return values.filter(known);
}

function numbers(flag: string, text: string | undefined): number[] {
  const values = (text ?? "").split(",").map(Number);
  if (values.length === 0 || values.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new Error(`${flag} needs whole numbers separated by commas.\n${USAGE}`);
  }
  return values;
}

export function parseFlags(args: readonly string[]): Flags {
  const flags: Flags = {
    sizes: [10_000, 50_000, 200_000],
    latencies: [0, 25],
    repeat: null,
    journalLines: [1_000, 10_000],
    machine: defaultMachineName(),
    notes: "",
    out: undefined,
    write: true,
    journal: true,
    functions: true,
    liveHeap: true,
    cpuProfile: true,
    overTable: false,
    transport: "node",
    excel: "process",
    busy: 1,
    refresh: true,
    fetchNew: true,
    imports: true,
    export: true,
    exportFormats: [...EXPORT_FORMATS],
    parquetCheck: true,
    cpuBaselineUs: null,
    rowSizes: FULL_SIZES,
  };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = (): string | undefined => args[++i];
    if (flag === "--quick") flags.sizes = [10_000];
    else if (flag === "--sizes") flags.sizes = numbers(flag, value());
    else if (flag === "--latencies") flags.latencies = numbers(flag, value());
    else if (flag === "--repeat") flags.repeat = Math.max(1, numbers(flag, value())[0] ?? 1);
    else if (flag === "--journal-lines") {
      flags.journalLines = numbers(flag, value());
      if (flags.journalLines.some((lines) => lines < 2)) {
        throw new Error(`--journal-lines needs at least 2 lines a journal.\n${USAGE}`);
      }
    } else if (flag === "--machine") flags.machine = value() ?? flags.machine;
    else if (flag === "--notes") flags.notes = value() ?? "";
    else if (flag === "--out") flags.out = value();
    else if (flag === "--no-write") flags.write = false;
    else if (flag === "--skip-journal") flags.journal = false;
    else if (flag === "--skip-functions") flags.functions = false;
    else if (flag === "--skip-live-heap") flags.liveHeap = false;
    else if (flag === "--skip-cpu-profile") flags.cpuProfile = false;
    else if (flag === "--global-fetch") flags.transport = "global";
    else if (flag === "--excel-inline") flags.excel = "inline";
    else if (flag === "--busy") flags.busy = numbers(flag, value())[0] ?? 1;
    else if (flag === "--skip-refresh") flags.refresh = false;
    else if (flag === "--refresh-all-only") {
      Object.assign(flags, {
        refresh: true,
        fetchNew: false,
        imports: false,
        journal: false,
        functions: false,
        export: false,
        liveHeap: false,
      });
    } else if (flag === "--over-table") flags.overTable = true;
    else if (flag === "--skip-imports") flags.imports = false;
    else if (flag === "--skip-export") flags.export = false;
    else if (flag === "--export-formats") flags.exportFormats = formats(value());
    else if (flag === "--skip-parquet-check") flags.parquetCheck = false;
    else if (flag === "--cpu-baseline-us") {
      const us = Number(value());
      flags.cpuBaselineUs = us;
      if (!(us > 0)) throw new Error(`--cpu-baseline-us needs a number.\n${USAGE}`);
    } else if (flag === "--smoke") {
      flags.sizes = [2_000];
      flags.journalLines = [100];
      flags.repeat = 1;
      flags.rowSizes = SMOKE_SIZES;
    } else throw new Error(`Unknown flag ${flag}.\n${USAGE}`);
  }
  // A smoke run's figures are not results: written only where asked.
  if (flags.rowSizes === SMOKE_SIZES && flags.out === undefined) flags.write = false;
  return flags;
}

/** The flags the add-in's CPU was measured with, as the CPU target names them. */
function measuredAs(flags: Flags): string {
  const transport = flags.transport === "global" ? "Node's fetch" : "node:http";
  const excel = flags.excel === "inline" ? "Excel inline" : "Excel in its own process";
  return `${transport}, ${excel}`;
}

/**
 * The CPU target: the baseline given (taken as measured with this run's flags), or the one
 * recorded before the work on the add-in's CPU.
 */
export function cpuTarget(flags: Flags): CpuTarget {
  const asThisRun = measuredAs(flags);
  return flags.cpuBaselineUs === null
    ? {
        baselineUsPerRow: CPU_BASELINE_US_PER_ROW,
        baselineMeasuredAs: CPU_BASELINE_MEASURED_AS,
        measuredAs: asThisRun,
      }
    : {
        baselineUsPerRow: flags.cpuBaselineUs,
        baselineMeasuredAs: asThisRun,
        measuredAs: asThisRun,
      };
}
