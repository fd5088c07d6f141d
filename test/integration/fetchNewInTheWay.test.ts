// Fetch new into a table as people leave it, through Microsoft's office.js client and the
// emulator: a filtered table has its filters cleared so the new rows show (and says so); a
// protected sheet, merged cells, a PivotTable or a spill range in the way stop it before
// anything is written.
import { LedgerApi } from "../../src/api";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN } from "../../tools/sandbox";
import { demoApi, useSandbox } from "./helpers/sandboxSession";
import { changeRecords } from "./helpers/sandboxControl";

const sandbox = useSandbox({ records: { invoices: 200 } });

function api(): LedgerApi {
  return demoApi(sandbox());
}

async function importedWithNew(added: number): Promise<OfficeJsExcelHost> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: api() });
  expect((await changeRecords(sandbox().origin, { list: "invoices", add: added })).status).toBe(
    200,
  );
  return host;
}

it("clears a filtered table's filters for the new rows, applies them again, and says so", async () => {
  const host = await importedWithNew(30);
  const last = host.cell("Invoices", `A${3 + 200}`).value;
  await host.run(async (context) => {
    const table = context.workbook.tables.getItem("Invoices");
    table.autoFilter.apply(table.getRange(), 0, { filterOn: "Values", values: [String(last)] });
    await context.sync();
  });
  const result = await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
  const note = "The filters and sort of table “Invoices” were applied again over the new rows.";
  expect(result).toMatchObject({ mode: "new", added: 30, rows: 230 });
  expect(result.message).toContain(note);
  expect(String(host.cell("Invoices", "A1").value)).toContain(note);
  const state = await host.run(async (context) => {
    const table = context.workbook.tables.getItem("Invoices");
    const filter = table.autoFilter.load("isDataFiltered");
    const body = table.getDataBodyRange().load("rowCount");
    await context.sync();
    return { filtered: filter.isDataFiltered, rows: body.rowCount };
  });
  expect(state).toEqual({ filtered: true, rows: 230 });
  // Every row but the one the filter names is hidden, the new ones included.
  expect(host.workbook.sheetNamed("Invoices")!.hiddenRows.size).toBe(229);
});

it("stops before writing when the table's sheet is protected, saying what to do", async () => {
  const host = await importedWithNew(10);
  await host.run(async (context) => {
    context.workbook.worksheets.getItem("Invoices").protection.protect();
    await context.sync();
  });
  const before = host.serialize();
  let message = "";
  try {
    await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  expect(message).toBe(
    "Sheet Invoices is protected. Unprotect it (Review > Unprotect Sheet), then use Fetch new again.",
  );
  expect(host.serialize()).toBe(before);
});

it("stops before writing when merged cells under the table would be split, naming them", async () => {
  const host = await importedWithNew(10);
  const width = host.tableInfo("Invoices")!.headers.length;
  const letter = (index: number) =>
    (index >= 26 ? String.fromCharCode(64 + Math.floor(index / 26)) : "") +
    String.fromCharCode(65 + (index % 26));
  // Two rows under the table (header on row 3, 200 rows), across its right edge.
  const merged = `${letter(width - 1)}205:${letter(width)}205`;
  await host.run(async (context) => {
    context.workbook.worksheets.getItem("Invoices").getRange(merged).merge();
    await context.sync();
  });
  const before = host.serialize();
  let message = "";
  try {
    await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  expect(message).toBe(
    `Merged cells ${merged} on sheet Invoices are in the way of table “Invoices”: adding rows inserts cells there, and Excel cannot move merged cells with them. Unmerge them (Home > Merge & Center) or move them, then try again; nothing was changed.`,
  );
  expect(host.serialize()).toBe(before);
});

/** The message Fetch new fails with; fails when it succeeds. */
async function fetchNewFailure(host: OfficeJsExcelHost): Promise<string> {
  try {
    await fetchNewIntoTable(host.run, { collection: "invoices", api: api() });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected Fetch new to fail");
}

function letter(index: number): string {
  return (
    (index >= 26 ? String.fromCharCode(64 + Math.floor(index / 26)) : "") +
    String.fromCharCode(65 + (index % 26))
  );
}

it("stops before writing when its insert would move part of a PivotTable under the table", async () => {
  const host = await importedWithNew(10);
  const width = host.tableInfo("Invoices")!.headers.length;
  // Two rows under the table (header on row 3, 200 rows), across its right edge.
  const address = `${letter(width - 1)}205:${letter(width)}206`;
  host.addPivotTable("Totals", "Invoices", address, [
    ["Row Labels", "Sum of Total"],
    ["Grand Total", 0],
  ]);
  const before = host.serialize();
  expect(await fetchNewFailure(host)).toBe(
    `PivotTable “Totals” (${address} on sheet Invoices) is in the way of table “Invoices”: adding rows inserts cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
  );
  expect(host.serialize()).toBe(before);
});

it("stops before writing when its insert would move a formula's spilled values, naming the formula", async () => {
  const host = await importedWithNew(10);
  host.setCells("Invoices", "B206", [["=A4:A6"]]);
  const before = host.serialize();
  expect(await fetchNewFailure(host)).toBe(
    "The formula in B206 on sheet Invoices spills into B206:B208, in the way of table “Invoices”: adding rows inserts cells there, and a value written into a spilled cell breaks the formula (#SPILL!). Move the formula away from the table's columns and the rows below it, then try again; nothing was changed.",
  );
  expect(host.serialize()).toBe(before);
});

it("puts a column the new records bring into the table before the rows go in", async () => {
  const host = await importedWithNew(5);
  const width = host.tableInfo("Invoices")!.headers.length;
  class NotedApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      return { ...page, data: page.data.map((record) => ({ ...record, audit_note: "new" })) };
    }
  }
  const noted = new NotedApi(
    { apiAddress: sandbox().baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
  const result = await fetchNewIntoTable(host.run, { collection: "invoices", api: noted });
  expect(result).toMatchObject({ mode: "new", added: 5, rows: 205 });
  const table = host.tableInfo("Invoices")!;
  expect(table.headers).toHaveLength(width + 1);
  expect(table.headers[width]).toBe("Audit note");
  expect(table.rowCount).toBe(205);
});
