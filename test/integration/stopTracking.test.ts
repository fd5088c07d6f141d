// Remove in the Tables view, through Microsoft's office.js client into the emulator: the import
// table and its linked table are no longer updated (records and markers gone, the tables kept
// as they are), or deleted when asked, with only their status lines; the user's cells beside
// them stay, and a table holding a column of the user's is never deleted.
import { stopTrackingTable } from "../../src/excel/stopTracking";
import { importCollection } from "../../src/import/importCollection";
import { listImportTables } from "../../src/import/importTablesList";
import { refreshAll } from "../../src/import/refreshAll";
import { IMPORT_TABLES_SETTING } from "../../src/settings/importTables";
import { TABLE_MARKER_PREFIX } from "../../src/settings/tableMarkers";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 12, bills: 8 } });

/** The workbook's tables, its add-in markers and its records' given names. */
async function workbookState(host: OfficeJsExcelHost) {
  return await host.run(async (context) => {
    const tables = context.workbook.tables.load("items/name");
    const names = context.workbook.names.load("items/name");
    const setting = context.workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
    setting.load("value");
    await context.sync();
    const records = JSON.parse(String(setting.value)) as { given: string }[];
    return {
      tables: tables.items.map((table) => table.name).sort(),
      markers: names.items.filter((name) => name.name.startsWith(TABLE_MARKER_PREFIX)).length,
      records: records.map((record) => record.given).sort(),
    };
  });
}

/** Two imports, and a note of the user's beside the invoices table. */
async function imported(): Promise<OfficeJsExcelHost> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
  await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
  host.setCells("Invoices", "H1", [["my note"]]);
  return host;
}

describe("stopTrackingTable()", () => {
  it("stops updating a table and its lines, keeping both tables as they are", async () => {
    const host = await imported();
    const before = await workbookState(host);
    const outcome = await stopTrackingTable(host.run, "Invoices", false);
    expect(outcome).toEqual({
      kind: "removed",
      tables: ["Invoices", "InvoiceLines"],
      deleted: [],
      kept: [],
    });
    const after = await workbookState(host);
    expect(after.tables).toEqual(before.tables);
    expect(after.records).toEqual(["BillLines", "Bills"]);
    expect(after.markers).toBe(before.markers - 2);
    expect((await listImportTables(host.run)).map((table) => table.label)).toEqual(["Bills"]);
    const result = await refreshAll(host.run, { api: demoApi(sandbox()), mode: "full" });
    expect(result.tables.map((table) => table.label)).toEqual(["Bills"]);
  });

  it("deletes the tables and their status lines when asked, and nothing else", async () => {
    const host = await imported();
    expect(String(host.cell("Invoices", "A1").value)).toMatch(/^Invoices · 12 records · imported /);
    const outcome = await stopTrackingTable(host.run, "Invoices", true);
    expect(outcome).toMatchObject({ deleted: ["Invoices", "InvoiceLines"], kept: [] });
    const after = await workbookState(host);
    expect(after.tables).toEqual(["BillLines", "Bills"]);
    expect(host.cell("Invoices", "A1").value).toBe("");
    expect(host.cell("Invoices", "A4").value).toBe("");
    expect(host.cell("Invoices", "H1").value).toBe("my note");
  });

  it("keeps a table that holds a column of the user's, and says which", async () => {
    const host = await imported();
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Bills");
      const body = table.getDataBodyRange().load("rowCount");
      await context.sync();
      const rows = Array.from({ length: body.rowCount }, () => ["ok"]);
      table.columns.add(undefined, [["Checked"], ...rows], "Checked");
      await context.sync();
    });
    const outcome = await stopTrackingTable(host.run, "Bills", true);
    expect(outcome).toEqual({
      kind: "removed",
      tables: ["Bills", "BillLines"],
      deleted: ["BillLines"],
      kept: [{ table: "Bills", columns: ["Checked"] }],
    });
    expect((await workbookState(host)).tables).toEqual(["Bills", "InvoiceLines", "Invoices"]);
  });

  it("says a table no longer there is gone", async () => {
    const host = await imported();
    expect(await stopTrackingTable(host.run, "NoSuchTable", true)).toEqual({ kind: "gone" });
  });
});
