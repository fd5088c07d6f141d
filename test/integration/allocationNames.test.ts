// A payment allocation that a message names (a cell kept as text) is named by its payment's
// reference and its place in the payment's list, as the accountant finds it, never by a UUID.
import { LedgerApi } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

it("names the allocations whose cells were kept as text by payment reference, never by id", async () => {
  const api = new LedgerApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
  const host = new OfficeJsExcelHost();
  const result = await importCollection(host.run, { collection: "payments", api });
  const allocations = result.textCells.filter((record) => record.sheet === "Payment allocations");
  expect(allocations.length).toBeGreaterThan(0);
  for (const { record } of allocations) {
    expect(record).toMatch(/ allocation \d+$/);
    expect(record).not.toMatch(UUID);
  }
  expect(result.details.join(" ")).not.toMatch(UUID);
});
