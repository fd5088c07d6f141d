import { FillIndex, readFills } from "../../../src/excel/spanFills";
import { FakeExcelHost } from "../../../tools/excel-emulator";

/** Column B of Sheet1: rows 1-1000 no fill, grey 201-600, yellow at 450 and 451. */
function sheetWithFills(): FakeExcelHost {
  const host = new FakeExcelHost();
  const sheet = host.workbook.sheetNamed("Sheet1")!;
  for (let row = 200; row < 600; row++) sheet.ensureCell(row, 1).fillColor = "#F3F2F1";
  for (const row of [449, 450]) sheet.ensureCell(row, 1).fillColor = "#FFFF00";
  return host;
}

describe("spanFills.ts", () => {
  describe("readFills()", () => {
    it("reads a span whose cells differ in parts, down to single cells only where fills change", async () => {
      const host = sheetWithFills();
      const spans = await host.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Sheet1");
        return await readFills(context, sheet, [{ column: 1, first: 1, last: 1000 }]);
      });
      const index = new FillIndex(spans);
      expect(index.at("B1")).toBeNull();
      expect(index.at("B201")).toBe("#F3F2F1");
      expect(index.at("B450")).toBe("#FFFF00");
      expect(index.at("B452")).toBe("#F3F2F1");
      expect(index.at("B601")).toBeNull();
      expect(index.at("C1")).toBeUndefined();
      expect(index.allHave({ column: 1, first: 452, last: 600 }, "#F3F2F1")).toBe(true);
      expect(index.allHave({ column: 1, first: 440, last: 460 }, "#F3F2F1")).toBe(false);
      // Four changes of fill: a few dozen reads in a few rounds, not a thousand.
      const reads = host.requestLog.reduce((sum, sync) => sum + sync.operations, 0);
      expect(reads).toBeLessThan(150);
      expect(host.requestLog.length).toBeLessThanOrEqual(4);
    });

    it("reads only the rows asked for", async () => {
      const host = sheetWithFills();
      const spans = await host.run(async (context) => {
        const sheet = context.workbook.worksheets.getItem("Sheet1");
        return await readFills(context, sheet, [
          { column: 1, first: 300, last: 700, rows: [300, 450, 700] },
        ]);
      });
      const index = new FillIndex(spans);
      expect([index.at("B300"), index.at("B450"), index.at("B700")]).toEqual([
        "#F3F2F1",
        "#FFFF00",
        null,
      ]);
      expect(host.requestLog.reduce((sum, sync) => sum + sync.operations, 0)).toBeLessThan(10);
    });
  });

  describe("FillIndex", () => {
    it("keeps each row once where spans read together overlap", () => {
      const index = new FillIndex([
        { column: 3, first: 17, last: 18, fill: "#F3F2F1" },
        { column: 3, first: 17, last: 17, fill: "#F3F2F1" },
        { column: 3, first: 15, last: 15, fill: null },
        { column: 3, first: 18, last: 20, fill: "#F3F2F1" },
      ]);
      expect(["D15", "D16", "D17", "D18", "D19", "D20"].map((a) => index.at(a))).toEqual([
        null,
        undefined,
        "#F3F2F1",
        "#F3F2F1",
        "#F3F2F1",
        "#F3F2F1",
      ]);
      expect(index.allHave({ column: 3, first: 17, last: 20 }, "#F3F2F1")).toBe(true);
      expect(index.cellsWith("#F3F2F1", [3])).toEqual(["D17", "D18", "D19", "D20"]);
    });
  });
});
