// PivotTables in the emulator, through Microsoft's office.js client: placed by the host (the fake
// keeps where a PivotTable is, not its source), listed by workbook.pivotTables and
// worksheet.pivotTables, with the layout's range; writes into its cells and shifts that would
// move part of it are refused with PivotTableRangeConflict, and one moved whole goes along; its
// report-filter area is outside the layout's range and refused around in the same way.
import { addPivotTableFilterArea, FakeExcelHost } from "../../../tools/excel-emulator";
import { loadOfficeJsClient, officeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { OfficeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { officeErrorOf } from "./harness";

let host: FakeExcelHost;
let office: OfficeJsRun;

beforeEach(() => {
  host = new FakeExcelHost({ sheets: ["Data", "Other"] });
  office = officeJsRun(loadOfficeJsClient(), host);
  host.addPivotTable("Sales", "Data", "C5:D7", [
    ["Row Labels", "Sum of Amount"],
    ["North", 40],
    ["Grand Total", 40],
  ]);
});

afterEach(() => office.close());

function onData(change: (sheet: Excel.Worksheet) => void): Promise<void> {
  return office.run(async (context) => {
    change(context.workbook.worksheets.getItem("Data"));
    await context.sync();
  });
}

test("the collections list it, with its sheet and range", async () => {
  const found = await office.run(async (context) => {
    const all = context.workbook.pivotTables.load("items/name,items/worksheet/name");
    const onOther = context.workbook.worksheets.getItem("Other").pivotTables.load("items/name");
    const range = context.workbook.worksheets
      .getItem("Data")
      .pivotTables.getItem("Sales")
      .layout.getRange()
      .load("address");
    const missing = context.workbook.pivotTables.getItemOrNullObject("Nope");
    await context.sync();
    return {
      all: all.items.map((pivot) => `${pivot.name} on ${pivot.worksheet.name}`),
      onOther: onOther.items.length,
      range: range.address,
      missing: missing.isNullObject,
    };
  });
  expect(found).toEqual({
    all: ["Sales on Data"],
    onOther: 0,
    range: "Data!C5:D7",
    missing: true,
  });
});

test("values written into its cells, or its contents cleared, are refused", async () => {
  const before = host.serialize();
  const write = await officeErrorOf(onData((sheet) => (sheet.getRange("D6:E6").values = [[1, 2]])));
  expect(write.code).toBe("PivotTableRangeConflict");
  const clear = await officeErrorOf(onData((sheet) => sheet.getRange("A1:C5").clear("Contents")));
  expect(clear.code).toBe("PivotTableRangeConflict");
  expect(host.serialize()).toBe(before);
  // Formats are allowed.
  await onData((sheet) => (sheet.getRange("D6").numberFormat = [["0.00"]]));
});

test("a shift that would move part of it, or cells inside it, is refused", async () => {
  const before = host.serialize();
  for (const [address, shift] of [
    ["D1:F2", "Down"],
    ["C6:D6", "Down"],
    ["A6:B6", "Right"],
  ] as const) {
    const error = await officeErrorOf(onData((sheet) => sheet.getRange(address).insert(shift)));
    expect(error.code).toBe("PivotTableRangeConflict");
  }
  const deleted = await officeErrorOf(onData((sheet) => sheet.getRange("C1:C2").delete("Up")));
  expect(deleted.code).toBe("PivotTableRangeConflict");
  expect(host.serialize()).toBe(before);
});

test("a shift that moves it whole takes it along", async () => {
  await onData((sheet) => sheet.getRange("B1:E2").insert("Down"));
  await onData((sheet) => sheet.getRange("A1:A20").delete("Left"));
  const address = await office.run(async (context) => {
    const range = context.workbook.pivotTables.getItem("Sales").layout.getRange().load("address");
    await context.sync();
    return range.address;
  });
  expect(address).toBe("Data!B7:C9");
  expect(host.values("Data", "B8:C8")).toEqual([["North", 40]]);
});

test("a table cannot go over it, and a formula cannot spill into it", async () => {
  const error = await officeErrorOf(
    office.run(async (context) => {
      context.workbook.tables.add("Data!B4:C6", true);
      await context.sync();
    }),
  );
  expect(error.code).toBe("MergedRangeConflict");
  host.setCells("Data", "A1", [["=C5:C6"]]);
  expect(host.values("Data", "A1:A2")).toEqual([["Row Labels"], ["North"]]);
  host.setCells("Data", "C4", [["=C5:C6"]]);
  expect(host.cell("Data", "C4").value).toBe("#SPILL!");
});

test("a saved workbook keeps it", () => {
  const reopened = FakeExcelHost.fromSerialized(host.serialize());
  expect(reopened.serialize()).toBe(host.serialize());
  expect(reopened.workbook.pivotTables.map((pivot) => pivot.name)).toEqual(["Sales"]);
});

describe("a report-filter area", () => {
  beforeEach(() => addPivotTableFilterArea(host, "Sales", "C2:D2", [["Region", "(All)"]]));

  const filterOf = () =>
    office.run(async (context) => {
      const pivot = context.workbook.pivotTables.getItem("Sales");
      const count = pivot.filterHierarchies.getCount();
      const body = pivot.layout.getRange().load("address");
      const filters = pivot.layout.getFilterAxisRange().load("address");
      await context.sync();
      return { count: count.value, body: body.address, filters: filters.address };
    });

  test("is left out of getRange and given by getFilterAxisRange", async () => {
    await expect(filterOf()).resolves.toEqual({
      count: 1,
      body: "Data!C5:D7",
      filters: "Data!C2:D2",
    });
  });

  test("refuses writes and shifts as the body does, moves with it, and is saved", async () => {
    const write = await officeErrorOf(onData((sheet) => (sheet.getRange("D2").values = [["x"]])));
    expect(write.code).toBe("PivotTableRangeConflict");
    const cut = await officeErrorOf(onData((sheet) => sheet.getRange("D1").insert("Down")));
    expect(cut.code).toBe("PivotTableRangeConflict");
    // Moving the filter area whole but not the body moves part of the PivotTable.
    const apart = await officeErrorOf(onData((sheet) => sheet.getRange("A2:B2").insert("Right")));
    expect(apart.code).toBe("PivotTableRangeConflict");
    await onData((sheet) => sheet.getRange("1:1").insert("Down"));
    await expect(filterOf()).resolves.toMatchObject({ filters: "Data!C3:D3", body: "Data!C6:D8" });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(reopened.workbook.pivotTables[0]?.filterArea).toEqual({
      row: 2,
      column: 2,
      rowCount: 1,
      columnCount: 2,
    });
  });

  test("a PivotTable without report filters has none to count", async () => {
    host.addPivotTable("Plain", "Other", "A1:B2", [
      ["Row Labels", "Sum"],
      ["Grand Total", 0],
    ]);
    const count = await office.run(async (context) => {
      const result = context.workbook.pivotTables.getItem("Plain").filterHierarchies.getCount();
      await context.sync();
      return result.value;
    });
    expect(count).toBe(0);
  });
});
