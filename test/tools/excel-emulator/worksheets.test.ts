import { FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

function batch(host: FakeExcelHost, work: (context: Excel.RequestContext) => void): Promise<void> {
  return host.run(async (context) => {
    work(context);
    await context.sync();
  });
}

describe("worksheets", () => {
  it("adds a sheet, numbering unnamed ones SheetN", async () => {
    const host = new FakeExcelHost();
    await batch(host, (context) => {
      context.workbook.worksheets.add("Invoices");
      context.workbook.worksheets.add();
    });
    expect(host.sheetNames()).toEqual(["Sheet1", "Invoices", "Sheet3"]);
  });

  it("refuses a name that exists in another case with ItemAlreadyExists", async () => {
    const host = new FakeExcelHost({ sheets: ["Invoices"] });
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.worksheets.add("INVOICES")),
    );
    expect(error.code).toBe("ItemAlreadyExists");
  });

  it.each([
    ["longer than 31 characters", "x".repeat(32)],
    ["with a colon", "a:b"],
    ["with a backslash", "a\\b"],
    ["with a slash", "a/b"],
    ["with a question mark", "a?"],
    ["with an asterisk", "a*"],
    ["with brackets", "[a]"],
    ["empty", ""],
    ["starting with an apostrophe", "'a"],
  ])("refuses a sheet name %s with InvalidArgument", async (_case, name) => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.worksheets.add(name)),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("accepts a 31-character name with spaces and punctuation Excel allows", async () => {
    const host = new FakeExcelHost();
    const name = "Payments & allocations (2024)..";
    expect(name).toHaveLength(31);
    await batch(host, (context) => context.workbook.worksheets.add(name));
    expect(host.sheetNames()).toContain(name);
  });

  it("finds sheets by name ignoring case; getItem on a missing sheet fails at sync with ItemNotFound", async () => {
    const host = new FakeExcelHost({ sheets: ["Invoices"] });
    const name = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("invoices").load("name");
      await context.sync();
      return sheet.name;
    });
    expect(name).toBe("Invoices");
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.worksheets.getItem("Bills").load("name")),
    );
    expect(error.code).toBe("ItemNotFound");
  });

  it("activates a sheet and reports it as the active worksheet", async () => {
    const host = new FakeExcelHost({ sheets: ["A", "B"] });
    const active = await host.run(async (context) => {
      context.workbook.worksheets.getItem("B").activate();
      const sheet = context.workbook.worksheets.getActiveWorksheet().load("name");
      await context.sync();
      return sheet.name;
    });
    expect(active).toBe("B");
    expect(host.activeSheetName).toBe("B");
  });

  it("deletes a sheet, but never the last one (InvalidOperation)", async () => {
    const host = new FakeExcelHost({ sheets: ["A", "B"] });
    await batch(host, (context) => context.workbook.worksheets.getItem("A").delete());
    expect(host.sheetNames()).toEqual(["B"]);
    const error = await officeErrorOf(
      batch(host, (context) => context.workbook.worksheets.getItem("B").delete()),
    );
    expect(error.code).toBe("InvalidOperation");
  });

  it("uses a sheet added in the same batch", async () => {
    const host = new FakeExcelHost();
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.add("New");
      sheet.getRange("A1").values = [["hello"]];
      sheet.freezePanes.freezeRows(3);
    });
    expect(host.cell("New", "A1").value).toBe("hello");
    expect(host.frozenPanes("New")).toEqual({ rows: 3, columns: 0 });
  });
});

describe("Worksheet.getRange addresses", () => {
  it.each([
    ["A1", "Sheet1!A1", 1, 1],
    ["a1:c10", "Sheet1!A1:C10", 10, 3],
    ["$B$2:$C$3", "Sheet1!B2:C3", 2, 2],
    ["C3:A1", "Sheet1!A1:C3", 3, 3],
    ["B:B", "Sheet1!B:B", 1_048_576, 1],
    ["2:3", "Sheet1!2:3", 2, 16_384],
    ["Sheet1!D4", "Sheet1!D4", 1, 1],
    ["'Sheet1'!D4:E5", "Sheet1!D4:E5", 2, 2],
  ])("reads %s as %s", async (address, expected, rows, columns) => {
    const host = new FakeExcelHost();
    const result = await host.run(async (context) => {
      const range = context.workbook.worksheets
        .getItem("Sheet1")
        .getRange(address)
        .load("address,rowCount,columnCount");
      await context.sync();
      return [range.address, range.rowCount, range.columnCount];
    });
    expect(result).toEqual([expected, rows, columns]);
  });

  it("quotes a sheet name with spaces in addresses", async () => {
    const host = new FakeExcelHost({ sheets: ["My sheet"] });
    const address = await host.run(async (context) => {
      const range = context.workbook.worksheets
        .getItem("My sheet")
        .getRange("'My sheet'!A1:B2")
        .load("address");
      await context.sync();
      return range.address;
    });
    expect(address).toBe("'My sheet'!A1:B2");
  });

  it.each(["A0", "1A", "A1:B2:C3", "Other!A1", "A1 B2"])(
    "refuses %j with InvalidArgument",
    async (address) => {
      const host = new FakeExcelHost();
      const error = await officeErrorOf(
        batch(host, (context) =>
          context.workbook.worksheets.getItem("Sheet1").getRange(address).load("address"),
        ),
      );
      expect(error.code).toBe("InvalidArgument");
    },
  );
});

describe("range geometry", () => {
  it("derives cells, rows, resized and offset ranges", async () => {
    const host = new FakeExcelHost();
    const addresses = await host.run(async (context) => {
      const base = context.workbook.worksheets.getItem("Sheet1").getRange("B2:D5");
      const parts = [
        base.getCell(1, 2),
        base.getRow(0),
        base.getLastRow(),
        base.getResizedRange(1, -1),
        base.getOffsetRange(2, 1),
        base.getColumn(1),
        base.getLastCell(),
      ].map((r) => r.load("address"));
      await context.sync();
      return parts.map((r) => r.address);
    });
    expect(addresses).toEqual([
      "Sheet1!D3",
      "Sheet1!B2:D2",
      "Sheet1!B5:D5",
      "Sheet1!B2:C6",
      "Sheet1!C4:E7",
      "Sheet1!C2:C5",
      "Sheet1!D5",
    ]);
  });

  it("reports row and column indexes and the used range", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "C3", [
      [1, 2],
      [3, 4],
    ]);
    host.setCells("Sheet1", "F10", [["x"]], "@");
    const result = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const used = sheet.getUsedRange().load("address,rowIndex,columnIndex");
      await context.sync();
      return [used.address, used.rowIndex, used.columnIndex];
    });
    expect(result).toEqual(["Sheet1!C3:F10", 2, 2]);
  });

  it("counts formatted-only cells in the used range unless valuesOnly", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [[1]]);
    await batch(
      host,
      (context) =>
        (context.workbook.worksheets.getItem("Sheet1").getRange("D4").numberFormat = [["@"]]),
    );
    expect(host.usedRange("Sheet1")).toBe("Sheet1!A1:D4");
    expect(host.usedRange("Sheet1", true)).toBe("Sheet1!A1");
  });

  it("clears contents, formats or both", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [["a", "b", "c"]], "@");
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").clear("Contents");
      sheet.getRange("B1").clear("Formats");
      sheet.getRange("C1").clear();
    });
    expect([
      host.cell("Sheet1", "A1"),
      host.cell("Sheet1", "B1"),
      host.cell("Sheet1", "C1"),
    ]).toEqual([
      { value: "", formula: null, numberFormat: "@", text: "" },
      { value: "b", formula: null, numberFormat: "General", text: "b" },
      { value: "", formula: null, numberFormat: "General", text: "" },
    ]);
  });

  it("deletes cells shifting left and inserts cells shifting down", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [
      [1, 2, 3],
      [4, 5, 6],
    ]);
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").delete("Left");
      sheet.getRange("A2").insert("Down");
    });
    expect(host.values("Sheet1", "A1:C3")).toEqual([
      [2, 3, ""],
      ["", 5, 6],
      [4, "", ""],
    ]);
  });

  it("refuses to push non-empty cells off the sheet", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1048576", [["last"]]);
    const error = await officeErrorOf(
      batch(host, (context) =>
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").insert("Down"),
      ),
    );
    expect(error.code).toBe("NonBlankCellOffSheet");
  });

  it("sets and reads formats: bold, font colour, fill, column width, autofit", async () => {
    const host = new FakeExcelHost();
    host.setCells("Sheet1", "A1", [["a long piece of text", 1]]);
    const result = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const a1 = sheet.getRange("A1");
      a1.format.font.bold = true;
      a1.format.font.color = "#ff0000";
      a1.format.fill.color = "#FFFF00";
      sheet.getRange("B1").format.columnWidth = 100;
      sheet.getRange("A1").format.autofitColumns();
      const both = sheet.getRange("A1:B1").load("format/font/bold, format/columnWidth");
      const one = a1.load("format/font/color, format/fill/color");
      await context.sync();
      return [
        both.format.font.bold,
        both.format.columnWidth,
        one.format.font.color,
        one.format.fill.color,
      ];
    });
    expect(result).toEqual([null, null, "#FF0000", "#FFFF00"]);
    expect(host.columnWidth("Sheet1", 1)).toBe(100);
    expect(host.columnWidth("Sheet1", 0)).toBeGreaterThan(48);
  });

  it("tells no fill (pattern None) from a white fill (pattern Solid), both reading #FFFFFF", async () => {
    const host = new FakeExcelHost();
    const result = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("B1").format.fill.color = "#FFFFFF";
      const a1 = sheet.getRange("A1").load("format/fill/color, format/fill/pattern");
      const b1 = sheet.getRange("B1").load("format/fill/color, format/fill/pattern");
      const both = sheet.getRange("A1:B1").load("format/fill/pattern");
      await context.sync();
      return [
        a1.format.fill.color,
        a1.format.fill.pattern,
        b1.format.fill.color,
        b1.format.fill.pattern,
        both.format.fill.pattern,
      ];
    });
    expect(result).toEqual(["#FFFFFF", "None", "#FFFFFF", "Solid", null]);
  });
});

describe("worksheet ids on reopening", () => {
  /** Worksheet.id of every sheet, in tab order. */
  async function ids(host: FakeExcelHost): Promise<[string, string][]> {
    return await host.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name,items/id");
      await context.sync();
      return sheets.items.map((sheet): [string, string] => [sheet.name, sheet.id]);
    });
  }

  it("keeps each sheet's id through save and reopen", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data", "Notes"] });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(await ids(reopened)).toEqual(await ids(host));
  });

  it("gives every sheet a new id when asked to renumber, again on each reopening", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data", "Notes"] });
    const before = await ids(host);
    const once = FakeExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    const twice = FakeExcelHost.fromSerialized(once.serialize(), { renumberSheetIds: true });
    const seen = new Set(before.map(([, id]) => id));
    for (const reopened of [once, twice]) {
      const after = await ids(reopened);
      expect(after.map(([name]) => name)).toEqual(["Sheet1", "Data", "Notes"]);
      for (const [, id] of after) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
  });

  it("may give a sheet added after renumbering the id another sheet had when saved", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Data"] });
    const before = new Map(await ids(host));
    const reopened = FakeExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    await batch(reopened, (context) => {
      context.workbook.worksheets.add("New1");
      context.workbook.worksheets.add("New2");
    });
    const after = new Map(await ids(reopened));
    expect(after.get("New1")).toBe(before.get("Sheet1"));
    expect(after.get("New2")).toBe(before.get("Data"));
    expect(new Set(after.values()).size).toBe(4);
  });
});
