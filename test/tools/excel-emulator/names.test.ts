// Defined names (workbook.names, Formulas > Name Manager) in the fake Excel host, and the one
// namespace they share with tables.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

function batch(host: FakeExcelHost, work: (context: Excel.RequestContext) => void): Promise<void> {
  return host.run(async (context) => {
    work(context);
    await context.sync();
  });
}

/** Sheet1 holds 10, 20, 30 in A1:A3; "Amounts" names that range, "Rate" the number 0.5. */
async function namedHost(): Promise<FakeExcelHost> {
  const host = new FakeExcelHost();
  host.setCells("Sheet1", "A1", [[10], [20], [30]]);
  await batch(host, (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    context.workbook.names.add("Amounts", sheet.getRange("A1:A3"), "the amounts");
    context.workbook.names.add("Rate", "=0.5");
  });
  return host;
}

describe("NamedItemCollection", () => {
  it("adds names for a range and for a formula, listed with name, type, value and formula", async () => {
    const host = await namedHost();
    const items = await host.run(async (context) => {
      const names = context.workbook.names.load("items/name,items/type,items/value,items/formula");
      await context.sync();
      return names.items.map(({ name, type, value, formula }) => ({ name, type, value, formula }));
    });
    expect(items).toEqual([
      { name: "Amounts", type: "Range", value: "Sheet1!$A$1:$A$3", formula: "=Sheet1!$A$1:$A$3" },
      { name: "Rate", type: "Double", value: 0.5, formula: "=0.5" },
    ]);
  });

  it("finds a name ignoring case, and reports a missing one as a null object", async () => {
    const host = await namedHost();
    const found = await host.run(async (context) => {
      const amounts = context.workbook.names.getItem("AMOUNTS").load("name,comment");
      const missing = context.workbook.names.getItemOrNullObject("Nothing");
      const count = context.workbook.names.getCount();
      await context.sync();
      return [amounts.name, amounts.comment, missing.isNullObject, count.value];
    });
    expect(found).toEqual(["Amounts", "the amounts", true, 2]);
  });

  it("gives the cells of a named range, and InvalidOperation for a name of a value", async () => {
    const host = await namedHost();
    const values = await host.run(async (context) => {
      const range = context.workbook.names.getItem("Amounts").getRange().load("values");
      await context.sync();
      return range.values;
    });
    expect(values).toEqual([[10], [20], [30]]);
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.names.getItem("Rate").getRange().load("address");
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidOperation");
  });

  it("lets formulas use names, and follows a renamed sheet", async () => {
    const host = await namedHost();
    host.setCells("Sheet1", "C1", [["=SUM(Amounts)*Rate", "=Missing"]]);
    expect(host.values("Sheet1", "C1:D1")).toEqual([[30, "#NAME?"]]);
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("Sheet1").name = "Data sheet";
    });
    expect(host.definedNames()[0]).toEqual({
      name: "Amounts",
      formula: "='Data sheet'!$A$1:$A$3",
    });
    expect(host.cell("Data sheet", "C1").value).toBe(30);
  });

  it("refuses a name already used by a name or a table, ignoring case (ItemAlreadyExists)", async () => {
    const host = await namedHost();
    host.setCells("Sheet1", "F1", [["Id"], ["a"]]);
    await batch(host, (context) => {
      context.workbook.tables.add("Sheet1!F1:F2", true).name = "Invoices";
    });
    for (const name of ["rate", "INVOICES"]) {
      const error = await officeErrorOf(
        batch(host, (context) => void context.workbook.names.add(name, "=1")),
      );
      expect(error.code).toBe("ItemAlreadyExists");
    }
    expect(host.definedNames().map((n) => n.name)).toEqual(["Amounts", "Rate"]);
  });

  it.each(["A1", "R1C1", "my name", "1st", "TRUE"])(
    "refuses %j as a name (InvalidArgument)",
    async (name) => {
      const host = new FakeExcelHost();
      const error = await officeErrorOf(
        batch(host, (context) => void context.workbook.names.add(name, "=1")),
      );
      expect(error.code).toBe("InvalidArgument");
    },
  );

  it("refuses a formula Excel cannot parse (InvalidArgument)", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      batch(host, (context) => void context.workbook.names.add("Broken", "=SUM(")),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("deletes a name: formulas that used it show #NAME?", async () => {
    const host = await namedHost();
    host.setCells("Sheet1", "C1", [["=Rate*2"]]);
    await batch(host, (context) => context.workbook.names.getItem("Rate").delete());
    expect(host.cell("Sheet1", "C1").value).toBe("#NAME?");
    expect(host.definedNames().map((n) => n.name)).toEqual(["Amounts"]);
  });

  it("survives save and reopen", async () => {
    const host = await namedHost();
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(reopened.definedNames()).toEqual(host.definedNames());
  });
});

describe("tables and defined names share one namespace", () => {
  async function hostWithTableData(): Promise<FakeExcelHost> {
    const host = await namedHost();
    host.setCells("Sheet1", "F1", [["Id"], ["a"]]);
    return host;
  }

  it("refuses to name a table after a defined name, ignoring case (InvalidArgument)", async () => {
    const host = await hostWithTableData();
    const error = await officeErrorOf(
      batch(host, (context) => {
        context.workbook.tables.add("Sheet1!F1:F2", true).name = "amounts";
      }),
    );
    expect(error.code).toBe("InvalidArgument");
    expect(error.debugInfo.errorLocation).toBe("Table.name");
    // The table was added before its renaming failed, as in Excel; the name is untouched.
    expect(host.tableNames()).toEqual(["Table1"]);
    expect(host.definedNames()[0]).toEqual({ name: "Amounts", formula: "=Sheet1!$A$1:$A$3" });
  });

  it("gives a new table the first TableN name no defined name uses", async () => {
    const host = await hostWithTableData();
    await batch(host, (context) => void context.workbook.names.add("Table1", "=1"));
    await batch(host, (context) => void context.workbook.tables.add("Sheet1!F1:F2", true));
    expect(host.tableNames()).toEqual(["Table2"]);
  });
});

describe("a defined name of a whole table (=Invoices[#All])", () => {
  async function invoicesNamed(host: FakeExcelHost): Promise<void> {
    host.setCells("Sheet1", "A1", [
      ["Id", "Amount"],
      ["a", 10],
    ]);
    await batch(host, (context) => {
      context.workbook.tables.add("Sheet1!A1:B2", true).name = "Invoices";
      const name = context.workbook.names.add("Marker", "=Invoices[#All]");
      name.visible = false;
    });
  }

  async function marker(host: FakeExcelHost) {
    return host.run(async (context) => {
      const name = context.workbook.names.getItem("Marker").load("formula,visible,type,value");
      await context.sync();
      return { formula: name.formula, visible: name.visible, type: name.type, value: name.value };
    });
  }

  it("refers to the table's range, and can be hidden", async () => {
    const host = new FakeExcelHost();
    await invoicesNamed(host);
    expect(await marker(host)).toEqual({
      formula: "=Invoices[#All]",
      visible: false,
      type: "Range",
      value: "Sheet1!$A$1:$B$2",
    });
  });

  it("follows the table when it is renamed, moved and its sheet renamed, and survives reopening", async () => {
    const host = new FakeExcelHost();
    await invoicesNamed(host);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Invoices").name = "Sales";
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("1:2").insert("Down");
      sheet.name = "Data";
    });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(await marker(reopened)).toEqual({
      formula: "=Sales[#All]",
      visible: false,
      type: "Range",
      value: "Data!$A$3:$B$4",
    });
  });

  it("becomes =#REF! when the table is deleted, and stays so when a table takes its name", async () => {
    const host = new FakeExcelHost();
    await invoicesNamed(host);
    await batch(host, (context) => context.workbook.tables.getItem("Invoices").delete());
    expect(await marker(host)).toEqual({
      formula: "=#REF!",
      visible: false,
      type: "Error",
      value: "#REF!",
    });
    host.setCells("Sheet1", "D1", [["Client"], ["Acme"]]);
    await batch(host, (context) => {
      context.workbook.tables.add("Sheet1!D1:D2", true).name = "Invoices";
    });
    expect((await marker(host)).formula).toBe("=#REF!");
  });

  it("becomes =#REF! when the table's sheet is deleted", async () => {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Other"] });
    await invoicesNamed(host);
    await batch(host, (context) => context.workbook.worksheets.getItem("Sheet1").delete());
    expect((await marker(host)).formula).toBe("=#REF!");
  });
});

describe("a name that refers to a sheet's cells", () => {
  /** "Marker" names the whole of sheet "Journal 1"; hidden, as a name an add-in keeps. */
  async function markedHost(): Promise<FakeExcelHost> {
    const host = new FakeExcelHost({ sheets: ["Sheet1", "Journal 1"] });
    await batch(host, (context) => {
      context.workbook.names.add("Marker", "='Journal 1'!$1:$1048576").visible = false;
      context.workbook.names.add("Corner", "='Journal 1'!$A$1");
    });
    return host;
  }

  async function names(
    host: FakeExcelHost,
  ): Promise<{ name: string; formula: string; visible: boolean }[]> {
    return await host.run(async (context) => {
      const items = context.workbook.names.load("items/name,items/formula,items/visible");
      await context.sync();
      return items.items.map(({ name, formula, visible }) => ({ name, formula, visible }));
    });
  }

  it("follows the sheet's renames, keeps hidden, and survives save and reopen", async () => {
    const host = await markedHost();
    await batch(host, (context) => {
      context.workbook.worksheets.getItem("Journal 1").name = "Rent's";
    });
    const expected = [
      { name: "Marker", formula: "='Rent''s'!$1:$1048576", visible: false },
      { name: "Corner", formula: "='Rent''s'!$A$1", visible: true },
    ];
    expect(await names(host)).toEqual(expected);
    const reopened = FakeExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    expect(await names(reopened)).toEqual(expected);
    const sheet = await reopened.run(async (context) => {
      const found = context.workbook.names.getItem("Marker").getRange().worksheet.load("name");
      await context.sync();
      return found.name;
    });
    expect(sheet).toBe("Rent's");
  });

  it("becomes #REF! when the sheet is deleted, and getRange then fails", async () => {
    const host = await markedHost();
    await batch(host, (context) => context.workbook.worksheets.getItem("Journal 1").delete());
    expect(await names(host)).toEqual([
      { name: "Marker", formula: "=#REF!$1:$1048576", visible: false },
      { name: "Corner", formula: "=#REF!$A$1", visible: true },
    ]);
    const error = await officeErrorOf(
      batch(host, (context) => {
        context.workbook.names.getItem("Marker").getRange().worksheet.load("name");
      }),
    );
    expect(error.code).toBe("InvalidOperation");
  });

  it("keeps referring to the whole sheet when rows and columns are deleted", async () => {
    const host = await markedHost();
    await batch(host, (context) => {
      const sheet = context.workbook.worksheets.getItem("Journal 1");
      sheet.getRange("1:3").delete("Up");
      sheet.getRange("A:B").delete("Left");
    });
    expect((await names(host))[0]).toEqual({
      name: "Marker",
      formula: "='Journal 1'!$1:$1048576",
      visible: false,
    });
  });
});

describe("structuredNamesAsAddresses (office-js#740)", () => {
  async function marked(options: { structuredNamesAsAddresses?: boolean }) {
    const host = new FakeExcelHost(options);
    host.setCells("Sheet1", "B2", [
      ["ID", "Amount"],
      ["a", 1],
    ]);
    await batch(host, (context) => {
      context.workbook.tables.add("B2:C3", true).name = "Invoices";
      context.workbook.names.add("Marker", "=Invoices[#All]");
    });
    return host;
  }

  it("keeps a structured reference as the A1 address it stands for, which moves with its cells", async () => {
    const host = await marked({ structuredNamesAsAddresses: true });
    expect(host.definedNames()).toEqual([{ name: "Marker", formula: "=Sheet1!$B$2:$C$3" }]);
    await batch(host, (context) => {
      context.workbook.tables.getItem("Invoices").name = "Sales";
      context.workbook.worksheets.getItem("Sheet1").getRange("1:1").insert("Down");
    });
    expect(host.definedNames()).toEqual([{ name: "Marker", formula: "=Sheet1!$B$3:$C$4" }]);
    await batch(host, (context) => {
      context.workbook.names.getItem("Marker").formula = "=Sales[[#Headers],[ID]]";
    });
    expect(host.definedNames()).toEqual([{ name: "Marker", formula: "=Sheet1!$B$3" }]);
    const reopened = FakeExcelHost.fromSerialized(host.serialize(), {
      structuredNamesAsAddresses: true,
    });
    await batch(reopened, (context) => {
      context.workbook.names.add("Again", "=Sales[#All]");
    });
    expect(reopened.definedNames()[1]).toEqual({ name: "Again", formula: "=Sheet1!$B$3:$C$4" });
  });

  it("keeps it as written by default, following the table", async () => {
    const host = await marked({});
    await batch(host, (context) => {
      context.workbook.tables.getItem("Invoices").name = "Sales";
    });
    expect(host.definedNames()).toEqual([{ name: "Marker", formula: "=Sales[#All]" }]);
  });
});
