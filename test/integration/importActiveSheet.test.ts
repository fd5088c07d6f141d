// Which sheet an import leaves in front of the user: the one named after the list they asked
// for, not a sheet linked to it (payments write their allocations to a second sheet).
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();

describe("the sheet an import shows", () => {
  it("is Payments after importing payments, not the allocations sheet written with it", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    expect(host.sheetNames()).toContain("Payment allocations");
    expect(host.activeSheetName).toBe("Payments");
  });

  it("is Payments again after a refresh that started on another sheet", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    host.activateSheet("Payment allocations");
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    expect(host.activeSheetName).toBe("Payments");
  });

  it("leaves a hidden Payments sheet hidden, and the allocations sheet not shown either", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    host.activateSheet("Sheet1");
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Payments").visibility = "Hidden";
      await context.sync();
    });
    await importCollection(host.run, { collection: "payments", api: demoApi(sandbox()) });
    expect(host.activeSheetName).toBe("Sheet1");
  });
});
