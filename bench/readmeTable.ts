// The README's current results from a results file, as Markdown:
//   node build/bench/bench/readmeTable.js bench/results/<date>-<machine>.json
// prints the run's machine and load, the targets with their verdicts, and the import, Refresh
// all, Fetch new, journal editor and export rows, so the README's "Current results" section is
// regenerated from the file rather than copied by hand.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { perRowWritten } from "./importBench";
import { refreshAllSyncBudget, type BenchResults, type ImportRow } from "./report";
import type { FetchNewRow, RefreshAllRow } from "./refreshBench";
import { markdownTable } from "./textTable";

const count = (n: number): string => n.toLocaleString("en-US");
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const perRow = (ms: number, rows: number): string => ((ms * 1000) / Math.max(1, rows)).toFixed(1);
const verdict = (met: boolean | null): string =>
  met === null ? "not run" : met ? "**PASS**" : "**FAIL**";

function runLine(results: BenchResults, file: string): string {
  const { machine } = results;
  const { start, end } = machine.loadAverage;
  return (
    `From \`results/${file}\`: ${results.date.slice(0, 16).replace("T", " ")} UTC, ` +
    `${machine.name} (${machine.cores} cores, ${machine.cpuModel}, ${machine.memoryGb} GB, Node ` +
    `${machine.node.replace(/^v/, "")}); load average (1 minute) ${start.toFixed(2)} at the start, ` +
    `${end.toFixed(2)} at the end${machine.notes ? `; ${machine.notes}` : ""}.`
  );
}

function targetsTable(results: BenchResults): string {
  return markdownTable(
    ["Target", "Measured", "Verdict"],
    results.targets.map((t) => [t.target, t.measured, verdict(t.met)]),
  );
}

function importRows(rows: readonly ImportRow[]): string {
  return markdownTable(
    [
      "Records",
      "Latency",
      "floor s",
      "import s",
      "import/floor",
      "least s",
      "bound",
      "time/least",
      "rows written/record",
      "cells/row",
      "request bytes/row",
      "add-in us/row",
      "add-in thread us/row",
      "office.js us/row",
      "Excel CPU us/row",
      "syncs/budget",
    ],
    rows.map((row) => {
      const written = row.import.rowsWritten;
      return [
        count(row.records),
        `${row.latencyMs} ms`,
        seconds(row.floor.ms),
        seconds(row.import.ms),
        row.ratio.toFixed(3),
        row.leastImportMs === null ? "" : seconds(row.leastImportMs),
        row.leastBound ?? "",
        row.overLeast === null ? "" : row.overLeast.toFixed(3),
        (written / Math.max(1, row.records)).toFixed(2),
        (row.import.cellsWritten / Math.max(1, written)).toFixed(1),
        (row.import.requestBytes / Math.max(1, written)).toFixed(0),
        row.cpu ? perRowWritten(row.cpu, row.cpu.addInUs).toFixed(1) : "",
        row.cpu?.addInThreadUs == null
          ? ""
          : perRowWritten(row.cpu, row.cpu.addInThreadUs).toFixed(1),
        row.cpu ? perRowWritten(row.cpu, row.cpu.officeJsUs).toFixed(1) : "",
        row.import.excelCpuMs === null ? "" : perRow(row.import.excelCpuMs, written),
        `${row.import.syncs}/${row.syncBudget}`,
      ];
    }),
  );
}

function refreshAllRows(rows: readonly RefreshAllRow[]): string {
  return markdownTable(
    [
      "Refresh all",
      "time s",
      "slowest floor s",
      "ratio",
      "least s",
      "bound",
      "time/least",
      "rows written",
      "client CPU us/row",
      "add-in us/row",
      "office.js us/row",
      "Excel CPU us/row",
      "cells/row",
      "request bytes/row",
      "syncs/budget",
      "Target",
    ],
    rows.map((row) => [
      `${row.collections} x ${count(row.recordsEach)}, ${row.latencyMs} ms, ` +
        (row.busyProcesses === 0 ? "nothing else running" : `${row.busyProcesses} busy`),
      seconds(row.refreshAllMs),
      seconds(row.slowestFloorMs),
      row.ratio.toFixed(3),
      seconds(row.leastMs),
      row.leastBound,
      row.overLeast.toFixed(3),
      count(row.rowsWritten),
      perRow(row.clientCpuMs, row.rowsWritten),
      row.profiled ? row.profiled.addInUsPerRow.toFixed(1) : "",
      row.profiled ? row.profiled.officeJsUsPerRow.toFixed(1) : "",
      perRow(row.excelCpuMs, row.rowsWritten),
      (row.cellsWritten / Math.max(1, row.rowsWritten)).toFixed(1),
      (row.requestBytes / Math.max(1, row.rowsWritten)).toFixed(0),
      `${row.syncs}/${refreshAllSyncBudget(row)}`,
      `${row.target} ${row.pass ? "**PASS**" : "**FAIL**"}`,
    ]),
  );
}

function otherRows(results: BenchResults): string[] {
  const lines: string[] = [];
  const refresh = results.refresh;
  const fetchNew = [refresh?.fetchNew, refresh?.fetchNewLarge].filter(
    (row): row is FetchNewRow => row !== null && row !== undefined,
  );
  if (fetchNew.length > 0) {
    lines.push(
      markdownTable(
        ["Fetch new", "time s", "requests", "share of the import", "largest response MB", ""],
        fetchNew.map((row) => [
          `${row.added} new on ${count(row.tableRows)} rows, ${row.latencyMs} ms`,
          seconds(row.fetchNewMs),
          String(row.requests),
          `${(row.share * 100).toFixed(2)}%`,
          (row.largestResponseBytes / 1e6).toFixed(2),
          verdict(row.pass),
        ]),
      ),
    );
  }
  if (results.exports?.length) {
    lines.push(
      markdownTable(
        ["Export", "Records", "Latency", "floor s", "export s", "ratio", "peak heap MB", "file MB"],
        results.exports.map((row) => [
          `.${row.format}`,
          count(row.records),
          `${row.latencyMs} ms`,
          seconds(row.floorMs),
          seconds(row.exportMs),
          row.ratio.toFixed(3),
          (row.peakHeapBytes / 2 ** 20).toFixed(1),
          (row.fileBytes / 1e6).toFixed(1),
        ]),
      ),
    );
  }
  for (const row of results.cellEdits) {
    lines.push(
      `Import of ${count(row.records)} with a cell edited part-way: ${count(row.rows)} rows, ` +
        `${row.refused} batches refused, ${verdict(row.pass)}.`,
    );
  }
  const check = results.parquetCheck;
  if (check) {
    lines.push(
      `Parquet read back by DuckDB: ${count(check.rows)} rows, ${count(check.compared)} values ` +
        `compared, ${check.differenceCount} differences; peak RSS ` +
        `${(check.largePeakRssBytes / 1e6).toFixed(1)} MB at ${count(check.largeRecords)} against ` +
        `${(check.smallPeakRssBytes / 1e6).toFixed(1)} MB at ${count(check.smallRecords)}.`,
    );
  }
  return lines;
}

export function readmeSection(results: BenchResults, file: string): string {
  const parts = [runLine(results, file), targetsTable(results)];
  if (results.imports.length) parts.push(importRows(results.imports));
  if (results.refresh?.refreshAll.length) parts.push(refreshAllRows(results.refresh.refreshAll));
  return [...parts, ...otherRows(results)].join("\n\n");
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node build/bench/bench/readmeTable.js <results.json>");
    process.exitCode = 1;
  } else {
    const results = JSON.parse(readFileSync(file, "utf8")) as BenchResults;
    console.log(readmeSection(results, basename(file)));
  }
}
