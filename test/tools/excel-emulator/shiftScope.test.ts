// Inserting cells re-keys only what moves: a table growing at the bottom of a long sheet does not
// take up every row above it on each insert, unless a formula spills (then every spill is redone).
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { loadOfficeJsClient, officeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import type { OfficeJsRun } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { SheetModel } from "../../../tools/excel-emulator/sheet";

let host: FakeExcelHost;
let office: OfficeJsRun;

beforeEach(() => {
  host = new FakeExcelHost({ sheets: ["Data"] });
  office = officeJsRun(loadOfficeJsClient(), host);
  host.setCells("Data", "A1", [
    ["a", 1],
    ["b", 2],
    ["c", 3],
    ["d", 4],
  ]);
});

afterEach(() => {
  office.close();
  jest.restoreAllMocks();
});

function insertDown(address: string): Promise<void> {
  return office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange(address).insert("Down");
    await context.sync();
  });
}

test("an insert whose columns hold every cell below it moves those rows whole", async () => {
  const takeAll = jest.spyOn(SheetModel.prototype, "takeAllCells");
  const takeFrom = jest.spyOn(SheetModel.prototype, "takeCellsFrom");
  await insertDown("A3:B3");
  expect(takeAll).not.toHaveBeenCalled();
  expect(takeFrom).not.toHaveBeenCalled();
  expect(host.values("Data", "A1:B5")).toEqual([
    ["a", 1],
    ["b", 2],
    ["", ""],
    ["c", 3],
    ["d", 4],
  ]);
});

test("with a cell beside the inserted columns, only the cells from the inserted row on are taken up", async () => {
  host.setCells("Data", "C4", [["beside"]]);
  const takeAll = jest.spyOn(SheetModel.prototype, "takeAllCells");
  const takeFrom = jest.spyOn(SheetModel.prototype, "takeCellsFrom");
  await insertDown("A3:B3");
  expect(takeAll).not.toHaveBeenCalled();
  expect(takeFrom).toHaveBeenCalledTimes(1);
  expect(takeFrom.mock.results[0]?.value).toHaveLength(5); // c, 3, d, 4, beside
  expect(host.values("Data", "A1:C5")).toEqual([
    ["a", 1, ""],
    ["b", 2, ""],
    ["", "", ""],
    ["c", 3, "beside"],
    ["d", 4, ""],
  ]);
});

test("a cell left of the inserted columns stays in its row", async () => {
  const takeFrom = jest.spyOn(SheetModel.prototype, "takeCellsFrom");
  await insertDown("B2:B2");
  expect(takeFrom).toHaveBeenCalledTimes(1);
  expect(host.values("Data", "A1:B5")).toEqual([
    ["a", 1],
    ["b", ""],
    ["c", 2],
    ["d", 3],
    ["", 4],
  ]);
});

test("with a spill on the sheet every cell is taken up, and the formula spills again", async () => {
  await office.run(async (context) => {
    context.workbook.worksheets.getItem("Data").getRange("D1").formulas = [["=A1:A2"]];
    await context.sync();
  });
  expect(host.values("Data", "D1:D2")).toEqual([["a"], ["b"]]);
  const takeAll = jest.spyOn(SheetModel.prototype, "takeAllCells");
  await insertDown("A4:B4");
  expect(takeAll).toHaveBeenCalledTimes(1);
  expect(host.values("Data", "D1:D2")).toEqual([["a"], ["b"]]);
  expect(host.values("Data", "A4:B5")).toEqual([
    ["", ""],
    ["d", 4],
  ]);
});
