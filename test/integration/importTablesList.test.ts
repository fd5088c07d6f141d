// The Tables view's list through Microsoft's office.js client into the emulator: each import
// table with its sheet, rows and what its record says of the last update (kept in the file),
// a refresh of one table only, and Go to.
import { iterateCollection, type JsonRecord } from "../../src/api";
import { goToTable } from "../../src/excel/goToTable";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { listImportTables } from "../../src/import/importTablesList";
import { refreshAll } from "../../src/import/refreshAll";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 30, bills: 20 } });

/** How many lines the list's records have now (one row each on the linked sheet). */
async function lineCount(path: string): Promise<number> {
  let lines = 0;
  for await (const page of iterateCollection(demoApi(sandbox()), path)) {
    for (const record of page.data) lines += (record["lines"] as JsonRecord[]).length;
  }
  return lines;
}

describe("listImportTables()", () => {
  it("lists each import table with its sheet, rows, last update and state, kept in the file", async () => {
    const host = new OfficeJsExcelHost();
    expect(await listImportTables(host.run)).toEqual([]);
    const before = Date.now();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
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
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
    const [invoices, bills] = await listImportTables(host.run);
    expect((await changeRecords(sandbox().origin, { list: "invoices", add: 3 })).status).toBe(200);
    await fetchNewIntoTable(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const afterNew = await listImportTables(host.run);
    expect(afterNew[0]?.rows).toBe(33);
    expect(afterNew[0]?.linked).toEqual([
      { tableName: "InvoiceLines", sheetName: "Invoice lines", rows: await lineCount("/invoices") },
    ]);
    expect(afterNew[0]!.refreshed! >= invoices!.refreshed!).toBe(true);
    // Its rows from before are as the import left them: their full refresh and their state stay.
    expect(afterNew[0]!.fullRefresh).toBe(invoices!.fullRefresh);
    expect(afterNew[0]!.state).toBe("warnings");

    expect((await changeRecords(sandbox().origin, { list: "bills", add: 2 })).status).toBe(200);
    expect((await changeRecords(sandbox().origin, { list: "invoices", add: 2 })).status).toBe(200);
    const result = await refreshAll(host.run, {
      api: demoApi(sandbox()),
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
    await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
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
