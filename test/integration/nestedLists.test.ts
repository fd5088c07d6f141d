// A collection's nested record lists (invoice lines) import to a linked sheet of their own, as
// payment allocations do: one row per line with its invoice's number and id, the invoices'
// sheet showing how many lines each has; refreshed in place with the invoices, owned the same way.
import Decimal from "decimal.js";
import { iterateCollection, JsonRecord, LedgerApi } from "../../src/api";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { importCollection } from "../../src/import/importCollection";
import { demoApi, useSandbox, withSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 40 } });

async function allRecords(path: string, from: LedgerApi): Promise<JsonRecord[]> {
  const records: JsonRecord[] = [];
  for await (const page of iterateCollection(from, path)) records.push(...page.data);
  return records;
}

/** An amount as the import writes it: a number, or text when a double cannot hold it exactly. */
function moneyCell(amount: string): number | string {
  return new Decimal(amount).precision(true) <= 15 ? Number(amount) : amount;
}

function linesOf(record: JsonRecord): JsonRecord[] {
  return record["lines"] as JsonRecord[];
}

/** The table's data rows as objects keyed by header. */
function tableRows(host: OfficeJsExcelHost, table: string): Record<string, unknown>[] {
  const info = host.tableInfo(table)!;
  const values = host.values(info.sheet, info.address);
  const [header, ...rows] = values;
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
}

describe("nested record lists on a linked sheet", () => {
  it("imports invoice lines one per row, each with its invoice's number and id, the count on the invoice", async () => {
    const host = new OfficeJsExcelHost();
    const result = await importCollection(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ sheetName: "Invoices", rows: 40, complete: true });
    const invoices = await allRecords("/invoices", demoApi(sandbox()));

    const lines = host.tableInfo("InvoiceLines")!;
    expect(lines.sheet).toBe("Invoice lines");
    expect(lines.headers).toEqual(
      expect.arrayContaining(["Invoice number", "Description", "Quantity", "Invoice ID"]),
    );
    expect(lines.headers.indexOf("Invoice number")).toBe(0);
    const expected = invoices.flatMap((invoice) =>
      linesOf(invoice).map((line) => ({
        "Invoice number": invoice["invoice_number"],
        "Invoice ID": invoice["id"],
        Description: line["description"],
        Amount: moneyCell(String(line["amount"])),
      })),
    );
    expect(
      tableRows(host, "InvoiceLines").map((row) => ({
        "Invoice number": row["Invoice number"],
        "Invoice ID": row["Invoice ID"],
        Description: row["Description"],
        Amount: row["Amount"],
      })),
    ).toEqual(expected);

    // The invoices' sheet says how many lines each has, not their JSON.
    const counts = tableRows(host, "Invoices").map((row) => row["Lines"]);
    expect(counts).toEqual(invoices.map((invoice) => linesOf(invoice).length));
    expect(host.cell("Invoice lines", "A1").value).toMatch(
      /^Lines of the invoices on sheet Invoices · Invoices · 40 records/,
    );
  });

  it("refreshes the lines in place with the invoices, also after save and reopen, formulas intact", async () => {
    const first = new OfficeJsExcelHost();
    await importCollection(first.run, { collection: "invoices", api: demoApi(sandbox()) });
    first.addSheet("Report");
    first.setCells("Report", "A1", [["=ROWS(InvoiceLines)"]]);
    const host = OfficeJsExcelHost.fromSerialized(first.serialize());

    await withSandbox({ records: { invoices: 12 } }, async (smaller) => {
      await importCollection(host.run, { collection: "invoices", api: demoApi(smaller) });
      const invoices = await allRecords("/invoices", demoApi(smaller));
      const lineCount = invoices.reduce((n, invoice) => n + linesOf(invoice).length, 0);
      expect(host.sheetNames().filter((name) => name.startsWith("Invoice"))).toEqual([
        "Invoices",
        "Invoice lines",
      ]);
      expect(host.tableInfo("InvoiceLines")!.rowCount).toBe(lineCount);
      expect(host.cell("Report", "A1")).toMatchObject({
        formula: "=ROWS(InvoiceLines)",
        value: lineCount,
      });
      const ids = new Set<unknown>(invoices.map((invoice) => invoice["id"]));
      expect(tableRows(host, "InvoiceLines").every((row) => ids.has(row["Invoice ID"]))).toBe(true);
      // Nothing of the longer first import is left below the table.
      expect(host.usedRange("Invoice lines", true)).toMatch(new RegExp(`:[A-Z]+${3 + lineCount}$`));
    });
  });

  it("never writes over the user's own sheet named Invoice lines", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoice lines");
    host.setCells("Invoice lines", "A1", [["my notes"]]);
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    expect(host.cell("Invoice lines", "A1").value).toBe("my notes");
    expect(host.usedRange("Invoice lines", true)).toMatch(/!A1$/);
    expect(host.sheetNames()).toContain("Invoice lines (2)");
  });
});
