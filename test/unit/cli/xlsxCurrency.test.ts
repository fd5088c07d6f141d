// Each amount of an .xlsx export keeps its own currency's format (KWD 3 decimals, JPY 0, USD 2),
// read back by exceljs; an amount no Excel number holds exactly is text, and counted.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as ExcelJS from "exceljs";
import fc from "fast-check";
import type { JsonRecord } from "../../../src/api";
import { PartialFile } from "../../../src/cli/partialFile";
import { XlsxBook } from "../../../src/cli/xlsxBook";
import { significantDigits } from "../../../src/cli/xlsxCells";
import { exportListOf } from "../../../src/export/exportLists";
import { ListRows } from "../../../src/export/exportRows";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "xlsx-currency-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RECORDS: JsonRecord[] = [
  {
    id: "kwd",
    currency_code: "KWD",
    total: "20295.945",
    exchange_rate: "3.25",
    issue_date: "2026-01-15",
    lines: [{ quantity: "2.5", unit_price: "8118.378", amount: "20295.945" }],
  },
  {
    id: "jpy",
    currency_code: "JPY",
    total: "25505",
    exchange_rate: "0.0067",
    lines: [{ quantity: "1", unit_price: "25505", amount: "25505" }],
  },
  { id: "usd", currency_code: "USD", total: "98765432109876.54", lines: [] },
];

it("writes each amount in its currency's format, lines included, and counts inexact ones", async () => {
  const list = exportListOf("invoices");
  const rows = new ListRows(list);
  const path = join(dir, "currencies.xlsx");
  const file = await PartialFile.create(path);
  const book = new XlsxBook(file, () => Promise.resolve(dir));
  const main = book.live(list.main);
  const lines = book.spooled(list.lines!.table);
  const built = RECORDS.map((record) => rows.rowsOf(record)!);
  await main.add(built.map((each) => each.main));
  await lines.add(built.flatMap((each) => each.lines));
  await main.finish();
  await lines.finish();
  await book.commit();
  await file.commit();
  expect(book.notes).toEqual([
    "Invoices, total: 1 value with more than 15 significant digits, which no Excel number holds exactly, written as text (SUM skips them; the .csv, .jsonl and .parquet exports keep them as numbers).",
  ]);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Invoices", "Invoice lines"]);
  const cells = (sheet: ExcelJS.Worksheet, name: string) => {
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf(name) + 1;
    return [2, 3, 4]
      .filter((row) => row <= sheet.rowCount)
      .map((row) => sheet.getRow(row).getCell(column))
      .map((cell) => ({ value: cell.value, numFmt: cell.numFmt }));
  };
  const [invoices, invoiceLines] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
  expect(cells(invoices, "total")).toEqual([
    { value: 20295.945, numFmt: "#,##0.000" },
    { value: 25505, numFmt: "#,##0" },
    { value: "98765432109876.54", numFmt: "@" },
  ]);
  expect(cells(invoices, "exchange_rate").slice(0, 2)).toEqual([
    { value: 3.25, numFmt: "0.00##" },
    { value: 0.0067, numFmt: "0.00##" },
  ]);
  expect(cells(invoices, "issue_date")[0]).toEqual({
    value: new Date("2026-01-15T00:00:00Z"),
    numFmt: "yyyy-mm-dd",
  });
  expect(cells(invoiceLines, "amount")).toEqual([
    { value: 20295.945, numFmt: "#,##0.000" },
    { value: 25505, numFmt: "#,##0" },
  ]);
  expect(cells(invoiceLines, "line_number")).toEqual([
    { value: 1, numFmt: "0" },
    { value: 1, numFmt: "0" },
  ]);
});

it("counts an amount's significant digits as a double would need them", () => {
  // The rule restated: every digit, leading zeros and the fraction's trailing zeros apart.
  const expected = (text: string): number => {
    const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
    const fraction = text.split(".")[1] ?? "";
    return Math.max(0, digits.length - (fraction.length - fraction.replace(/0+$/, "").length));
  };
  for (const text of [
    "0.00",
    "20295.945",
    "-98765432109876.54",
    "25500.00",
    "0.0012",
    "100",
    "1.50",
  ]) {
    expect(significantDigits(text)).toBe(expected(text));
  }
  fc.assert(
    fc.property(fc.stringMatching(/^-?\d{1,20}(\.\d{1,6})?$/), (text) => {
      expect(significantDigits(text)).toBe(expected(text));
    }),
    { numRuns: 5_000 },
  );
});
