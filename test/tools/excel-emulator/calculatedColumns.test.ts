// Calculated columns: one formula written to every data cell of a table column fills the rows
// the table gains; "this row" references ([@Col]) and TODAY() in them.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";

/** 2024-03-10 at noon, local time: TODAY() is 45361. */
const clock = () => new Date(2024, 2, 10, 12);
const MARCH_1 = 45352;

/** Sheet1: Table1 (Name, Due date, Age) over A1:C3, Age a calculated column. */
async function tableWithAge<H extends FakeExcelHost>(host: H): Promise<H> {
  host.setCells("Sheet1", "A1", [
    ["Name", "Due date", "Age"],
    ["a", MARCH_1, null],
    ["b", MARCH_1 + 5, null],
  ]);
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.tables.add("A1:C3", true).name = "Table1";
    sheet.getRange("C2:C3").formulas = [["=TODAY()-[@[Due date]]"], ["=TODAY()-[@[Due date]]"]];
    await context.sync();
  });
  return host;
}

function column(host: FakeExcelHost, address: string): unknown[] {
  return host.values("Sheet1", address).map((row) => row[0]);
}

describe("this-row references and TODAY()", () => {
  test("[@Col], Table1[@Col] and [[#This Row],[Col]] read the formula's row; #VALUE! off the body", async () => {
    const host = await tableWithAge(new FakeExcelHost({ clock }));
    expect(column(host, "C2:C3")).toEqual([9, 4]);
    host.setCells("Sheet1", "E2", [
      ["=Table1[@Name]&Table1[[#This Row],[Due date]]"],
      ["=Table1[@[Due date]]"],
      ["=Table1[@Name]"],
    ]);
    expect(column(host, "E2:E4")).toEqual([`a${MARCH_1}`, MARCH_1 + 5, "#VALUE!"]);
  });

  test("a renamed column's [@[...]] reference follows, written as Excel writes it", async () => {
    const host = await tableWithAge(new FakeExcelHost({ clock }));
    await host.run(async (context) => {
      context.workbook.tables.getItem("Table1").columns.getItem("Due date").name = "Due";
      await context.sync();
    });
    expect(host.cell("Sheet1", "C2").formula).toBe("=TODAY()-[@Due]");
    expect(column(host, "C2:C3")).toEqual([9, 4]);
  });
});

describe("calculated columns", () => {
  test("through office.js: rows added, inserted and resized into the table get the formula", async () => {
    const host = await tableWithAge(new OfficeJsExcelHost({ clock }));
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Table1");
      table.rows.add(undefined, [["c", MARCH_1 + 9, null]] as unknown as string[][]);
      await context.sync();
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A3:C3").insert("Down");
      await context.sync();
      table.resize("A1:C6");
      await context.sync();
    });
    expect(host.cell("Sheet1", "C4").formula).toBe("=TODAY()-[@[Due date]]");
    expect(column(host, "C2:C6")).toEqual([9, 45361, 4, 0, 45361]);
  });

  test("the calculated column is kept through serialize() and fromSerialized", async () => {
    const host = await tableWithAge(new FakeExcelHost({ clock }));
    const reopened = FakeExcelHost.fromSerialized(host.serialize(), { clock });
    await reopened.run(async (context) => {
      context.workbook.tables
        .getItem("Table1")
        .rows.add(undefined, [["c", MARCH_1, null]] as unknown as string[][]);
      await context.sync();
    });
    expect(reopened.cell("Sheet1", "C4").formula).toBe("=TODAY()-[@[Due date]]");
    expect(column(reopened, "C4")).toEqual([9]);
  });

  test("null leaves it, deleting a row leaves it; a value into part of it ends it", async () => {
    const host = await tableWithAge(new FakeExcelHost({ clock }));
    const addRow = () =>
      host.run(async (context) => {
        context.workbook.tables
          .getItem("Table1")
          .rows.add(undefined, [["x", MARCH_1, null]] as unknown as string[][]);
        await context.sync();
      });
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A2:C2").values = [["a2", null, null]];
      context.workbook.tables.getItem("Table1").rows.getItemAt(1).delete();
      await context.sync();
    });
    await addRow();
    expect(host.cell("Sheet1", "C3").formula).toBe("=TODAY()-[@[Due date]]");
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("C2").values = [[7]];
      await context.sync();
    });
    await addRow();
    expect(host.cell("Sheet1", "C4")).toMatchObject({ formula: null, value: "" });
  });

  test("another formula into part of it ends it; the same formula (same R1C1) keeps it", async () => {
    const host = await tableWithAge(new FakeExcelHost({ clock }));
    const run = (address: string, formula: string) =>
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange(address).formulas = [[formula]];
        context.workbook.tables.getItem("Table1").rows.add();
        await context.sync();
      });
    await run("C3", "=TODAY()-[@[Due date]]");
    expect(host.cell("Sheet1", "C4").formula).toBe("=TODAY()-[@[Due date]]");
    await run("C3", "=B3+1");
    expect(host.cell("Sheet1", "C5").formula).toBeNull();
  });

  test("different formulas in one write make no calculated column", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      ["N", "M"],
      [1, null],
      [2, null],
    ]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const table = sheet.tables.add("A1:B3", true);
      sheet.getRange("B2:B3").formulas = [["=A2*2"], ["=A2*3"]];
      table.rows.add();
      await context.sync();
    });
    expect(host.cell("Sheet1", "B4").formula).toBeNull();
  });
});
