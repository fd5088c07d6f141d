// npm run bench: import speed against the network floor, the journal editor on large journals,
// and custom functions; the import and the journal editor run through Microsoft's office.js client
// into the Excel emulator, so request sizes are the real ones.
// Flags: --quick (10,000 records only), --sizes 10000,50000, --latencies 0,25, --repeat N (keep the
// fastest of N runs of each; 3 at 0 ms, 1 otherwise by default), --journal-lines 1000,10000,
// --machine NAME, --notes TEXT, --out FILE, --no-write, --skip-journal, --skip-functions,
// --skip-live-heap (the untimed run with forced collections), --skip-cpu-profile (the untimed
// profiled run that splits the import's CPU between the add-in, office.js and the emulator),
// --global-fetch (the import rows on Node's global fetch instead of node:http), --excel-inline (the
// import rows' emulator on the import's thread instead of a process of its own), --busy N
// (processes spinning beside the first Refresh all row, 1 by default; a second runs with none),
// --skip-refresh (Fetch new and Refresh all), --skip-imports, --skip-export (the headless export
// of 50,000 and 200,000 invoices),
// --export-formats xlsx,parquet (the export rows' formats), --skip-parquet-check (200,000 invoices
// exported to Parquet by the built command, read back by DuckDB and compared with the API, and its
// peak memory), --cpu-baseline-us N (the add-in's CPU per row written of the code before, measured
// with the same flags), --smoke (every row at a few thousand records: does each run to the end?).
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { measureFunctions } from "./functionsBench";
import {
  benchApi,
  measureFloor,
  measureImport,
  type ExcelPlacement,
  measureImportCpu,
  measureLiveHeap,
  type FloorResult,
  type ImportRunResult,
  type ServerCpu,
} from "./importBench";
import { measureJournal } from "./journalBench";
import { measureJournalEditor, type JournalEditorRow } from "./journalEditorBench";
import { cpuTable, importTable, perRowTable, processCpuTable } from "./importTables";
import {
  defaultMachineName,
  functionsTable,
  journalEditorTable,
  journalLine,
  journalTroubles,
  machineInfo,
  syncBudget,
  targetLines,
  type CpuTarget,
  targetVerdicts,
  writeResults,
  type BenchResults,
  type FunctionsRow,
  type ImportRow,
} from "./report";
import {
  exportTable,
  flatMemoryLine,
  measureExport,
  type ExportFormat,
  type ExportRow,
} from "./exportBench";
import { measureParquetCheck, parquetCheckLines } from "./parquetCheckBench";
import { cellEditLine, type CellEditRow, measureImportDuringCellEdit } from "./cellEditBench";
import { fetchNewLine, measureFetchNew, measureRefreshAll, refreshAllLine } from "./refreshBench";
import { measureRawFloor } from "./rawFloor";
import { startSandboxProcess } from "./sandboxProcess";
import { leastTimeMs } from "./busyProcesses";

interface Flags {
  sizes: number[];
  latencies: number[];
  /** Runs of each measurement, the fastest kept; null for the default ({@link runsAt}). */
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
const CPU_BASELINE_US_PER_ROW = 42.6;
const CPU_BASELINE_MEASURED_AS = "Node's fetch, Excel inline";

const USAGE =
  "usage: npm run bench -- [--quick] [--sizes 10000,50000,200000] [--latencies 0,25] " +
  "[--repeat N] [--journal-lines 1000,10000] [--machine NAME] [--notes TEXT] [--out FILE] [--no-write] [--skip-journal] " +
  "[--skip-functions] [--skip-live-heap] [--skip-cpu-profile] [--global-fetch] [--excel-inline] [--busy N] [--skip-refresh] [--over-table] [--skip-imports] [--skip-export] " +
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

function parseFlags(args: readonly string[]): Flags {
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
    else if (flag === "--over-table") flags.overTable = true;
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

/**
 * The fastest floor and the fastest import of `repeat` runs each, alternated so that a busy
 * spell on a shared machine falls on both rather than on one: the minimum is the least disturbed.
 */
async function fastestPair(
  repeat: number,
  api: ReturnType<typeof benchApi>,
  excel: ExcelPlacement,
  server: ServerCpu,
  overTable: boolean,
): Promise<{ floor: FloorResult; imported: ImportRunResult }> {
  let floor: FloorResult | undefined;
  let imported: ImportRunResult | undefined;
  for (let i = 0; i < repeat; i++) {
    const f = await measureFloor(api, server);
    if (!floor || f.ms < floor.ms) floor = f;
    const m = await measureImport(api, excel, server, overTable);
    if (!imported || m.ms < imported.ms) imported = m;
  }
  return { floor: floor!, imported: imported! };
}

/**
 * Runs of each import row. At 0 ms the walk is bound by the CPU of two processes, and the same
 * walk varies by a fifth from one run to the next (the floor of 50,000 invoices read 4.7 to 6.8 s
 * on a quiet machine): one run would make the ratio a draw, so the fastest of three is kept.
 */
function runsAt(flags: Flags, latencyMs: number): number {
  return flags.repeat ?? (latencyMs === 0 ? 3 : 1);
}

/**
 * The least time the import could take on this machine: the CPU of its three processes (the
 * add-in's, the API server's, Excel's) spread over every core with none idle. Null when one of
 * them shares a process with another.
 */
function leastImportMs(imported: ImportRunResult): number | null {
  const { cpuMs, serverCpuMs, excelCpuMs } = imported;
  if (serverCpuMs === null || excelCpuMs === null) return null;
  return leastTimeMs([cpuMs, serverCpuMs, excelCpuMs]);
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
function cpuTarget(flags: Flags): CpuTarget {
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

/**
 * Fetch new on two table sizes, then Refresh all beside `--busy N` spinning processes and with
 * none: beside them the cores bound it, alone the network.
 */
async function measureRefreshRows(flags: Flags): Promise<NonNullable<BenchResults["refresh"]>> {
  const [ordinary, large] = flags.rowSizes.fetchNew;
  const fetchNew = await measureFetchNew(ordinary);
  console.log(fetchNewLine(fetchNew));
  // Excel on the web's 5 MB response limit: the ID column of 200,000 rows is about 8 MB.
  const fetchNewLarge = await measureFetchNew(large);
  console.log(fetchNewLine(fetchNewLarge));
  const refreshAll = [];
  for (const busy of new Set([flags.busy, 0])) {
    // Profiled once, untimed, after the run with the machine to itself.
    const profile = busy === 0 && flags.cpuProfile;
    const row = await measureRefreshAll(flags.rowSizes.refreshAllEach, 25, busy, profile);
    console.log(refreshAllLine(row));
    refreshAll.push(row);
  }
  return { fetchNew, fetchNewLarge, refreshAll };
}

/** The headless export rows, each format beside its floor. */
async function measureExportRows(flags: Flags): Promise<ExportRow[]> {
  const { exportBaseline, exportLarge } = flags.rowSizes;
  const repeat = flags.repeat ?? 1;
  const exports: ExportRow[] = [];
  if (flags.exportFormats.includes("xlsx")) {
    // The smaller size at 0 ms is the memory baseline; the larger at 0 ms and 25 ms.
    exports.push(...(await measureExport(exportBaseline, [0], repeat)));
    exports.push(...(await measureExport(exportLarge, [0, 25], repeat)));
  }
  if (flags.exportFormats.includes("parquet")) {
    exports.push(...(await measureExport(exportLarge, [0, 25], repeat, "parquet")));
  }
  console.log(exportTable(exports));
  return exports;
}

/** A small import first, so the timed runs do not pay for compiling the code on first use. */
async function warmUp(excel: ExcelPlacement): Promise<void> {
  const sandbox = await startSandboxProcess(3_000);
  try {
    const api = benchApi(sandbox.baseUrl);
    await measureFloor(api);
    await measureImport(api, excel);
  } finally {
    await sandbox.close();
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const loadAtStart = loadavg()[0] ?? 0;
  if (!(globalThis as { gc?: unknown }).gc) {
    console.warn("Run node with --expose-gc for heap baselines after a collection.");
  }
  await warmUp(flags.excel);
  const imports: ImportRow[] = [];
  const cellEdits: CellEditRow[] = [];
  for (const records of flags.imports ? flags.sizes : []) {
    const sandbox = await startSandboxProcess(records);
    try {
      const api = benchApi(sandbox.baseUrl, flags.transport);
      for (const [index, latencyMs] of flags.latencies.entries()) {
        await sandbox.setLatency(latencyMs);
        const { floor, imported } = await fastestPair(
          runsAt(flags, latencyMs),
          api,
          flags.excel,
          sandbox.cpuMs,
          flags.overTable,
        );
        if (floor.records !== records || imported.rows !== records) {
          throw new Error(
            `Expected ${records} records, fetched ${floor.records}, imported ${imported.rows}.`,
          );
        }
        const rawFloor = await measureRawFloor(sandbox.baseUrl);
        const liveHeap = index === 0 && flags.liveHeap ? await measureLiveHeap(api) : null;
        const cpu =
          index === 0 && flags.cpuProfile ? await measureImportCpu(api, flags.excel) : null;
        const least = leastImportMs(imported);
        const row: ImportRow = {
          records,
          latencyMs,
          floor,
          import: imported,
          ratio: imported.ms / floor.ms,
          leastImportMs: least,
          overLeast: least === null ? null : imported.ms / least,
          syncBudget: syncBudget(imported.rowsWritten),
          liveHeap,
          rawFloor,
          cpu,
        };
        imports.push(row);
        console.log(importTable([row]).split("\n").at(-1));
        console.log(cpuTable([row]).split("\n").at(-1));
        console.log(processCpuTable([row]).split("\n").at(-1));
        console.log(perRowTable([row]).split("\n").at(-1));
      }
      if (records >= flags.rowSizes.cellEditFrom) {
        // Long imports are the ones that meet a user typing in Excel.
        await sandbox.setLatency(0);
        const row = await measureImportDuringCellEdit(api, records);
        cellEdits.push(row);
        console.log(cellEditLine(row));
      }
    } finally {
      await sandbox.close();
    }
  }

  let journals: JournalEditorRow[] | null = null;
  if (flags.journal) {
    journals = [];
    for (const lines of flags.journalLines) {
      const sandbox = await startSandboxProcess({ invoices: 10, journalLines: lines });
      try {
        journals.push(await measureJournalEditor(benchApi(sandbox.baseUrl), lines));
        console.log(journalEditorTable(journals.slice(-1)).split("\n").slice(2).join("\n"));
      } finally {
        await sandbox.close();
      }
    }
  }
  const journal = flags.journal ? measureJournal(10_000) : null;

  let functions: FunctionsRow[] | null = null;
  if (flags.functions) {
    functions = [];
    const sandbox = await startSandboxProcess(1_000);
    try {
      for (const latencyMs of flags.latencies) {
        await sandbox.setLatency(latencyMs);
        for (const [calls, distinct] of [
          [1_000, 1],
          [100, 100],
        ] as const) {
          functions.push({
            ...(await measureFunctions(sandbox.baseUrl, calls, distinct)),
            latencyMs,
          });
        }
      }
    } finally {
      await sandbox.close();
    }
  }

  const refresh = flags.refresh ? await measureRefreshRows(flags) : null;
  const exports = flags.export ? await measureExportRows(flags) : null;
  let parquetCheck: BenchResults["parquetCheck"] = null;
  if (flags.export && flags.exportFormats.includes("parquet") && flags.parquetCheck) {
    parquetCheck = await measureParquetCheck(...flags.rowSizes.parquetCheck);
    console.log(parquetCheckLines(parquetCheck));
  }

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: machineInfo(flags.machine, flags.notes, loadAtStart),
    imports,
    importTransport: flags.transport,
    importExcel: flags.excel,
    importOverTable: flags.overTable,
    cellEdits,
    journals,
    journal,
    functions,
    refresh,
    exports,
    parquetCheck,
    cpuBaselineUsPerRow: flags.cpuBaselineUs ?? CPU_BASELINE_US_PER_ROW,
    targets: targetVerdicts(imports, journals ?? [], refresh?.refreshAll ?? [], cpuTarget(flags)),
  };
  console.log(
    `\nImport of invoices through office.js into the Excel emulator (${results.machine.cores} cores, ` +
      `load ${loadAtStart.toFixed(2)} -> ${results.machine.loadAverage.end.toFixed(2)})\n`,
  );
  console.log(importTable(imports));
  console.log(`\nAgainst the independent floor, and CPU per record\n\n${cpuTable(imports)}`);
  console.log(
    `\nThe processes' CPU (the add-in's, the API server's, Excel's) and the least import time ` +
      `on ${availableParallelism()} cores\n\n${processCpuTable(imports)}`,
  );
  console.log(
    `\nPer row written (every Excel row on every sheet): CPU, cells, request bytes, ` +
      `the time against the least time, syncs against the budget\n\n${perRowTable(imports)}`,
  );
  for (const row of cellEdits) console.log(cellEditLine(row));
  if (journals) {
    console.log(
      "\nJournal editor through office.js: a DRAFT journal opened, validated with a problem every " +
        "10 lines in 3 columns, fixed and sent\n",
    );
    console.log(journalEditorTable(journals));
    const troubles = journalTroubles(journals);
    if (troubles) console.log(`\n${troubles}`);
  }
  console.log(
    `\nTargets (load average ${loadAtStart.toFixed(2)} at the start, ` +
      `${results.machine.loadAverage.end.toFixed(2)} at the end)\n\n${targetLines(results.targets)}`,
  );
  if (journal) console.log(`\n${journalLine(journal)}`);
  if (functions)
    console.log(
      `\nCustom functions (LEDGER.LIST over the formulas core)\n\n${functionsTable(functions)}`,
    );
  if (refresh) {
    console.log(
      `\nRefresh\n\n${[
        fetchNewLine(refresh.fetchNew),
        fetchNewLine(refresh.fetchNewLarge),
        ...refresh.refreshAll.map(refreshAllLine),
      ].join("\n")}`,
    );
  }
  if (exports) {
    console.log(
      `\nHeadless export of invoices\n\n${exportTable(exports)}\n${flatMemoryLine(exports)}`,
    );
  }
  if (parquetCheck) console.log(`\n${parquetCheckLines(parquetCheck)}`);
  if (flags.write) {
    const where = writeResults(results, join(process.cwd(), "bench", "results"), flags.out);
    console.log(`\nWrote ${where}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
