import { installFakeOffice } from "../../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { requestedCalculations } from "../../../tools/excel-emulator/proxies/workbook";
import { ledgerFormulas, refreshFormulas } from "../../../src/functions/formulaRuntime";

describe("refreshFormulas()", () => {
  it("forgets the kept answers, then asks Excel for a full calculation", async () => {
    const host = new OfficeJsExcelHost();
    installFakeOffice(globalThis, host);
    const clear = jest.spyOn(ledgerFormulas, "clear");
    await refreshFormulas(host.run);
    expect(clear).toHaveBeenCalledTimes(1);
    // A normal recalculation would skip LEDGER cells, whose arguments did not change.
    expect(requestedCalculations(host.workbook)).toEqual(["Full"]);
  });
});
