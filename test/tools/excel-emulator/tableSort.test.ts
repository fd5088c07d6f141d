// Table.sort: data rows reordered whole, stably, in Excel's default sort order.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { officeErrorOf } from "./harness";

function tableHost<H extends FakeExcelHost>(host: H): H {
  host.setCells("Sheet1", "A1", [
    ["Name", "Amount", "Double"],
    ["b", 2, null],
    ["a", "text", null],
    ["c", 1, null],
    ["d", null, null],
    ["e", 2, null],
  ]);
  return host;
}

async function addTable(host: FakeExcelHost): Promise<void> {
  await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.tables.add("A1:C6", true).name = "T";
    sheet.getRange("C2:C6").formulas = Array.from({ length: 5 }, () => ["=[@Amount]&$A$1"]);
    sheet.getRange("B2").numberFormat = [["0.00"]];
    await context.sync();
  });
}

function names(host: FakeExcelHost): unknown[] {
  return host.values("Sheet1", "A2:A6").map((row) => row[0]);
}

describe("Table.sort", () => {
  test("through office.js: ascending puts numbers before text, blanks last, ties in order", async () => {
    const host = tableHost(new OfficeJsExcelHost());
    await addTable(host);
    const read = await host.run(async (context) => {
      const sort = context.workbook.tables.getItem("T").sort;
      sort.apply([{ key: 1, ascending: true }]);
      sort.load("fields,matchCase,method");
      await context.sync();
      return { fields: sort.fields, matchCase: sort.matchCase };
    });
    expect(names(host)).toEqual(["c", "b", "e", "a", "d"]);
    expect(read).toEqual({ fields: [{ key: 1, ascending: true }], matchCase: false });
    // Rows move whole: formats and this-row formulas go with them.
    expect(host.cell("Sheet1", "B3").numberFormat).toBe("0.00");
    expect(host.values("Sheet1", "C2:C3")).toEqual([["1Name"], ["2Name"]]);
  });

  test("descending reverses the order but keeps blanks last", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    await host.run(async (context) => {
      context.workbook.tables.getItem("T").sort.apply([{ key: 1, ascending: false }]);
      await context.sync();
    });
    expect(names(host)).toEqual(["a", "b", "e", "c", "d"]);
  });

  test("relative references move with the row; reapply() sorts the changed rows again", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    host.setCells("Sheet1", "C2", [["=B2*10"]]);
    await host.run(async (context) => {
      context.workbook.tables.getItem("T").sort.apply([{ key: 0, ascending: false }]);
      await context.sync();
    });
    expect(names(host)).toEqual(["e", "d", "c", "b", "a"]);
    expect(host.cell("Sheet1", "C5")).toMatchObject({ formula: "=B5*10", value: 20 });
    host.setCells("Sheet1", "A2", [["z"]]);
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    await reopened.run(async (context) => {
      context.workbook.tables.getItem("T").sort.reapply();
      await context.sync();
    });
    expect(names(reopened)).toEqual(["z", "d", "c", "b", "a"]);
  });

  test("clear() forgets the fields; reapply() then fails; a key outside the table is refused", async () => {
    const host = tableHost(new FakeExcelHost());
    await addTable(host);
    const fields = await host.run(async (context) => {
      const sort = context.workbook.tables.getItem("T").sort;
      sort.apply([{ key: 0 }]);
      sort.clear();
      sort.load("fields");
      await context.sync();
      return sort.fields;
    });
    expect(fields).toEqual([]);
    const reapply = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.tables.getItem("T").sort.reapply();
        await context.sync();
      }),
    );
    expect(reapply.code).toBe("InvalidOperation");
    const outside = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.tables.getItem("T").sort.apply([{ key: 3 }]);
        await context.sync();
      }),
    );
    expect(outside.code).toBe("InvalidArgument");
  });
});
