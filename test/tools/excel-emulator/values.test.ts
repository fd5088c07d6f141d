import { FakeExcelHost } from "../../../tools/excel-emulator";
import { hostWith, officeErrorOf, read, write } from "./harness";

const DIMENSIONS =
  "The number of rows or columns in the input array doesn't match the size or dimensions of the range.";

describe("Range.values: shape rules", () => {
  it.each([
    ["too few rows", "A1:B2", [[1, 2]]],
    [
      "too many columns",
      "A1:B2",
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
    ["a ragged row", "A1:B2", [[1, 2], [3]]],
    ["a 1-D array", "A1:B1", [1, 2]],
    ["a 1x1 array for two cells", "A1:B1", [[1]]],
    ["an empty array", "A1", []],
  ])("rejects %s with InvalidArgument at sync", async (_case, address, values) => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(write(host, address, values));
    expect(error).toMatchObject({ code: "InvalidArgument" });
    expect(error.message).toContain(DIMENSIONS);
    expect(host.usedRange("Sheet1")).toBeNull();
  });

  it("applies a single non-array value to every cell of the range", async () => {
    const host = new FakeExcelHost();
    await write(host, "A1:C2", 7);
    expect(host.values("Sheet1", "A1:C2")).toEqual([
      [7, 7, 7],
      [7, 7, 7],
    ]);
  });

  it("leaves a cell unchanged for null (and undefined, which JSON sends as null)", async () => {
    const host = hostWith([[1, 2, 3]]);
    await write(host, "A1:C1", [[null, "x", undefined]]);
    expect(host.values("Sheet1", "A1:C1")).toEqual([[1, "x", 3]]);
  });

  it('clears a cell for "" but keeps its number format', async () => {
    const host = hostWith([["abc"]], "@");
    await write(host, "A1", [[""]]);
    expect(host.cell("Sheet1", "A1")).toEqual({
      value: "",
      formula: null,
      numberFormat: "@",
      text: "",
    });
  });

  it("refuses text longer than 32,767 characters", async () => {
    const host = new FakeExcelHost();
    expect((await officeErrorOf(write(host, "A1", [["x".repeat(32_768)]]))).code).toBe(
      "InvalidArgument",
    );
    await write(host, "A1", [["x".repeat(32_767)]]);
    expect(String(host.cell("Sheet1", "A1").value)).toHaveLength(32_767);
  });

  it.each([
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["an object", { a: 1 }],
    ["a nested array", [1]],
  ])("refuses %s as a cell value", async (_case, value) => {
    const host = new FakeExcelHost();
    expect((await officeErrorOf(write(host, "A1", [[value]]))).code).toBe("InvalidArgument");
  });

  it("sends a Date as its JSON text, which stays text", async () => {
    const host = new FakeExcelHost();
    await write(host, "A1", [[new Date(Date.UTC(2024, 0, 2))]]);
    expect(host.cell("Sheet1", "A1").value).toBe("2024-01-02T00:00:00.000Z");
  });

  it("reads empty cells as empty strings", async () => {
    const host = hostWith([[1]]);
    expect(await read(host, "A1:B2", "values")).toEqual([
      [1, ""],
      ["", ""],
    ]);
  });
});

describe("Range.values: Excel coercion of written strings", () => {
  it.each([
    ["00123", 123, null, "General"],
    ["1E5", 100000, null, "0.00E+00"],
    ["1,234.5", 1234.5, null, "General"],
    ["12%", 0.12, null, "0%"],
    ["(42)", -42, null, "General"],
    ["-2", -2, null, "General"],
    [" 7 ", 7, null, "General"],
    ["TRUE", true, null, "General"],
    ["false", false, null, "General"],
    ["#N/A", "#N/A", null, "General"],
    ["2024-01-02", 45293, null, "m/d/yyyy"],
    ["1/2/2024", 45293, null, "m/d/yyyy"],
    ["2024-01-02 12:00", 45293.5, null, "m/d/yyyy h:mm"],
    ["=1+1", 2, "=1+1", "General"],
    ["+1", 1, "=+1", "General"],
    ["-A1", 0, "=-A1", "General"],
    ["12345678901234567890", 12345678901234500000, null, "General"],
    ["INV-0001", "INV-0001", null, "General"],
    ["2024-02-30", "2024-02-30", null, "General"],
    ["1,23", "1,23", null, "General"],
    ["- draft", "#NAME?", "=- draft", "General"],
    ["1234567890123456", 1234567890123450, null, "General"],
    ["+", "+", null, "General"],
  ])(
    "in a General cell, %j is stored as %j (formula %j, format %j)",
    async (input, value, formula, format) => {
      const host = new FakeExcelHost();
      await write(host, "B2", [[input]]);
      expect(host.cell("Sheet1", "B2")).toMatchObject({ value, formula, numberFormat: format });
    },
  );

  it.each(["=1+1", "+1", "-2", "00123", "1E5", "TRUE", "12%", "2024-01-02", "#N/A"])(
    'in a text cell ("@"), %j is stored literally',
    async (input) => {
      const host = new FakeExcelHost();
      await write(host, "A1", [[input]], [["@"]]);
      expect(host.cell("Sheet1", "A1")).toMatchObject({
        value: input,
        formula: null,
        numberFormat: "@",
      });
    },
  );

  it("stores numbers and booleans as they are, even in a text cell", async () => {
    const host = new FakeExcelHost();
    await write(host, "A1:B1", [[12.5, true]], "@");
    expect(host.values("Sheet1", "A1:B1")).toEqual([[12.5, true]]);
  });

  it("applies commands in order: values written before the text format are already coerced", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.values = [["00123"]];
      range.numberFormat = [["@"]];
      await context.sync();
    });
    expect(host.cell("Sheet1", "A1").value).toBe(123);
  });

  it("coerces in a numeric format but keeps that format", async () => {
    const host = new FakeExcelHost();
    await write(host, "A1", [["2024-01-02"]], [["#,##0.00"]]);
    expect(host.cell("Sheet1", "A1")).toMatchObject({
      value: 45293,
      numberFormat: "#,##0.00",
      text: "45,293.00",
    });
  });

  it("refuses a string starting with = that is not a formula, and writes nothing of that command", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(write(host, "A1:B1", [["ok", "=SUM(1,"]]));
    expect(error.code).toBe("InvalidArgument");
    expect(host.values("Sheet1", "A1:B1")).toEqual([["", ""]]);
  });
});

describe("Range.formulas, numberFormat and text", () => {
  it("writes formulas like typed input and reads formulas, constants as values", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:C1").formulas = [
        [2, "=A1*3", "x"],
      ];
      await context.sync();
    });
    expect(await read(host, "A1:C1", "formulas")).toEqual([[2, "=A1*3", "x"]]);
    expect(await read(host, "A1:C1", "values")).toEqual([[2, 6, "x"]]);
  });

  it("requires number formats to be strings in a matching 2-D array or one scalar", async () => {
    const host = new FakeExcelHost();
    expect((await officeErrorOf(write(host, "A1:B1", [[1, 2]], [["@"]]))).code).toBe(
      "InvalidArgument",
    );
    expect((await officeErrorOf(write(host, "A1", [[1]], [[5]]))).code).toBe("InvalidArgument");
    await write(host, "A1:B1", [[1, 2]], [["0.00", "@"]]);
    expect(await read(host, "A1:B1", "numberFormat")).toEqual([["0.00", "@"]]);
  });

  it("gives new cells in a whole formatted column that column's format", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("B:B").numberFormat = "@" as unknown as string[][];
      sheet.getRange("B500000").values = [["00042"]];
      await context.sync();
    });
    expect(host.cell("Sheet1", "B500000")).toMatchObject({ value: "00042", numberFormat: "@" });
  });

  it("reads text as Excel displays each value in its format", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:G1");
      range.numberFormat = [
        ["#,##0.00", "0.00########", "0", "yyyy-mm-dd", "yyyy-mm-dd hh:mm:ss", "@", "General"],
      ];
      range.values = [[-1234.5, 1.5, 2.5, 45293, 45293.75, "=1+1", 0.1 + 0.2]];
      await context.sync();
    });
    expect(await read(host, "A1:G1", "text")).toEqual([
      ["-1,234.50", "1.50", "3", "2024-01-02", "2024-01-02 18:00:00", "=1+1", "0.3"],
    ]);
  });
});

describe("the sheet's limits", () => {
  it.each([
    ["beyond the last row", (s: Excel.Worksheet) => s.getRangeByIndexes(1_048_576, 0, 1, 1)],
    ["beyond the last column", (s: Excel.Worksheet) => s.getRangeByIndexes(0, 16_384, 1, 1)],
    ["across the last row", (s: Excel.Worksheet) => s.getRangeByIndexes(1_048_575, 0, 2, 1)],
    ["with no rows", (s: Excel.Worksheet) => s.getRangeByIndexes(0, 0, 0, 1)],
    ["at a negative index", (s: Excel.Worksheet) => s.getRangeByIndexes(-1, 0, 1, 1)],
    ["addressed past XFD", (s: Excel.Worksheet) => s.getRange("XFE1")],
    ["addressed past row 1,048,576", (s: Excel.Worksheet) => s.getRange("A1048577")],
    ["offset off the sheet", (s: Excel.Worksheet) => s.getRange("A1").getOffsetRange(-1, 0)],
  ])("refuses a range %s with InvalidArgument", async (_case, make) => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(async (context) => {
        make(context.workbook.worksheets.getItem("Sheet1")).load("address");
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("answers null for cell data of more than 5,000,000 cells, as Excel on the web does", async () => {
    const host = new FakeExcelHost();
    const result = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const five = sheet.getRange("A:E").load("values");
      const one = sheet.getRange("A:A").load("rowCount");
      await context.sync();
      return [five.values, one.rowCount];
    });
    expect(result).toEqual([null, 1_048_576]);
  });

  it("refuses a cell-by-cell write of more than 5,000,000 cells with RangeExceedsLimit", async () => {
    const host = new FakeExcelHost();
    expect((await officeErrorOf(write(host, "A:E", "x"))).code).toBe("RangeExceedsLimit");
  });

  it("addresses the last cell of the sheet", async () => {
    const host = new FakeExcelHost();
    await write(host, "XFD1048576", [["corner"]]);
    expect(await read(host, "XFD1048576", "address")).toBe("Sheet1!XFD1048576");
  });
});
