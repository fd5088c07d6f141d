// `--out FILE.parquet` read back by an engine nobody here wrote (DuckDB): typed columns (DECIMAL
// amounts with their scale, DATE, TIMESTAMP in UTC, ids as strings) and every value equal to
// the API's. The export runs as a scheduler runs it: the built binary, in a process of its own.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import Decimal from "decimal.js";
import { iterateCollection, iteratePayments, type JsonRecord, LedgerApi } from "../../src/api";
import { shapersFor } from "../../src/import/shapers";
import type { CellValue } from "../../src/sheets/cells";
import { serialToIsoDate } from "../../src/sheets/excelDates";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

const ROOT = join(__dirname, "..", "..");
const INVOICES = 20_000;
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

/** Every row of a Parquet file, each column as DuckDB's text of it (timestamps in epoch ms). */
async function readParquet(path: string) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const source = `read_parquet('${path.replace(/'/g, "''")}')`;
  const described = (
    await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`)
  ).getRowObjectsJson() as { column_name: string; column_type: string }[];
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const select = described
    .map(({ column_name: name, column_type: type }) =>
      type.startsWith("TIMESTAMP")
        ? `CAST(epoch_ms(${quoted(name)}) AS VARCHAR) AS ${quoted(name)}`
        : `CAST(${quoted(name)} AS VARCHAR) AS ${quoted(name)}`,
    )
    .join(", ");
  const rows = (
    await connection.runAndReadAll(`SELECT ${select} FROM ${source}`)
  ).getRowObjectsJson() as Record<string, string | null>[];
  connection.closeSync();
  return {
    types: Object.fromEntries(described.map((each) => [each.column_name, each.column_type])),
    rows,
  };
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
    const out = join(dir, "invoices.parquet");
    const result = await run(["export", "invoices", "--out", out]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^Exported 20,000 records to .*invoices\.parquet in/);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const records: JsonRecord[] = [];
    for await (const page of iterateCollection(api(), "/invoices")) records.push(...page.data);
    const { types, rows } = await readParquet(out);
    expect(rows).toHaveLength(records.length);
    // Every cell of every column, against the add-in's shaping of the same records.
    const shapers = shapersFor("invoices", undefined, { exactText: true });
    const expected: CellValue[][] = [];
    for (let start = 0; start < records.length; start += 100) {
      expected.push(...shapers.shapePage(records.slice(start, start + 100)).main.rows);
    }
    const columns = shapers.main.columns();
    expect(Object.keys(types)).toEqual(columns.map((column) => column.header));
    const header = (key: string) => columns.find((column) => column.key === key)!.header;
    expect(types[header("id")]).toBe("VARCHAR");
    expect(types[header("total")]).toBe("DECIMAL(38,2)");
    expect(types[header("issue_date")]).toBe("DATE");
    expect(types[header("created_at")]).toBe("TIMESTAMP WITH TIME ZONE");

    // Straight from the API: ids, amounts with their scale, dates, date-times in UTC.
    records.forEach((record, index) => {
      const row = rows[index]!;
      expect(row[header("id")]).toBe(record["id"]);
      expect(row[header("invoice_number")]).toBe(record["invoice_number"]);
      expect(row[header("total")]).toBe(record["total"]);
      expect(row[header("issue_date")]).toBe(record["issue_date"]);
      expect(row[header("created_at")]).toBe(String(Date.parse(String(record["created_at"]))));
    });
    let compared = 0;
    expected.forEach((cells, r) => {
      columns.forEach((column, c) => {
        const value = cells[c] ?? "";
        const got = rows[r]![column.header] ?? null;
        const type = types[column.header]!;
        const where = `${column.header} of row ${r + 1}`;
        let same: boolean;
        if (value === "") same = got === null;
        else if (type.startsWith("DECIMAL")) same = new Decimal(got!).equals(String(value));
        else if (type === "DATE") same = got === serialToIsoDate(value as number);
        else if (type.startsWith("TIMESTAMP"))
          same = got === String(Math.round(((value as number) - 25_569) * 86_400_000));
        else same = got === String(value);
        if (!same) expect({ where, got }).toEqual({ where, got: value });
        compared += 1;
      });
    });
    expect(compared).toBe(records.length * columns.length);
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
