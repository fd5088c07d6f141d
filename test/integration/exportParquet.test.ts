// `--format parquet` read back by an engine nobody here wrote (DuckDB): one schema per list
// whatever the rows (an empty list and a full one give the same files with the same DESCRIBE),
// every value equal to the API's, and the README's DuckDB example run as written. The export runs
// as a scheduler runs it: the built binary, in a process of its own.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { iteratePayments, LedgerApi } from "../../src/api";
import { DEMO_TOKEN, RunningSandbox } from "../../tools/sandbox";
import { compareInvoicesWithApi, readParquet } from "./helpers/parquetReadBack";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const ROOT = join(__dirname, "..", "..");
// 200,000 are compared the same way by the benchmark (npm run bench, the Parquet rows).
const INVOICES = 2_000;
const full = useSandbox({ records: { invoices: INVOICES } });
const empty = useSandbox({ records: { invoices: 0, payments: 0 } });
let dir: string;

function run(sandbox: RunningSandbox, args: string[]) {
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
  return demoApi(full());
}

/** A fresh folder under the test's own. */
function folder(name: string): string {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
}

/** DuckDB's DESCRIBE of every file of a folder: file name -> [column, type][]. */
async function schemas(path: string): Promise<Record<string, [string, string][]>> {
  const result: Record<string, [string, string][]> = {};
  for (const file of readdirSync(path).sort()) {
    const { types } = await readParquet(join(path, file));
    result[file] = Object.entries(types);
  }
  return result;
}

beforeAll(async () => {
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(ROOT, "tsconfig.cli.json"),
  ]);
  dir = mkdtempSync(join(tmpdir(), "export-parquet-"));
}, 120_000);

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("ledger-sheets export --format parquet", () => {
  it("writes an empty list and a full one as the same files with the same schema", async () => {
    for (const list of ["invoices", "payments"]) {
      const whole = folder(`full-${list}`);
      const none = folder(`empty-${list}`);
      expect(
        await run(full(), ["export", list, "--out", whole, "--format", "parquet"]),
      ).toMatchObject({ code: 0, stderr: "" });
      expect(
        await run(empty(), ["export", list, "--out", none, "--format", "parquet", "--quiet"]),
      ).toMatchObject({ code: 0, stderr: "", stdout: "" });
      expect(readdirSync(none).sort()).toEqual(readdirSync(whole).sort());
      expect(await schemas(none)).toEqual(await schemas(whole));
      for (const file of readdirSync(none)) {
        expect((await readParquet(join(none, file))).rows).toEqual([]);
      }
    }
    expect(readdirSync(join(dir, "full-invoices")).sort()).toEqual([
      "invoice_lines.parquet",
      "invoices.parquet",
    ]);
    const { types } = await readParquet(join(dir, "full-invoices", "invoices.parquet"));
    expect(types).toMatchObject({
      id: "VARCHAR",
      reference: "VARCHAR",
      contact: "VARCHAR",
      issue_date: "DATE",
      total: "DECIMAL(38,4)",
      exchange_rate: "DECIMAL(38,4)",
      created_at: "TIMESTAMP WITH TIME ZONE",
      other_fields: "VARCHAR",
    });
    const lines = await readParquet(join(dir, "full-invoices", "invoice_lines.parquet"));
    expect(lines.types).toMatchObject({
      invoice_id: "VARCHAR",
      line_number: "BIGINT",
      quantity: "DECIMAL(38,4)",
      amount: "DECIMAL(38,4)",
    });
  }, 120_000);

  it(`writes ${INVOICES.toLocaleString("en-US")} invoices that DuckDB reads back, every value equal to the API's`, async () => {
    const out = join(dir, "full-invoices", "invoices.parquet");
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const comparison = await compareInvoicesWithApi(api(), out);
    expect(comparison).toMatchObject({ records: INVOICES, rows: INVOICES });
    expect(comparison.differences).toEqual([]);
    expect(comparison.differenceCount).toBe(0);
    expect(comparison.compared).toBe(INVOICES * Object.keys(comparison.types).length);
    // "" stays apart from NULL: the awkward reference of record 15 is "", of record 16 null.
    const { rows } = await readParquet(out);
    expect(rows[15]!["reference"]).toBe("");
    expect(rows[16]!["reference"]).toBeNull();
  }, 120_000);

  it("numbers every line and allocation, and writes each allocation's payment", async () => {
    let allocations = 0;
    for await (const batch of iteratePayments(api())) {
      for (const payment of batch.page.data) allocations += payment.allocations.length;
    }
    const linked = await readParquet(join(dir, "full-payments", "payment_allocations.parquet"));
    expect(linked.rows).toHaveLength(allocations);
    expect(linked.rows[0]).toMatchObject({ line_number: "1" });
    expect(linked.rows.every((row) => Number(row["line_number"]) >= 1)).toBe(true);
    const lines = await readParquet(join(dir, "full-invoices", "invoice_lines.parquet"));
    const first = lines.rows.filter((row) => row["line_number"] === "1");
    expect(new Set(first.map((row) => row["invoice_id"])).size).toBe(INVOICES);
  }, 60_000);

  it("runs the README's DuckDB example as written", async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("Loading it in DuckDB"));
    const sql = /```sql\n([\s\S]*?)```/.exec(section)![1]!;
    const shell = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim();
    expect(shell).toBe("npx ledger-sheets export invoices --out exports --format parquet");
    const cwd = folder("readme");
    const exports = join(cwd, "exports");
    mkdirSync(exports);
    expect(
      (await run(full(), ["export", "invoices", "--out", exports, "--format", "parquet"])).code,
    ).toBe(0);
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    try {
      await connection.run(`SET file_search_path = '${cwd.replace(/'/g, "''")}'`);
      let last: Record<string, unknown>[] = [];
      for (const statement of sql.split(";").filter((each) => each.trim() !== "")) {
        last = (await connection.runAndReadAll(statement)).getRowObjectsJson();
      }
      expect(last.length).toBeGreaterThan(0);
    } finally {
      connection.closeSync();
    }
  }, 60_000);
});
