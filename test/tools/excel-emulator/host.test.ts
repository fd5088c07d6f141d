import { EXCEL_PAYLOAD_LIMIT_BYTES } from "../../../src/domain/excelLimits";
import { DEFAULT_PAYLOAD_LIMIT, FakeExcelHost } from "../../../tools/excel-emulator";
import { officeErrorOf } from "./harness";

describe("round trips", () => {
  it("counts one round trip per sync that carries commands, plus Excel.run's final one", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").values = [[1]];
      await context.sync();
      await context.sync(); // nothing queued: no round trip
      sheet.getRange("A2").values = [[2]]; // left for the final sync
    });
    expect(host.syncCount).toBe(2);
    expect(host.requestLog.map((r) => [r.operations, r.implicit])).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it("estimates request bytes as the JSON of what is written, and response bytes of what is loaded", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      range.values = [["é", 12]];
      range.numberFormat = "@" as unknown as string[][];
      range.load("values");
      await context.sync();
    });
    const [record] = host.requestLog;
    expect(record?.operationNames).toEqual(["Range.values", "Range.numberFormat", "Range.load"]);
    expect(record?.requestBytes).toBe(
      Buffer.byteLength('[["é",12]]') + Buffer.byteLength('"@"') + Buffer.byteLength('"values"'),
    );
    expect(record?.responseBytes).toBe(Buffer.byteLength('{"values":[["é",12]]}'));
  });

  it("rejects a request over 5 MB with RequestPayloadSizeLimitExceeded and runs none of it", async () => {
    const host = new FakeExcelHost();
    expect(host.maxRequestBytes).toBe(EXCEL_PAYLOAD_LIMIT_BYTES);
    const rows = Array.from({ length: 6000 }, () => ["x".repeat(1000)]);
    const error = await officeErrorOf(
      host.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Sheet1");
        sheet.getRange("B1").values = [["first"]];
        sheet.getRange("A1:A6000").values = rows;
        await context.sync();
      }),
    );
    expect(error.code).toBe("RequestPayloadSizeLimitExceeded");
    expect(host.cell("Sheet1", "B1").value).toBe("");
    expect(host.requestLog[0]).toMatchObject({ error: "RequestPayloadSizeLimitExceeded" });
    expect(host.requestLog[0]?.requestBytes).toBeGreaterThan(DEFAULT_PAYLOAD_LIMIT);
  });

  it("applies a configured request limit, and accepts a request at the limit", async () => {
    const host = new FakeExcelHost({ maxRequestBytes: 10 });
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["1234"]]; // [["1234"]] = 10 bytes
      await context.sync();
    });
    host.maxRequestBytes = 9;
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["1234"]];
        await context.sync();
      }),
    );
    expect(error.code).toBe("RequestPayloadSizeLimitExceeded");
  });

  it("rejects a response over the limit with ResponsePayloadSizeLimitExceeded", async () => {
    const host = new FakeExcelHost({ maxResponseBytes: 100 });
    host.setCells("Sheet1", "A1", [["x".repeat(200)]]);
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").load("values");
        await context.sync();
      }),
    );
    expect(error.code).toBe("ResponsePayloadSizeLimitExceeded");
  });

  it("records per-row calls and suspended calculation, and resets its counters", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      context.application.suspendApiCalculationUntilNextSync();
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await context.sync();
    });
    expect(host.requestLog[0]).toMatchObject({ calculationSuspended: true, perRowCalls: 0 });
    host.resetCounters();
    expect(host.syncCount).toBe(0);
    expect(host.requestLog).toEqual([]);
  });

  it("waits latencyMs per round trip", async () => {
    const host = new FakeExcelHost({ latencyMs: 30 });
    const started = Date.now();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await context.sync();
      context.workbook.worksheets.getItem("Sheet1").getRange("A2").values = [[1]];
      await context.sync();
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it("serves concurrent batches one request at a time, in order", async () => {
    const host = new FakeExcelHost({ latencyMs: 5 });
    const order: string[] = [];
    const batch = (name: string) =>
      host.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[name]];
        await context.sync();
        order.push(name);
      });
    await Promise.all([batch("first"), batch("second")]);
    expect(order).toEqual(["first", "second"]);
    expect(host.cell("Sheet1", "A1").value).toBe("second");
  });

  it("tells listeners after each round trip", async () => {
    const host = new FakeExcelHost();
    const seen: number[] = [];
    const stop = host.onChange(() => seen.push(host.syncCount));
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await context.sync();
    });
    stop();
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[2]];
      await context.sync();
    });
    expect(seen).toEqual([1]);
  });
});

describe("settings and the workbook file", () => {
  it("keeps workbook settings, cells, formats and tables through save and reopen", async () => {
    const host = new FakeExcelHost({ sheets: ["Journal"] });
    await host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Journal");
      const range = sheet.getRange("A1:B3");
      range.numberFormat = [
        ["@", "@"],
        ["@", "#,##0.00"],
        ["@", "#,##0.00"],
      ];
      range.values = [
        ["Account", "Amount"],
        ["00123", 10],
        ["Rent", "=B2*2"],
      ];
      sheet.tables.add("A1:B3", true).name = "Lines";
      sheet.getRange("D1").formulas = [["=SUM(Lines[Amount])"]];
      context.workbook.settings.add("ledger.journalId", { id: "J-1", updatedAt: "2024-01-02" });
      await context.sync();
    });
    const reopened = FakeExcelHost.fromSerialized(host.serialize());
    expect(reopened.cell("Journal", "A2")).toMatchObject({ value: "00123", numberFormat: "@" });
    expect(reopened.cell("Journal", "B3")).toMatchObject({
      value: 20,
      formula: "=B2*2",
      text: "20.00",
    });
    expect(reopened.cell("Journal", "D1").value).toBe(30);
    expect(reopened.tableInfo("Lines")?.address).toBe("Journal!A1:B3");
    const setting = await reopened.run(async (context) => {
      const item = context.workbook.settings.getItemOrNullObject("ledger.journalId").load("value");
      const missing = context.workbook.settings.getItemOrNullObject("nope");
      await context.sync();
      return [item.value, missing.isNullObject];
    });
    expect(setting).toEqual([{ id: "J-1", updatedAt: "2024-01-02" }, true]);
  });

  it("refuses a setting value JSON cannot carry", async () => {
    const host = new FakeExcelHost();
    const error = await officeErrorOf(
      host.run(async (context) => {
        context.workbook.settings.add("f", () => 1);
        await context.sync();
      }),
    );
    expect(error.code).toBe("InvalidArgument");
  });

  it("deletes a setting", async () => {
    const host = new FakeExcelHost();
    await host.run(async (context) => {
      context.workbook.settings.add("a", 1);
      await context.sync();
      context.workbook.settings.getItem("a").delete();
      await context.sync();
    });
    const count = await host.run(async (context) => {
      const result = context.workbook.settings.getCount();
      await context.sync();
      return result.value;
    });
    expect(count).toBe(0);
  });
});
