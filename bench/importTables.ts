// The import rows' printed tables: time against the floors, CPU per record, the processes' CPU
// and the least time it allows, and what a row written costs the add-in and Excel.
import { perRowWritten } from "./importBench";
import type { ImportRow } from "./report";
import { table } from "./textTable";

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

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
 * with every core busy throughout: a ratio target below "least ratio" cannot be met here, and
 * "time/least" is how far the import is from that bound.
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
      "add-in thread CPU s",
      "import server CPU s",
      "Excel CPU s",
      "least import s",
      "bound",
      "ratio",
      "least ratio",
      "time/least",
    ],
    rows.map((row) => [
      row.records.toLocaleString("en-US"),
      `${row.latencyMs} ms`,
      seconds(row.floor.ms),
      seconds(row.floor.cpuMs),
      cpu(row.floor.serverCpuMs),
      seconds(row.import.ms),
      seconds(row.import.cpuMs),
      cpu(row.import.threadCpuMs.addIn),
      cpu(row.import.serverCpuMs),
      cpu(row.import.excelCpuMs),
      cpu(row.leastImportMs),
      row.leastBound ?? "",
      row.ratio.toFixed(3),
      row.leastImportMs === null ? "" : (row.leastImportMs / row.floor.ms).toFixed(3),
      row.overLeast === null ? "" : row.overLeast.toFixed(3),
    ]),
  );
}

/** Microseconds per row written, one decimal; blank when not measured. */
function perRow(ms: number | null, rows: number): string {
  return ms === null ? "" : ((ms * 1000) / Math.max(1, rows)).toFixed(1);
}

/**
 * What a row written costs, for every Excel row the import wrote on any sheet: the import's
 * process CPU (the add-in and office.js; Excel runs apart) and the Excel process's; from the
 * profiled run, the add-in's own share, office.js's and the emulator's; Excel's work as cells
 * and request bytes a row; and the time against the least the three processes' CPU allows.
 */
export function perRowTable(rows: readonly ImportRow[]): string {
  return table(
    [
      "records",
      "latency",
      "rows written",
      "rows/record",
      "cells/row",
      "request bytes/row",
      "import CPU us/row",
      "Excel CPU us/row",
      "add-in us/row",
      "add-in thread us/row",
      "office.js us/row",
      "emulator us/row",
      "import s",
      "least s",
      "time/least",
      "syncs",
      "budget",
    ],
    rows.map((row) => {
      const written = row.import.rowsWritten;
      const profiled = (us: (cpu: NonNullable<ImportRow["cpu"]>) => number): string =>
        row.cpu ? perRowWritten(row.cpu, us(row.cpu)).toFixed(1) : "";
      return [
        row.records.toLocaleString("en-US"),
        `${row.latencyMs} ms`,
        written.toLocaleString("en-US"),
        (written / Math.max(1, row.records)).toFixed(2),
        (row.import.cellsWritten / Math.max(1, written)).toFixed(1),
        (row.import.requestBytes / Math.max(1, written)).toFixed(0),
        perRow(row.import.cpuMs, written),
        perRow(row.import.excelCpuMs, written),
        profiled((cpu) => cpu.addInUs),
        row.cpu?.addInThreadUs == null
          ? ""
          : perRowWritten(row.cpu, row.cpu.addInThreadUs).toFixed(1),
        profiled((cpu) => cpu.officeJsUs),
        profiled((cpu) => cpu.emulatorUs),
        seconds(row.import.ms),
        row.leastImportMs === null ? "" : seconds(row.leastImportMs),
        row.overLeast === null ? "" : row.overLeast.toFixed(3),
        String(row.import.syncs),
        String(row.syncBudget),
      ];
    }),
  );
}
