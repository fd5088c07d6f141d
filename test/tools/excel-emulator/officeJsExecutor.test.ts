// Batches built and serialized by Microsoft's office.js Excel client (excel-web-16.00.js), answered
// from the in-memory workbook by the executor.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { loadOfficeJsClient, officeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { OfficeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { ActionType, PathType } from "../../../tools/excel-emulator/officeJs/protocol";

let host: FakeExcelHost;
let office: OfficeJsRun;

beforeEach(() => {
  host = new FakeExcelHost({ sheets: ["Data"] });
  office = officeJsRun(loadOfficeJsClient(), host);
});

afterEach(() => office.close());

function lastRequest() {
  const request = office.executor.requests.at(-1);
  if (!request) throw new Error("no request was made");
  return request;
}

describe("officeJsRun()", () => {
  test("reading a property that was not loaded fails with office.js's own PropertyNotLoaded", async () => {
    const { OfficeExtension: officeExtension } = loadOfficeJsClient();
    let caught: unknown;
    await office.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Data").getRange("A1");
      range.load("address");
      await context.sync();
      expect(range.address).toBe("Data!A1");
      try {
        void range.values;
      } catch (error) {
        caught = error;
      }
    });
    // Microsoft's error class from the loaded client, not the fake's FakeRichApiError.
    expect(caught).toBeInstanceOf(officeExtension.Error);
    expect(caught).toMatchObject({ name: "RichApi.Error", code: "PropertyNotLoaded" });
  });

  test("a request is office.js's serialization, and its size is the real serialized bytes", async () => {
    await office.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Data").getRange("A1:B2");
      range.numberFormat = [
        ["@", "0.00"],
        ["@", "0.00"],
      ];
      range.values = [
        ["00123", 1.5],
        ["=1+1", 2],
      ];
      await context.sync();
    });
    const request = lastRequest();
    const actions = request.body.Actions;
    const set = actions.filter((a) => a.ActionType === ActionType.setProperty);
    expect(set.map((a) => a.Name)).toEqual(["NumberFormat", "Values"]);
    expect(set[1]?.ArgumentInfo?.Arguments).toEqual([
      [
        ["00123", 1.5],
        ["=1+1", 2],
      ],
    ]);
    const paths = Object.values(request.body.ObjectPaths);
    expect(paths).toContainEqual(
      expect.objectContaining({
        ObjectPathType: PathType.method,
        Name: "GetRange",
        ArgumentInfo: { Arguments: ["A1:B2"] },
      }),
    );
    expect(request.requestBytes).toBe(Buffer.byteLength(JSON.stringify(request.body)));
    expect(host.requestLog.at(-1)?.requestBytes).toBe(request.requestBytes);
    // The workbook ran it: text stays text under "@".
    expect(host.cell("Data", "A1")).toMatchObject({ value: "00123", numberFormat: "@" });
    expect(host.cell("Data", "A2")).toMatchObject({ value: "=1+1", formula: null });
  });

  test("loads answer values, nested formats and collection items", async () => {
    host.setCells("Data", "A1", [[1, "x"]]);
    const result = await office.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Data").getRange("A1:B1");
      range.load("values,rowCount,format/font/bold");
      const sheets = context.workbook.worksheets;
      sheets.load("items/name");
      const count = sheets.getCount();
      await context.sync();
      return {
        values: range.values,
        rows: range.rowCount,
        bold: range.format.font.bold,
        names: sheets.items.map((s) => s.name),
        count: count.value,
      };
    });
    expect(result).toEqual({ values: [[1, "x"]], rows: 1, bold: false, names: ["Data"], count: 1 });
  });

  test("null objects, missing items and objects added earlier in the batch", async () => {
    const outcome = await office.run(async (context) => {
      const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
      const added = context.workbook.worksheets.add("New");
      added.load("name");
      await context.sync();
      // The added sheet is used again in a later request (office.js re-addresses it by id).
      added.getRange("B2").values = [["later"]];
      await context.sync();
      return { isNull: missing.isNullObject, name: added.name };
    });
    expect(outcome).toEqual({ isNull: true, name: "New" });
    expect(host.cell("New", "B2").value).toBe("later");
    await expect(
      office.run(async (context) => {
        context.workbook.worksheets.getItem("Nope").getRange("A1").values = [[1]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ItemNotFound" });
  });

  test("an object passed as an argument reaches the method (table.resize(range))", async () => {
    host.setCells("Data", "A1", [["H"], [1], [2]]);
    await office.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Data");
      const table = context.workbook.tables.add("Data!A1:A2", true);
      table.name = "T";
      table.resize(sheet.getRange("A1:A3"));
      await context.sync();
    });
    expect(host.tableInfo("T")).toMatchObject({ address: "Data!A1:A3", rowCount: 2 });
  });

  test("getIntersection(OrNullObject) answers the shared rectangle, a null object or ItemNotFound", async () => {
    host.setCells("Data", "A1", [["H"], ["a"], ["b"], ["c"]]);
    const outcome = await office.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Data");
      const table = context.workbook.tables.add("Data!A1:A4", true);
      const body = table.getDataBodyRange();
      const top = body.getRow(0).getResizedRange(9, 0).getIntersectionOrNullObject(body);
      top.load("address,values");
      const apart = sheet.getRange("C1:C2").getIntersectionOrNullObject(body);
      const inside = sheet.getRange("A1:B3").getIntersection(body);
      inside.load("address");
      await context.sync();
      return {
        top: top.address,
        values: top.values,
        apart: apart.isNullObject,
        inside: inside.address,
      };
    });
    expect(outcome).toEqual({
      top: "Data!A2:A4",
      values: [["a"], ["b"], ["c"]],
      apart: true,
      inside: "Data!A2:A3",
    });
    await expect(
      office.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Data");
        const none = sheet.getRange("C1").getIntersection(sheet.getRange("D1"));
        none.load("address");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ItemNotFound" });
  });

  test("a request over the limit fails with RequestPayloadSizeLimitExceeded and changes nothing", async () => {
    host.maxRequestBytes = 10_000;
    const big = Array.from({ length: 100 }, (_, i) => [`row ${i} `.repeat(20)]);
    await expect(
      office.run(async (context) => {
        context.workbook.worksheets.getItem("Data").getRange("A1:A100").values = big;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    expect(host.cell("Data", "A1").value).toBe("");
    expect(host.requestLog.at(-1)?.error).toBe("RequestPayloadSizeLimitExceeded");
    expect(host.requestLog.at(-1)?.requestBytes).toBeGreaterThan(10_000);
  });

  test("a response over the limit fails with ResponsePayloadSizeLimitExceeded", async () => {
    host.setCells(
      "Data",
      "A1",
      Array.from({ length: 100 }, () => ["x".repeat(200)]),
    );
    host.maxResponseBytes = 10_000;
    await expect(
      office.run(async (context) => {
        const range = context.workbook.worksheets.getItem("Data").getRange("A1:A100");
        range.load("values");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
    expect(host.requestLog.at(-1)?.responseBytes).toBeGreaterThan(10_000);
  });
});
