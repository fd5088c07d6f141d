// Insert on the Formulas tab: the formula goes into the active cell through Microsoft's
// office.js client, never over anything the cell holds.
import { insertFormulaInActiveCell } from "../../../src/excel/insertFormula";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";

const FORMULA = '=LEDGER.JOURNAL("TRX-2026-0001", "Acme")';

function hostOnReport(): OfficeJsExcelHost {
  const host = new OfficeJsExcelHost();
  host.addSheet("Report");
  host.activateSheet("Report");
  return host;
}

describe("insertFormulaInActiveCell()", () => {
  it("puts the formula into the empty active cell of the active sheet, in two round trips", async () => {
    const host = hostOnReport();
    host.resetCounters();
    const outcome = await insertFormulaInActiveCell(host.run, FORMULA);
    expect(outcome).toEqual({ outcome: "inserted", address: "Report!A1" });
    expect(host.cell("Report", "A1").formula).toBe(FORMULA);
    expect(host.requestLog.length).toBe(2);
  });

  it.each([
    ["a value", [["Total"]]],
    ["a formula", [["=1+1"]]],
    ["a zero", [[0]]],
  ])("leaves a cell holding %s as it was and says where", async (_what, held) => {
    const host = hostOnReport();
    host.setCells("Report", "A1", held);
    const before = host.cell("Report", "A1");
    const outcome = await insertFormulaInActiveCell(host.run, FORMULA);
    expect(outcome).toEqual({ outcome: "notEmpty", address: "Report!A1" });
    expect(host.cell("Report", "A1")).toEqual(before);
  });
});
