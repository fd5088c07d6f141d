// CPU per invoice of `ledger-sheets export invoices` at 0 ms latency: this process's CPU (user +
// system) during the export, the sandbox's own work excluded (it runs in a child process), beside
// the floor's (the same client walking every page and doing nothing else). Run on its own:
//   tsc -p bench/tsconfig.json && node --expose-gc build/bench/bench/exportCpu.js [records] [formats] [repeat]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../src/cli/main";
import { DEMO_TOKEN } from "../tools/sandbox";
import { benchApi, measureFloor } from "./importBench";
import { startSandboxProcess } from "./sandboxProcess";

export type CpuFormat = "xlsx" | "parquet" | "csv" | "jsonl";

export interface ExportCpuRow {
  readonly format: CpuFormat | "floor";
  readonly records: number;
  readonly cpuMs: number;
  readonly cpuUsPerRecord: number;
}

function cpuMsNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The arguments of an export to `dir` in `format`. */
export function exportArgv(dir: string, format: CpuFormat): string[] {
  return format === "xlsx"
    ? ["export", "invoices", "--out", join(dir, "invoices.xlsx"), "--quiet"]
    : ["export", "invoices", "--out", dir, "--format", format, "--quiet"];
}

async function exportCpuMs(baseUrl: string, argv: string[]): Promise<number> {
  let stderr = "";
  const before = cpuMsNow();
  const code = await runCli({
    argv,
    env: {
      LEDGER_SHEETS_API_ADDRESS: baseUrl,
      LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
      LEDGER_SHEETS_IDENTITY: "demo-company",
    },
    stderr: { write: (text: string) => (stderr += text) },
    stdout: { write: () => true },
    signal: new AbortController().signal,
  });
  const cpu = cpuMsNow() - before;
  if (code !== 0) throw new Error(`The export failed (${code}): ${stderr}`);
  return cpu;
}

/** The floor and each format's export of `records` invoices at 0 ms, the least CPU of `repeat`. */
export async function measureExportCpu(
  records: number,
  formats: readonly CpuFormat[],
  repeat = 2,
): Promise<ExportCpuRow[]> {
  const sandbox = await startSandboxProcess(records);
  const dir = mkdtempSync(join(tmpdir(), "ledger-export-cpu-"));
  const rows: ExportCpuRow[] = [];
  const row = (format: CpuFormat | "floor", cpuMs: number): ExportCpuRow => ({
    format,
    records,
    cpuMs,
    cpuUsPerRecord: (cpuMs * 1000) / records,
  });
  try {
    await sandbox.setLatency(0);
    let floor = Infinity;
    for (let i = 0; i < repeat; i++) {
      const before = cpuMsNow();
      await measureFloor(benchApi(sandbox.baseUrl));
      floor = Math.min(floor, cpuMsNow() - before);
    }
    rows.push(row("floor", floor));
    for (const format of formats) {
      let best = Infinity;
      for (let i = 0; i < repeat; i++) {
        best = Math.min(best, await exportCpuMs(sandbox.baseUrl, exportArgv(dir, format)));
      }
      rows.push(row(format, best));
    }
  } finally {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function exportCpuTable(rows: readonly ExportCpuRow[]): string {
  const floor = rows.find((each) => each.format === "floor")?.cpuMs ?? NaN;
  const lines = ["Format    Records   CPU s   CPU µs/invoice  x floor"];
  for (const row of rows) {
    lines.push(
      [
        (row.format === "floor" ? "floor" : `.${row.format}`).padEnd(8),
        row.records.toLocaleString("en-US").padEnd(9),
        (row.cpuMs / 1000).toFixed(2).padStart(6),
        row.cpuUsPerRecord.toFixed(1).padStart(15),
        (row.cpuMs / floor).toFixed(2).padStart(8),
      ].join("  "),
    );
  }
  return lines.join("\n");
}

if (require.main === module) {
  const records = Number(process.argv[2] ?? 20_000);
  const formats = (process.argv[3] ?? "xlsx,parquet,csv").split(",") as CpuFormat[];
  const repeat = Number(process.argv[4] ?? 2);
  void measureExportCpu(records, formats, repeat).then(
    (rows) => console.log(exportCpuTable(rows)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
