import { FakeExcelHost } from "../../../tools/excel-emulator";
import { hostWith, officeErrorOf, thrownBy } from "./harness";

const NOT_LOADED =
  "The property 'values' is not available. Before reading the property's value, call the load method on the containing object and call \"context.sync()\" on the associated request context.";

describe("proxy objects: load, sync and reads", () => {
  it("throws PropertyNotLoaded, shaped like Office's, when a property is read without load", async () => {
    const host = hostWith([[1]]);
    const error = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      return thrownBy(() => range.values);
    });
    expect(error).toMatchObject({
      name: "RichApi.Error",
      code: "PropertyNotLoaded",
      message: NOT_LOADED,
    });
  });

  it("throws PropertyNotLoaded when a property is read after load() but before sync()", async () => {
    const host = hostWith([[1]]);
    const error = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.load("values");
      const thrown = thrownBy(() => range.values);
      await context.sync();
      return thrown;
    });
    expect(error.code).toBe("PropertyNotLoaded");
  });

  it("reads a loaded property after sync, and only the properties loaded", async () => {
    const host = hostWith([[1, 2]]);
    const result = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      range.load("values, address");
      await context.sync();
      return {
        values: range.values,
        address: range.address,
        text: thrownBy(() => range.text).code,
      };
    });
    expect(result).toEqual({
      values: [[1, 2]],
      address: "Sheet1!A1:B1",
      text: "PropertyNotLoaded",
    });
  });

  it("accepts load() as an array, as {select}, and as a property object", async () => {
    const host = hostWith([[1]]);
    const result = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const a = sheet.getRange("A1").load(["values", "rowCount"]);
      const b = sheet.getRange("A1").load({ select: "address" });
      const c = sheet.getRange("A1").load({ text: true, format: { font: { bold: true } } });
      await context.sync();
      return [a.values, a.rowCount, b.address, c.text, c.format.font.bold];
    });
    expect(result).toEqual([[[1]], 1, "Sheet1!A1", [["1"]], false]);
  });

  it("loads navigation paths such as worksheet/name and items/name", async () => {
    const host = new FakeExcelHost({ sheets: ["Invoices", "Bills"] });
    const result = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Bills").getRange("B2");
      range.load("worksheet/name");
      const sheets = context.workbook.worksheets.load("items/name");
      await context.sync();
      return { sheet: range.worksheet.name, all: sheets.items.map((s) => s.name) };
    });
    expect(result).toEqual({ sheet: "Bills", all: ["Invoices", "Bills"] });
  });

  it("reads back a property set on the proxy without a load, as Office.js keeps it locally", async () => {
    const host = new FakeExcelHost();
    const values = await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.values = [["00123"]];
      return range.values;
    });
    expect(values).toEqual([["00123"]]);
    expect(host.cell("Sheet1", "A1").value).toBe(123);
  });

  it("requires a collection's items to be loaded before they are read", async () => {
    const host = new FakeExcelHost();
    const error = await host.run(async (context) =>
      thrownBy(() => context.workbook.worksheets.items),
    );
    expect(error).toMatchObject({ code: "PropertyNotLoaded" });
    expect(error.message).toContain("'items'");
  });

  it("refuses at load() a property the fake does not implement, naming it", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      expect(() => range.load("hyperlink")).toThrow("does not implement Range.hyperlink");
      await context.sync();
    });
  });

  it("refuses an unknown property assignment instead of ignoring it", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      expect(() => {
        (range as unknown as Record<string, unknown>).hyperlink = { address: "x" };
      }).toThrow(TypeError);
      await context.sync();
    });
  });
});

describe("null objects", () => {
  it("throws PropertyNotLoaded for isNullObject before the next sync", async () => {
    const host = new FakeExcelHost();
    const error = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItemOrNullObject("Missing");
      return thrownBy(() => sheet.isNullObject);
    });
    expect(error.code).toBe("PropertyNotLoaded");
  });

  it("reports isNullObject after sync, without a load", async () => {
    const host = new FakeExcelHost();
    const result = await host.run(async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject("Missing");
      const present = context.workbook.worksheets.getItemOrNullObject("sheet1");
      await context.sync();
      return [missing.isNullObject, present.isNullObject];
    });
    expect(result).toEqual([true, false]);
  });

  it("rejects the sync with ItemNotFound when a null object is used", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(async (context) => {
        const missing = context.workbook.tables.getItemOrNullObject("Nope");
        missing.delete();
        await context.sync();
      }),
    );
    expect(error.code).toBe("ItemNotFound");
  });

  it("gives getUsedRangeOrNullObject a null object for an empty sheet", async () => {
    const host = new FakeExcelHost();
    const isNull = await host.run(async (context) => {
      const used = context.workbook.worksheets.getItem("Sheet1").getUsedRangeOrNullObject(true);
      used.load("address");
      await context.sync();
      return used.isNullObject;
    });
    expect(isNull).toBe(true);
  });
});

describe("errors from queued commands", () => {
  it("rejects the sync, not the call, with the Office code", async () => {
    const host = new FakeExcelHost();
    let queuedWithoutThrowing = false;
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Missing").getRange("A1").values = [[1]];
        queuedWithoutThrowing = true;
        await context.sync();
      }),
    );
    expect(queuedWithoutThrowing).toBe(true);
    expect(error).toMatchObject({ name: "RichApi.Error", code: "ItemNotFound" });
  });

  it("keeps the commands before a failing one and drops the rest of the request", async () => {
    const host = new FakeExcelHost();
    await officeErrorOf(
      host.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Sheet1");
        sheet.getRange("A1").values = [[1]];
        sheet.getRange("A2").values = [[1, 2]];
        sheet.getRange("A3").values = [[3]];
        await context.sync();
      }),
    );
    expect(host.values("Sheet1", "A1:A3")).toEqual([[1], [""], [""]]);
  });

  it("does not deliver loads of a failed sync", async () => {
    const host = hostWith([[5]]);
    const code = await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      const range = sheet.getRange("A1").load("values");
      sheet.getRange("A2").values = [[1, 2]];
      await context.sync().catch(() => undefined);
      return thrownBy(() => range.values).code;
    });
    expect(code).toBe("PropertyNotLoaded");
  });

  it("throws ValueNotLoaded for a ClientResult read before sync", async () => {
    const host = new FakeExcelHost();
    const result = await host.run(async (context) => {
      const count = context.workbook.worksheets.getCount();
      const before = thrownBy(() => count.value).code;
      await context.sync();
      return [before, count.value];
    });
    expect(result).toEqual(["ValueNotLoaded", 1]);
  });

  it("refuses a batch that does not return a promise", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(
        ((_context: Excel.RequestContext) => 1) as unknown as (
          c: Excel.RequestContext,
        ) => Promise<number>,
      ),
    );
    expect(error.code).toBe("RunMustReturnPromise");
  });

  it("refuses a context used after its Excel.run finished", async () => {
    const host = new FakeExcelHost();
    let saved: Excel.RequestContext | undefined;
    await host.run(async (context) => {
      saved = context;
    });
    saved?.workbook.worksheets.getItem("Sheet1").getRange("A1").load("values");
    const error = await officeErrorOf((saved as Excel.RequestContext).sync());
    expect(error.code).toBe("InvalidRequestContext");
  });

  it("refuses a range from another request context", async () => {
    const host = new FakeExcelHost();
    let foreign: Excel.Range | undefined;
    await host.run(async (context) => {
      foreign = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
    });
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.tables.add(foreign as Excel.Range, true);
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidRequestContext");
  });

  it("discards queued commands when the batch throws", async () => {
    const host = new FakeExcelHost();
    await expect(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
        throw new Error("batch failed");
      }),
    ).rejects.toThrow("batch failed");
    expect(host.cell("Sheet1", "A1").value).toBe("");
    expect(host.syncCount).toBe(0);
  });
});
