// Dynamic arrays in the emulator, through Microsoft's office.js client: a formula that refers to
// a block of cells spills its values; anything in the spill range makes it #SPILL!; a value
// written into a spilled cell is accepted and breaks the formula; Range.hasSpill,
// getSpillingToRangeOrNullObject and getSpillParentOrNullObject (ExcelApi 1.12) find spills;
// shifts move the formula's cell and it spills again; a table is never spilled into.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { loadOfficeJsClient, officeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { OfficeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";

let host: FakeExcelHost;
let office: OfficeJsRun;

beforeEach(() => {
  host = new FakeExcelHost({ sheets: ["Data"] });
  office = officeJsRun(loadOfficeJsClient(), host);
  host.setCells("Data", "A1", [
    ["North", 10],
    ["South", 20],
    ["East", 30],
  ]);
});

afterEach(() => office.close());

function write(address: string, formulas: unknown[][]): Promise<void> {
  return office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange(address).formulas = formulas;
    await context.sync();
  });
}

test("a reference to a block spills its values right and down from the formula", async () => {
  await write("D2", [["=A1:B3"]]);
  expect(host.values("Data", "D2:E4")).toEqual([
    ["North", 10],
    ["South", 20],
    ["East", 30],
  ]);
  expect(host.cell("Data", "D2").formula).toBe("=A1:B3");
  expect(host.cell("Data", "E3").formula).toBeNull();
  // A formula reading a spilled cell sees its value.
  await write("G1", [["=E4*2"]]);
  expect(host.cell("Data", "G1").value).toBe(60);
});

test("content in the spill range makes the formula #SPILL!; clearing it lets it spill", async () => {
  host.setCells("Data", "E3", [["mine"]]);
  await write("D2", [["=A1:B3"]]);
  expect(host.cell("Data", "D2").value).toBe("#SPILL!");
  expect(host.values("Data", "D3:E3")).toEqual([["", "mine"]]);
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("E3").clear("Contents");
    await context.sync();
  });
  expect(host.cell("Data", "D2").value).toBe("North");
  expect(host.values("Data", "E3")).toEqual([[20]]);
});

test("a value written into a spilled cell is accepted and the formula shows #SPILL!", async () => {
  await write("D2", [["=A1:B3"]]);
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("D4").values = [["typed"]];
    await context.sync();
  });
  expect(host.cell("Data", "D2").value).toBe("#SPILL!");
  expect(host.values("Data", "D3:E4")).toEqual([
    ["", ""],
    ["typed", ""],
  ]);
});

test("hasSpill, getSpillingToRangeOrNullObject and getSpillParentOrNullObject", async () => {
  await write("D2", [["=A1:B3"]]);
  const found = await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    const all = sheet.getRange("D2:E4").load("hasSpill");
    const some = sheet.getRange("C1:E4").load("hasSpill");
    const none = sheet.getRange("A1:B3").load("hasSpill");
    const spilling = sheet.getRange("D2").getSpillingToRangeOrNullObject().load("address");
    const notAnchor = sheet.getRange("E3").getSpillingToRangeOrNullObject().load("address");
    const parent = sheet.getRange("E3").getSpillParentOrNullObject().load("address");
    const noParent = sheet.getRange("A1").getSpillParentOrNullObject().load("address");
    const block = sheet.getRange("D2:E4").getSpillParentOrNullObject().load("address");
    await context.sync();
    return {
      all: all.hasSpill,
      some: some.hasSpill,
      none: none.hasSpill,
      spilling: spilling.address,
      notAnchor: notAnchor.isNullObject,
      parent: parent.address,
      noParent: noParent.isNullObject,
      block: block.isNullObject,
    };
  });
  expect(found).toEqual({
    all: true,
    some: null,
    none: false,
    spilling: "Data!D2:E4",
    notAnchor: true,
    parent: "Data!D2",
    noParent: true,
    block: true,
  });
});

test("a blocked formula has no spill range", async () => {
  host.setCells("Data", "E4", [["mine"]]);
  await write("D2", [["=A1:B3"]]);
  const found = await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    const range = sheet.getRange("D2:E4").load("hasSpill");
    const spilling = sheet.getRange("D2").getSpillingToRangeOrNullObject();
    await context.sync();
    return { hasSpill: range.hasSpill, none: spilling.isNullObject };
  });
  expect(found).toEqual({ hasSpill: false, none: true });
});

test("an insert moves the formula's cell and it spills again from there", async () => {
  await write("D2", [["=A1:B3"]]);
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("A1:F2").insert("Down");
    await context.sync();
  });
  expect(host.cell("Data", "D4").formula).toBe("=A3:B5");
  expect(host.values("Data", "D4:E6")).toEqual([
    ["North", 10],
    ["South", 20],
    ["East", 30],
  ]);
  expect(host.values("Data", "D2:E3")).toEqual([
    ["", ""],
    ["", ""],
  ]);
});

test("a delete through part of a spill range leaves the formula in place; cells moved into it block it", async () => {
  await write("D2", [["=A1:B3"]]);
  host.setCells("Data", "E6", [["below"]]);
  // Only column E shifts: the formula in D2 stays where it is.
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("E1:E2").delete("Up");
    await context.sync();
  });
  // E6 moved up to E4, inside D2's spill range: the formula shows #SPILL!.
  expect(host.values("Data", "E4")).toEqual([["below"]]);
  expect(host.cell("Data", "D2").value).toBe("#SPILL!");
});

test("a formula never spills into a table, nor from inside one", async () => {
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("E3:F4").values = [
      ["Name", "Total"],
      ["x", 1],
    ];
    context.workbook.tables.add("Data!E3:F4", true).name = "T";
    await context.sync();
  });
  await write("D2", [["=A1:B3"]]);
  await write("F4", [["=A1:A2"]]);
  expect(host.cell("Data", "D2").value).toBe("#SPILL!");
  expect(host.cell("Data", "F4").value).toBe("#SPILL!");
});

test("a saved workbook keeps the formula, not its spilled values, and spills again when opened", async () => {
  await write("D2", [["=A1:B3"]]);
  const saved = host.serialize();
  const cells = (JSON.parse(saved) as { sheets: { cells: [number, number][] }[] }).sheets[0]!.cells;
  expect(cells.map(([row, column]) => `${row},${column}`)).not.toContain("2,3");
  const reopened = FakeExcelHost.fromSerialized(saved);
  expect(reopened.values("Data", "D2:E4")).toEqual(host.values("Data", "D2:E4"));
  expect(reopened.serialize()).toBe(saved);
});
