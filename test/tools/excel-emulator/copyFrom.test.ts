// Range.copyFrom: rows of a table copied onto other rows of it (values, formulas with relative
// references moved, formats), the destination's size rules, the copy types and options, and what
// refuses a copy.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { officeErrorOf } from "./harness";

/**
 * Sheet1: Table1 (Name, Amount, Double, Check) over A1:D5. Double is a calculated column; Check
 * mixes relative, absolute and structured references. Row 2 is formatted.
 */
async function ledger<H extends FakeExcelHost>(host: H): Promise<H> {
  host.setCells("Sheet1", "A1", [
    ["Name", "Amount", "Double", "Check"],
    ["a", 10, null, null],
    ["b", 20, null, null],
    ["c", 30, null, null],
    ["d", 40, null, null],
  ]);
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.tables.add("A1:D5", true).name = "Table1";
    sheet.getRange("C2:C5").formulas = [
      ["=[@Amount]*2"],
      ["=[@Amount]*2"],
      ["=[@Amount]*2"],
      ["=[@Amount]*2"],
    ];
    sheet.getRange("D2:D3").formulas = [["=B2+$B$2+SUM(Table1[Amount])"], ["=B3-A$1"]];
    sheet.getRange("B2").numberFormat = [["0.00"]];
    sheet.getRange("A2").format.font.bold = true;
    sheet.getRange("A2").format.font.color = "#FF0000";
    sheet.getRange("B2").format.fill.color = "#FFFF00";
    sheet.getRange("F1").formulas = [["=A4&B5"]];
    await context.sync();
  });
  return host;
}

async function copy(host: FakeExcelHost, destination: string, ...args: unknown[]): Promise<void> {
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    const range = sheet.getRange(destination) as unknown as {
      copyFrom: (...a: unknown[]) => void;
    };
    range.copyFrom(...args);
    await context.sync();
  });
}

describe("copyFrom within a table (through office.js)", () => {
  test('"All" copies values, moved formulas and formats; references to the cells stay', async () => {
    const host = await ledger(new OfficeJsExcelHost());
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A4:D5").copyFrom(sheet.getRange("A2:D3"));
      await context.sync();
    });
    expect(host.values("Sheet1", "A4:C5")).toEqual([
      ["a", 10, 20],
      ["b", 20, 40],
    ]);
    expect(host.cell("Sheet1", "C4").formula).toBe("=[@Amount]*2");
    expect(host.cell("Sheet1", "D4").formula).toBe("=B4+$B$2+SUM(Table1[Amount])");
    expect(host.cell("Sheet1", "D5").formula).toBe("=B5-A$1");
    expect(host.cell("Sheet1", "B4")).toMatchObject({ numberFormat: "0.00", text: "10.00" });
    expect(host.cell("Sheet1", "F1")).toMatchObject({ formula: "=A4&B5", value: "a20" });
    const formats = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const a4 = sheet.getRange("A4").format.font.load("bold,color");
      const b4 = sheet.getRange("B4").format.fill.load("color");
      const a5 = sheet.getRange("A5").format.font.load("bold");
      await context.sync();
      return [a4.bold, a4.color, b4.color, a5.bold];
    });
    expect(formats).toEqual([true, "#FF0000", "#FFFF00", false]);
  });

  test("the calculated column stays calculated: a new row gets its formula", async () => {
    const host = await ledger(new OfficeJsExcelHost());
    await copy(host, "A4:D5", "A2:D3");
    await host.run(async (context) => {
      context.workbook.tables
        .getItem("Table1")
        .rows.add(undefined, [["e", 50, null, null]] as unknown as string[][]);
      await context.sync();
    });
    expect(host.cell("Sheet1", "C6")).toMatchObject({ formula: "=[@Amount]*2", value: 100 });
  });

  test("a smaller destination grows to the source's size; an exact multiple repeats it", async () => {
    const host = await ledger(new OfficeJsExcelHost());
    await copy(host, "H1", "A2:B3");
    expect(host.values("Sheet1", "H1:I2")).toEqual([
      ["a", 10],
      ["b", 20],
    ]);
    await copy(host, "H4:K7", "A2:B3");
    expect(host.values("Sheet1", "H4:K7")).toEqual([
      ["a", 10, "a", 10],
      ["b", 20, "b", 20],
      ["a", 10, "a", 10],
      ["b", 20, "b", 20],
    ]);
    // Not a multiple (3 rows of a 2-row source): the source's size from the top-left corner.
    await copy(host, "M1:M3", "A2:A3");
    expect(host.values("Sheet1", "M1:M3")).toEqual([["a"], ["b"], [""]]);
  });
});

describe("copyFrom: copy types and options", () => {
  test('"Values" pastes results, "Formulas" formulas without formats, "Formats" formats only', async () => {
    const host = await ledger(new FakeExcelHost());
    await copy(host, "H2", "B2:D2", "Values");
    expect(host.cell("Sheet1", "I2")).toMatchObject({ formula: null, value: 20 });
    expect(host.cell("Sheet1", "H2").numberFormat).toBe("General");
    await copy(host, "H3", "B2:D2", "Formulas");
    expect(host.cell("Sheet1", "J3").formula).toBe("=H3+$B$2+SUM(Table1[Amount])");
    expect(host.cell("Sheet1", "H3")).toMatchObject({ value: 10, numberFormat: "General" });
    await copy(host, "H4", "B2", "Formats");
    expect(host.cell("Sheet1", "H4")).toMatchObject({ value: "", numberFormat: "0.00" });
  });

  test("a relative reference moved off the sheet becomes #REF!", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A3", [["=A1+$A$1"]]);
    await copy(host, "B1", "A3");
    expect(host.cell("Sheet1", "B1")).toMatchObject({ formula: "=#REF!+$A$1", value: "#REF!" });
  });

  test("skipBlanks leaves cells under blank source cells; transpose flips values", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      [1, null],
      [null, 4],
    ]);
    host.setCells("Sheet1", "D1", [
      ["x", "x"],
      ["x", "x"],
    ]);
    await copy(host, "D1", "A1:B2", "All", true);
    expect(host.values("Sheet1", "D1:E2")).toEqual([
      [1, "x"],
      ["x", 4],
    ]);
    host.setCells("Sheet1", "A4", [[1, 2, 3]]);
    await copy(host, "G1", "A4:C4", "Values", false, true);
    expect(host.values("Sheet1", "G1:G3")).toEqual([[1], [2], [3]]);
    host.setCells("Sheet1", "A5", [["=A4"]]);
    const error = await officeErrorOf(copy(host, "H1", "A5", "All", false, true));
    expect(error.code).toBe("InvalidArgument");
  });

  test("from another sheet: relative references are read on the destination's sheet", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Other"] });
    host.setCells("Other", "A1", [[5, "=A1*2", "=Other!A1"]]);
    host.setCells("Sheet1", "A2", [[7]]);
    await copy(host, "B2", "Other!A1:C1");
    expect(host.cell("Sheet1", "C2")).toMatchObject({ formula: "=B2*2", value: 10 });
    expect(host.cell("Sheet1", "D2").formula).toBe("=Other!B2");
  });

  test('an unknown copy type ("Link") is InvalidArgument', async () => {
    const host = await ledger(new FakeExcelHost());
    const error = await officeErrorOf(copy(host, "H1", "A2", "Link"));
    expect(error.code).toBe("InvalidArgument");
  });
});

describe("copyFrom: what refuses it", () => {
  test("other content onto part of a calculated column ends it", async () => {
    const host = await ledger(new FakeExcelHost());
    await copy(host, "C4", "B2");
    await host.run(async (context) => {
      context.workbook.tables.getItem("Table1").rows.add();
      await context.sync();
    });
    expect(host.cell("Sheet1", "C6").formula).toBeNull();
  });

  test("a protected sheet is AccessDenied; merged cells and PivotTables refuse contents", async () => {
    const host = await ledger(new FakeExcelHost({ sheets: ["Sheet1", "Data"] }));
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("H1:I1").merge();
      await context.sync();
    });
    const merged = await officeErrorOf(copy(host, "H1", "A2"));
    expect(merged.code).toBe("InvalidOperation");
    host.addPivotTable("Sales", "Sheet1", "K1:L2", [
      ["Row Labels", "Sum"],
      ["North", 1],
    ]);
    const pivot = await officeErrorOf(copy(host, "L2", "A2"));
    expect(pivot.code).toBe("PivotTableRangeConflict");
    await copy(host, "L2", "B2", "Formats");
    expect(host.cell("Sheet1", "L2")).toMatchObject({ value: 1, numberFormat: "0.00" });
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").protection.protect();
      await context.sync();
    });
    const denied = await officeErrorOf(copy(host, "A4:D5", "A2:D3"));
    expect(denied.code).toBe("AccessDenied");
    expect(host.values("Sheet1", "A4")).toEqual([["c"]]);
  });

  test("a value copied into a spill range takes its cell; the formula shows #SPILL!", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [[1], [2], [9]]);
    host.setCells("Sheet1", "C1", [["=A1:A2"]]);
    expect(host.values("Sheet1", "C1:C2")).toEqual([[1], [2]]);
    await copy(host, "C2", "A3");
    expect(host.values("Sheet1", "C1:C2")).toEqual([["#SPILL!"], [9]]);
  });
});
