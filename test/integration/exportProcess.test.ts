// The export as a scheduler runs it: a separate process (bin/ledger-sheets.js over the compiled
// CLI), its exit code, and Ctrl+C (SIGINT) leaving no file under the target's name or beside it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

const ROOT = join(__dirname, "..", "..");
let sandbox: RunningSandbox;
let dir: string;

function run(args: string[], onStart?: (child: ReturnType<typeof spawn>) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, "bin", "ledger-sheets.js"), ...args], {
      env: {
        PATH: process.env["PATH"] ?? "",
        LEDGER_SHEETS_API_ADDRESS: sandbox.baseUrl,
        LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
        LEDGER_SHEETS_IDENTITY: "demo-company",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    onStart?.(child);
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(ROOT, "tsconfig.cli.json"),
  ]);
  sandbox = await startSandbox({ port: 0, latencyMs: 30, records: { invoices: 3_000 } });
  dir = mkdtempSync(join(tmpdir(), "export-process-"));
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("bin/ledger-sheets.js", () => {
  it("exports and exits 0, quiet but for its summary when not on a terminal", async () => {
    const out = join(dir, "bills.csv");
    const result = await run(["export", "bills", "--out", out]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Exported 58 records to .*bills\.csv in [\d.]+ s\.\n$/);
    expect(existsSync(out)).toBe(true);
  });

  it("leaves no file when stopped with Ctrl+C, and exits 130", async () => {
    const out = join(dir, "stopped.xlsx");
    // Once its first request arrives the export is under way, its Ctrl+C handler in place.
    const result = await run(["export", "invoices", "--out", out], (child) => {
      void sandbox.nextApiRequest().then(() => child.kill("SIGINT"));
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("Interrupted: no file was written.");
    expect(readdirSync(dir).filter((name) => name.includes("stopped"))).toEqual([]);
  });
});
