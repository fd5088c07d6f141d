// The shaped output of realistic pages, fixed in golden files: the sandbox's invoices with their
// lines and payments with their allocations, then pages of odd values (amounts of other decimals,
// numbers no double holds, impossible dates, cut text, lines that are not objects, fields that
// appear late or turn into objects). Every cell's value and type, the text cells, misfits, own
// formats, notes, columns and each row's estimated request bytes: a change to how rows are
// shaped, however it is made faster, must not change any of them.
import { createHash } from "node:crypto";
import { isJsonObject, parseJsonText, type JsonRecord } from "../../../src/api";
import type { CellValue } from "../../../src/sheets/cells";
import {
  shapersFor,
  type ShapedPage,
  type ShapedRows,
} from "../../../src/sheets/collectionShapers";
import type { ShapeOptions } from "../../../src/sheets/typedCells";
import { join } from "node:path";
import { goldenFilesIn } from "../helpers/goldenFiles";
import { collectionRecords, paymentRecords, payments } from "./sandboxRecords";

const golden = goldenFilesIn(join(__dirname, "golden"));

/** A cell as golden text: its type shows (`12.5` a number, `"12.5"` text); long text by digest. */
function cellText(value: CellValue): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "boolean") return String(value);
  if (value.length <= 120) return JSON.stringify(value);
  const digest = createHash("sha256").update(value, "utf8").digest("hex").slice(0, 16);
  return `<text of ${value.length}: ${JSON.stringify(value.slice(0, 20))}… sha256 ${digest}>`;
}

function sheetText(name: string, shaped: ShapedRows, columns: readonly string[]): string[] {
  const lines = [`## ${name}: ${shaped.rows.length} rows, ${shaped.bytes} bytes`];
  lines.push(`columns: ${columns.join(" | ")}`);
  shaped.rows.forEach((row, index) => {
    lines.push(`${index} [${shaped.rowBytes[index]}] ${row.map(cellText).join(", ")}`);
  });
  for (const cell of shaped.textCells) lines.push(`text cell ${cell.row},${cell.column}`);
  for (const misfit of shaped.misfits) {
    lines.push(`misfit ${misfit.row},${misfit.column}: ${misfit.reason}`);
  }
  for (const cell of shaped.formatCells ?? []) {
    lines.push(`format ${cell.row},${cell.column}: ${cell.format}`);
  }
  for (const note of shaped.notes) lines.push(`note ${note.row}: ${note.message}`);
  return lines;
}

/** Every page shaped by one set of shapers, as golden text. */
function shapedText(
  collection: "invoices" | "payments",
  pages: readonly (readonly JsonRecord[])[],
  options: ShapeOptions = {},
): string {
  const shapers = shapersFor(collection, undefined, options);
  const typed = collection === "payments" ? payments(0, 60) : [];
  const lines: string[] = [];
  pages.forEach((records, index) => {
    const page: ShapedPage =
      collection === "payments"
        ? shapers.shapePage(
            records,
            records.map((record) => typed.find((each) => each.id === record["id"])!),
          )
        : shapers.shapePage(records);
    const columns = (specs: readonly { key: string; header: string; kind: string }[]) =>
      specs.map((spec) => `${spec.key}=${spec.header}:${spec.kind}`);
    lines.push(`# page ${index + 1}`);
    lines.push(...sheetText("main", page.main, columns(shapers.main.columns())));
    if (page.linked) {
      lines.push(`per record: ${page.linked.perRecord.join(",")}`);
      lines.push(...sheetText("linked", page.linked, columns(shapers.linked!.shaper.columns())));
    }
  });
  return lines.join("\n");
}

const LONG = `${"x".repeat(32_766)}😀${"y".repeat(100)}`;

/** JSON text as the API could send it, read by the client's lossless reader. */
function recordsOf(text: string): JsonRecord[] {
  const parsed = parseJsonText(text);
  if (!Array.isArray(parsed) || !parsed.every((each) => isJsonObject(each))) {
    throw new Error("expected an array of objects");
  }
  return parsed as JsonRecord[];
}

/** Invoices with odd values, after a page of the sandbox's has fixed the columns. */
const ODD_INVOICES = recordsOf(`[
  {"id":"odd-1","invoice_number":"ODD-1","reference":${JSON.stringify(LONG)},"status":true,
   "contact":{"id":"c-1","name":"Quote \\" and back\\\\slash \\u0001 张伟 \\ud800 lone"},
   "issue_date":"1900-02-28","due_date":"2026-02-30","currency_code":"KWD","exchange_rate":"0.0000001",
   "sub_total":"1.005","tax_total":"1.0055","total":12.5,"amount_paid":12345678901234567890,
   "amount_due":"-0.00","created_at":"2026-01-15T10:20:30+02:00","updated_at":"2026-01-15",
   "lines":[5,{"description":"Own id","quantity":"1.00","unit_price":"1.005","amount":"1.005",
     "invoice_id":"someone-else","invoice_number":"ODD-1"},{"description":null,"amount":7}],
   "voided_at":"2026-01-16T00:00:00.123456Z","tags":["a","b"],"a.b":"dotted","a":{"b":"nested"}},
  {"id":"odd-2","invoice_number":"ODD-2","reference":"007","status":12,
   "contact":"just a name","issue_date":"9999-12-31","due_date":"2026-01-15T00:00:00Z",
   "currency_code":"JPY","exchange_rate":"1.12345678901","sub_total":"100","tax_total":"100.5",
   "total":"1e5","amount_paid":"007","amount_due":"98765432109876.54",
   "created_at":"2026-01-15t10:20:30Z","updated_at":"2026-01-15T25:00:00Z","lines":"none",
   "voided_at":null,"tags":[{"name":"Named"},{"name":"Tag"}],"__proto__":"own"},
  {"id":"odd-3","invoice_number":"ODD-3","reference":"","status":"DRAFT",
   "contact":{"id":"c-3","name":"Plain","email":"p@example.com"},"issue_date":"2026-01-15",
   "due_date":"2026-02-15","currency_code":"XYZ","exchange_rate":1.5,"sub_total":"0.1",
   "tax_total":-0,"total":0.30000000000000004,"amount_paid":1e-7,"amount_due":1e21,
   "created_at":"1899-12-31T23:00:00Z","updated_at":"2026-01-15T10:20:30.5-0500","lines":[],
   "tags":[]},
  {"id":"odd-4","invoice_number":"ODD-4","reference":"=1+1","status":"PAID",
   "contact":{"id":"c-4","name":"Last"},"issue_date":"2026-03-01","due_date":"2026-03-31",
   "currency_code":"USD","exchange_rate":"1.00","sub_total":"-12.30","tax_total":"0",
   "total":"-12.3","amount_paid":"12.300","amount_due":"12.34567",
   "created_at":"2026-03-01T00:00:00.000Z","updated_at":"2026-03-01T00:00:00Z",
   "lines":[{"description":"New field","quantity":"2","unit_price":"-6.15","amount":"-12.30",
     "discount":{"code":"X","amount":"1.00"},"taxed":true}],
   "tags":null}
]`);

/** Then sandbox invoices again: columns appended by the odd page stay, now mostly empty. */
function invoicePages(): JsonRecord[][] {
  return [
    collectionRecords("invoices", 0, 40),
    ODD_INVOICES,
    collectionRecords("invoices", 40, 60),
  ];
}

describe("the shaped pages of an import", () => {
  it("keep the sandbox's invoices and their lines, odd values included, as the golden file", () => {
    const actual = shapedText("invoices", invoicePages());
    expect(actual).toBe(golden("invoices.txt", actual));
  });

  it("keep the same pages for a file (exact text) as the golden file", () => {
    const actual = shapedText("invoices", invoicePages(), { exactText: true });
    expect(actual).toBe(golden("invoices-exact.txt", actual));
  });

  it("keep the sandbox's payments and their allocations as the golden file", () => {
    const pages = [paymentRecords(0, 40), paymentRecords(40, 60)];
    const actual = shapedText("payments", pages);
    expect(actual).toBe(golden("payments.txt", actual));
  });
});
