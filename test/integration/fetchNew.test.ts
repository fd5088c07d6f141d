// Fetch new over real HTTP, through Microsoft's office.js client into the emulator: records the
// sandbox adds between imports land at the top of the table with O(new) requests, the table then
// equals a full import cell for cell, and every case that only a full refresh can get right
// falls back to one and says why.
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 1_000, receipts: 1_000 } });

async function changeList(body: { list: string; add?: number; deleteNewest?: number }) {
  expect((await changeRecords(sandbox().origin, body)).status).toBe(200);
}

/** The table's cells and number formats, and the status line two rows above it. */
async function tableOf(host: OfficeJsExcelHost, name = "Invoices") {
  return await host.run(async (context) => {
    const table = context.workbook.tables.getItem(name);
    const range = table.getRange();
    range.load("values,numberFormat,rowIndex,columnIndex");
    await context.sync();
    const status = table.worksheet.getRangeByIndexes(range.rowIndex - 2, range.columnIndex, 1, 1);
    status.load("values");
    await context.sync();
    return {
      values: range.values,
      formats: range.numberFormat,
      status: String(status.values[0]?.[0]),
    };
  });
}

describe("fetchNewIntoTable() against the sandbox", () => {
  // Receipts hold no nested list: invoices come with lines for a sheet of their own, and are
  // refreshed in full with it (test/integration/nestedLists.test.ts).
  it("adds 100 new records at the top with 3 requests, and the table equals a full import", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "receipts", api: demoApi(sandbox()) });
    await changeList({ list: "receipts", add: 100 });
    sandbox().resetStats();
    const result = await fetchNewIntoTable(host.run, {
      collection: "receipts",
      api: demoApi(sandbox()),
    });
    expect(sandbox().stats().apiRequests).toBe(3);
    expect(result).toMatchObject({ mode: "new", added: 100, requests: 3, rows: 1_100 });
    expect(result.message).toContain("Added 100 new records at the top of table “Receipts”");
    expect(result.message).toContain("Changes to records already in the table are not fetched");

    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "receipts", api: demoApi(sandbox()) });
    const updated = await tableOf(host, "Receipts");
    const full = await tableOf(fresh, "Receipts");
    expect(updated.values).toHaveLength(1 + 1_100);
    expect(updated.values).toEqual(full.values);
    expect(updated.formats).toEqual(full.formats);
    expect(updated.status).toMatch(
      /^Receipts · 1,100 records · 100 new records added .* · earlier rows as of the last full refresh$/,
    );
  });

  it("costs one request and changes no row when nothing is new", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const before = await tableOf(host);
    sandbox().resetStats();
    const result = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(sandbox().stats().apiRequests).toBe(1);
    expect(result).toMatchObject({ mode: "new", added: 0, rows: 1_000 });
    expect(result.message).toMatch(
      /^No new Invoices since the table was last updated \(1 request\)/,
    );
    expect((await tableOf(host)).values).toEqual(before.values);
  });

  it("moves the user's cells under the table down and keeps their formulas right", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "receipts", api: demoApi(sandbox()) });
    // The user's total under the table, in the table's first column.
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Receipts");
      const below = table.getRange().getLastRow().getOffsetRange(2, 0).getCell(0, 0);
      below.formulas = [["=ROWS(Receipts[ID])"]];
      await context.sync();
    });
    await changeList({ list: "receipts", add: 60 });
    await fetchNewIntoTable(host.run, { collection: "receipts", api: demoApi(sandbox()) });
    const total = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Receipts");
      const below = table.getRange().getLastRow().getOffsetRange(2, 0).getCell(0, 0);
      below.load("formulas,values");
      await context.sync();
      return { formula: below.formulas[0]?.[0], value: below.values[0]?.[0] };
    });
    expect(total).toEqual({ formula: "=ROWS(Receipts[ID])", value: 1_060 });
  });

  it("refreshes in full, saying why, when the table's newest record was deleted", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await changeList({ list: "invoices", deleteNewest: 1, add: 4 });
    const result = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result.mode).toBe("full");
    expect(result.message).toMatch(
      /^Fetching only new records was not possible \(record .+, the table's first row, is not the newest of its records in the list \(deleted on the server, or the table is sorted another way\)\), so Invoices were refreshed in full\. Imported 1,003 records into Invoices[.;]/,
    );
    expect((await tableOf(host)).values).toHaveLength(1 + 1_003);
  });

  it("refreshes in full when there is no table yet, or it holds a partial import", async () => {
    const host = new OfficeJsExcelHost();
    const first = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(first).toMatchObject({ mode: "full", rows: 1_000 });
    expect(first.message).toContain("(there is no Invoices table yet)");

    const cancelled = new AbortController();
    const partialHost = new OfficeJsExcelHost();
    await importCollection(partialHost.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
      signal: cancelled.signal,
      onProgress: (progress) => {
        if (progress.records >= 100) cancelled.abort();
      },
    });
    const refreshed = await fetchNewIntoTable(partialHost.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(refreshed).toMatchObject({ mode: "full", rows: 1_000 });
    expect(refreshed.message).toContain("(table “Invoices” holds a partial import)");
  });

  it("falls back beyond the bound of new records", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    await changeList({ list: "invoices", add: 30 });
    sandbox().resetStats();
    const result = await fetchNewIntoTable(
      host.run,
      { collection: "invoices", api: demoApi(sandbox()) },
      { maxNewRecords: 20 },
    );
    expect(result.mode).toBe("full");
    expect(result.message).toContain("(more than 20 records came before any the table has)");
    expect(result.rows).toBe(1_030);
  });

  it("leaves the table as it was when cancelled while looking", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const before = await tableOf(host);
    await changeList({ list: "invoices", add: 200 });
    const controller = new AbortController();
    const result = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.pages >= 2) controller.abort();
      },
    });
    expect(result).toMatchObject({ mode: "new", added: 0, complete: false });
    expect(result.message).toBe("Cancelled; table “Invoices” was not changed.");
    expect(await tableOf(host)).toEqual(before);
  });

  it("writes a batch larger than one request oldest first, all of it in the server's order", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "receipts", api: demoApi(sandbox()) });
    await changeList({ list: "receipts", add: 120 });
    const blocks: number[] = [];
    const result = await fetchNewIntoTable(
      host.run,
      {
        collection: "receipts",
        api: demoApi(sandbox()),
        onProgress: (progress) => {
          if (progress.written !== undefined) blocks.push(progress.written);
        },
      },
      { blockRows: 50 },
    );
    expect(result).toMatchObject({ mode: "new", added: 120 });
    expect(blocks).toEqual([20, 70, 120]);
    const fresh = new OfficeJsExcelHost();
    await importCollection(fresh.run, { collection: "receipts", api: demoApi(sandbox()) });
    expect((await tableOf(host, "Receipts")).values).toEqual(
      (await tableOf(fresh, "Receipts")).values,
    );
  });
});
