// Range.formulasR1C1: formulas read and written in R1C1 notation, relative to each cell.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { formulaFromR1C1, formulaToR1C1 } from "../../../tools/excel-emulator/formulas/r1c1";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { officeErrorOf } from "./harness";

const B3 = { row: 2, column: 1 };

describe("R1C1 conversion", () => {
  test.each([
    ["=B2", "=R[-1]C"],
    ["=D3", "=RC[2]"],
    ["=$C$2", "=R2C3"],
    ["=$C2+C$2", "=R[-1]C3+R2C[1]"],
    ["=SUM(A1:B2)", "=SUM(R[-2]C[-1]:R[-1]C)"],
    ["=Data!B3*'My sheet'!$A$1", "=Data!RC*'My sheet'!R1C1"],
    ["=SUM(C:C)", "=SUM(C[1])"],
    ["=SUM(2:3)", "=SUM(R[-1]:R)"],
    ["=SUM($3:$3)", "=SUM(R3)"],
    ['="B2"&B2', '="B2"&R[-1]C'],
    ["=ROUND([@Amount],2)+COUNT(Table1[Amount])", "=ROUND([@Amount],2)+COUNT(Table1[Amount])"],
  ])("%s in B3 is %s", (a1, r1c1) => {
    expect(formulaToR1C1(a1, B3)).toBe(r1c1);
    expect(formulaFromR1C1(r1c1, B3)).toBe(a1);
  });

  test("a lone R or C part is a whole row or column", () => {
    expect(formulaFromR1C1("=SUM(C2)+SUM(R4)", B3)).toBe("=SUM($B:$B)+SUM($4:$4)");
  });

  test("names and functions that start with R or C are not references", () => {
    expect(formulaFromR1C1("=ROUND(RC[-1],0)+COUNT(Rate)", B3)).toBe("=ROUND(A3,0)+COUNT(Rate)");
  });
});

describe("Range.formulasR1C1", () => {
  test("through office.js: one R1C1 formula for a block is relative to each cell; null skips", async () => {
    const host = new OfficeJsExcelHost();
    host.setCells("Sheet1", "A1", [[1], [2], [3]]);
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("B1:B3").formulasR1C1 = "=RC[-1]*10" as unknown as string[][];
      sheet.getRange("C1:C3").formulasR1C1 = [["=R1C1"], [null], ["x"]] as unknown as string[][];
      await context.sync();
    });
    expect(host.cell("Sheet1", "B2").formula).toBe("=A2*10");
    expect(host.values("Sheet1", "B1:C3")).toEqual([
      [10, 1],
      [20, ""],
      [30, "x"],
    ]);
    const read = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:C2");
      range.load("formulasR1C1");
      await context.sync();
      return range.formulasR1C1;
    });
    expect(read).toEqual([
      [1, "=RC[-1]*10", "=R1C1"],
      [2, "=RC[-1]*10", ""],
    ]);
  });

  test("a reference off the sheet is refused", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").formulasR1C1 =
          "=R[-1]C" as unknown as string[][];
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});
