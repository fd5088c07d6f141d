// Fetch new on a list whose records bring a nested list on a linked sheet (invoices and their
// lines), through Microsoft's office.js client into the emulator over the sandbox: the new
// invoices go in at the top of their table and their lines at the top of the lines table, in the
// same requests, without a full refresh; what the tables held and the user's cells stay.
import { iterateCollection, type JsonRecord, LedgerApi } from "../../src/api";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords } from "./helpers/sandboxControl";
import { DEMO_TOKEN } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 60, receipts: 60 } });

function api(): LedgerApi {
  return demoApi(sandbox());
}

async function addRecords(list: string, add: number): Promise<void> {
  expect((await changeRecords(sandbox().origin, { list, add })).status).toBe(200);
}

async function newestInvoices(count: number): Promise<JsonRecord[]> {
  for await (const page of iterateCollection(api(), "/invoices", { size: count })) {
    return page.data.slice(0, count);
  }
  return [];
}

/** The table's data rows as objects keyed by header. */
function tableRows(host: OfficeJsExcelHost, table: string): Record<string, unknown>[] {
  const info = host.tableInfo(table)!;
  const [header, ...rows] = host.values(info.sheet, info.address);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
}

/** The rows without the user's own column. */
function importColumns(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map(({ Checked: _checked, ...rest }) => rest);
}

/** An imported invoices workbook whose lines table has a column of the user's, and a total. */
async function importedWithUserCells(): Promise<OfficeJsExcelHost> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: api() });
  await host.run(async (context) => {
    const table = context.workbook.tables.getItem("InvoiceLines");
    const body = table.getDataBodyRange();
    body.load("rowCount");
    await context.sync();
    table.columns.add(
      undefined,
      [["Checked"], ...Array.from({ length: body.rowCount }, () => ["yes"])],
      "Checked",
    );
    const below = table.getRange().getLastRow().getOffsetRange(2, 0).getCell(0, 0);
    below.formulas = [["=ROWS(InvoiceLines[Invoice ID])"]];
    await context.sync();
  });
  return host;
}

/** The user's total two rows under the lines table. */
async function totalUnderLines(host: OfficeJsExcelHost) {
  return await host.run(async (context) => {
    const table = context.workbook.tables.getItem("InvoiceLines");
    const below = table.getRange().getLastRow().getOffsetRange(2, 0).getCell(0, 0);
    below.load("formulas,values");
    await context.sync();
    return { formula: below.formulas[0]?.[0], value: below.values[0]?.[0] };
  });
}

/** The number formats of the table's data rows. */
async function tableFormats(host: OfficeJsExcelHost, name: string): Promise<unknown[][]> {
  return await host.run(async (context) => {
    const body = context.workbook.tables.getItem(name).getDataBodyRange();
    body.load("numberFormat");
    await context.sync();
    return body.numberFormat;
  });
}

function linesOf(invoice: JsonRecord): JsonRecord[] {
  return invoice["lines"] as JsonRecord[];
}

describe("Fetch new on invoices with lines", () => {
  it("puts exactly the new invoices' lines at the top of the lines table, the rest and the user's cells untouched", async () => {
    const host = await importedWithUserCells();
    const before = tableRows(host, "InvoiceLines");
    await addRecords("invoices", 5);
    sandbox().resetStats();
    const result = await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
    expect(result).toMatchObject({ mode: "new", added: 5, rows: 65, requests: 1 });
    expect(sandbox().stats().apiRequests).toBe(1);
    const added = await newestInvoices(5);
    const newLines = added.flatMap(linesOf).length;
    expect(result.details).toContain(
      `Their ${newLines} lines went in at the top of table “InvoiceLines”, which now has ${before.length + newLines} rows.`,
    );

    const after = tableRows(host, "InvoiceLines");
    expect(after).toHaveLength(before.length + newLines);
    // The new lines on top, in the server's order, each with its invoice's number and id.
    expect(
      after.slice(0, newLines).map((row) => [row["Invoice ID"], row["Invoice number"]]),
    ).toEqual(
      added.flatMap((invoice) =>
        linesOf(invoice).map(() => [invoice["id"], invoice["invoice_number"]]),
      ),
    );
    expect(after.slice(0, newLines).map((row) => row["Description"])).toEqual(
      added.flatMap(linesOf).map((line) => line["description"]),
    );
    // The user's column: empty on the new lines, kept on the old ones; the old lines unchanged.
    expect(after.slice(0, newLines).every((row) => row["Checked"] === "")).toBe(true);
    expect(after.slice(newLines)).toEqual(before);
    expect(await totalUnderLines(host)).toEqual({
      formula: "=ROWS(InvoiceLines[Invoice ID])",
      value: before.length + newLines,
    });
    expect(host.cell("Invoice lines", "A1").value).toMatch(
      /^Lines of the invoices on sheet Invoices · Invoices · 65 records · 5 new records added /,
    );

    // Both tables hold what a full import of the list gives.
    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "invoices", api: api() });
    expect(importColumns(after)).toEqual(tableRows(fresh, "InvoiceLines"));
    expect(tableRows(host, "Invoices")).toEqual(tableRows(fresh, "Invoices"));
  });

  it("costs Excel no request more than a list without lines", async () => {
    const invoices = new OfficeJsExcelHost();
    await importCollection(invoices.run, { collection: "invoices", api: api() });
    const receipts = new OfficeJsExcelHost();
    await importCollection(receipts.run, { collection: "receipts", api: api() });
    await addRecords("invoices", 5);
    await addRecords("receipts", 5);

    invoices.resetCounters();
    const withLines = await fetchNewIntoTable(invoices.run, {
      collection: "invoices",
      api: api(),
    });
    receipts.resetCounters();
    const without = await fetchNewIntoTable(receipts.run, { collection: "receipts", api: api() });
    expect(withLines).toMatchObject({ mode: "new", added: 5 });
    expect(without).toMatchObject({ mode: "new", added: 5 });
    // The lines go in the requests that find and write the invoices' table.
    expect(invoices.syncCount).toBe(receipts.syncCount);
    expect(invoices.syncCount).toBeLessThanOrEqual(8);
  });

  it("writes a batch larger than one request with each invoice's lines in its invoice's request", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: api() });
    await addRecords("invoices", 7);
    const blocks: number[] = [];
    const result = await fetchNewIntoTable(
      host.run,
      {
        collection: "invoices",
        api: api(),
        onProgress: (progress) => {
          if (progress.written !== undefined) blocks.push(progress.written);
        },
      },
      { blockRows: 3 },
    );
    expect(result).toMatchObject({ mode: "new", added: 7 });
    expect(blocks).toEqual([1, 4, 7]);
    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "invoices", api: api() });
    expect(tableRows(host, "InvoiceLines")).toEqual(tableRows(fresh, "InvoiceLines"));
    expect(tableRows(host, "Invoices")).toEqual(tableRows(fresh, "Invoices"));
  });

  it("stops before writing either table when the lines sheet is protected or in the way", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: api() });
    await addRecords("invoices", 3);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoice lines").protection.protect();
      await context.sync();
    });
    const before = host.serialize();
    await expect(
      fetchNewIntoTable(host.run, { collection: "invoices", api: api() }),
    ).rejects.toThrow(
      "Sheet Invoice lines is protected. Unprotect it (Review > Unprotect Sheet), then use Fetch new again.",
    );
    expect(host.serialize()).toBe(before);

    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoice lines").protection.unprotect();
      // The invoices' header row hidden by the user, shown while rows would go in.
      context.workbook.tables.getItem("Invoices").showHeaders = false;
      // Merged cells under the lines table: inserting rows at its top would split them.
      const lines = context.workbook.tables.getItem("InvoiceLines").getRange();
      lines.getLastRow().getOffsetRange(2, 0).getResizedRange(1, 0).merge();
      await context.sync();
    });
    const merged = host.serialize();
    await expect(
      fetchNewIntoTable(host.run, { collection: "invoices", api: api() }),
    ).rejects.toThrow(
      /^Merged cells .* on sheet Invoice lines are in the way of table “InvoiceLines”/,
    );
    expect(host.serialize()).toBe(merged);
  });

  it("formats the new rows' amounts in their currency's decimals, as an import does", async () => {
    // Every invoice in dinars (three decimals), its amounts and its lines' given with three.
    class DinarApi extends LedgerApi {
      override async listCollectionPage(
        ...args: Parameters<LedgerApi["listCollectionPage"]>
      ): ReturnType<LedgerApi["listCollectionPage"]> {
        const page = await super.listCollectionPage(...args);
        return { ...page, data: page.data.map((record) => ({ ...record, currency_code: "KWD" })) };
      }
    }
    const dinars = new DinarApi(
      { apiAddress: sandbox().baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
      { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    );
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: dinars });
    await addRecords("invoices", 4);
    const result = await fetchNewIntoTable(host.run, { collection: "invoices", api: dinars });
    expect(result).toMatchObject({ mode: "new", added: 4 });
    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "invoices", api: dinars });
    for (const table of ["Invoices", "InvoiceLines"]) {
      const formats = await tableFormats(host, table);
      expect(formats.flat()).toContain("#,##0.000");
      expect(formats).toEqual(await tableFormats(fresh, table));
    }
  });

  it("refreshes in full, saying why, when the lines table is gone", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: api() });
    await host.run(async (context) => {
      context.workbook.tables.getItem("InvoiceLines").delete();
      await context.sync();
    });
    await addRecords("invoices", 2);
    const result = await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
    expect(result).toMatchObject({ mode: "full", rows: 62, complete: true });
    expect(result.message).toContain("table “InvoiceLines” is gone");
    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "invoices", api: api() });
    expect(tableRows(host, "InvoiceLines")).toEqual(tableRows(fresh, "InvoiceLines"));
  });
});
