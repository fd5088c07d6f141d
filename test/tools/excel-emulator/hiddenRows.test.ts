// Hidden rows and columns, set and read through Microsoft's office.js client: Range.rowHidden and
// columnHidden answer true (all hidden), false (none) or null (some), and whole-row inserts and
// deletes carry the hidden state along, as Excel does.
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { loadOfficeJsClient, officeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { OfficeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import {
  deserializeWorkbook,
  serializeWorkbook,
} from "../../../tools/excel-emulator/serialization";

let host: FakeExcelHost;
let office: OfficeJsRun;

beforeEach(() => {
  host = new FakeExcelHost({ sheets: ["Data"] });
  office = officeJsRun(loadOfficeJsClient(), host);
});

afterEach(() => office.close());

async function hiddenState(addresses: string[]): Promise<(boolean | null)[][]> {
  return await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    const ranges = addresses.map((address) =>
      sheet.getRange(address).load("rowHidden,columnHidden"),
    );
    await context.sync();
    return ranges.map((range) => [range.rowHidden, range.columnHidden]);
  });
}

test("rowHidden and columnHidden read true, false or null, as Excel reports them", async () => {
  await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    sheet.getRange("A3:A4").rowHidden = true;
    sheet.getRange("C1").columnHidden = true;
    await context.sync();
  });
  expect(await hiddenState(["A3:B4", "A1:A2", "A2:A3", "C1:C9", "A1:B1", "B1:C1"])).toEqual([
    [true, false],
    [false, false],
    [null, false],
    [null, true],
    [false, false],
    [false, null],
  ]);
});

test("showing rows again, and refusing what is not a boolean", async () => {
  await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    sheet.getRange("A3:A6").rowHidden = true;
    sheet.getRange("A4").rowHidden = false;
    await context.sync();
  });
  expect(await hiddenState(["A3", "A4", "A5:A6"])).toEqual([
    [true, false],
    [false, false],
    [true, false],
  ]);
  await expect(
    office.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Data").getRange("A1");
      (range as unknown as { rowHidden: unknown }).rowHidden = "yes";
      await context.sync();
    }),
  ).rejects.toMatchObject({ code: "InvalidArgument" });
});

test("inserting and deleting whole rows moves the hidden rows with their cells", async () => {
  await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    sheet.getRange("A5").rowHidden = true;
    sheet.getRange("A2:A3").getEntireRow().insert("Down");
    await context.sync();
  });
  expect(await hiddenState(["A5", "A7"])).toEqual([
    [false, false],
    [true, false],
  ]);
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("A1").getEntireRow().delete("Up");
    await context.sync();
  });
  expect(await hiddenState(["A6", "A7"])).toEqual([
    [true, false],
    [false, false],
  ]);
  // Inserting cells (not whole rows) leaves the rows where they are.
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("A1:B2").insert("Down");
    await context.sync();
  });
  expect(await hiddenState(["A6"])).toEqual([[true, false]]);
});

test("hidden rows and columns are saved with the workbook", async () => {
  await office.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Data");
    sheet.getRange("A2").rowHidden = true;
    sheet.getRange("D1").columnHidden = true;
    await context.sync();
  });
  const reopened = deserializeWorkbook(serializeWorkbook(host.workbook));
  const sheet = reopened.sheets.find((s) => s.name === "Data");
  expect([...(sheet?.hiddenRows ?? [])]).toEqual([1]);
  expect([...(sheet?.hiddenColumns ?? [])]).toEqual([3]);
});
