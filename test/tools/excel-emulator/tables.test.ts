import { FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

function hostWithData(): FakeExcelHost {
  const host = new FakeExcelHost();
  host.setCells("Sheet1", "A1", [
    ["Id", "Amount"],
    ["INV-1", 10],
    ["INV-2", 20],
  ]);
  return host;
}

function batch(host: FakeExcelHost, work: (context: Excel.RequestContext) => void): Promise<void> {
  return host.run(async (context) => {
    work(context);
    await context.sync();
  });
}

describe("TableCollection.add", () => {
  it("names columns from the header row and counts the rows below as the data body", async () => {
    const host = hostWithData();
    await batch(host, (context) =>
      context.workbook.worksheets.getItem("Sheet1").tables.add("A1:B3", true),
    );
    expect(host.tableInfo("Table1")).toEqual({
      name: "Table1",
      sheet: "Sheet1",
      address: "Sheet1!A1:B3",
      headers: ["Id", "Amount"],
      rowCount: 2,
      style: "TableStyleMedium2",
      showHeaders: true,
      showTotals: false,
    });
  });

  it("gives blank headers ColumnN, repeated headers a number, and keeps header cells as text", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [["Name", "", "Name", 2024]]);
    await batch(host, (context) => context.workbook.tables.add("Sheet1!A1:D2", true));
    expect(host.tableInfo("Table1")?.headers).toEqual(["Name", "Column2", "Name2", "2024"]);
    expect(host.values("Sheet1", "A1:D1")).toEqual([["Name", "Column2", "Name2", "2024"]]);
  });

  it("adds an empty data row below a one-row range with headers", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [["Id", "Amount"]]);
    await batch(host, (context) => context.workbook.tables.add("A1:B1", true));
    expect(host.tableInfo("Table1")).toMatchObject({ address: "Sheet1!A1:B2", rowCount: 1 });
  });

  it("inserts a header row above the data when the range has no headers", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      [1, 2],
      [3, 4],
    ]);
    await batch(host, (context) => context.workbook.tables.add("A1:B2", false));
    expect(host.tableInfo("Table1")).toMatchObject({
      address: "Sheet1!A1:B3",
      headers: ["Column1", "Column2"],
      rowCount: 2,
    });
    expect(host.values("Sheet1", "A1:B3")).toEqual([
      ["Column1", "Column2"],
      [1, 2],
      [3, 4],
    ]);
  });

  it("names new tables Table1, Table2, ... and binds the returned proxy", async () => {
    const host = new FakeExcelHost();
    const names = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const first = sheet.tables.add("A1:B2", true).load("name");
      const second = sheet.tables.add("D1:E2", true).load("name");
      await context.sync();
      return [first.name, second.name];
    });
    expect(names).toEqual(["Table1", "Table2"]);
  });

  it("refuses a range that overlaps another table with InvalidArgument", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.tables.add("B3:C5", true)),
    );
    expect(error.code).toBe("InvalidArgument");
    expect(host.tableNames()).toEqual(["Table1"]);
  });

  it("creates over a Range object, and refuses one from another sheet on a sheet's collection", async () => {
    const host = new FakeExcelHost({ sheets: ["A", "B"] });
    await batch(host, (context) => {
      const a = context.workbook.worksheets.getItem("A");
      a.tables.add(a.getRange("C3:D4"), true);
    });
    expect(host.tableInfo("Table1")?.address).toBe("A!C3:D4");
    const error = await officeErrorOf(
      batch(host, (context) => {
        const b = context.workbook.worksheets.getItem("B");
        context.workbook.worksheets.getItem("A").tables.add(b.getRange("A1:B2"), true);
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});

describe("Table.id", () => {
  async function ids(host: FakeExcelHost): Promise<Record<string, string>> {
    return host.run(async (context) => {
      const tables = context.workbook.tables;
      tables.load("items/name,items/id");
      await context.sync();
      return Object.fromEntries(tables.items.map((table) => [table.name, table.id]));
    });
  }

  it("stays when the table is renamed and the workbook reopened; a new table gets another", async () => {
    const host = hostWithData();
    host.setCells("Sheet1", "D1", [["Other"], [1]]);
    await batch(host, (context) => {
      context.workbook.tables.add("D1:D2", true).name = "Theirs";
      context.workbook.tables.add("A1:B3", true).name = "Mine";
    });
    const before = await ids(host);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Mine").name = "Renamed";
      context.workbook.tables.getItem("Theirs").delete();
    });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    await batch(reopened, (context) => {
      context.workbook.tables.add("D1:D2", true).name = "Mine";
    });
    const after = await ids(reopened);
    expect(after["Renamed"]).toBe(before["Mine"]);
    expect(after["Mine"]).not.toBe(before["Mine"]);
  });

  it("reopened with renumberTableIds, gives every table a new id and keeps the rest", async () => {
    const host = hostWithData();
    host.setCells("Sheet1", "D1", [["Other"], [1]]);
    await batch(host, (context) => {
      context.workbook.tables.add("A1:B3", true).name = "First";
      context.workbook.tables.add("D1:D2", true).name = "Second";
    });
    const before = await ids(host);
    const reopened = FakeExcelHost.fromSerialized(host.serialize(), { renumberTableIds: true });
    const after = await ids(reopened);
    expect(Object.keys(after)).toEqual(["First", "Second"]);
    expect(Object.values(after).filter((id) => Object.values(before).includes(id))).toEqual([]);
    expect(reopened.tableInfo("First")).toEqual(host.tableInfo("First"));
    expect(await ids(FakeExcelHost.fromSerialized(host.serialize()))).toEqual(before);
  });

  it("reopened with reuseFreedTableIds, gives a new table the lowest id no table holds", async () => {
    const host = hostWithData();
    host.setCells("Sheet1", "D1", [["Other"], [1]]);
    host.setCells("Sheet1", "F1", [["Third"], [1]]);
    await batch(host, (context) => {
      context.workbook.tables.add("A1:B3", true).name = "First";
      context.workbook.tables.add("D1:D2", true).name = "Second";
      context.workbook.tables.add("F1:F2", true).name = "Third";
    });
    const before = await ids(host);
    await batch(host, (context) => {
      context.workbook.tables.getItem("First").delete();
      context.workbook.tables.getItem("Second").delete();
    });
    const saved = host.serialize();
    const add = (reopened: FakeExcelHost) =>
      batch(reopened, (context) => {
        context.workbook.tables.add("A1:B3", true).name = "Mine";
        context.workbook.tables.add("D1:D2", true).name = "Yours";
      });
    const reusing = FakeExcelHost.fromSerialized(saved, { reuseFreedTableIds: true });
    await add(reusing);
    expect(await ids(reusing)).toEqual({
      Third: before["Third"],
      Mine: before["First"],
      Yours: before["Second"],
    });
    // Without the option the ids go on from the highest one held.
    const plain = FakeExcelHost.fromSerialized(saved);
    await add(plain);
    const after = await ids(plain);
    expect([after["Mine"], after["Yours"]]).not.toContain(before["First"]);
    expect([after["Mine"], after["Yours"]]).not.toContain(before["Second"]);
  });
});

describe("Table.name", () => {
  it.each([
    ["an empty name", ""],
    ["a space", "My table"],
    ["a leading digit", "1Table"],
    ["a cell reference", "AB12"],
    ["R1C1", "R1C1"],
    ["a lone C", "C"],
    ["a dash", "Sales-2024"],
  ])("refuses %s with InvalidArgument", async (_case, name) => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const error = await officeErrorOf(
      batch(host, (context) => (context.workbook.tables.getItem("Table1").name = name)),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("accepts letters, digits, periods and underscores", async () => {
    const host = hostWithData();
    await batch(
      host,
      (context) => (context.workbook.tables.add("A1:B3", true).name = "_Ledger.Lines_2024"),
    );
    expect(host.tableNames()).toEqual(["_Ledger.Lines_2024"]);
  });

  it("must be unique in the workbook, ignoring case (InvalidArgument, as Excel answers)", async () => {
    const host = new FakeExcelHost({ sheets: ["A", "B"] });
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("A").tables.add("A1:B2", true).name = "Invoices";
    });
    const error = await officeErrorOf(
      batch(host, (context) => {
        context.workbook.worksheets.getItem("B").tables.add("A1:B2", true).name = "INVOICES";
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("finds tables by name ignoring case, and only a sheet's own tables on that sheet", async () => {
    const host = new FakeExcelHost({ sheets: ["A", "B"] });
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("A").tables.add("A1:B2", true).name = "Invoices";
    });
    const result = await host.run(async (context) => {
      const viaWorkbook = context.workbook.tables.getItemOrNullObject("invoices");
      const viaOtherSheet = context.workbook.worksheets
        .getItem("B")
        .tables.getItemOrNullObject("Invoices");
      const countA = context.workbook.worksheets.getItem("A").tables.load("count");
      await context.sync();
      return [viaWorkbook.isNullObject, viaOtherSheet.isNullObject, countA.count];
    });
    expect(result).toEqual([false, true, 1]);
  });
});

describe("Table.resize", () => {
  async function table(host: FakeExcelHost): Promise<void> {
    await batch(host, (context) => context.workbook.tables.add("B2:C4", true));
  }

  it("grows over rows and columns below and to the right, naming new columns from their cells", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "B2", [["Id", "Amount", "Memo"]]);
    await table(host);
    await batch(host, (context) => context.workbook.tables.getItem("Table1").resize("B2:E10"));
    expect(host.tableInfo("Table1")).toMatchObject({
      address: "Sheet1!B2:E10",
      headers: ["Id", "Amount", "Memo", "Column4"],
      rowCount: 8,
    });
  });

  it("moves no cells: rows left outside keep their values", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "B2", [
      ["Id", "Amount"],
      ["a", 1],
      ["b", 2],
    ]);
    await table(host);
    await batch(host, (context) => context.workbook.tables.getItem("Table1").resize("B2:C3"));
    expect(host.values("Sheet1", "B4:C4")).toEqual([["b", 2]]);
  });

  it.each([
    ["moves the header row", "B3:C6"],
    ["does not overlap the table", "E2:F4"],
    ["leaves no data row", "B2:C2"],
  ])("refuses a range that %s (InvalidArgument)", async (_case, address) => {
    const host = new FakeExcelHost();
    await table(host);
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.tables.getItem("Table1").resize(address)),
    );
    expect(error.code).toBe("InvalidArgument");
    expect(host.tableInfo("Table1")?.address).toBe("Sheet1!B2:C4");
  });

  it("accepts a range that keeps the header row but starts further left", async () => {
    const host = new FakeExcelHost();
    await table(host);
    await batch(host, (context) => context.workbook.tables.getItem("Table1").resize("A2:C4"));
    expect(host.tableInfo("Table1")?.address).toBe("Sheet1!A2:C4");
  });

  it("refuses to grow over another table", async () => {
    const host = new FakeExcelHost();
    await table(host);
    await batch(host, (context) => context.workbook.tables.add("E2:F3", true));
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.tables.getItem("Table1").resize("B2:F4")),
    );
    expect(error.code).toBe("InvalidArgument");
  });
});

describe("table rows, columns and ranges", () => {
  it("adds rows at the end, copying the formats of the row above, and logs each call as per-row", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      ["Id", "Amount"],
      ["INV-1", 10],
    ]);
    host.setCells("Sheet1", "A2", [["INV-1"]], "@");
    await batch(host, (context) => context.workbook.tables.add("A1:B2", true));
    host.resetCounters();
    await batch(host, (context) => {
      const rows = context.workbook.tables.getItem("Table1").rows;
      rows.add(undefined, [["00123", "5"]]);
      rows.add(undefined, [["00124", "6"]]);
    });
    expect(host.values("Sheet1", "A3:B4")).toEqual([
      ["00123", 5],
      ["00124", 6],
    ]);
    expect(host.tableInfo("Table1")?.rowCount).toBe(3);
    expect(host.requestLog[0]?.perRowCalls).toBe(2);
  });

  it("inserts a row inside the table, shifting the cells below within the table's columns", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      ["Id", "X"],
      ["a", "keep"],
      ["b", "below"],
    ]);
    await batch(host, (context) => context.workbook.tables.add("A1:A3", true));
    await batch(host, (context) =>
      context.workbook.tables.getItem("Table1").rows.add(0, [["new"]]),
    );
    expect(host.values("Sheet1", "A1:B4")).toEqual([
      ["Id", "X"],
      ["new", "keep"],
      ["a", "below"],
      ["b", ""],
    ]);
  });

  it("refuses rows whose width differs from the table's", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const error = await officeErrorOf(
      batch(host, (context) =>
        context.workbook.tables.getItem("Table1").rows.add(undefined, [[1]]),
      ),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("adds a named column and reads columns and row counts", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const result = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Table1");
      table.columns.add(undefined, [["ignored"], ["x"], ["y"]], "Memo");
      const columns = table.columns.load("items/name");
      const rows = table.rows.load("count");
      const memo = table.columns.getItemOrNullObject("memo").load("index,values");
      await context.sync();
      return {
        names: columns.items.map((c) => c.name),
        rows: rows.count,
        memo: [memo.index, memo.values],
      };
    });
    expect(result).toEqual({
      names: ["Id", "Amount", "Memo"],
      rows: 2,
      memo: [2, [["Memo"], ["x"], ["y"]]],
    });
  });

  it("gives the table's range, header row and data body as ranges", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const addresses = await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Table1");
      const parts = [table.getRange(), table.getHeaderRowRange(), table.getDataBodyRange()].map(
        (r) => r.load("address"),
      );
      await context.sync();
      return parts.map((r) => r.address);
    });
    expect(addresses).toEqual(["Sheet1!A1:B3", "Sheet1!A1:B1", "Sheet1!A2:B3"]);
  });

  it("keeps one empty data row when all data rows are deleted", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    await batch(host, (context) =>
      context.workbook.tables.getItem("Table1").getDataBodyRange().delete("Up"),
    );
    expect(host.tableInfo("Table1")).toMatchObject({ address: "Sheet1!A1:B2", rowCount: 1 });
    expect(host.values("Sheet1", "A2:B2")).toEqual([["", ""]]);
  });

  it("refuses to shift part of a table sideways", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const error = await officeErrorOf(
      batch(host, (context) =>
        context.workbook.worksheets.getItem("Sheet1").getRange("B1:B1").insert("Down"),
      ),
    );
    expect(error.code).toBe("InsertDeleteConflict");
  });

  it("moves a table down when whole rows are inserted above it", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    await batch(host, (context) =>
      context.workbook.worksheets.getItem("Sheet1").getRange("1:2").insert("Down"),
    );
    expect(host.tableInfo("Table1")?.address).toBe("Sheet1!A3:B5");
  });

  it("validates styles and can hide the header row", async () => {
    const host = hostWithData();
    await batch(host, (context) => context.workbook.tables.add("A1:B3", true));
    const error = await officeErrorOf(
      batch(host, (context) => (context.workbook.tables.getItem("Table1").style = "Fancy")),
    );
    expect(error.code).toBe("InvalidArgument");
    await batch(host, (context) => {
      const table = context.workbook.tables.getItem("Table1");
      table.style = "TableStyleLight9";
      table.showHeaders = false;
    });
    expect(host.tableInfo("Table1")).toMatchObject({
      address: "Sheet1!A2:B3",
      style: "TableStyleLight9",
      showHeaders: false,
    });
    expect(host.values("Sheet1", "A1:B1")).toEqual([["", ""]]);
  });

  it("reads the table's worksheet through the navigation property", async () => {
    const host = new FakeExcelHost({ sheets: ["Invoices"] });
    host.setCells("Invoices", "C3", [["Id"], ["x"]]);
    const name = await host.run(async (context) => {
      const table = context.workbook.tables.add("Invoices!C3:C4", true);
      const sheet = table.worksheet.load("name");
      await context.sync();
      return sheet.name;
    });
    expect(name).toBe("Invoices");
  });
});
