// AutoFilter criteria read back, TableColumn.filter, and criteria applied again after rows change.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { officeErrorOf } from "./harness";

function tableHost<H extends FakeExcelHost>(host: H): H {
  host.setCells("Sheet1", "A1", [
    ["Name", "Amount"],
    ["a", 5],
    ["b", 50],
    ["c", 500],
  ]);
  return host;
}

async function addTable(host: FakeExcelHost): Promise<void> {
  await host.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").tables.add("A1:B4", true).name = "T";
    await context.sync();
  });
}

async function hiddenRows(host: FakeExcelHost): Promise<boolean[]> {
  return host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    const rows = [2, 3, 4, 5].map((n) => sheet.getRange(`A${n}`));
    rows.forEach((range) => range.load("rowHidden"));
    await context.sync();
    return rows.map((range) => range.rowHidden);
  });
}

describe("TableColumn.filter", () => {
  test("through office.js: applyValuesFilter and applyCustomFilter, criteria read back", async () => {
    const host = tableHost(new OfficeJsExcelHost());
    await addTable(host);
    const read = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("T");
      table.columns.getItem("Name").filter.applyValuesFilter(["a", "c"]);
      table.columns.getItem("Amount").filter.applyCustomFilter(">10");
      const filter = table.columns.getItem("Amount").filter;
      filter.load("criteria");
      table.autoFilter.load("criteria,isDataFiltered");
      await context.sync();
      return {
        column: filter.criteria,
        all: table.autoFilter.criteria,
        filtered: table.autoFilter.isDataFiltered,
      };
    });
    expect(read.column).toEqual({ filterOn: "Custom", criterion1: ">10" });
    expect(read.all).toEqual([
      { filterOn: "Values", values: ["a", "c"] },
      { filterOn: "Custom", criterion1: ">10" },
    ]);
    expect(read.filtered).toBe(true);
    expect(await hiddenRows(host)).toEqual([true, true, false, false]);
  });

  test("clear() drops one column's criterion; a column without one reads null", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    const criteria = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("T");
      table.columns.getItem("Amount").filter.apply({ filterOn: "Custom", criterion1: "<100" });
      table.columns.getItem("Name").filter.applyValuesFilter(["a"]);
      table.columns.getItem("Name").filter.clear();
      table.autoFilter.load("criteria");
      await context.sync();
      return table.autoFilter.criteria;
    });
    expect(criteria).toEqual([null, { filterOn: "Custom", criterion1: "<100" }]);
    expect(await hiddenRows(host)).toEqual([false, false, true, false]);
  });

  test("criteria applied again after the rows changed hide exactly the rows that fail now", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    await host.run(async (context) => {
      const filter = context.workbook.tables.getItem("T").columns.getItem("Amount").filter;
      filter.applyCustomFilter(">10");
      await context.sync();
    });
    host.setCells("Sheet1", "B2", [[20], [1]]);
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("T");
      table.columns.getItem("Amount").filter.applyCustomFilter(">10");
      await context.sync();
    });
    expect(await hiddenRows(host)).toEqual([false, true, false, false]);
    host.setCells("Sheet1", "B3", [[30]]);
    await host.run(async (context) => {
      context.workbook.tables.getItem("T").autoFilter.reapply();
      await context.sync();
    });
    expect(await hiddenRows(host)).toEqual([false, false, false, false]);
  });

  test("criteria are kept through serialize(); other kinds are refused", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    await host.run(async (context) => {
      context.workbook.tables.getItem("T").columns.getItem("Name").filter.applyValuesFilter(["b"]);
      await context.sync();
    });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    const criteria = await reopened.run(async (context) => {
      const filter = context.workbook.tables.getItem("T").columns.getItem("Name").filter;
      filter.load("criteria");
      await context.sync();
      return filter.criteria;
    });
    expect(criteria).toEqual({ filterOn: "Values", values: ["b"] });
    const error = await officeErrorOf(
      reopened.run(async (context) => {
        const filter = context.workbook.tables.getItem("T").columns.getItem("Amount").filter;
        filter.apply({ filterOn: "TopItems", criterion1: "2" });
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});
