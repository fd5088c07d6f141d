// The table writer against the strict fake Excel host: what lands in cells, and how many
// round trips it takes.
import { FakeExcelHost } from "../../../src/fake-excel";
import { finishTables, TableWriter, writeBlocks } from "../../../src/excel/tableWriter";
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
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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

  it("appends header cells when the column list grows, and pads earlier rows", async () => {
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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
    expect(host.tableInfo("Invoices")).toMatchObject({ address: "Invoices!B5:E6", rowCount: 1 });
    expect(host.values("Invoices", "B6:B8")).toEqual([["z"], [""], [""]]);
    expect(host.cell("Invoices", "B3").value).toBe("Importing…");
  });

  it("goes to a new sheet rather than over a sheet of the same name with the user's cells", async () => {
    const host = new FakeExcelHost();
    host.addSheet("Invoices");
    host.setCells("Invoices", "B2", [["keep me"]]);
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.sheetName).toBe("Invoices (2)");
    expect(host.cell("Invoices", "B2").value).toBe("keep me");
  });

  it("reuses an empty sheet of the same name", async () => {
    const host = new FakeExcelHost();
    host.addSheet("Invoices");
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.sheetName).toBe("Invoices");
  });

  it("refuses more rows than the sheet can hold", async () => {
    const host = new FakeExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    expect(writer.capacity).toBe(1_048_576 - 3);
    await expect(
      host.run(async (context) => {
        writer.queueBlock(
          context,
          COLUMNS,
          { rows: new Array(writer.capacity + 1).fill(["x", 1, 1, true]), textCells: [] },
          "",
        );
      }),
    ).rejects.toThrow(/more rows fit/);
  });

  it("writes the final status, sizes columns from the data and shows the sheet", async () => {
    const host = new FakeExcelHost();
    const writer = await TableWriter.open(host.run, LAYOUT, COLUMNS, "Starting");
    await write(host, writer, [["a".repeat(500), 1, 46000, true]]);
    await finishTables(host.run, [{ writer, status: "Invoices · 1 record · complete" }]);
    expect(host.cell("Invoices", "A1").value).toBe("Invoices · 1 record · complete");
    expect(host.activeSheetName).toBe("Invoices");
    // A 500-character id does not make a 500-character column.
    expect(host.columnWidth("Invoices", 0)).toBeLessThanOrEqual(40 * 6 + 8);
  });
});
