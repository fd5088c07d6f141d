// The Tables view's list through Microsoft's office.js client into the emulator: each import
// table with its sheet, rows and what its record says of the last update (kept in the file),
// a refresh of one table only, and Go to.
import { iterateCollection, type JsonRecord, LedgerApi } from "../../src/api";
import { goToTable } from "../../src/excel/goToTable";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { listImportTables } from "../../src/import/importTablesList";
import { refreshAll } from "../../src/import/refreshAll";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";
import { changeRecords, resetSandbox } from "./helpers/sandboxControl";

let sandbox: RunningSandbox;

function api(): LedgerApi {
  return new LedgerApi(
    { apiAddress: sandbox.baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
}

/** How many lines the list's records have now (one row each on the linked sheet). */
async function lineCount(path: string): Promise<number> {
  let lines = 0;
  for await (const page of iterateCollection(api(), path)) {
    for (const record of page.data) lines += (record["lines"] as JsonRecord[]).length;
  }
  return lines;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { invoices: 30, bills: 20 } });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await resetSandbox(sandbox);
});

describe("listImportTables()", () => {
  it("lists each import table with its sheet, rows, last update and state, kept in the file", async () => {
    const host = new OfficeJsExcelHost();
    expect(await listImportTables(host.run)).toEqual([]);
    const before = Date.now();
    await importCollection(host.run, { collection: "invoices", api: api() });
    await importCollection(host.run, { collection: "bills", api: api() });
    const listed = await listImportTables(OfficeJsExcelHost.fromSerialized(host.serialize()).run);
    expect(
      listed.map(({ refreshed: _when, fullRefresh: _full, status: _status, ...rest }) => rest),
    ).toEqual([
      {
        collection: "invoices",
        label: "Invoices",
        tableName: "Invoices",
        sheetName: "Invoices",
        rows: 30,
        // The sandbox's lists hold amounts of more than 15 digits, kept as text.
        state: "warnings",
        // Its lines' table is listed with it, not as an import of its own.
        linked: [
          {
            tableName: "InvoiceLines",
            sheetName: "Invoice lines",
            rows: await lineCount("/invoices"),
          },
        ],
      },
      {
        collection: "bills",
        label: "Bills",
        tableName: "Bills",
        sheetName: "Bills",
        rows: 20,
        state: "warnings",
        linked: [
          { tableName: "BillLines", sheetName: "Bill lines", rows: await lineCount("/bills") },
        ],
      },
    ]);
    for (const table of listed) {
      expect(Date.parse(table.refreshed ?? "")).toBeGreaterThanOrEqual(before - 1000);
      // An import fetches the whole list: its rows are refreshed in full.
      expect(table.fullRefresh).toBe(table.refreshed);
    }
  });

  it("Fetch new records its time and the rows added; Refresh all of one table leaves the others", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: api() });
    await importCollection(host.run, { collection: "bills", api: api() });
    const [invoices, bills] = await listImportTables(host.run);
    expect((await changeRecords(sandbox.origin, { list: "invoices", add: 3 })).status).toBe(200);
    await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
    const afterNew = await listImportTables(host.run);
    expect(afterNew[0]?.rows).toBe(33);
    expect(afterNew[0]?.linked).toEqual([
      { tableName: "InvoiceLines", sheetName: "Invoice lines", rows: await lineCount("/invoices") },
    ]);
    expect(afterNew[0]!.refreshed! >= invoices!.refreshed!).toBe(true);
    // Its rows from before are as the import left them: their full refresh and their state stay.
    expect(afterNew[0]!.fullRefresh).toBe(invoices!.fullRefresh);
    expect(afterNew[0]!.state).toBe("warnings");

    expect((await changeRecords(sandbox.origin, { list: "bills", add: 2 })).status).toBe(200);
    expect((await changeRecords(sandbox.origin, { list: "invoices", add: 2 })).status).toBe(200);
    const result = await refreshAll(host.run, {
      api: api(),
      mode: "full",
      only: { collection: "bills" },
    });
    expect(result.tables.map((table) => [table.label, table.state])).toEqual([["Bills", "done"]]);
    const afterOne = await listImportTables(host.run);
    expect(afterOne.map((table) => table.rows)).toEqual([33, 22]);
    expect(afterOne[0]!.refreshed).toBe(afterNew[0]!.refreshed);
    expect(afterOne[1]!.refreshed! >= bills!.refreshed!).toBe(true);
  });

  it("Go to shows the table's sheet and selects the table; a name no table has is refused", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "bills", api: api() });
    await importCollection(host.run, { collection: "invoices", api: api() });
    expect(await goToTable(host.run, "Bills")).toBe(true);
    const shown = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet().load("name");
      const range = context.workbook.getSelectedRange().load("address");
      const table = context.workbook.tables.getItem("Bills").getRange().load("address");
      await context.sync();
      return { sheet: sheet.name, selected: range.address, table: table.address };
    });
    expect(shown.sheet).toBe("Bills");
    expect(shown.selected).toBe(shown.table);
    expect(await goToTable(host.run, "NoSuchTable")).toBe(false);
  });
});
