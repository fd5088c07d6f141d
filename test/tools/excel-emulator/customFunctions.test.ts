// Custom functions in the fake's formulas: a name declared by the add-in's metadata calls the
// function it associated, with Excel's arguments; a promise shows #BUSY! until it settles.
import { FakeExcelHost, installFakeOffice } from "../../../tools/excel-emulator";
import type { CustomFunctionMetadata } from "../../../tools/excel-emulator/customFunctionCalls";

const METADATA: CustomFunctionMetadata[] = [
  { id: "ECHO", name: "ECHO", parameters: [{ name: "value", type: "any" }] },
  {
    id: "TABLE",
    name: "TABLE",
    parameters: [
      { name: "what", type: "string" },
      { name: "count", type: "number", optional: true },
    ],
    result: { dimensionality: "matrix" },
  },
  {
    id: "ADD.ALL",
    name: "ADD.ALL",
    parameters: [{ name: "values", type: "any", dimensionality: "matrix", repeating: true }],
  },
];

interface Deferred {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function setUp() {
  const host = new FakeExcelHost();
  const { CustomFunctions } = installFakeOffice({}, host);
  const tableCalls: Deferred[] = [];
  const addCalls: unknown[][] = [];
  CustomFunctions.associate("ECHO", (value: unknown) => {
    if (value === "fail") throw new CustomFunctions.Error("#N/A", "Connect first.");
    return value;
  });
  CustomFunctions.associate("TABLE", (...args: unknown[]) => {
    return new Promise((resolve, reject) => tableCalls.push({ args, resolve, reject }));
  });
  CustomFunctions.associate("ADD.ALL", (...args: unknown[]) => {
    const values = args[0] as unknown[][][];
    addCalls.push(values);
    return values.flat(2).reduce<number>((sum, v) => sum + (typeof v === "number" ? v : 0), 0);
  });
  return { host, tableCalls, addCalls };
}

/** Lets settled promises' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

it("shows #NAME? for a function no metadata declares, and calls it once declared", () => {
  const { host } = setUp();
  host.setCells("Sheet1", "A1", [["=LEDGER.ECHO(5)"]]);
  expect(host.cell("Sheet1", "A1").value).toBe("#NAME?");
  host.defineCustomFunctions("LEDGER", METADATA);
  expect(host.cell("Sheet1", "A1").value).toBe(5);
  host.setCells("Sheet1", "A2", [['=ledger.echo("x")&"!"']]);
  expect(host.cell("Sheet1", "A2").value).toBe("x!");
});

it("passes ranges as arrays of values, repeating arguments as a list of them", () => {
  const { host, addCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "A1", [[1.5], [""], [2]]);
  host.setCells("Sheet1", "B1", [["=LEDGER.ADD.ALL(A1:A3, 10)"]]);
  expect(host.cell("Sheet1", "B1").value).toBe(13.5);
  expect(addCalls.at(-1)).toEqual([[[1.5], [""], [2]], [[10]]]);
});

it("shows #BUSY! while a promise runs, then the answer, spilled; same arguments, no new call", async () => {
  const { host, tableCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "C3", [['=LEDGER.TABLE("invoices")']]);
  expect(host.cell("Sheet1", "C3").value).toBe("#BUSY!");
  expect(tableCalls).toHaveLength(1);
  // An optional argument left out is null; the invocation comes last.
  expect(tableCalls[0]!.args).toEqual(["invoices", null, {}]);
  tableCalls[0]!.resolve([
    ["Number", "Total"],
    ["INV-1", 12.5],
  ]);
  await settle();
  expect(host.values("Sheet1", "C3:D4")).toEqual([
    ["Number", "Total"],
    ["INV-1", 12.5],
  ]);
  host.setCells("Sheet1", "A1", [[1]]); // another edit recalculates: no new call
  expect(tableCalls).toHaveLength(1);
});

it("calls again when the formula is entered again or a full calculation asks", async () => {
  const { host, tableCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "A1", [['=LEDGER.TABLE("bills", 2)']]);
  tableCalls[0]!.resolve([["one"]]);
  await settle();
  expect(host.cell("Sheet1", "A1").value).toBe("one");
  host.setCells("Sheet1", "A1", [['=LEDGER.TABLE("bills", 2)']]);
  expect(tableCalls).toHaveLength(2);
  tableCalls[1]!.resolve([["two"]]);
  await settle();
  await host.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").calculate(true);
    await context.sync();
  });
  expect(tableCalls).toHaveLength(3);
  expect(host.cell("Sheet1", "A1").value).toBe("#BUSY!");
});

it("shows a thrown or rejected CustomFunctions.Error as its error value", async () => {
  const { host, tableCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "A1", [['=LEDGER.ECHO("fail")', '=LEDGER.TABLE("x")']]);
  expect(host.cell("Sheet1", "A1").value).toBe("#N/A");
  tableCalls[0]!.reject({ code: "#VALUE!", message: "Unknown collection." });
  await settle();
  expect(host.cell("Sheet1", "B1").value).toBe("#VALUE!");
  const a1 = host.workbook.sheetNamed("Sheet1")!.getCell(0, 0)!;
  expect(host.customFunctionCalls.messageOf(a1)).toBe("Connect first.");
});

it("refuses a call without a required argument or with too many", () => {
  const { host, tableCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "A1", [["=LEDGER.TABLE()", '=LEDGER.TABLE("a", 1, 2)']]);
  expect(host.values("Sheet1", "A1:B1")).toEqual([["#VALUE!", "#VALUE!"]]);
  expect(tableCalls).toHaveLength(0);
});

it("shows a formatted number value in the format it carries, keeping the number as the value", async () => {
  const { host, tableCalls } = setUp();
  host.defineCustomFunctions("LEDGER", METADATA);
  host.setCells("Sheet1", "A1", [['=LEDGER.TABLE("dates")']]);
  tableCalls[0]!.resolve([
    ["Date", "Total"],
    [
      { type: "Double", basicValue: 46036, numberFormat: "yyyy-mm-dd" },
      { type: "FormattedNumber", basicValue: 12.5, numberFormat: "#,##0.000" },
    ],
    [46037, 3],
  ]);
  await settle();
  expect(host.cell("Sheet1", "A2")).toMatchObject({ value: 46036, text: "2026-01-14" });
  expect(host.cell("Sheet1", "B2")).toMatchObject({ value: 12.5, text: "12.500" });
  // A value without a format shows in the cell's own (General).
  expect(host.cell("Sheet1", "A3")).toMatchObject({ value: 46037, text: "46037" });
  // Entered again, the formula's earlier formats go with its earlier values.
  host.setCells("Sheet1", "A1", [['=LEDGER.TABLE("plain")']]);
  tableCalls[1]!.resolve([["Date"], [46036]]);
  await settle();
  expect(host.cell("Sheet1", "A2")).toMatchObject({ value: 46036, text: "46036" });
  expect(host.cell("Sheet1", "B2")).toMatchObject({ value: "", text: "" });
});
