// Which tables are the import's: only those with both proofs, the id recorded in the workbook's
// setting and the marker (a hidden defined name =Invoices[#All]) created with the table. Excel's
// table ids are not durable (the emulator reopens with reuseFreedTableIds, as Excel may) and the
// setting is whatever the file says, so neither alone makes a table the import's.
import type { FakeExcelHost } from "../../../tools/excel-emulator";
import { activeSheetProject } from "../../../src/excel/sheetProject";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { finishTables, writeBlocks } from "../../../src/excel/tableRequests";
import { TableWriter } from "../../../src/excel/tableWriter";
import { IMPORT_TABLES_SETTING } from "../../../src/settings/importTables";
import type { ColumnSpec } from "../../../src/sheets";
import { deviceKey } from "../../../src/settings/deviceKey";
import { importTableKeys } from "../../../src/settings/importTableKeys";
import { MemorySecretStore } from "../../doubles/memoryStores";
import { useImportTableKeys } from "../../../src/excel/tableKeys";

const COLUMNS: ColumnSpec[] = [
  { key: "id", header: "ID", kind: "text" },
  { key: "amount", header: "Amount", kind: "money" },
];
const INVOICES = { sheetName: "Invoices", tableName: "Invoices" };
const BILLS = { sheetName: "Bills", tableName: "Bills" };
const MARKER = /^LedgerSheets_Table_[0-9a-f]{16}$/;

type Row = (string | number)[];

function rows(count: number, start = 1): Row[] {
  return Array.from({ length: count }, (_, i) => [`inv-${start + i}`, start + i]);
}

/** A whole import into the table of `layout`: open, one block, the final status. */
async function importRows(
  host: FakeExcelHost,
  count: number,
  layout = INVOICES,
  status = "Done",
): Promise<TableWriter> {
  const writer = await TableWriter.open(host.run, layout, COLUMNS, "Importing…");
  await writeBlocks(host.run, [
    { writer, columns: COLUMNS, block: { rows: rows(count), textCells: [] }, status: "…" },
  ]);
  await finishTables(host.run, [{ writer, status }]);
  return writer;
}

async function batch(
  host: FakeExcelHost,
  work: (context: Excel.RequestContext) => void,
): Promise<void> {
  await host.run(async (context) => {
    work(context);
    await context.sync();
  });
}

async function tableIds(host: FakeExcelHost): Promise<Record<string, string>> {
  return host.run(async (context) => {
    const tables = context.workbook.tables.load("items/name,items/id");
    await context.sync();
    return Object.fromEntries(tables.items.map((table) => [table.name, table.id]));
  });
}

function records(host: FakeExcelHost): Record<string, unknown>[] {
  const value = host.workbook.settings.get(IMPORT_TABLES_SETTING);
  return typeof value === "string" ? (JSON.parse(value) as Record<string, unknown>[]) : [];
}

/** The user's own table "name" on sheet Mine, A1:B2. */
async function usersTable(host: FakeExcelHost, name: string): Promise<void> {
  if (!host.sheetNames().includes("Mine")) host.addSheet("Mine");
  host.setCells("Mine", "A1", [
    ["Client", "Due"],
    ["Acme", 120],
  ]);
  await batch(host, (context) => {
    context.workbook.tables.add("Mine!A1:B2", true).name = name;
  });
}

function expectUsersTableUntouched(host: FakeExcelHost, name: string): void {
  expect(host.tableInfo(name)).toMatchObject({ sheet: "Mine", address: "Mine!A1:B2" });
  expect(host.values("Mine", "A1:B2")).toEqual([
    ["Client", "Due"],
    ["Acme", 120],
  ]);
}

describe("an import table's marker", () => {
  it("is a hidden defined name of the whole table, created and recorded with it", async () => {
    const host = new OfficeJsExcelHost();
    await TableWriter.open(host.run, INVOICES, COLUMNS, "Importing…");
    const [marker] = host.workbook.names;
    expect(marker).toMatchObject({ formula: "=Invoices[#All]", visible: false });
    expect(marker?.name).toMatch(MARKER);
    // The table's id is recorded by the request that creates it: a record without one proves
    // nothing.
    const ids = await tableIds(host);
    expect(records(host)).toEqual([
      {
        id: ids["Invoices"],
        marker: marker?.name,
        given: "Invoices",
        status: "Importing…",
        shown: true,
        columns: ["ID", "Amount"],
      },
    ]);
    await importRows(host, 1);
    expect(records(host)).toEqual([
      {
        id: ids["Invoices"],
        marker: marker?.name,
        given: "Invoices",
        status: "Done",
        shown: true,
        refreshed: expect.any(String),
        fullRefresh: expect.any(String),
        columns: ["ID", "Amount"],
      },
    ]);
  });
});

describe("a table is the import's only on two proofs", () => {
  it("leaves the user's table that got a deleted import table's id alone, and imports beside it", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    await importRows(host, 2, BILLS);
    const before = await tableIds(host);
    await batch(host, (context) => context.workbook.tables.getItem("Invoices").delete());
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    await usersTable(reopened, "Clients");
    expect((await tableIds(reopened))["Clients"]).toBe(before["Invoices"]);

    const writer = await importRows(reopened, 3);
    expectUsersTableUntouched(reopened, "Clients");
    expect(writer.tableName).toBe("Invoices");
    expect(writer.sheetName).not.toBe("Mine");
    expect(reopened.tableInfo("Invoices")!.rowCount).toBe(3);
    expect(writer.disputed).toEqual([{ name: "Clients", given: "Invoices", reason: "id only" }]);
    // The next import refreshes its own new table, and has nothing more to say.
    const again = await importRows(reopened, 1);
    expect(again).toMatchObject({ tableName: "Invoices", disputed: [] });
    expectUsersTableUntouched(reopened, "Clients");
  });

  it("keeps refreshing a table the user renamed, in place, across save and reopen", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Invoices").name = "Sales";
    });
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    const writer = await importRows(reopened, 4);
    expect(writer).toMatchObject({ tableName: "Sales", sheetName: "Invoices", disputed: [] });
    expect(reopened.tableNames()).toEqual(["Sales"]);
    expect(reopened.tableInfo("Sales")).toMatchObject({ address: "Invoices!A3:B7", rowCount: 4 });
    expect(reopened.definedNames()).toEqual([
      { name: expect.stringMatching(MARKER), formula: "=Sales[#All]" },
    ]);
    expect(records(reopened)).toMatchObject([
      { marker: expect.stringMatching(MARKER), given: "Invoices" },
    ]);
  });

  it("keeps refreshing a table the user moved to other cells and whose sheet they renamed", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.getItem("Invoices");
      sheet.getRange("1:2").insert("Down");
      sheet.getRange("A:B").insert("Right");
      sheet.name = "2026 invoices";
    });
    expect(host.tableInfo("Invoices")!.address).toBe("'2026 invoices'!C5:D7");
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    const writer = await importRows(reopened, 3, INVOICES, "Again");
    expect(writer).toMatchObject({ tableName: "Invoices", sheetName: "2026 invoices" });
    expect(reopened.tableInfo("Invoices")).toMatchObject({
      address: "'2026 invoices'!C5:D8",
      rowCount: 3,
    });
    expect(reopened.cell("2026 invoices", "C3").value).toBe("Again");
    expect(reopened.sheetNames()).not.toContain("Invoices");
    expect(reopened.definedNames()).toEqual([
      { name: expect.stringMatching(MARKER), formula: "=Invoices[#All]" },
    ]);
  });

  it("leaves a table the user made under the deleted import table's name and id alone", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    const before = await tableIds(host);
    await batch(host, (context) => context.workbook.tables.getItem("Invoices").delete());
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    await usersTable(reopened, "Invoices");
    expect((await tableIds(reopened))["Invoices"]).toBe(before["Invoices"]);

    const writer = await importRows(reopened, 3);
    expectUsersTableUntouched(reopened, "Invoices");
    expect(writer.tableName).toBe("Invoices_2");
    expect(writer.disputed).toEqual([{ name: "Invoices", given: "Invoices", reason: "id only" }]);
    expect(reopened.tableInfo("Invoices_2")!.rowCount).toBe(3);
  });

  it.each([
    ["no marker", [] as { name: string; formula: string }[]],
    [
      "a marker of another table",
      [{ name: "LedgerSheets_Table_0123456789abcdef", formula: "=Other[#All]" }],
    ],
    ["a marker of nothing", [{ name: "LedgerSheets_Table_0123456789abcdef", formula: "=#REF!" }]],
  ])(
    "never takes the user's table for an entry written into the file with %s",
    async (_, names) => {
      const host = new OfficeJsExcelHost();
      await usersTable(host, "Budget");
      host.setCells("Mine", "E1", [["Other"], ["x"]]);
      await batch(host, (context) => {
        context.workbook.tables.add("Mine!E1:E2", true).name = "Other";
      });
      const { Budget: id } = await tableIds(host);
      await batch(host, (context) => {
        for (const { name, formula } of names) context.workbook.names.add(name, formula);
        context.workbook.settings.add(
          IMPORT_TABLES_SETTING,
          JSON.stringify([
            { id, given: "Invoices", status: "Done", shown: true },
            { id, marker: "LedgerSheets_Table_0123456789abcdef", given: "Invoices" },
          ]),
        );
      });
      const reopened = OfficeJsExcelHost.fromSerialized(host.serialize());

      const writer = await importRows(reopened, 3);
      expectUsersTableUntouched(reopened, "Budget");
      expect(reopened.values("Mine", "E1:E2")).toEqual([["Other"], ["x"]]);
      expect(writer).toMatchObject({ tableName: "Invoices", sheetName: "Invoices" });
      expect(reopened.tableInfo("Invoices")!.rowCount).toBe(3);
      expect(writer.disputed.map((table) => table.name)).toContain("Budget");
    },
  );

  it("never takes the user's table for a record without an id whose marker names it", async () => {
    const host = new OfficeJsExcelHost();
    await usersTable(host, "Invoices");
    const marker = "LedgerSheets_Table_0123456789abcdef";
    await batch(host, (context) => {
      context.workbook.names.add(marker, "=Invoices[#All]").visible = false;
      context.workbook.settings.add(
        IMPORT_TABLES_SETTING,
        JSON.stringify([{ marker, given: "Invoices", status: "Done", shown: true }]),
      );
    });
    const before = host.serialize();
    const sheetBefore = JSON.stringify(
      JSON.parse(before).sheets.find((s: { name: string }) => s.name === "Mine"),
    );
    const writer = await importRows(host, 3);
    expectUsersTableUntouched(host, "Invoices");
    const after = JSON.parse(host.serialize()).sheets.find(
      (s: { name: string }) => s.name === "Mine",
    );
    expect(after).toBeDefined();
    expect(JSON.stringify(after)).toBe(sheetBefore);
    expect(writer.tableName).not.toBe("Invoices");
    expect(writer.disputed.map((table) => table.name)).toEqual(["Invoices"]);
  });

  it("drops the records of deleted tables when it next writes, and their markers with them", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    await importRows(host, 2, BILLS);
    const [invoices, bills] = host.workbook.names.map((name) => name.name);
    // Names of the user's that turn into =#REF! with the table: never the add-in's to delete,
    // whatever they are called, since no record names them.
    await batch(host, (context) => {
      context.workbook.names.add("Old", "=Bills[#All]");
      context.workbook.names.add("LedgerSheets_Table_00000000000000ff", "=Bills[#All]");
    });
    await batch(host, (context) => context.workbook.tables.getItem("Bills").delete());
    expect(records(host)).toHaveLength(2);

    await importRows(host, 1);
    expect(records(host)).toEqual([
      expect.objectContaining({ marker: invoices, given: "Invoices", status: "Done" }),
    ]);
    expect(host.definedNames().map((name) => name.name)).toEqual([
      invoices,
      "Old",
      "LedgerSheets_Table_00000000000000ff",
    ]);
    expect(bills).toMatch(MARKER);
  });
});

describe("the active sheet's project", () => {
  it("is not read from a user's table that got a deleted import table's id", async () => {
    const host = new OfficeJsExcelHost();
    const layout = { ...INVOICES, project: { label: "Acme", first: true } };
    const writer = await TableWriter.open(host.run, layout, COLUMNS, "Importing…");
    await finishTables(host.run, [{ writer, status: "Done" }]);
    expect(await activeSheetProject(host.run)).toEqual({ sheetName: "Invoices", project: "Acme" });
    await batch(host, (context) => context.workbook.tables.getItem("Invoices").delete());
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      reuseFreedTableIds: true,
    });
    await usersTable(reopened, "Clients");
    await batch(reopened, (context) => context.workbook.worksheets.getItem("Mine").activate());
    expect(await activeSheetProject(reopened.run)).toBeNull();
  });
});

describe("ownership that survives what Excel does not promise", () => {
  afterEach(() => useImportTableKeys(undefined));

  async function thisComputer(): Promise<void> {
    useImportTableKeys(importTableKeys(await deviceKey(new MemorySecretStore())));
  }

  type Mode = { structuredNamesAsAddresses?: boolean; renumberTableIds?: boolean };
  it.each<[string, Mode]>([
    ["names kept as A1 addresses (office-js#740)", { structuredNamesAsAddresses: true }],
    ["table ids renumbered on reopen", { renumberTableIds: true }],
    ["both", { structuredNamesAsAddresses: true, renumberTableIds: true }],
  ])("refreshes every import table in place with %s", async (_, mode) => {
    await thisComputer();
    const host = new OfficeJsExcelHost(mode);
    await importRows(host, 2);
    await importRows(host, 2, BILLS);
    if (mode.structuredNamesAsAddresses) {
      expect(host.definedNames().map((name) => name.formula)).toEqual([
        "=Invoices!$A$3:$B$4",
        "=Bills!$A$3:$B$4",
      ]);
    }
    // The user moves the table; an A1 marker moves with its cells.
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("Invoices").getRange("1:2").insert("Down");
    });
    let workbook = host;
    for (const round of [1, 2]) {
      const before = await tableIds(workbook);
      workbook = OfficeJsExcelHost.fromSerialized(workbook.serialize(), mode);
      if (mode.renumberTableIds) expect(await tableIds(workbook)).not.toEqual(before);
      const invoices = await importRows(workbook, 3 + round);
      const bills = await importRows(workbook, 1 + round, BILLS);
      expect(invoices).toMatchObject({
        tableName: "Invoices",
        sheetName: "Invoices",
        disputed: [],
      });
      expect(bills).toMatchObject({ tableName: "Bills", sheetName: "Bills", disputed: [] });
      expect(workbook.tableNames()).toEqual(["Invoices", "Bills"]);
      expect(workbook.sheetNames()).toEqual(["Sheet1", "Invoices", "Bills"]);
      expect(workbook.tableInfo("Invoices")).toMatchObject({
        address: `Invoices!A5:B${5 + 3 + round}`,
        rowCount: 3 + round,
      });
      expect(workbook.tableInfo("Bills")!.rowCount).toBe(1 + round);
      // The new ids are recorded: the next reopen starts from them.
      const ids = await tableIds(workbook);
      expect(records(workbook).map((record) => record["id"])).toEqual([
        ids["Invoices"],
        ids["Bills"],
      ]);
    }
  });

  it("never adopts a table on a record this computer did not make", async () => {
    await thisComputer();
    const host = new OfficeJsExcelHost();
    await importRows(host, 2);
    // Another computer opens the file after Excel gave the table another id.
    useImportTableKeys(importTableKeys(await deviceKey(new MemorySecretStore())));
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), {
      renumberTableIds: true,
    });
    const writer = await importRows(reopened, 3);
    expect(writer.tableName).toBe("Invoices_2");
    expect(writer.disputed).toEqual([
      { name: "Invoices", given: "Invoices", reason: "marker only" },
    ]);
    expect(reopened.tableInfo("Invoices")!.rowCount).toBe(2);
  });

  it("makes a marker Excel read back as another cell the table's own A1 range", async () => {
    const host = new OfficeJsExcelHost();
    // Excel's conversion, as reported, names the wrong cell: the marker must still prove the table.
    const add = host.workbook.names.push.bind(host.workbook.names);
    host.workbook.names.push = (...items) => {
      for (const item of items) item.formula = "=Invoices!$A$1";
      return add(...items);
    };
    await importRows(host, 2);
    host.workbook.names.push = add;
    expect(host.definedNames().map((name) => name.formula)).toEqual(["='Invoices'!$A$3:$B$4"]);
    const writer = await importRows(host, 5);
    expect(writer).toMatchObject({ tableName: "Invoices", disputed: [] });
    expect(host.tableInfo("Invoices")!.rowCount).toBe(5);
  });
});
