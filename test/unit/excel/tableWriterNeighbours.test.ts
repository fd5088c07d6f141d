// The table writer and the user's cells around an import's table: under it, right of it, and the
// status cell above it; and which tables are the import's to refresh (recorded by table id).
import type { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { finishTables, writeBlocks } from "../../../src/excel/tableRequests";
import { TableWriter } from "../../../src/excel/tableWriter";
import { IMPORT_TABLES_SETTING } from "../../../src/settings/importTables";
import type { ColumnSpec } from "../../../src/sheets";

const ID: ColumnSpec = { key: "id", header: "ID", kind: "text" };
const AMOUNT: ColumnSpec = { key: "amount", header: "Amount", kind: "money" };
const MEMO: ColumnSpec = { key: "memo", header: "Memo", kind: "text" };
const COLUMNS = [ID, AMOUNT];
const LAYOUT = { sheetName: "Invoices", tableName: "Invoices" };
const MARKER = expect.stringMatching(/^LedgerSheets_Table_[0-9a-f]{16}$/) as unknown;

type Row = (string | number)[];

function rows(count: number, start = 1): Row[] {
  return Array.from({ length: count }, (_, i) => [`inv-${start + i}`, start + i]);
}

/** Opens the import's table, writes `blocks` and the final status; returns the writer. */
async function importRows(
  host: FakeExcelHost,
  blocks: Row[][],
  columns: ColumnSpec[] = COLUMNS,
  status = "Done",
): Promise<TableWriter> {
  const writer = await TableWriter.open(host.run, LAYOUT, columns, "Importing…");
  for (const block of blocks) {
    await writeBlocks(host.run, [
      { writer, columns, block: { rows: block, textCells: [] }, status: "Importing…" },
    ]);
  }
  await finishTables(host.run, [{ writer, status }]);
  return writer;
}

async function settingValue(host: FakeExcelHost): Promise<unknown> {
  return host.run(async (context) => {
    const setting = context.workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
    setting.load("value");
    await context.sync();
    return setting.isNullObject ? undefined : JSON.parse(String(setting.value));
  });
}

describe("TableWriter never writes over the user's cells around its table", () => {
  /** A 3-row import (A3:B6), the user's Total row two rows under it and a report reading it. */
  async function importedWithTotalBelow(): Promise<FakeExcelHost> {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(3)]);
    expect(host.tableInfo("Invoices")!.address).toBe("Invoices!A3:B6");
    host.setCells("Invoices", "A8", [["Total", "=SUM(Invoices[Amount])"]]);
    host.addSheet("Report");
    host.setCells("Report", "A1", [["=Invoices!B8"]]);
    expect(host.cell("Report", "A1").value).toBe(6);
    return host;
  }

  it("moves the user's rows under the table down when a refresh grows it, formulas following", async () => {
    const host = await importedWithTotalBelow();
    await importRows(host, [rows(2, 10), rows(4, 12)]);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!A3:B9", rowCount: 6 });
    expect(host.values("Invoices", "A4:B9")).toEqual(rows(6, 10));
    // The blank row and the Total row keep their place under the table.
    expect(host.values("Invoices", "A10:B10")).toEqual([["", ""]]);
    expect(host.cell("Invoices", "A11").value).toBe("Total");
    expect(host.cell("Invoices", "B11")).toMatchObject({
      formula: "=SUM(Invoices[Amount])",
      value: 10 + 11 + 12 + 13 + 14 + 15,
    });
    expect(host.cell("Report", "A1")).toMatchObject({ formula: "=Invoices!B11", value: 75 });
  });

  it("leaves the user's rows where they are when a refresh brings fewer rows", async () => {
    const host = await importedWithTotalBelow();
    await importRows(host, [rows(1, 10)]);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!A3:B4" });
    expect(host.values("Invoices", "A5:B6")).toEqual([
      ["", ""],
      ["", ""],
    ]);
    expect(host.cell("Invoices", "B8")).toMatchObject({ value: 10 });
  });

  it("moves the user's cells right of the table when a column is added", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(3)]);
    host.setCells("Invoices", "C3", [["Checked"], ["yes"], ["no"], ["=B6*2"]]);
    const grown = [ID, AMOUNT, MEMO];
    await importRows(
      host,
      [
        [["a", 1, "first"]],
        [
          ["b", 2, "second"],
          ["c", 3, "third"],
        ],
      ],
      grown,
    );
    expect(host.tableInfo("Invoices")).toMatchObject({
      address: "Invoices!A3:C6",
      headers: ["ID", "Amount", "Memo"],
    });
    expect(host.values("Invoices", "C4:C6")).toEqual([["first"], ["second"], ["third"]]);
    expect(host.values("Invoices", "D3:D5")).toEqual([["Checked"], ["yes"], ["no"]]);
    expect(host.cell("Invoices", "D6")).toMatchObject({ formula: "=B6*2", value: 6 });
  });

  it("moves what the user typed under a new table during the import", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Importing…");
    const block = (rowsOf: Row[]) => [
      { writer, columns: COLUMNS, block: { rows: rowsOf, textCells: [] }, status: "…" },
    ];
    await writeBlocks(host.run, block(rows(2)));
    host.setCells("Invoices", "A7", [["my note"]]);
    await writeBlocks(host.run, block(rows(3, 3)));
    expect(host.values("Invoices", "A4:B8")).toEqual(rows(5));
    expect(host.cell("Invoices", "A10").value).toBe("my note");
  });

  /** The user's table "Budget" on the import's sheet from `topLeft`, `width` columns wide. */
  async function withBudgetTable(host: FakeExcelHost, topLeft: string, width: number) {
    const cells = [0, 1, 2].map((r) =>
      Array.from({ length: width }, (_, c) => (r === 0 ? `H${c}` : r * 10 + c)),
    );
    host.setCells("Invoices", topLeft, cells);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Invoices");
      sheet.tables.add(sheet.getRange(topLeft).getResizedRange(2, width - 1), true).name = "Budget";
      await context.sync();
    });
  }

  it("stops before changing anything when a table of the user's below would be cut", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(3)]);
    await withBudgetTable(host, "A10", 3);
    const error = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Importing…").catch(
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(
      /Table “Budget” \(Invoices!A10:C12\) is in the way of table “Invoices”: .* nothing was changed\./,
    );
    expect(host.values("Invoices", "A4:B6")).toEqual(rows(3));
    expect(host.tableInfo("Budget")!.address).toBe("Invoices!A10:C12");
  });

  it("moves a table of the user's below that lies within the table's columns", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(3)]);
    await withBudgetTable(host, "A10", 2);
    await importRows(host, [rows(5)]);
    expect(host.tableInfo("Budget")!.address).toBe("Invoices!A12:B14");
    expect(host.values("Invoices", "A13:B13")).toEqual([[10, 11]]);
  });

  it("adds one request to a refresh, the copy of the old rows, then one per block", async () => {
    const host = await importedWithTotalBelow();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Importing…");
    host.resetCounters();
    for (const block of [rows(4), rows(4, 5)]) {
      await writeBlocks(host.run, [
        { writer, columns: COLUMNS, block: { rows: block, textCells: [] }, status: "…" },
      ]);
    }
    expect(host.syncCount).toBe(3);
  });
});

describe("TableWriter and the status cell above a refreshed table", () => {
  it("leaves a cell of the user's two rows above the header alone, and says where", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(2)], COLUMNS, "Invoices · 2 records · complete");
    await host.run(async (context) => {
      // The user inserts a row between the status line and the table, and types into it.
      context.workbook.worksheets.getItem("Invoices").getRange("2:2").insert("Down");
      await context.sync();
    });
    host.setCells("Invoices", "A2", [["Prepared by Ana"]]);
    const writer = await importRows(host, [rows(3)], COLUMNS, "PARTIAL · 3 records");
    expect(host.cell("Invoices", "A2").value).toBe("Prepared by Ana");
    expect(writer.statusBlocked).toEqual({ reason: "in the way", address: "Invoices!A2" });
    expect(host.tableInfo("Invoices")!.rowCount).toBe(3);
    // The status is kept where the add-in owns it: the setting that records the table.
    expect(await settingValue(host)).toEqual([
      {
        id: expect.any(String),
        marker: MARKER,
        given: "Invoices",
        status: "PARTIAL · 3 records",
        refreshed: expect.any(String),
        fullRefresh: expect.any(String),
        columns: ["ID", "Amount"],
      },
    ]);
  });

  it("writes over its own status line, and into an empty cell", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(2)], COLUMNS, "First");
    await importRows(host, [rows(2)], COLUMNS, "Second");
    expect(host.cell("Invoices", "A1").value).toBe("Second");
    host.setCells("Invoices", "A1", [[""]]);
    const writer = await importRows(host, [rows(2)], COLUMNS, "Third");
    expect(host.cell("Invoices", "A1").value).toBe("Third");
    expect(writer.statusBlocked).toBeNull();
  });

  it("writes over its own progress line when the first import stopped before finishing", async () => {
    const host = new OfficeJsExcelHost();
    const stopped = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Importing…");
    const progress =
      "Importing Invoices from example.test: 1 record so far (partial until finished)…";
    await writeBlocks(host.run, [
      {
        writer: stopped,
        columns: COLUMNS,
        block: { rows: rows(1), textCells: [] },
        status: progress,
      },
    ]);
    expect(host.cell("Invoices", "A1").value).toBe(progress);
    const writer = await importRows(host, [rows(2)], COLUMNS, "Again");
    expect(writer.statusBlocked).toBeNull();
    expect(host.cell("Invoices", "A1").value).toBe("Again");
  });

  it("says there is no room when the table sits on the sheet's first rows", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(2)]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Invoices").getRange("1:2").delete("Up");
      await context.sync();
    });
    const writer = await importRows(host, [rows(1)], COLUMNS, "PARTIAL");
    expect(writer.statusBlocked).toEqual({ reason: "no room" });
    expect(host.values("Invoices", "A1:B2")).toEqual([
      ["ID", "Amount"],
      ["inv-1", 1],
    ]);
  });
});

describe("TableWriter refreshes only tables it created, recorded by id and marker", () => {
  it("leaves a table the user made with the name of the import's deleted table alone", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(2)]);
    await host.run(async (context) => {
      context.workbook.tables.getItem("Invoices").delete();
      const sheet = context.workbook.worksheets.add("Mine");
      sheet.getRange("A1:B2").values = [
        ["Client", "Due"],
        ["Acme", 120],
      ];
      sheet.tables.add("Mine!A1:B2", true).name = "Invoices";
      await context.sync();
    });
    const writer = await importRows(host, [rows(3)]);
    expect(writer.tableName).toBe("Invoices_2");
    expect(host.tableInfo("Invoices")).toMatchObject({ sheet: "Mine", headers: ["Client", "Due"] });
    expect(host.values("Mine", "A2:B2")).toEqual([["Acme", 120]]);
    expect(host.tableInfo("Invoices_2")!.rowCount).toBe(3);
  });

  it("keeps refreshing its table after the user renames it", async () => {
    const host = new OfficeJsExcelHost();
    await importRows(host, [rows(2)]);
    await host.run(async (context) => {
      context.workbook.tables.getItem("Invoices").name = "Sales";
      await context.sync();
    });
    const writer = await importRows(host, [rows(4)]);
    expect(writer.tableName).toBe("Sales");
    expect(host.tableNames()).toEqual(["Sales"]);
    expect(host.tableInfo("Sales")!.rowCount).toBe(4);
  });

  it("never takes a table as its own by name: a list of names in the setting claims nothing", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Mine");
    host.setCells("Mine", "A1", [
      ["Client", "Due"],
      ["Acme", 120],
    ]);
    await host.run(async (context) => {
      context.workbook.tables.add("Mine!A1:B2", true).name = "Invoices";
      context.workbook.settings.add(IMPORT_TABLES_SETTING, JSON.stringify(["Invoices"]));
      await context.sync();
    });
    const writer = await importRows(host, [rows(3)]);
    expect(writer.tableName).toBe("Invoices_2");
    expect(host.values("Mine", "A1:B2")).toEqual([
      ["Client", "Due"],
      ["Acme", 120],
    ]);
    expect(await settingValue(host)).toEqual([
      {
        id: expect.any(String),
        marker: MARKER,
        given: "Invoices_2",
        status: "Done",
        shown: true,
        refreshed: expect.any(String),
        fullRefresh: expect.any(String),
        columns: ["ID", "Amount"],
      },
    ]);
  });
});
