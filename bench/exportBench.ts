// The export rows of the benchmark: `ledger-sheets export invoices` to .xlsx or
// .parquet, in this
// process (runCli), against the sandbox in a child process, beside the floor (the same client
// walking every page and doing nothing else). PASS at 25 ms when export/floor <= 1.10; memory is
// flat when the peak heap at 200,000 records is at most 1.5 x the peak at 50,000.
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "../src/cli/main";
import { DEMO_TOKEN } from "../tools/sandbox";
import { HeapSampler } from "./heapSampler";
import { benchApi, measureFloor } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";

export type ExportFormat = "xlsx" | "parquet";

export interface ExportRow {
  readonly format: ExportFormat;
  readonly records: number;
  readonly latencyMs: number;
  readonly floorMs: number;
  readonly exportMs: number;
  readonly ratio: number;
  /** Peak heap above the baseline during the export (sampled, garbage included). */
  readonly peakHeapBytes: number;
  /** Peak resident memory of this process during the export. */
  readonly peakRssBytes: number;
  readonly fileBytes: number;
}

export const EXPORT_MAX_RATIO = 1.1;
export const EXPORT_FLAT_FACTOR = 1.5;

async function exportOnce(
  baseUrl: string,
  out: string,
): Promise<{ ms: number; heap: number; rss: number }> {
  const heap = new HeapSampler();
  let rss = process.memoryUsage().rss;
  const rssTimer = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let stderr = "";
  const code = await runCli({
    argv: out.endsWith(".xlsx")
      ? ["export", "invoices", "--out", out, "--quiet"]
      : ["export", "invoices", "--out", dirname(out), "--format", "parquet", "--quiet"],
    env: {
      LEDGER_SHEETS_API_ADDRESS: baseUrl,
      LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
      LEDGER_SHEETS_IDENTITY: "demo-company",
    },
    stderr: { write: (text: string) => (stderr += text) },
    stdout: { write: () => true },
    signal: new AbortController().signal,
  });
  const ms = performance.now() - started;
  clearInterval(rssTimer);
  const peak = heap.stop();
  if (code !== 0) throw new Error(`The export failed (${code}): ${stderr}`);
  return { ms, heap: peak, rss };
}

/**
 * One size at each latency, to .xlsx or .parquet: the floor and the export, the faster of
 * `repeat` runs each.
 */
export async function measureExport(
  records: number,
  latencies: readonly number[],
  repeat = 1,
  format: ExportFormat = "xlsx",
): Promise<ExportRow[]> {
  const sandbox = await startSandboxProcess(records);
  const dir = mkdtempSync(join(tmpdir(), "ledger-export-bench-"));
  const rows: ExportRow[] = [];
  try {
    const api = benchApi(sandbox.baseUrl);
    for (const latencyMs of latencies) {
      await sandbox.setLatency(latencyMs);
      let floorMs = Infinity;
      let best: { ms: number; heap: number; rss: number } | undefined;
      // A Parquet export writes invoices.parquet (and invoice_lines.parquet) in a folder.
      const out =
        format === "xlsx"
          ? join(dir, `invoices-${records}-${latencyMs}.xlsx`)
          : join(dir, `parquet-${records}-${latencyMs}`, "invoices.parquet");
      if (format === "parquet") mkdirSync(dirname(out));
      for (let i = 0; i < repeat; i++) {
        floorMs = Math.min(floorMs, (await measureFloor(api)).ms);
        const run = await exportOnce(sandbox.baseUrl, out);
        if (!best || run.ms < best.ms) best = run;
      }
      rows.push({
        format,
        records,
        latencyMs,
        floorMs,
        exportMs: best!.ms,
        ratio: best!.ms / floorMs,
        peakHeapBytes: best!.heap,
        peakRssBytes: best!.rss,
        fileBytes: statSync(out).size,
      });
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

export function exportTable(rows: readonly ExportRow[]): string {
  const lines = [
    "Format    Records   Latency  Floor s  Export s  Ratio   Target          Peak heap MB  Peak RSS MB  File MB",
  ];
  for (const row of rows) {
    const target =
      row.latencyMs === 25
        ? `<= ${EXPORT_MAX_RATIO} ${row.ratio <= EXPORT_MAX_RATIO ? "PASS" : "FAIL"}`
        : "(reported)";
    lines.push(
      [
        `.${row.format}`.padEnd(8),
        row.records.toLocaleString("en-US").padEnd(9),
        `${row.latencyMs} ms`.padEnd(8),
        (row.floorMs / 1000).toFixed(2).padStart(7),
        (row.exportMs / 1000).toFixed(2).padStart(9),
        row.ratio.toFixed(3).padStart(6),
        target.padEnd(15),
        mb(row.peakHeapBytes).padStart(12),
        mb(row.peakRssBytes).padStart(12),
        mb(row.fileBytes).padStart(8),
      ].join("  "),
    );
  }
  return lines.join("\n");
}

/**
 * Flat memory of the .xlsx export: the largest size's peak heap against the smallest's, at the
 * same latency.
 */
export function flatMemoryLine(rows: readonly ExportRow[]): string {
  const xlsx = rows.filter((row) => row.format === "xlsx");
  const at0 = xlsx.filter((row) => row.latencyMs === xlsx[0]?.latencyMs);
  if (at0.length === 0) return "";
  const small = at0.reduce((a, b) => (a.records <= b.records ? a : b));
  const large = at0.reduce((a, b) => (a.records >= b.records ? a : b));
  const factor = large.peakHeapBytes / Math.max(1, small.peakHeapBytes);
  return (
    `Export memory: peak heap ${mb(large.peakHeapBytes)} MB at ${large.records.toLocaleString("en-US")} records against ` +
    `${mb(small.peakHeapBytes)} MB at ${small.records.toLocaleString("en-US")}: x${factor.toFixed(2)} ` +
    `(target <= x${EXPORT_FLAT_FACTOR}) ${factor <= EXPORT_FLAT_FACTOR ? "PASS" : "FAIL"}`
  );
}
