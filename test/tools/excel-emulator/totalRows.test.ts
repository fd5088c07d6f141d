// A table's total row (Table Design > Total Row; Table.showTotals) in the fake Excel host: where
// it sits, what its formulas compute, and how it moves when rows are added, deleted or resized.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

/** Sheet1 with a table "Sales" over A1:B4 (Region, Amount: 10, 20, 30). */
function salesHost(): FakeExcelHost {
  const host = new FakeExcelHost();
  host.setCells("Sheet1", "A1", [
    ["Region", "Amount"],
    ["North", 10],
    ["South", 20],
    ["East", 30],
  ]);
  return host;
}

function batch(host: FakeExcelHost, work: (context: Excel.RequestContext) => void): Promise<void> {
  return host.run(async (context) => {
    work(context);
    await context.sync();
  });
}

async function withTotals(host = salesHost()): Promise<FakeExcelHost> {
  await batch(host, (context) => {
    const table = context.workbook.tables.add("Sheet1!A1:B4", true);
    table.name = "Sales";
    table.showTotals = true;
  });
  return host;
}

/** Loads the table's ranges' addresses and showTotals in one batch. */
function addresses(host: FakeExcelHost) {
  return host.run(async (context) => {
    const table = context.workbook.tables.getItem("Sales");
    const whole = table.getRange().load("address");
    const body = table.getDataBodyRange().load("address");
    const totals = table.getTotalRowRange().load("address");
    const column = table.columns.getItem("Amount").getTotalRowRange().load("address");
    const rows = table.rows.load("count");
    table.load("showTotals");
    await context.sync();
    return {
      showTotals: table.showTotals,
      range: whole.address,
      body: body.address,
      totals: totals.address,
      amountTotal: column.address,
      rows: rows.count,
    };
  });
}

describe("Table.showTotals", () => {
  it("adds the total row directly under the data: in the range, not in the data body", async () => {
    const host = await withTotals();
    expect(await addresses(host)).toEqual({
      showTotals: true,
      range: "Sheet1!A1:B5",
      body: "Sheet1!A2:B4",
      totals: "Sheet1!A5:B5",
      amountTotal: "Sheet1!B5",
      rows: 3,
    });
    expect(host.tableInfo("Sales")).toMatchObject({ showTotals: true, rowCount: 3 });
  });

  it("writes Excel's first total row: a label and SUBTOTAL(109) over the last column", async () => {
    const host = await withTotals();
    expect(host.cell("Sheet1", "A5").value).toBe("Total");
    expect(host.cell("Sheet1", "B5")).toMatchObject({
      formula: "=SUBTOTAL(109,[Amount])",
      value: 60,
    });
  });

  it("counts instead (SUBTOTAL 103) when the last column holds no numbers", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      ["Amount", "Region"],
      [1, "North"],
      [2, "South"],
    ]);
    await batch(host, (context) => {
      context.workbook.tables.add("A1:B3", true).showTotals = true;
    });
    expect(host.cell("Sheet1", "B4")).toMatchObject({
      formula: "=SUBTOTAL(103,[Region])",
      value: 2,
    });
  });

  it("uses a blank row below the table, moving nothing", async () => {
    const host = salesHost();
    host.setCells("Sheet1", "A7", [["note"]]);
    await withTotals(host);
    expect(host.cell("Sheet1", "A7").value).toBe("note");
  });

  it("moves the cells below the table down rather than write over them", async () => {
    const host = salesHost();
    host.setCells("Sheet1", "A5", [["keep me"]]);
    host.setCells("Sheet1", "D5", [["beside"]]);
    await withTotals(host);
    expect(host.cell("Sheet1", "A6").value).toBe("keep me");
    expect(host.cell("Sheet1", "D5").value).toBe("beside");
    expect(host.cell("Sheet1", "B5").value).toBe(60);
  });

  it("hiding removes the row (nothing below moves up) and showing again restores its totals", async () => {
    const host = await withTotals();
    host.setCells("Sheet1", "A8", [["below"]]);
    await batch(host, (context) => {
      const cell = context.workbook.tables.getItem("Sales").getTotalRowRange().getCell(0, 1);
      cell.formulas = [["=SUBTOTAL(101,[Amount])"]];
    });
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").showTotals = false;
    });
    expect(host.tableInfo("Sales")).toMatchObject({ address: "Sheet1!A1:B4", showTotals: false });
    expect(host.values("Sheet1", "A5:B5")).toEqual([["", ""]]);
    expect(host.cell("Sheet1", "A8").value).toBe("below");
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").showTotals = true;
    });
    expect(host.cell("Sheet1", "B5")).toMatchObject({
      formula: "=SUBTOTAL(101,[Amount])",
      value: 20,
    });
    expect(host.cell("Sheet1", "A5").value).toBe("Total");
  });

  it("getTotalRowRange is InvalidOperation while the row is hidden", async () => {
    const host = salesHost();
    await batch(host, (context) => void context.workbook.tables.add("A1:B4", true));
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.tables.getItem("Table1").getTotalRowRange().load("address");
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidOperation");
  });

  it("refuses anything but true or false", async () => {
    const host = salesHost();
    const error = await officeErrorOf(
      batch(host, (context) => {
        context.workbook.tables.add("A1:B4", true).showTotals = "yes" as unknown as boolean;
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});

describe("a table with a total row", () => {
  it("keeps the total row under the data when rows are added, and its total follows", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").rows.add(undefined, [
        ["West", 40],
        ["Central", 50],
      ]);
    });
    expect(await addresses(host)).toMatchObject({ body: "Sheet1!A2:B6", totals: "Sheet1!A7:B7" });
    expect(host.cell("Sheet1", "B7")).toMatchObject({
      formula: "=SUBTOTAL(109,[Amount])",
      value: 150,
    });
  });

  it("grows over cells inserted at the total row: they become data rows above it", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A5:B6").insert("Down");
      sheet.getRange("A5:B6").values = [
        ["West", 1],
        ["Central", 2],
      ];
    });
    expect(await addresses(host)).toMatchObject({ body: "Sheet1!A2:B6", totals: "Sheet1!A7:B7" });
    expect(host.cell("Sheet1", "B7").value).toBe(63);
  });

  it("shrinks when data rows are deleted; the total row moves up with the cells below", async () => {
    const host = await withTotals();
    host.setCells("Sheet1", "A7", [["below"]]);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").rows.getItemAt(0).delete();
      context.workbook.worksheets.getItem("Sheet1").getRange("A2:B2").delete("Up");
    });
    expect(await addresses(host)).toMatchObject({ body: "Sheet1!A2:B2", totals: "Sheet1!A3:B3" });
    expect(host.values("Sheet1", "A2:B3")).toEqual([
      ["East", 30],
      ["Total", 30],
    ]);
    expect(host.cell("Sheet1", "A5").value).toBe("below");
  });

  it("keeps one empty data row above the total row when every data row is deleted", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A2:B4").delete("Up");
    });
    expect(await addresses(host)).toMatchObject({ body: "Sheet1!A2:B2", totals: "Sheet1!A3:B3" });
    expect(host.cell("Sheet1", "B3").value).toBe(0);
  });

  it("turns the total row off when its cells are deleted", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A5:B5").delete("Up");
    });
    expect(host.tableInfo("Sales")).toMatchObject({ address: "Sheet1!A1:B4", showTotals: false });
  });

  it("resize takes the whole range: its last row becomes the total row, keeping the totals", async () => {
    const host = await withTotals();
    host.setCells("Sheet1", "A6", [["West", 40]]);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").resize("A1:B7");
    });
    expect(await addresses(host)).toMatchObject({
      range: "Sheet1!A1:B7",
      body: "Sheet1!A2:B6",
      totals: "Sheet1!A7:B7",
    });
    // The old total row is now an empty data row.
    expect(host.values("Sheet1", "A5:B7")).toEqual([
      ["", ""],
      ["West", 40],
      ["Total", 100],
    ]);
    expect(host.cell("Sheet1", "B7").formula).toBe("=SUBTOTAL(109,[Amount])");
  });

  it("resize widening the table leaves the total row where it is", async () => {
    const host = await withTotals();
    host.setCells("Sheet1", "C1", [["Notes"]]);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").resize("A1:C5");
    });
    expect(host.tableInfo("Sales")).toMatchObject({
      headers: ["Region", "Amount", "Notes"],
      address: "Sheet1!A1:C5",
    });
    expect(host.values("Sheet1", "A5:C5")).toEqual([["Total", 60, ""]]);
  });

  it("refuses a resize that leaves no data row between the header and the total row", async () => {
    const host = await withTotals();
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.tables.getItem("Sales").resize("A1:B2")),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("answers #Totals and #All references with the total row, #REF! when it is hidden", async () => {
    const host = await withTotals();
    host.addSheet("Report");
    host.setCells("Report", "A1", [
      ["=Sales[[#Totals],[Amount]]", "=COUNTA(Sales[#All])", "=SUM(Sales[[#Data],[#Totals]])"],
    ]);
    expect(host.values("Report", "A1:C1")).toEqual([[60, 10, 120]]);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").showTotals = false;
    });
    expect(host.values("Report", "A1:C1")).toEqual([["#REF!", 8, "#REF!"]]);
  });

  it("rewrites [Column] references in its total row when the column is renamed", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").columns.getItem("Amount").name = "Net";
    });
    expect(host.cell("Sheet1", "B5")).toMatchObject({ formula: "=SUBTOTAL(109,[Net])", value: 60 });
  });

  it("turns [Column] references into A1 references when converted to a range", async () => {
    const host = await withTotals();
    await batch(host, (context) => void context.workbook.tables.getItem("Sales").convertToRange());
    expect(host.cell("Sheet1", "B5")).toMatchObject({
      formula: "=SUBTOTAL(109,$B$2:$B$4)",
      value: 60,
    });
  });

  it("survives save and reopen, with the totals of a hidden total row", async () => {
    const host = await withTotals();
    await batch(host, (context) => {
      context.workbook.tables.getItem("Sales").showTotals = false;
    });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    await batch(reopened, (context) => {
      context.workbook.tables.getItem("Sales").showTotals = true;
    });
    expect(reopened.cell("Sheet1", "B5")).toMatchObject({
      formula: "=SUBTOTAL(109,[Amount])",
      value: 60,
    });
    const shown = FakeExcelHost.fromSerialized(reopened.serialize());
    expect(shown.tableInfo("Sales")).toMatchObject({ showTotals: true, rowCount: 3 });
  });
});
