import { installFakeOffice } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { requestedCalculations } from "../../../tools/excel-emulator/proxies/workbook";
import { requestedSheetCalculations } from "../../../tools/excel-emulator/proxies/worksheet";
import { ledgerFormulas, refreshFormulas } from "../../../src/functions/formulaRuntime";

describe("refreshFormulas()", () => {
  it("forgets the kept answers, then recalculates each sheet of this workbook, all cells dirty", async () => {
    const host = new OfficeJsExcelHost({ sheets: ["Sheet1", "Invoices"] });
    installFakeOffice(globalThis, host);
    const clear = jest.spyOn(ledgerFormulas, "clear");
    await refreshFormulas(host.run);
    expect(clear).toHaveBeenCalledTimes(1);
    // Application.calculate would recalculate the user's other open workbooks too.
    expect(requestedCalculations(host.workbook)).toEqual([]);
    // A normal recalculation would skip LEDGER cells, whose arguments did not change.
    expect(requestedSheetCalculations(host.workbook)).toEqual([
      { sheet: "Sheet1", markAllDirty: true },
      { sheet: "Invoices", markAllDirty: true },
    ]);
  });

  it("recalculates sheet by sheet on an ExcelApi 1.13 host: Worksheet.calculate is ExcelApi 1.6", async () => {
    const host = new OfficeJsExcelHost({ sheets: ["Sheet1"] });
    installFakeOffice(globalThis, host);
    const asked: string[] = [];
    // A host at the manifest's minimum, ExcelApi 1.13, and no later set.
    jest
      .spyOn(Office.context.requirements, "isSetSupported")
      .mockImplementation((name, version) => {
        asked.push(`${name} ${String(version ?? "")}`);
        return name === "ExcelApi" && Number(String(version).split(".")[1] ?? 0) <= 13;
      });
    await refreshFormulas(host.run);
    expect(asked).toEqual(["ExcelApi 1.6"]);
    expect(requestedCalculations(host.workbook)).toEqual([]);
    expect(requestedSheetCalculations(host.workbook)).toEqual([
      { sheet: "Sheet1", markAllDirty: true },
    ]);
  });

  it("falls back to a full calculation where Worksheet.calculate is missing (before ExcelApi 1.6)", async () => {
    const host = new OfficeJsExcelHost();
    installFakeOffice(globalThis, host);
    await refreshFormulas(host.run, false);
    expect(requestedCalculations(host.workbook)).toEqual(["Full"]);
    expect(requestedSheetCalculations(host.workbook)).toEqual([]);
  });
});
