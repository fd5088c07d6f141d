// The Parquet read-back row of the benchmark: the built `ledger-sheets export invoices --out
// FOLDER --format parquet`, run as a scheduler runs it (a process of its own), for 20,000 and 200,000
// invoices; the 200,000 read back by DuckDB and compared value by value with the API (the
// integration test's comparison, on fewer invoices); the export process's peak resident memory
// at 200,000 at most 1.5 x that at 20,000.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareInvoicesWithApi } from "../test/integration/helpers/parquetReadBack";
import { DEMO_TOKEN } from "../tools/sandbox";
import { EXPORT_FLAT_FACTOR } from "./exportBench";
import { benchApi } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";

const ROOT = join(__dirname, "..", "..", "..");

export interface ParquetCheckRow {
  readonly smallRecords: number;
  readonly largeRecords: number;
  /** Peak resident memory of the export process at each size. */
  readonly smallPeakRssBytes: number;
  readonly largePeakRssBytes: number;
  readonly largeExportMs: number;
  readonly fileBytes: number;
  /** Rows DuckDB read back from the large file, and its cells compared with the API's. */
  readonly rows: number;
  readonly compared: number;
  readonly differenceCount: number;
  /** The first differences, described. */
  readonly differences: string[];
}

/** The export command built as it ships (build/cli), as the integration tests build it. */
function buildCli(): void {
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(ROOT, "tsconfig.cli.json"),
  ]);
}

/** One export in a process of its own; its peak resident memory from the preloaded probe. */
async function exportProcess(
  baseUrl: string,
  out: string,
  rssFile: string,
): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "-r",
        join(__dirname, "peakRss.js"),
        join(ROOT, "bin", "ledger-sheets.js"),
        "export",
        "invoices",
        "--out",
        out,
        "--format",
        "parquet",
        "--quiet",
      ],
      {
        env: {
          PATH: process.env["PATH"] ?? "",
          LEDGER_SHEETS_API_ADDRESS: baseUrl,
          LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
          LEDGER_SHEETS_IDENTITY: "demo-company",
          LEDGER_BENCH_PEAK_RSS_FILE: rssFile,
        },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`The Parquet export failed (${code}): ${stderr}`);
  return { ms, rss: Number(readFileSync(rssFile, "utf8")) };
}

export async function measureParquetCheck(
  smallRecords = 20_000,
  largeRecords = 200_000,
): Promise<ParquetCheckRow> {
  buildCli();
  const dir = mkdtempSync(join(tmpdir(), "ledger-parquet-bench-"));
  try {
    const rss: number[] = [];
    let large: { ms: number; rss: number } | undefined;
    let fileBytes = 0;
    let comparison: Awaited<ReturnType<typeof compareInvoicesWithApi>> | undefined;
    for (const records of [smallRecords, largeRecords]) {
      const sandbox = await startSandboxProcess(records);
      try {
        const folder = join(dir, `invoices-${records}`);
        mkdirSync(folder);
        const out = join(folder, "invoices.parquet");
        const run = await exportProcess(sandbox.baseUrl, folder, join(dir, `rss-${records}`));
        rss.push(run.rss);
        if (records === largeRecords) {
          large = run;
          fileBytes = statSync(out).size;
          comparison = await compareInvoicesWithApi(benchApi(sandbox.baseUrl), out);
        }
        rmSync(folder, { recursive: true, force: true });
      } finally {
        await sandbox.close();
      }
    }
    return {
      smallRecords,
      largeRecords,
      smallPeakRssBytes: rss[0]!,
      largePeakRssBytes: rss[1]!,
      largeExportMs: large!.ms,
      fileBytes,
      rows: comparison!.rows,
      compared: comparison!.compared,
      differenceCount: comparison!.differenceCount,
      differences: comparison!.differences,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const count = (n: number): string => n.toLocaleString("en-US");

export function parquetCheckLines(row: ParquetCheckRow): string {
  const factor = row.largePeakRssBytes / Math.max(1, row.smallPeakRssBytes);
  const readBack = row.rows === row.largeRecords && row.differenceCount === 0;
  const lines = [
    `Parquet ${count(row.largeRecords)} read back by DuckDB: ${count(row.rows)} rows, ` +
      `${count(row.compared)} values compared, ${count(row.differenceCount)} differences ` +
      `${readBack ? "PASS" : "FAIL"} (export ${(row.largeExportMs / 1000).toFixed(2)} s, ` +
      `${mb(row.fileBytes)} MB)`,
    `Parquet export process peak RSS: ${mb(row.largePeakRssBytes)} MB at ` +
      `${count(row.largeRecords)} against ${mb(row.smallPeakRssBytes)} MB at ` +
      `${count(row.smallRecords)}: x${factor.toFixed(2)} (target <= x${EXPORT_FLAT_FACTOR}) ` +
      `${factor <= EXPORT_FLAT_FACTOR ? "PASS" : "FAIL"}`,
  ];
  for (const difference of row.differences) lines.push(`  ${difference}`);
  return lines.join("\n");
}
