import { FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

/** The value of `formula` written into Sheet1!Z1 of a host whose Sheet1 holds `cells` from A1. */
async function evaluate(
  formula: string,
  cells: unknown[][] = [[]],
  host = new FakeExcelHost(),
): Promise<unknown> {
  if (cells[0]?.length) host.setCells("Sheet1", "A1", cells);
  await host.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("Z1").formulas = [[formula]];
    await context.sync();
  });
  return host.cell("Sheet1", "Z1").value;
}

describe("formula evaluation", () => {
  it.each([
    ["=ROW()", 1],
    ["=ROW(C7)", 7],
    ["=ROW(B3:B9)", 3],
    ["=SUM(OFFSET(A1,1,0,2,1))", 5],
    ["=SUM(OFFSET(A1,0,1,3))", 12],
    ["=SUM(OFFSET(A1,0,0,ROW()+2,2))", 18],
    ["=OFFSET(A1,2,1)", 6],
    ["=SUM(OFFSET(A1,0,0,0,1))", "#REF!"],
    ["=SUM(OFFSET(A1,-1,0))", "#REF!"],
  ])("ROW and OFFSET: %s evaluates to %j", async (formula, expected) => {
    expect(
      await evaluate(formula, [
        [1, 2],
        [3, 4],
        [2, 6],
      ]),
    ).toEqual(expected);
  });

  it.each([
    ["=SUM(INDEX(A:A,2):INDEX(A:A,3))", 5],
    ["=SUM(INDEX(A:A,ROW(A1)+1):INDEX(A:A,ROW(A3)))", 5],
    ["=INDEX(A1:B3,3,2)", 6],
    ["=SUM(INDEX(A1:B3,0,2))", 12],
    ["=SUM(A2:INDEX(B:B,3))", 15],
    ["=INDEX(A1:A3,4)", "#REF!"],
    ["=SUM(INDEX(A:A,1):Sheet2!A3)", "#REF!"],
    ["=ROWS(INDEX(A:A,2):INDEX(A:A,3))", 2],
  ])("INDEX and the range operator: %s evaluates to %j", async (formula, expected) => {
    const host = new FakeExcelHost();
    host.addSheet("Sheet2");
    const cells = [
      [1, 2],
      [3, 4],
      [2, 6],
    ];
    expect(await evaluate(formula, cells, host)).toEqual(expected);
  });

  it.each([
    ["=ISTEXT(A1)", [["x"]], true],
    ["=ISTEXT(A1)", [[1]], false],
    ["=ISLOGICAL(A1)", [[true]], true],
    ["=ISLOGICAL(A1)", [[0]], false],
    // Cell by cell inside SUMPRODUCT, as Excel with dynamic arrays evaluates them.
    ['=SUMPRODUCT(ISTEXT(A1:A4)*(A1:A4<>""))', [["x"], [""], [1], [true]], 1],
    ["=SUMPRODUCT(--ISLOGICAL(A1:A4))", [["x"], [""], [1], [true]], 1],
    ["=SUMPRODUCT(--ISNUMBER(A1:A4))", [["x"], [""], [1], [true]], 1],
    ["=SUMPRODUCT(IF(ISNUMBER(A1:A4),A1:A4*10,0))", [["x"], [""], [1], [true]], 10],
    ["=SUMPRODUCT(ROUND(IF(ISNUMBER(A1:A3),A1:A3*100,0),0))", [[1.005], [""], [0.1]], 111],
    ["=SUMPRODUCT(IF(A1:A2>1,A1:A2))", [[1], [3]], 3],
  ])("IF and the IS functions over blocks: %s with %j is %j", async (formula, cells, expected) => {
    expect(await evaluate(formula, cells)).toEqual(expected);
  });

  it.each([
    [
      "=SUMPRODUCT(A1:A3,B1:B3)",
      [
        [1, 2],
        [3, 4],
        [2, 6],
      ],
      26,
    ],
    // ROUND and ABS apply cell by cell, with ROUND's 15-digit correction; a blank cell is 0.
    ["=SUMPRODUCT(ROUND(A1:A3*100,0))", [[1.005], [0.1], [""]], 111],
    ["=SUMPRODUCT(ABS(A1:A3))", [[-1], [2], [-3]], 6],
    // Cells that are not numbers count as 0, unless arithmetic meets text first.
    ["=SUMPRODUCT(A1:A3)", [[1], ["x"], [true]], 1],
    ["=SUMPRODUCT(A1:A2*2)", [[1], ["x"]], "#VALUE!"],
    ["=SUMPRODUCT(A1:A2)", [[1], ["#N/A"]], "#N/A"],
    ["=SUMPRODUCT((A1:A3>1)*(A1:A3<5))", [[1], [3], [6]], 1],
    ["=SUMPRODUCT(--(A1:A3<0))", [[-1], [2], [-3]], 2],
    ["=SUMPRODUCT(A1:A3<0)", [[-1], [2], [-3]], 0],
    ["=SUMPRODUCT(OFFSET(A1,1,0,2,1)*10)", [[1], [2], [3]], 50],
    [
      "=SUMPRODUCT(A1:A2,B1:B3)",
      [
        [1, 1],
        [2, 2],
        [3, 3],
      ],
      "#VALUE!",
    ],
    ["=ISNUMBER(A1)+ISNUMBER(A2)", [[1], ["x"]], 1],
  ])("SUMPRODUCT evaluates its arguments as arrays: %s is %j", async (formula, cells, expected) => {
    expect(await evaluate(formula, cells)).toEqual(expected);
  });

  it("grows a SUM(OFFSET(…, ROW()-ROW(…))) total when rows are inserted just above it", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [["Amount"], [10], [20]]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A4").formulas = [["=SUM(OFFSET(A1,0,0,ROW()-ROW(A1),1))"]];
      await context.sync();
      sheet.getRange("A4").insert("Down"); // a new row just above the total
      await context.sync();
    });
    host.setCells("Sheet1", "A4", [[5]]);
    expect(host.cell("Sheet1", "A5")).toMatchObject({
      formula: "=SUM(OFFSET(A1,0,0,ROW()-ROW(A1),1))",
      value: 35,
    });
  });

  it.each([
    ["=1+2*3", 7],
    ["=(1+2)*3", 9],
    ["=-2^2", 4],
    ["=2^3^2", 64],
    ["=10/4", 2.5],
    ["=50%", 0.5],
    ['="a"&"b"&1', "ab1"],
    ["=1/0", "#DIV/0!"],
    ['="3"+1', 4],
    ['="x"+1', "#VALUE!"],
    ["=1=1", true],
    ['="A"="a"', true],
    ["=1<>2", true],
    ['=2<"1"', true],
    ["=TRUE>1", true],
    ["=0.1+0.2", 0.30000000000000004],
    ["=NOPE(1)", "#NAME?"],
    ["=unknown_name", "#NAME?"],
    ["=#REF!", "#REF!"],
  ])("%s evaluates to %j", async (formula, expected) => {
    expect(await evaluate(formula)).toEqual(expected);
  });

  it.each([
    ["=SUM(A1:A3)", 6],
    ["=SUM(A1:B3, 10)", 16],
    ["=SUM(A:A)", 6],
    ["=ROUND(1.005, 2)", 1.01],
    ["=ROUND(-2.5, 0)", -3],
    ["=ROUND(1234, -2)", 1200],
    ["=ABS(-3)", 3],
    ['=IF(A1>0, "pos", "neg")', "pos"],
    ["=IF(FALSE, 1)", false],
    ["=IF(TRUE, 1, 1/0)", 1],
    ["=AND(A1:A3)", true],
    ["=OR(0, FALSE)", false],
    ["=NOT(A1)", false],
    ['=IFERROR(1/0, "none")', "none"],
    ["=ROWS(A1:C10)", 10],
    ["=COLUMNS(A1:C10)", 3],
    ["=COUNTA(A1:B3)", 4],
    ["=COUNT(A1:B3)", 3],
    ["=MIN(A1:A3)", 1],
    ["=MAX(A1:A3, 7)", 7],
    ["=MAX(C1:C3)", 0],
    ["=ISBLANK(C1)", true],
    ["=ISBLANK(B1)", false],
    ["=C1", 0],
    ["=B1&C1", "x"],
  ])("%s evaluates to %j over A1:A3 = 1,2,3 and B1 = x", async (formula, expected) => {
    expect(
      await evaluate(formula, [
        [1, "x"],
        [2, ""],
        [3, ""],
      ]),
    ).toEqual(expected);
  });

  // A1:A5 holds 2, 4, "x", TRUE and 9: numbers 2, 4, 9; four non-blank entries.
  it.each([
    ["=SUBTOTAL(9,A1:A5)", 15],
    ["=SUBTOTAL(109,A1:A5)", 15],
    ["=SUBTOTAL(1,A1:A5)", 5],
    ["=SUBTOTAL(101,A1:A5)", 5],
    ["=SUBTOTAL(2,A1:A5)", 3],
    ["=SUBTOTAL(3,A1:A6)", 5],
    ["=SUBTOTAL(103,A1:A6)", 5],
    ["=SUBTOTAL(4,A1:A5)", 9],
    ["=SUBTOTAL(105,A1:A5)", 2],
    ["=SUBTOTAL(6,A1:A5)", 72],
    ["=SUBTOTAL(10,A1:A5)", 13],
    ["=SUBTOTAL(111,A1:A5)", 26 / 3],
    ["=SUBTOTAL(9,A1:A2,A5)", 15],
    ["=SUBTOTAL(1,B1:B5)", "#DIV/0!"],
    ["=SUBTOTAL(12,A1:A5)", "#VALUE!"],
    ["=SUBTOTAL(9,5)", "#VALUE!"],
  ])("SUBTOTAL: %s evaluates to %j", async (formula, expected) => {
    const value = await evaluate(formula, [[2], [4], ["x"], [true], [9], ["=SUBTOTAL(9,A1:A2)"]]);
    if (typeof expected === "number") expect(value).toBeCloseTo(expected, 12);
    else expect(value).toBe(expected);
  });

  it("leaves SUBTOTAL cells out of a SUBTOTAL's range, so a total over totals counts once", async () => {
    expect(await evaluate("=SUBTOTAL(9,A1:A4)", [[1], [2], ["=SUBTOTAL(9,A1:A2)"], [4]])).toBe(7);
    expect(await evaluate("=SUM(A1:A4)", [[1], [2], ["=SUBTOTAL(9,A1:A2)"], [4]])).toBe(10);
  });

  it("gives #REF! for a [Column] reference outside any table", async () => {
    expect(await evaluate("=SUM([Amount])", [[1]])).toBe("#REF!");
  });

  it("propagates an error from a range into SUM", async () => {
    expect(await evaluate("=SUM(A1:A2)", [[1], ["#N/A"]])).toBe("#N/A");
  });

  it("refers to other sheets, quoted or not, and gives #REF! for a missing one", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data", "My sheet"] });
    host.setCells("Data", "A1", [[5]]);
    host.setCells("My sheet", "B2", [[7]]);
    expect(await evaluate("=Data!A1+'My sheet'!B2", [[]], host)).toBe(12);
    expect(await evaluate("=SUM('My sheet'!A1:B2)", [[]], host)).toBe(7);
  });

  it("evaluates formulas that depend on other formulas, in any order", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:C1").formulas = [
        ["=B1+1", "=C1*2", 5],
      ];
      await context.sync();
    });
    expect(host.values("Sheet1", "A1:C1")).toEqual([[11, 10, 5]]);
  });

  it("shows 0 for a circular reference, as Excel does", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").formulas = [["=B1", "=A1"]];
      await context.sync();
    });
    expect(host.values("Sheet1", "A1:B1")).toEqual([[0, 0]]);
  });

  it("recalculates dependents when a referenced value changes", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [[1, "=A1*10"]]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").values = [[4]];
      const b1 = sheet.getRange("B1").load("values");
      await context.sync();
      expect(b1.values).toEqual([[40]]);
    });
  });
});

describe("calculation suspended for a sync", () => {
  it("keeps old results during that sync and recalculates at the next one", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [[1, "=A1*10"]]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      context.application.suspendApiCalculationUntilNextSync();
      sheet.getRange("A1").values = [[2]];
      const during = sheet.getRange("B1").load("values");
      await context.sync();
      expect(during.values).toEqual([[10]]);
      const after = sheet.getRange("B1").load("values");
      await context.sync();
      expect(after.values).toEqual([[20]]);
    });
    expect(host.requestLog.map((r) => r.calculationSuspended)).toEqual([true, false]);
  });
});

describe("structured references", () => {
  async function withLines(host: FakeExcelHost): Promise<void> {
    host.setCells("Sheet1", "A1", [
      ["Account", "Amount"],
      ["Rent", 100],
      ["Fees", 20],
    ]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const table = sheet.tables.add("A1:B3", true);
      table.name = "Lines";
      sheet.getRange("D1:D5").formulas = [
        ["=SUM(Lines[Amount])"],
        ["=ROWS(Lines)"],
        ["=COUNTA(Lines[#All])"],
        ["=COUNTA(Lines[[#Headers],[Account]])"],
        ["=SUM(Lines[[Account]:[Amount]])"],
      ];
      await context.sync();
    });
  }

  it("resolve Table[Column], bare names, #All, #Headers and column spans", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    expect(host.values("Sheet1", "D1:D5")).toEqual([[120], [2], [6], [1], [120]]);
  });

  it("follow the table's current range after a resize", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A4:B4").values = [["Tax", 5]];
      context.workbook.tables.getItem("Lines").resize("A1:B4");
      await context.sync();
    });
    expect(host.values("Sheet1", "D1:D2")).toEqual([[125], [3]]);
    expect(host.cell("Sheet1", "D1").formula).toBe("=SUM(Lines[Amount])");
  });

  it("become #REF! in the formula text when the table is deleted", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    await host.run(async (context) => {
      context.workbook.tables.getItem("Lines").delete();
      await context.sync();
    });
    expect(host.cell("Sheet1", "D1")).toMatchObject({ value: "#REF!", formula: "=SUM(#REF!)" });
    expect(host.cell("Sheet1", "D2")).toMatchObject({ value: "#REF!", formula: "=ROWS(#REF!)" });
    expect(host.values("Sheet1", "A1:B3")).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
  });

  it("become absolute A1 references when the table is converted to a range", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    await host.run(async (context) => {
      context.workbook.tables.getItem("Lines").convertToRange();
      await context.sync();
    });
    expect(host.cell("Sheet1", "D1")).toMatchObject({ value: 120, formula: "=SUM($B$2:$B$3)" });
    expect(host.values("Sheet1", "A2:B2")).toEqual([["Rent", 100]]);
  });

  it("follow a renamed table and a renamed column", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Lines");
      table.name = "JournalLines";
      context.workbook.worksheets.getItem("Sheet1").getRange("B1").values = [["Debit"]];
      await context.sync();
    });
    expect(host.cell("Sheet1", "D1")).toMatchObject({
      value: 120,
      formula: "=SUM(JournalLines[Debit])",
    });
    expect(host.cell("Sheet1", "D2").formula).toBe("=ROWS(JournalLines)");
  });

  it("become #REF! when their column leaves the table", async () => {
    const host = new FakeExcelHost();
    await withLines(host);
    await host.run(async (context) => {
      context.workbook.tables.getItem("Lines").resize("A1:A3");
      await context.sync();
    });
    expect(host.cell("Sheet1", "D1")).toMatchObject({ value: "#REF!", formula: "=SUM(#REF!)" });
  });
});

describe("references when sheets change", () => {
  it("become #REF! when their sheet is deleted (written #REF!A1, as Excel does)", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data"] });
    host.setCells("Data", "A1", [[5]]);
    host.setCells("Sheet1", "A1", [["=Data!A1*2"]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Data").delete();
      await context.sync();
    });
    expect(host.cell("Sheet1", "A1")).toMatchObject({ value: "#REF!", formula: "=#REF!A1*2" });
  });

  it("become #REF! when the sheet holding their table is deleted", async () => {
    const host = new FakeExcelHost({ sheets: ["Summary", "Data"] });
    host.setCells("Data", "A1", [["Amount"], [5], [7]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Data").tables.add("A1:A3", true).name = "Amounts";
      context.workbook.worksheets.getItem("Summary").getRange("A1").formulas = [
        ["=SUM(Amounts[Amount])"],
      ];
      await context.sync();
    });
    expect(host.cell("Summary", "A1").value).toBe(12);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Data").delete();
      await context.sync();
    });
    expect(host.cell("Summary", "A1")).toMatchObject({ value: "#REF!", formula: "=SUM(#REF!)" });
    expect(host.tableNames()).toEqual([]);
  });

  it("follow a renamed sheet, quoting the new name when needed", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data"] });
    host.setCells("Data", "A1", [[5]]);
    host.setCells("Sheet1", "A1", [["=Data!A1*2"]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Data").name = "Source data";
      await context.sync();
    });
    expect(host.cell("Sheet1", "A1")).toMatchObject({ value: 10, formula: "='Source data'!A1*2" });
  });

  it("follow cells moved by deleting and inserting rows", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [[1], [2], [3], [4], ["=SUM(A1:A4)"], ["=A4"], ["=$A$2"]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("2:2").delete("Up");
      await context.sync();
    });
    expect(host.cell("Sheet1", "A4")).toMatchObject({ value: 8, formula: "=SUM(A1:A3)" });
    expect(host.cell("Sheet1", "A5")).toMatchObject({ value: 4, formula: "=A3" });
    expect(host.cell("Sheet1", "A6")).toMatchObject({ value: "#REF!", formula: "=#REF!" });
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A2").insert("Down");
      await context.sync();
    });
    expect(host.cell("Sheet1", "A5")).toMatchObject({ value: 8, formula: "=SUM(A1:A4)" });
  });

  it("refuses a formula Excel cannot parse", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").formulas = [["=SUM(A1:A2"]];
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});
