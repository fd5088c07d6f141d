// The headless export over real HTTP against the sandbox: files read back (exceljs for .xlsx, an
// RFC 4180 reader for .csv) and compared field by field with the API, types and formats included;
// exit codes a scheduler can act on; no half-written file under the target's name.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import * as ExcelJS from "exceljs";
import { iterateCollection, iteratePayments, JsonRecord, LedgerApi } from "../../src/api";
import { EXIT, runCli } from "../../src/cli/main";
import { shapersFor } from "../../src/import/shapers";
import { NUMBER_FORMATS, type CellValue } from "../../src/sheets/cells";
import { AWKWARD_TEXTS, DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

let sandbox: RunningSandbox;
let dir: string;

function env(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    LEDGER_SHEETS_API_ADDRESS: sandbox.baseUrl,
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

function api(): LedgerApi {
  return new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

async function records(path: string): Promise<JsonRecord[]> {
  const all: JsonRecord[] = [];
  for await (const page of iterateCollection(api(), path)) all.push(...page.data);
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
  sandbox = await startSandbox({ port: 0, records: { invoices: 120, bills: 30 } });
  dir = mkdtempSync(join(tmpdir(), "export-test-"));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("ledger-sheets export", () => {
  it("writes invoices to .xlsx: ids as text, money as numbers, real dates, field by field", async () => {
    const out = join(dir, "invoices.xlsx");
    const result = await cli(["export", "invoices", "--out", out]);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(/^Exported 120 records to .*invoices\.xlsx in/);
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
      const id = row.getCell(column("ID"));
      expect(id.value).toBe(record["id"]);
      expect(id.numFmt).toBe("@");
      // Text stays text, as the server wrote it (leading zeros, formulas and all).
      const number = row.getCell(column("Invoice number"));
      expect(number.value).toBe(record["invoice_number"]);
      expect(number.numFmt).toBe("@");
      const reference = row.getCell(column("Reference"));
      if (typeof record["reference"] === "string" && record["reference"] !== "") {
        if (record["reference"].length <= 1000) expect(reference.value).toBe(record["reference"]);
        expect(reference.numFmt).toBe("@");
      }
      const total = row.getCell(column("Total"));
      if (typeof total.value === "number") {
        expect(new Decimal(total.value).equals(new Decimal(String(record["total"])))).toBe(true);
        expect(total.numFmt).toBe("#,##0.00");
      } else {
        // An amount no double holds exactly stays exact text, as in the add-in.
        expect(total.value).toBe(record["total"]);
        expect(total.numFmt).toBe("@");
      }
      const issued = row.getCell(column("Issue date")).value;
      expect(issued instanceof Date ? issued.toISOString().slice(0, 10) : issued).toBe(
        record["issue_date"],
      );
      expect(row.getCell(column("Issue date")).numFmt).toBe("yyyy-mm-dd");
    }
  });

  it("writes every cell as the add-in's import shapes it: same values, same number formats", async () => {
    const out = join(dir, "shaped.xlsx");
    expect((await cli(["export", "invoices", "--out", out])).code).toBe(EXIT.ok);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const { header, rows } = rowsOf(workbook.worksheets[0]!);
    // The add-in's shaping, page by page as the import does it.
    const shapers = shapersFor("invoices");
    const expected: { cells: CellValue[]; text: Set<number> }[] = [];
    for await (const page of iterateCollection(api(), "/invoices")) {
      const shaped = shapers.shapePage(page.data).main;
      shaped.rows.forEach((cells, row) => {
        const text = new Set(shaped.textCells.filter((c) => c.row === row).map((c) => c.column));
        expected.push({ cells, text });
      });
    }
    const columns = shapers.main.columns();
    expect(header).toEqual(columns.map((column) => column.header));
    let compared = 0;
    expected.forEach(({ cells, text }, r) => {
      columns.forEach((column, c) => {
        const cell = rows[r]!.getCell(c + 1);
        const value = cells[c] ?? "";
        const where = `${column.header} of row ${r + 2}`;
        if (value === "") {
          expect({ where, value: cell.value ?? null }).toEqual({ where, value: null });
        } else if (typeof value === "string" || text.has(c)) {
          expect({ where, value: cell.value, numFmt: cell.numFmt }).toEqual({
            where,
            value: String(value),
            numFmt: "@",
          });
        } else if (cell.value instanceof Date) {
          // exceljs reads a date-formatted number back as a Date: the same serial.
          const serial = cell.value.getTime() / 86_400_000 + 25_569;
          expect({ where, close: Math.abs(serial - (value as number)) < 1e-6 }).toEqual({
            where,
            close: true,
          });
          expect(cell.numFmt).toBe(NUMBER_FORMATS[column.kind]);
        } else {
          expect({ where, value: cell.value, numFmt: cell.numFmt }).toEqual({
            where,
            value,
            numFmt: NUMBER_FORMATS[column.kind],
          });
        }
        compared++;
      });
    });
    expect(compared).toBeGreaterThan(120 * 10);
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
    for await (const batch of iteratePayments(api())) {
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
    const target = join(dir, "invoices.csv");
    expect((await cli(["export", "invoices", "--out", target])).code).toBe(EXIT.ok);
    // Invoices and their lines: a file each.
    expect(existsSync(join(dir, "invoices.invoice-lines.csv"))).toBe(true);
    const out = join(dir, "invoices.invoices.csv");
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = readCsv(bytes.toString("utf8").slice(1));
    const api = await records("/invoices");
    expect(rows).toHaveLength(api.length);
    const at = (name: string) => header!.indexOf(name);
    for (const [index, record] of api.entries()) {
      const row = rows[index]!;
      expect(row).toHaveLength(header!.length);
      expect(row[at("ID")]).toBe(record["id"]);
      expect(row[at("Issue date")]).toBe(record["issue_date"]);
      // The server's decimal text, its scale and every digit kept (20659.60, 98765432109876.54).
      expect(row[at("Total")]).toBe(record["total"]);
      // No field a spreadsheet would run: plain numbers apart, none starts with a formula sign.
      for (const field of row) {
        expect(/^[=+\-@\t\r]/.test(field) && !/^[+-]?\d+(\.\d+)?$/.test(field)).toBe(false);
      }
    }
    expect(api.some((record) => /\.\d0$/.test(String(record["total"])))).toBe(true);
    // The sandbox's awkward texts (formulas, commas, quotes, Unicode, leading zeros, 40,000
    // characters) come back whole, as they were, a formula behind its apostrophe.
    const reference = at("Reference");
    let checked = 0;
    for (const awkward of AWKWARD_TEXTS) {
      if (typeof awkward.value !== "string") continue;
      const runs = /^[=@\t\r]/.test(awkward.value) || /^[+-]\D|^[+-].*[^\d.]/.test(awkward.value);
      const expected = runs ? `'${awkward.value}` : awkward.value;
      expect({ label: awkward.label, field: rows[awkward.index]![reference] }).toEqual({
        label: awkward.label,
        field: expected,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });

  it("writes a CSV file per sheet for payments", async () => {
    const out = join(dir, "pay.csv");
    expect((await cli(["export", "payments", "--out", out])).code).toBe(EXIT.ok);
    expect(existsSync(join(dir, "pay.payments.csv"))).toBe(true);
    expect(existsSync(join(dir, "pay.payment-allocations.csv"))).toBe(true);
  });

  it("exits with codes a scheduler can act on, and never takes the token from arguments", async () => {
    const out = join(dir, "x.xlsx");
    const token = await cli(["export", "invoices", "--out", out, "--token", "secret"]);
    expect(token.code).toBe(EXIT.usage);
    expect(token.stderr).toMatch(/never taken from the command line/);
    expect((await cli(["export", "nothing", "--out", out])).code).toBe(EXIT.usage);
    expect((await cli(["export", "invoices", "--out", join(dir, "x.txt")])).code).toBe(EXIT.usage);
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
    const slow = await startSandbox({ port: 0, latencyMs: 40, records: { invoices: 2_000 } });
    try {
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
    } finally {
      await slow.close();
    }
  });
});
