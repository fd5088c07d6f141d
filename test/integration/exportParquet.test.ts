// `--out FILE.parquet` read back by an engine nobody here wrote (DuckDB): typed columns (DECIMAL
// amounts with their scale, DATE, TIMESTAMP in UTC, ids as strings) and every value equal to
// the API's. The export runs as a scheduler runs it: the built binary, in a process of its own.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { iteratePayments, LedgerApi } from "../../src/api";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";
import { compareInvoicesWithApi, readParquet } from "./helpers/parquetReadBack";

const ROOT = join(__dirname, "..", "..");
// 200,000 are compared the same way by the benchmark (npm run bench, the Parquet rows).
const INVOICES = 2_000;
let sandbox: RunningSandbox;
let dir: string;

function run(args: string[]) {
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
  });
}

function api(): LedgerApi {
  return new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(ROOT, "tsconfig.cli.json"),
  ]);
  sandbox = await startSandbox({ port: 0, records: { invoices: INVOICES, expenses: 0 } });
  dir = mkdtempSync(join(tmpdir(), "export-parquet-"));
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("ledger-sheets export --out FILE.parquet", () => {
  it(`writes ${INVOICES.toLocaleString("en-US")} invoices that DuckDB reads back, every value equal to the API's`, async () => {
    const target = join(dir, "invoices.parquet");
    const result = await run(["export", "invoices", "--out", target]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    // Invoices and their lines: a file each.
    expect(result.stdout).toMatch(
      /^Exported 2,000 records to .*invoices\.invoices\.parquet, .*invoices\.invoice-lines\.parquet in/,
    );
    const out = join(dir, "invoices.invoices.parquet");
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const comparison = await compareInvoicesWithApi(api(), out);
    expect(comparison).toMatchObject({ records: INVOICES, rows: INVOICES });
    const { types, columns } = comparison;
    expect(Object.keys(types)).toEqual(columns.map((column) => column.header));
    const header = (key: string) => columns.find((column) => column.key === key)!.header;
    expect(types[header("id")]).toBe("VARCHAR");
    expect(types[header("total")]).toBe("DECIMAL(38,2)");
    expect(types[header("issue_date")]).toBe("DATE");
    expect(types[header("created_at")]).toBe("TIMESTAMP WITH TIME ZONE");
    // Every cell of every column, and ids, amounts, dates and date-times straight from the API.
    expect(comparison.differences).toEqual([]);
    expect(comparison.differenceCount).toBe(0);
    expect(comparison.compared).toBe(INVOICES * Object.keys(types).length);
  }, 120_000);

  it("writes payments and their allocations as a file each, and an empty list as a valid file", async () => {
    const out = join(dir, "pay.parquet");
    expect((await run(["export", "payments", "--out", out, "--quiet"])).code).toBe(0);
    let payments = 0;
    let allocations = 0;
    for await (const batch of iteratePayments(api())) {
      payments += batch.page.data.length;
      for (const payment of batch.page.data) allocations += payment.allocations.length;
    }
    expect((await readParquet(join(dir, "pay.payments.parquet"))).rows).toHaveLength(payments);
    const linked = await readParquet(join(dir, "pay.payment-allocations.parquet"));
    expect(linked.rows).toHaveLength(allocations);
    expect(linked.types["Amount"]).toMatch(/^DECIMAL\(38,\d\)$/);

    const empty = join(dir, "expenses.parquet");
    expect((await run(["export", "expenses", "--out", empty, "--quiet"])).code).toBe(0);
    expect(await readParquet(empty)).toEqual({ types: { "No records": "VARCHAR" }, rows: [] });
  }, 60_000);
});
