// Which sheet an import leaves in front of the user: the one named after the list they asked
// for, not a sheet linked to it (payments write their allocations to a second sheet).
import { LedgerApi } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

let sandbox: RunningSandbox;

function api(): LedgerApi {
  return new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

describe("the sheet an import shows", () => {
  it("is Payments after importing payments, not the allocations sheet written with it", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: api() });
    expect(host.sheetNames()).toContain("Payment allocations");
    expect(host.activeSheetName).toBe("Payments");
  });

  it("is Payments again after a refresh that started on another sheet", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: api() });
    host.activateSheet("Payment allocations");
    await importCollection(host.run, { collection: "payments", api: api() });
    expect(host.activeSheetName).toBe("Payments");
  });

  it("leaves a hidden Payments sheet hidden, and the allocations sheet not shown either", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "payments", api: api() });
    host.activateSheet("Sheet1");
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Payments").visibility = "Hidden";
      await context.sync();
    });
    await importCollection(host.run, { collection: "payments", api: api() });
    expect(host.activeSheetName).toBe("Sheet1");
  });
});
