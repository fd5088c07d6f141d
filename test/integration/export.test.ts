// The headless export over real HTTP against the sandbox: files read back (exceljs for .xlsx, an
// RFC 4180 reader for .csv) and compared field by field with the API, types and formats included;
// exit codes a scheduler can act on; no half-written file under the target's name.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import * as ExcelJS from "exceljs";
import { iterateCollection, iteratePayments, JsonRecord } from "../../src/api";
import { EXIT, runCli } from "../../src/cli/main";
import { AWKWARD_TEXTS, DEMO_TOKEN } from "../../tools/sandbox";
import { demoApi, useSandbox, withSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 120, bills: 30 } });
let dir: string;

function env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    LEDGER_SHEETS_API_ADDRESS: sandbox().baseUrl,
    LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
    LEDGER_SHEETS_IDENTITY: "demo-company",
    ...overrides,
  };
}

async function cli(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; sheetRows?: number } = {},
) {
  let stderr = "";
  let stdout = "";
  const code = await runCli({
    argv,
    env: options.env ?? env(),
    stderr: { write: (text: string) => (stderr += text) },
    stdout: { write: (text: string) => (stdout += text) },
    signal: options.signal ?? new AbortController().signal,
    ...(options.sheetRows === undefined ? {} : { sheetRows: options.sheetRows }),
  });
  return { code, stderr, stdout };
}

async function records(path: string): Promise<JsonRecord[]> {
  const all: JsonRecord[] = [];
  for await (const page of iterateCollection(demoApi(sandbox()), path)) all.push(...page.data);
  return all;
}

/** Every row of a worksheet as header -> cell. */
function rowsOf(sheet: ExcelJS.Worksheet): { header: string[]; rows: ExcelJS.Row[] } {
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  return { header, rows };
}

/** An RFC 4180 reader for a whole file (fields may hold line breaks). */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  return records;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "export-test-"));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe("ledger-sheets export", () => {
  it("writes invoices to .xlsx: ids as text, money as numbers in their format, real dates, field by field", async () => {
    const out = join(dir, "invoices.xlsx");
    const result = await cli(["export", "invoices", "--out", out]);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^Exported 120 records to .*invoices\.xlsx in/);
    expect(result.stderr).toMatch(
      /^Invoices, total: 1 value with more than 15 significant digits, which no Excel number holds exactly, written as text/m,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Invoices", "Invoice lines"]);
    const { header, rows } = rowsOf(workbook.worksheets[0]!);
    const api = await records("/invoices");
    expect(rows).toHaveLength(api.length);
    const column = (name: string) => {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`No column “${name}” in ${header.join(", ")}`);
      return index + 1;
    };
    for (const [index, record] of api.entries()) {
      const row = rows[index]!;
      const id = row.getCell(column("id"));
      expect(id.value).toBe(record["id"]);
      expect(id.numFmt).toBe("@");
      // Text stays text, as the server wrote it (leading zeros, formulas and all).
      const number = row.getCell(column("invoice_number"));
      expect(number.value).toBe(record["invoice_number"]);
      expect(number.numFmt).toBe("@");
      const reference = row.getCell(column("reference"));
      if (typeof record["reference"] === "string" && record["reference"] !== "") {
        if (record["reference"].length <= 1000) expect(reference.value).toBe(record["reference"]);
        expect(reference.numFmt).toBe("@");
      }
      const total = row.getCell(column("total"));
      if (typeof total.value === "number") {
        expect(new Decimal(total.value).equals(new Decimal(String(record["total"])))).toBe(true);
        expect(total.numFmt).toBe("#,##0.00");
      } else {
        // An amount no double holds exactly stays exact text (and the command says so).
        expect(total.value).toBe(record["total"]);
        expect(total.numFmt).toBe("@");
      }
      const issued = row.getCell(column("issue_date")).value;
      expect(issued instanceof Date ? issued.toISOString().slice(0, 10) : issued).toBe(
        record["issue_date"],
      );
      expect(row.getCell(column("issue_date")).numFmt).toBe("yyyy-mm-dd");
      // Date-times keep their microseconds: ISO 8601 text, as in CSV.
      const created = row.getCell(column("created_at"));
      expect(Date.parse(String(created.value))).toBe(Date.parse(String(record["created_at"])));
      expect(created.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    }
  });

  it("writes payments with their allocations on a second sheet, and all as a sheet per list", async () => {
    const out = join(dir, "payments.xlsx");
    expect((await cli(["export", "payments", "--out", out])).code).toBe(EXIT.ok);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Payments",
      "Payment allocations",
    ]);
    let payments = 0;
    let allocations = 0;
    for await (const batch of iteratePayments(demoApi(sandbox()))) {
      payments += batch.page.data.length;
      for (const payment of batch.page.data) allocations += payment.allocations.length;
    }
    expect(rowsOf(workbook.worksheets[0]!).rows).toHaveLength(payments);
    expect(rowsOf(workbook.worksheets[1]!).rows).toHaveLength(allocations);

    const all = join(dir, "all.xlsx");
    expect((await cli(["export", "all", "--out", all, "--quiet"])).stdout).toBe("");
    const every = new ExcelJS.Workbook();
    await every.xlsx.readFile(all);
    expect(every.worksheets.map((sheet) => sheet.name)).toEqual([
      "Payments",
      "Payment allocations",
      "Invoices",
      "Invoice lines",
      "Receipts",
      "Bills",
      "Bill lines",
      "Credit notes",
      "Credit note lines",
      "Debit notes",
      "Debit note lines",
      "Expenses",
    ]);
  });

  it("continues on a second sheet over the row limit and says so", async () => {
    const out = join(dir, "limited.xlsx");
    const result = await cli(["export", "invoices", "--out", out], { sheetRows: 51 });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toContain(
      "Invoices has more rows than an Excel sheet holds (50); it continues on “Invoices (2)”, “Invoices (3)”.",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    expect(workbook.worksheets.map((sheet) => [sheet.name, rowsOf(sheet).rows.length])).toEqual([
      ["Invoices", 50],
      ["Invoices (2)", 50],
      ["Invoices (3)", 20],
      // Their lines continue the same way, on sheets of their own.
      ["Invoice lines", 50],
      ["Invoice lines (2)", 50],
      ["Invoice lines (3)", 50],
      ["Invoice lines (4)", 50],
      ["Invoice lines (5)", 50],
      ["Invoice lines (6)", 35],
    ]);
  });

  it("writes CSV that reads back as the API's text: quotes, commas, newlines, Unicode, no formulas", async () => {
    const folder = join(dir, "csv");
    mkdirSync(folder);
    expect((await cli(["export", "invoices", "--out", folder, "--format", "csv"])).code).toBe(
      EXIT.ok,
    );
    // Invoices and their lines: a file each, named after its table.
    expect(readdirSync(folder).sort()).toEqual(["invoice_lines.csv", "invoices.csv"]);
    const out = join(folder, "invoices.csv");
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = readCsv(bytes.toString("utf8").slice(1));
    const api = await records("/invoices");
    expect(rows).toHaveLength(api.length);
    const at = (name: string) => header!.indexOf(name);
    for (const [index, record] of api.entries()) {
      const row = rows[index]!;
      expect(row).toHaveLength(header!.length);
      expect(row[at("id")]).toBe(record["id"]);
      expect(row[at("issue_date")]).toBe(record["issue_date"]);
      // The server's decimal text, its scale and every digit kept (20659.60, 98765432109876.54).
      expect(row[at("total")]).toBe(record["total"]);
      // No field a spreadsheet would run: plain numbers apart, none starts with a formula sign.
      for (const field of row) {
        expect(/^[=+\-@\t\r]/.test(field) && !/^[+-]?\d+(\.\d+)?$/.test(field)).toBe(false);
      }
    }
    expect(api.some((record) => /\.\d0$/.test(String(record["total"])))).toBe(true);
    // The sandbox's awkward texts (formulas, commas, quotes, Unicode, leading zeros, 40,000
    // characters) come back whole, as they were, a formula behind its apostrophe.
    const reference = at("reference");
    let checked = 0;
    for (const awkward of AWKWARD_TEXTS) {
      if (typeof awkward.value !== "string") continue;
      const runs = /^[=@\t\r]/.test(awkward.value) || /^[+-]\D|^[+-].*[^\d.]/.test(awkward.value);
      // The reader gives "" for a quoted empty field and for an empty one alike.
      const expected = runs ? `'${awkward.value}` : awkward.value;
      expect({ label: awkward.label, field: rows[awkward.index]![reference] }).toEqual({
        label: awkward.label,
        field: expected,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("writes a file per table for payments, JSON Lines too", async () => {
    const folder = join(dir, "pay");
    mkdirSync(folder);
    expect((await cli(["export", "payments", "--out", folder, "--format", "jsonl"])).code).toBe(
      EXIT.ok,
    );
    expect(readdirSync(folder).sort()).toEqual(["payment_allocations.jsonl", "payments.jsonl"]);
    const payments = readFileSync(join(folder, "payments.jsonl"), "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const listed: JsonRecord[] = [];
    for await (const batch of iteratePayments(demoApi(sandbox())))
      listed.push(...(batch.page.data as never[]));
    expect(payments.map((row) => row["id"])).toEqual(listed.map((record) => record["id"]));
    // Amounts as the API's decimal strings; nested values (documents, with their URLs) as JSON.
    expect(payments.map((row) => row["amount"])).toEqual(listed.map((record) => record["amount"]));
    expect(payments.map((row) => row["documents"])).toEqual(
      listed.map((record) => record["documents"]),
    );
  });

  it("exits with codes a scheduler can act on, and never takes the token from arguments", async () => {
    const out = join(dir, "x.xlsx");
    const token = await cli(["export", "invoices", "--out", out, "--token", "secret"]);
    expect(token.code).toBe(EXIT.usage);
    expect(token.stderr).toMatch(/never taken from the command line/);
    expect((await cli(["export", "nothing", "--out", out])).code).toBe(EXIT.usage);
    expect((await cli(["export", "invoices", "--out", join(dir, "x.csv")])).code).toBe(EXIT.usage);
    const noFolder = await cli([
      "export",
      "invoices",
      "--out",
      join(dir, "none", "exports"),
      "--format",
      "csv",
    ]);
    expect(noFolder).toMatchObject({
      code: EXIT.usage,
      stderr: expect.stringMatching(/does not exist/),
    });
    const table = await cli([
      "export",
      "invoices",
      "--out",
      "-",
      "--format",
      "csv",
      "--table",
      "x",
    ]);
    expect(table).toEqual({
      code: EXIT.usage,
      stdout: "",
      stderr: "--table names none of this list's tables: invoices, invoice_lines.\n",
    });
    const missing = await cli(["export", "invoices", "--out", out], {
      env: env({ LEDGER_SHEETS_TOKEN: "" }),
    });
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toMatch(/Missing LEDGER_SHEETS_TOKEN/);
    const wrong = await cli(["export", "invoices", "--out", out], {
      env: env({ LEDGER_SHEETS_TOKEN: "wrong-token-value" }),
    });
    expect(wrong.code).toBe(EXIT.auth);
    expect(wrong.stderr).not.toContain("wrong-token-value");
    const plainHttp = await cli(["export", "invoices", "--out", out], {
      env: env({ LEDGER_SHEETS_API_ADDRESS: "http://api.example.com/v1" }),
    });
    expect(plainHttp.code).toBe(EXIT.usage);
    const down = await cli(["export", "invoices", "--out", out], {
      env: env({ LEDGER_SHEETS_API_ADDRESS: "http://127.0.0.1:9/v1" }),
    });
    expect(down.code).toBe(EXIT.unreachable);
    expect(existsSync(out)).toBe(false);
  });

  it("leaves no file, whole or partial, when interrupted", async () => {
    await withSandbox({ latencyMs: 40, records: { invoices: 2_000 } }, async (slow) => {
      const out = join(dir, "interrupted.xlsx");
      const controller = new AbortController();
      // Stopped once the export is under way: when its first request reaches the sandbox.
      void slow.nextApiRequest().then(() => controller.abort());
      const result = await cli(["export", "invoices", "--out", out], {
        env: env({ LEDGER_SHEETS_API_ADDRESS: slow.baseUrl }),
        signal: controller.signal,
      });
      expect(result.code).toBe(EXIT.interrupted);
      expect(result.stderr).toContain("Interrupted: no file was written.");
      expect(readdirSync(dir).filter((name) => name.includes("interrupted"))).toEqual([]);
    });
  });
});
