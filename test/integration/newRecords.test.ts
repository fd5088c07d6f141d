// Fetching only new records over real HTTP: the sandbox adds records at the front of a list (as
// new activity would) or deletes the newest, and counts the requests the walk makes.
import { iterateCollection, JsonRecord } from "../../src/api";
import { readImportTableIds } from "../../src/excel/importTableIds";
import { importCollection } from "../../src/import/importCollection";
import { fetchNewRecords } from "../../src/import/newRecords";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords, resetSandbox } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 1_000 } });

async function allRecords(path: string): Promise<JsonRecord[]> {
  const records: JsonRecord[] = [];
  for await (const page of iterateCollection(demoApi(sandbox()), path)) records.push(...page.data);
  return records;
}

const changeList = (body: { list: string; add?: number; deleteNewest?: number }) =>
  changeRecords(sandbox().origin, body);

describe("fetchNewRecords() against the sandbox", () => {
  it("gets the 100 records added since an import with 3 requests, newest first", async () => {
    const imported = await allRecords("/invoices");
    expect(imported).toHaveLength(1_000);
    expect((await changeList({ list: "invoices", add: 100 })).status).toBe(200);
    const now = await allRecords("/invoices");
    expect(now).toHaveLength(1_100);
    // The seeded records are unchanged behind the new ones.
    expect(now.slice(100)).toEqual(imported);

    sandbox().resetStats();
    const known = new Set(imported.map((record) => String(record["id"])));
    const found = await fetchNewRecords(demoApi(sandbox()), "/invoices", known);
    expect(found.kind).toBe("new");
    expect(found.kind === "new" && found.records).toEqual(now.slice(0, 100));
    expect(sandbox().stats().apiRequests).toBe(3);
    // Newer than every seeded record, with higher numbers.
    expect(String(now[0]!["invoice_number"])).toBe("INV-001100");
    expect(String(now[99]!["created_at"]) > String(imported[0]!["created_at"])).toBe(true);
  });

  it("asks for a full refresh when the table's newest records were deleted", async () => {
    const imported = await allRecords("/invoices");
    await changeList({ list: "invoices", deleteNewest: 3, add: 2 });
    sandbox().resetStats();
    const found = await fetchNewRecords(
      demoApi(sandbox()),
      "/invoices",
      new Set(imported.slice(0, 3).map((record) => String(record["id"]))),
      { maxNewRecords: 200 },
    );
    expect(found).toMatchObject({ kind: "full-refresh-needed", requests: 5 });
    expect(sandbox().stats().apiRequests).toBe(5);
  });

  it("reads the ids an imported table holds, and fetches only what it lacks", async () => {
    const host = new OfficeJsExcelHost();
    expect(await readImportTableIds(host.run, "Invoices", "ID")).toEqual({ kind: "no-table" });
    await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
    const read = await readImportTableIds(host.run, "Invoices", "ID");
    const imported = await allRecords("/invoices");
    expect(read).toEqual({
      kind: "ids",
      tableName: "Invoices",
      ids: imported.map((record) => record["id"]),
      sorted: false,
      status: expect.stringMatching(/^Invoices · 1,000 records · imported .* · complete$/),
    });
    await changeList({ list: "invoices", add: 7 });
    sandbox().resetStats();
    const found = await fetchNewRecords(
      demoApi(sandbox()),
      "/invoices",
      new Set(read.kind === "ids" ? read.ids : []),
    );
    expect(found.kind === "new" && found.records).toHaveLength(7);
    expect(sandbox().stats().apiRequests).toBe(1);
    expect(await readImportTableIds(host.run, "Invoices", "Invoice ID")).toEqual({
      kind: "no-id-column",
      tableName: "Invoices",
    });
  });

  it("never reads a user's own table that has the import's name", async () => {
    const host = new OfficeJsExcelHost();
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:B2").values = [
        ["ID", "Note"],
        ["mine", "x"],
      ];
      sheet.tables.add("A1:B2", true).name = "Invoices";
      await context.sync();
    });
    expect(await readImportTableIds(host.run, "Invoices", "ID")).toEqual({ kind: "no-table" });
  });

  it("refuses a change of payments or of nothing, and reset undoes changes", async () => {
    expect((await changeList({ list: "payments", add: 1 })).status).toBe(400);
    expect((await changeList({ list: "invoices", add: -1 })).status).toBe(400);
    await changeList({ list: "invoices", add: 5 });
    await resetSandbox(sandbox());
    expect(await allRecords("/invoices")).toHaveLength(1_000);
  });
});
