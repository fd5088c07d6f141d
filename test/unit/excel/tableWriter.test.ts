// The table writer against the strict fake Excel host: what lands in cells, and how many
// round trips it takes.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { finishTables, writeBlocks } from "../../../src/excel/tableRequests";
import { TableWriter } from "../../../src/excel/tableWriter";
import { boxesOf, mergedInTheWay } from "../../../src/sheets/boxes";
import { ColumnPlaces } from "../../../src/sheets/columnPlaces";
import { chooseImportTable } from "../../../src/sheets/tableNameAndStatus";
import type { ColumnSpec } from "../../../src/sheets";

const COLUMNS: ColumnSpec[] = [
  { key: "id", header: "ID", kind: "text" },
  { key: "total", header: "Total", kind: "money" },
  { key: "issue_date", header: "Issue date", kind: "date" },
  { key: "paid", header: "Paid", kind: "boolean" },
];
const LAYOUT = { sheetName: "Invoices", tableName: "Invoices" };

async function write(
  host: FakeExcelHost,
  writer: TableWriter,
  rows: (string | number | boolean)[][],
  columns = COLUMNS,
  textCells: { row: number; column: number }[] = [],
) {
  await writeBlocks(host.run, [
    { writer, columns, block: { rows, textCells }, status: "Importing…" },
  ]);
}

describe("TableWriter", () => {
  it("creates the sheet and a table whose header sits on row 3 below the status line", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(host.tableInfo("Invoices")).toMatchObject({
      sheet: "Invoices",
      address: "Invoices!A3:D4",
      headers: ["ID", "Total", "Issue date", "Paid"],
    });
    expect(host.cell("Invoices", "A1")).toMatchObject({ value: "Starting", numberFormat: "@" });
    expect(host.frozenPanes("Invoices").rows).toBe(3);
    expect(writer.rows).toBe(0);
  });

  it("formats each column before writing, so text stays literal and amounts are numbers", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [
      ["00123", 10.5, 46000, true],
      ["=1+1", 0, 46001, false],
    ]);
    expect(host.cell("Invoices", "A4")).toMatchObject({
      value: "00123",
      numberFormat: "@",
      formula: null,
    });
    expect(host.cell("Invoices", "A5")).toMatchObject({ value: "=1+1", formula: null });
    expect(host.cell("Invoices", "B4")).toMatchObject({
      value: 10.5,
      numberFormat: "#,##0.00",
      text: "10.50",
    });
    expect(host.cell("Invoices", "C4")).toMatchObject({ value: 46000, numberFormat: "yyyy-mm-dd" });
    expect(host.cell("Invoices", "D5").value).toBe(false);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!A3:D5", rowCount: 2 });
  });

  it("writes the listed cells of a numeric column as text", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [["a", "98765432109876.54", 46000, true]], COLUMNS, [
      { row: 0, column: 1 },
    ]);
    expect(host.cell("Invoices", "B4")).toMatchObject({
      value: "98765432109876.54",
      numberFormat: "@",
    });
  });

  it("writes a block in one round trip, and appends the next block below it", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    host.resetCounters();
    await write(host, writer, [["a", 1, 46000, true]]);
    await write(host, writer, [
      ["b", 2, 46001, false],
      ["c", 3, 46002, true],
    ]);
    expect(host.syncCount).toBe(2);
    expect(host.values("Invoices", "A4:A6")).toEqual([["a"], ["b"], ["c"]]);
    expect(host.tableInfo("Invoices")!.rowCount).toBe(3);
  });

  it("lets the event loop in between slices of a large block without waiting for a timer", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    // Timers never fire here: a block that waited for one between its slices would never be
    // written. What arrives meanwhile (an immediate, as an API answer's callback is) runs between
    // the slices, before the block's request.
    jest.useFakeTimers({ doNotFake: ["setImmediate", "queueMicrotask", "nextTick"] });
    try {
      const rows = Array.from({ length: 5_000 }, (_, i) => [`r${i}`, i, 46000, true]);
      const order: string[] = [];
      const written = write(host, writer, rows).then(() => order.push("block written"));
      setImmediate(() => order.push("meanwhile"));
      await written;
      expect(order).toEqual(["meanwhile", "block written"]);
      expect(host.values("Invoices", "A5003:A5003")).toEqual([["r4999"]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("appends header cells when the column list grows, and pads earlier rows", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [["a", 1, 46000, true]]);
    const grown = [...COLUMNS, { key: "memo", header: "Memo", kind: "text" as const }];
    await write(host, writer, [["b", 2, 46001, false, "late field"]], grown);
    expect(host.tableInfo("Invoices")).toMatchObject({
      headers: ["ID", "Total", "Issue date", "Paid", "Memo"],
      rowCount: 2,
    });
    expect(host.values("Invoices", "E4:E5")).toEqual([[""], ["late field"]]);
  });

  it("refreshes an existing table where the user moved it, keeping its name", async () => {
    const host = new OfficeJsExcelHost();
    const first = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, first, [
      ["a", 1, 46000, true],
      ["b", 2, 46001, false],
      ["c", 3, 46002, true],
    ]);
    await host.run(async (context) => {
      // The user inserts two rows and a column above and before the table.
      const sheet = context.workbook.worksheets.getItem("Invoices");
      sheet.getRange("1:2").insert("Down");
      sheet.getRange("A:A").insert("Right");
      await context.sync();
    });
    expect(host.tableInfo("Invoices")!.address).toBe("Invoices!B5:E8");
    const again = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Refreshing");
    await write(host, again, [["z", 9, 46009, false]]);
    // The new row went in over the first old one; a copy of the three old rows waits under
    // them until the whole list is in.
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!B5:E11", rowCount: 6 });
    expect(host.values("Invoices", "B6:B11")).toEqual([["z"], ["b"], ["c"], ["a"], ["b"], ["c"]]);
    await finishTables(host.run, [{ writer: again, status: "Done" }]);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!B5:E6", rowCount: 1 });
    expect(host.values("Invoices", "B6:B8")).toEqual([["z"], [""], [""]]);
  });

  it("goes to a new sheet rather than over a sheet of the same name with the user's cells", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    host.setCells("Invoices", "B2", [["keep me"]]);
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.sheetName).toBe("Invoices (2)");
    expect(host.cell("Invoices", "B2").value).toBe("keep me");
  });

  it("reuses an empty sheet of the same name", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet("Invoices");
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.sheetName).toBe("Invoices");
  });

  it("refuses more rows than the sheet can hold", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.capacity).toBe(1_048_576 - 3);
    await expect(
      host.run(async (context) => {
        await writer.queueBlock(
          context,
          COLUMNS,
          { rows: new Array(writer.capacity + 1).fill(["x", 1, 1, true]), textCells: [] },
          "",
        );
      }),
    ).rejects.toThrow(/more rows fit/);
  });

  it("writes the final status, sizes columns from the data and shows the sheet", async () => {
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [["a".repeat(500), 1, 46000, true]]);
    await finishTables(host.run, [{ writer, status: "Invoices · 1 record · complete" }]);
    expect(host.cell("Invoices", "A1").value).toBe("Invoices · 1 record · complete");
    expect(host.activeSheetName).toBe("Invoices");
    // A 500-character id does not make a 500-character column.
    expect(host.columnWidth("Invoices", 0)).toBeLessThanOrEqual(40 * 6 + 8);
  });

  describe("refresh in place", () => {
    const column = (key: string, header: string, kind: ColumnSpec["kind"]): ColumnSpec => ({
      key,
      header,
      kind,
    });
    const ID = column("id", "ID", "text");
    const TOTAL = column("total", "Total", "money");
    const ISSUE = column("issue_date", "Issue date", "date");
    const PAID = column("paid", "Paid", "boolean");
    const MEMO = column("memo", "Memo", "text");

    /** A first import of COLUMNS with two rows, and a report sheet summing its Total column. */
    async function importedWithReport(): Promise<FakeExcelHost> {
      const host = new OfficeJsExcelHost();
      const first = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
      await write(host, first, [
        ["a", 1, 46000, true],
        ["b", 2, 46001, false],
      ]);
      host.addSheet("Report");
      host.setCells("Report", "A1", [["=SUM(Invoices[Total])"]]);
      expect(host.cell("Report", "A1").value).toBe(3);
      return host;
    }

    it("keeps every column where it was, matched by header, so formulas keep their column", async () => {
      const host = await importedWithReport();
      // Discovery put the columns in another order, found a new one and lost "Issue date".
      const columns = [ID, PAID, MEMO, TOTAL];
      const again = await TableWriter.open(host.run, LAYOUT, columns, "Refreshing");
      await write(
        host,
        again,
        [
          ["x", true, "first", 10.25],
          ["y", false, "second", 20.5],
          ["z", true, "third", 0.01],
        ],
        columns,
        [],
      );
      await finishTables(host.run, [{ writer: again, status: "Done" }]);
      expect(host.tableInfo("Invoices")).toMatchObject({
        headers: ["ID", "Total", "Issue date", "Paid", "Memo"],
        rowCount: 3,
      });
      // "Issue date" is the earlier import's: left empty, as no record brings it now.
      expect(host.values("Invoices", "A4:E6")).toEqual([
        ["x", 10.25, "", true, "first"],
        ["y", 20.5, "", false, "second"],
        ["z", 0.01, "", true, "third"],
      ]);
      expect(again.leftBehind()).toEqual([]);
      expect(again.emptiedColumns).toEqual(["Issue date"]);
      expect(host.cell("Invoices", "B4").numberFormat).toBe("#,##0.00");
      expect(host.cell("Report", "A1")).toMatchObject({
        formula: "=SUM(Invoices[Total])",
        value: 30.76,
      });
      expect(again.unfilledColumns).toEqual(["Issue date"]);
    });

    it("refreshes a table whose header row the user hid, and hides it again when done", async () => {
      const host = await importedWithReport();
      await host.run(async (context) => {
        context.workbook.tables.getItem("Invoices").showHeaders = false;
        await context.sync();
      });
      const columns = [ID, PAID, TOTAL];
      const again = await TableWriter.open(host.run, LAYOUT, columns, "Refreshing");
      await write(host, again, [["x", true, 7.5]], columns);
      await finishTables(host.run, [{ writer: again, status: "Done" }]);
      // The header row is hidden again: the table's range starts at its data.
      expect(host.tableInfo("Invoices")).toMatchObject({
        headers: ["ID", "Total", "Issue date", "Paid"],
        address: "Invoices!A4:D4",
      });
      expect(host.values("Invoices", "A4:D4")).toEqual([["x", 7.5, "", true]]);
      expect(host.tableInfo("Invoices")).toMatchObject({ showHeaders: false, rowCount: 1 });
      expect(host.cell("Report", "A1")).toMatchObject({ value: 7.5 });
    });

    it("never narrows the table: a column found on a later page goes back to its old place", async () => {
      const host = await importedWithReport();
      // The first page has no totals yet (nulls), so Total is discovered on the second page.
      const firstPage = [ID, ISSUE, PAID];
      const again = await TableWriter.open(host.run, LAYOUT, firstPage, "Refreshing");
      expect(host.tableInfo("Invoices")!.headers).toEqual(["ID", "Total", "Issue date", "Paid"]);
      expect(again.unfilledColumns).toEqual(["Total"]);
      await write(host, again, [["x", 46010, true]], firstPage);
      const secondPage = [ID, ISSUE, PAID, TOTAL];
      await write(host, again, [["y", 46011, false, "1E5"]], secondPage, [{ row: 0, column: 3 }]);
      expect(again.unfilledColumns).toEqual([]);
      await finishTables(host.run, [{ writer: again, status: "Done" }]);
      expect(host.tableInfo("Invoices")).toMatchObject({
        headers: ["ID", "Total", "Issue date", "Paid"],
        rowCount: 2,
      });
      expect(host.values("Invoices", "A4:D5")).toEqual([
        ["x", "", 46010, true],
        ["y", "1E5", 46011, false],
      ]);
      // The text cell of the late column is formatted as text where the column really is.
      expect(host.cell("Invoices", "B5")).toMatchObject({ value: "1E5", numberFormat: "@" });
      expect(host.cell("Report", "A1")).toMatchObject({
        formula: "=SUM(Invoices[Total])",
        value: 0,
      });
    });
  });
});

describe("TableWriter with a total row the user switched on", () => {
  /**
   * A first import of two invoices (A3:D5), then the user's total row (row 6) summing Total with
   * their own formula, and a report reading that total two ways.
   */
  async function importedWithTotalRow(): Promise<FakeExcelHost> {
    const host = new OfficeJsExcelHost();
    const first = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, first, [
      ["a", 1, 46000, true],
      ["b", 2, 46001, false],
    ]);
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      table.showTotals = true;
      table.getTotalRowRange().getCell(0, 1).formulas = [["=SUBTOTAL(109,[Total])"]];
      await context.sync();
    });
    host.addSheet("Report");
    host.setCells("Report", "A1", [["=Invoices[[#Totals],[Total]]", "=Invoices!B6"]]);
    expect(host.values("Report", "A1:B1")).toEqual([[3, 3]]);
    return host;
  }

  async function refresh(host: FakeExcelHost, blocks: (string | number | boolean)[][][]) {
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Refreshing");
    for (const rows of blocks) await write(host, writer, rows);
    await finishTables(host.run, [{ writer, status: "Done" }]);
    return writer;
  }

  it("refreshes with more rows: the total row stays under the data and its SUBTOTAL covers them", async () => {
    const host = await importedWithTotalRow();
    await refresh(host, [
      [["x", 10.25, 46010, true]],
      [
        ["y", 20.5, 46011, false],
        ["z", 0.01, 46012, true],
      ],
    ]);
    expect(host.tableInfo("Invoices")).toMatchObject({
      address: "Invoices!A3:D7",
      rowCount: 3,
      showTotals: true,
    });
    expect(host.values("Invoices", "A4:D7")).toEqual([
      ["x", 10.25, 46010, true],
      ["y", 20.5, 46011, false],
      ["z", 0.01, 46012, true],
      ["Total", 30.76, "", 3],
    ]);
    expect(host.cell("Invoices", "B7").formula).toBe("=SUBTOTAL(109,[Total])");
    expect(host.values("Invoices", "A8:D8")).toEqual([["", "", "", ""]]);
    // A formula reading the total row, by table or by cell, follows it.
    expect(host.cell("Report", "B1").formula).toBe("=Invoices!B7");
    expect(host.values("Report", "A1:B1")).toEqual([[30.76, 30.76]]);
  });

  it("refreshes with fewer rows: the total row moves up under them", async () => {
    const host = await importedWithTotalRow();
    await refresh(host, [
      [
        ["a", 1, 46000, true],
        ["b", 2, 46001, false],
        ["c", 3, 46002, true],
        ["d", 4, 46003, true],
      ],
    ]);
    expect(host.tableInfo("Invoices")!.address).toBe("Invoices!A3:D8");
    await refresh(host, [[["only", 7.5, 46020, false]]]);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!A3:D5", rowCount: 1 });
    expect(host.values("Invoices", "A4:D6")).toEqual([
      ["only", 7.5, 46020, false],
      ["Total", 7.5, "", 1],
      ["", "", "", ""],
    ]);
    expect(host.values("Report", "A1:B1")).toEqual([[7.5, 7.5]]);
  });

  it("refreshes to no rows: one empty data row above the total row, which shows 0", async () => {
    const host = await importedWithTotalRow();
    await refresh(host, []);
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!A3:D5", rowCount: 1 });
    expect(host.values("Invoices", "A4:D5")).toEqual([
      ["", "", "", ""],
      ["Total", 0, "", 0],
    ]);
  });

  it("never writes over the user's cells below the total row: they move down with it", async () => {
    const host = await importedWithTotalRow();
    host.setCells("Invoices", "A8", [["Checked by: Ana"]]);
    await refresh(host, [
      [
        ["x", 1, 46010, true],
        ["y", 2, 46011, true],
        ["z", 3, 46012, true],
        ["w", 4, 46013, true],
      ],
    ]);
    expect(host.values("Invoices", "A8:B8")).toEqual([["Total", 10]]);
    expect(host.cell("Invoices", "A10").value).toBe("Checked by: Ana");
  });

  it("widens the total row with a column the refresh appends", async () => {
    const host = await importedWithTotalRow();
    const grown = [...COLUMNS, { key: "memo", header: "Memo", kind: "text" as const }];
    const writer = await TableWriter.open(host.run, LAYOUT, grown, "Refreshing");
    await write(host, writer, [["x", 5, 46010, true, "note"]], grown);
    await finishTables(host.run, [{ writer, status: "Done" }]);
    expect(host.tableInfo("Invoices")).toMatchObject({
      address: "Invoices!A3:E5",
      headers: ["ID", "Total", "Issue date", "Paid", "Memo"],
    });
    expect(host.values("Invoices", "A4:E5")).toEqual([
      ["x", 5, 46010, true, "note"],
      ["Total", 5, "", 1, ""],
    ]);
  });

  it("counts the total row's row in the sheet's capacity", async () => {
    const host = await importedWithTotalRow();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Refreshing");
    // The two rows the refresh replaces stay until the new ones are all in.
    expect(writer.capacity).toBe(1_048_576 - 3 - 1 - 2);
  });
});

describe("TableWriter and the user's names", () => {
  /** A workbook whose "Invoices" table the user made (not an import) on sheet Invoices. */
  async function withUsersTable(host: FakeExcelHost): Promise<void> {
    host.addSheet("Invoices");
    host.setCells("Invoices", "A1", [
      ["Client", "Due"],
      ["Acme", 120],
    ]);
    await host.run(async (context) => {
      context.workbook.tables.add("Invoices!A1:B2", true).name = "Invoices";
      await context.sync();
    });
  }

  it("leaves a defined name of the table's name alone: the table is Invoices_2, refreshed later", async () => {
    const host = new OfficeJsExcelHost();
    await host.run(async (context) => {
      context.workbook.names.add("INVOICES", "=Sheet1!$A$1:$A$9", "my invoice list");
      await context.sync();
    });
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.tableName).toBe("Invoices_2");
    expect(writer.nameInTheWay).toEqual({ name: "Invoices", usedBy: "defined name" });
    await write(host, writer, [["a", 1, 46000, true]]);
    expect(host.tableInfo("Invoices_2")).toMatchObject({ sheet: "Invoices", rowCount: 1 });
    // The user's name is as it was; the other one is the table's marker.
    expect(host.definedNames()).toEqual([
      { name: "INVOICES", formula: "=Sheet1!$A$1:$A$9" },
      { name: expect.stringMatching(/^LedgerSheets_Table_/), formula: "=Invoices_2[#All]" },
    ]);

    const again = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Refreshing");
    await write(host, again, [["b", 2, 46001, false]]);
    await finishTables(host.run, [{ writer: again, status: "Done" }]);
    expect(again).toMatchObject({ tableName: "Invoices_2", nameInTheWay: null });
    expect(host.tableNames()).toEqual(["Invoices_2"]);
    expect(host.values("Invoices", "A4:A5")).toEqual([["b"], [""]]);
  });

  it("keeps refreshing Invoices_2 after the defined name is gone, so formulas on it keep working", async () => {
    const host = new OfficeJsExcelHost();
    await host.run(async (context) => {
      context.workbook.names.add("Invoices", "=1");
      await context.sync();
    });
    await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await host.run(async (context) => {
      context.workbook.names.getItem("Invoices").delete();
      await context.sync();
    });
    const again = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Refreshing");
    expect(again.tableName).toBe("Invoices_2");
    expect(host.tableNames()).toEqual(["Invoices_2"]);
  });

  it("never refreshes a table of the same name that the user made: its rows stay", async () => {
    const host = new OfficeJsExcelHost();
    await withUsersTable(host);
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [["a", 1, 46000, true]]);
    expect(writer).toMatchObject({ tableName: "Invoices_2", sheetName: "Invoices (2)" });
    expect(writer.nameInTheWay).toEqual({ name: "Invoices", usedBy: "table" });
    expect(host.tableInfo("Invoices")).toMatchObject({
      address: "Invoices!A1:B2",
      headers: ["Client", "Due"],
    });
    expect(host.values("Invoices", "A2:B2")).toEqual([["Acme", 120]]);
  });

  it("knows its tables after the workbook is saved and reopened", async () => {
    const host = new OfficeJsExcelHost();
    const first = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, first, [["a", 1, 46000, true]]);
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    const again = await TableWriter.open(reopened.run, LAYOUT, COLUMNS, "Refreshing");
    expect(again.tableName).toBe("Invoices");
    expect(reopened.tableNames()).toEqual(["Invoices"]);
    expect(reopened.tableInfo("Invoices")!.rowCount).toBe(1);
  });
});

describe("chooseImportTable", () => {
  const none = { tables: [], definedNames: [], ours: [] };

  it("takes the wanted name when nothing uses it", () => {
    expect(chooseImportTable("Invoices", none)).toEqual({
      name: "Invoices",
      refresh: false,
      inTheWay: null,
    });
  });

  it("refreshes an earlier import's table, whatever case the user gave it", () => {
    expect(
      chooseImportTable("Invoices", {
        tables: ["INVOICES"],
        definedNames: [],
        ours: [{ name: "INVOICES", given: "Invoices" }],
      }),
    ).toEqual({ name: "INVOICES", refresh: true, inTheWay: null });
  });

  it("skips names a defined name or another table holds, ignoring case", () => {
    expect(
      chooseImportTable("Invoices", {
        tables: ["invoices_2"],
        definedNames: ["INVOICES"],
        ours: [],
      }),
    ).toEqual({
      name: "Invoices_3",
      refresh: false,
      inTheWay: { name: "Invoices", usedBy: "defined name" },
    });
  });

  it("prefers the earlier import's numbered table to a name that has since become free", () => {
    expect(
      chooseImportTable("Invoices", {
        tables: ["Invoices_3"],
        definedNames: [],
        ours: [{ name: "Invoices_3", given: "Invoices_3" }],
      }),
    ).toMatchObject({ name: "Invoices_3", refresh: true });
  });

  it("keeps a numbered name within Excel's 255 characters", () => {
    const long = "L".repeat(255);
    const choice = chooseImportTable(long, { tables: [], definedNames: [long], ours: [] });
    expect(choice.name).toBe(`${"L".repeat(253)}_2`);
  });
});

describe("ColumnPlaces", () => {
  const spec = (header: string): ColumnSpec => ({ key: header, header, kind: "text" });

  it("matches headers ignoring case, as Excel does, and appends the rest in order", () => {
    const places = new ColumnPlaces(["ID", "Total", "Notes"]);
    const appended = places.place([spec("total"), spec("Memo"), spec("id"), spec("Extra")]);
    expect(appended).toEqual({ first: 3, headers: ["Memo", "Extra"] });
    expect([0, 1, 2, 3].map((i) => places.position(i))).toEqual([1, 3, 0, 4]);
    expect(places.width).toBe(5);
    expect(places.unfilled()).toEqual(["Notes"]);
    expect(places.tableRow(["t", "m", "i", "e"])).toEqual(["i", "t", "", "m", "e"]);
    expect(places.unfilledPositions()).toEqual([{ position: 2, header: "Notes" }]);
    // A column of the user's gets null: Excel leaves the cell as it is.
    places.leaveAlone([2]);
    expect(places.tableRow(["t", "m", "i", "e"])).toEqual(["i", "t", null, "m", "e"]);
  });

  it("pads a short row of a table laid out column for column", () => {
    const places = new ColumnPlaces(["A", "B", "C"]);
    places.place([spec("A"), spec("B"), spec("C")]);
    expect(places.isIdentity).toBe(true);
    expect(places.tableRow(["a"])).toEqual(["a", "", ""]);
  });

  it("hands over a full row of a table laid out column for column as it is, not a copy", () => {
    const places = new ColumnPlaces(["A", "B"]);
    places.place([spec("A"), spec("B")]);
    const row = ["a", "b"];
    expect(places.tableRow(row)).toBe(row);
  });
});

describe("merged cells in the way", () => {
  it("reads the rectangles of a RangeAreas address, quoted sheet names and absolute marks too", () => {
    expect(boxesOf("Invoices!X65:Y65,'My, sheet'!$B$2, Invoices!AA1:AB3")).toEqual([
      { row: 64, column: 23, rows: 1, columns: 2, address: "X65:Y65" },
      { row: 1, column: 1, rows: 1, columns: 1, address: "B2" },
      { row: 0, column: 26, rows: 3, columns: 2, address: "AA1:AB3" },
    ]);
  });

  it("finds merged cells under the table's columns, or right of its rows when columns are appended", () => {
    const table = { row: 2, column: 0, rows: 10, columns: 4 };
    const under = { row: 20, column: 3, rows: 1, columns: 2 };
    const beside = { row: 5, column: 6, rows: 2, columns: 2 };
    const above = { row: 0, column: 0, rows: 1, columns: 4 };
    expect(mergedInTheWay(table, 4, [above, beside])).toBeUndefined();
    expect(mergedInTheWay(table, 5, [above, beside])).toBe(beside);
    expect(mergedInTheWay(table, 4, [above, under])).toBe(under);
  });
});

describe("amounts of several currencies in one money column", () => {
  it("writes each cell's own format (KWD three decimals, JPY none) in one range per column", async () => {
    const { createDiscoveringShaper } = await import("../../../src/sheets/shapeRecords");
    const shaper = createDiscoveringShaper();
    const shaped = shaper.shape([
      { id: "a", total: "12.50", currency_code: "USD" },
      { id: "b", total: "1.005", currency_code: "KWD" },
      { id: "c", total: "15000", currency_code: "JPY" },
      { id: "d", total: "12.345", currency_code: "USD" },
    ]);
    const columns = shaper.columns();
    const host = new OfficeJsExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, columns, "Starting");
    await writeBlocks(host.run, [{ writer, columns, block: shaped, status: "Importing…" }]);
    const letter = String.fromCharCode(65 + columns.findIndex((column) => column.key === "total"));
    expect(host.cell("Invoices", `${letter}4`)).toMatchObject({
      value: 12.5,
      numberFormat: "#,##0.00",
      text: "12.50",
    });
    expect(host.cell("Invoices", `${letter}5`)).toMatchObject({
      value: 1.005,
      numberFormat: "#,##0.000",
      text: "1.005",
    });
    expect(host.cell("Invoices", `${letter}6`)).toMatchObject({
      value: 15000,
      numberFormat: "#,##0",
      text: "15,000",
    });
    // A USD amount with a third decimal is still kept as text, with its reason.
    expect(host.cell("Invoices", `${letter}7`)).toMatchObject({
      value: "12.345",
      numberFormat: "@",
    });
  });
});
