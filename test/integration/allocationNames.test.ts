// A payment allocation that a message names (a cell kept as text) is named by its payment's
// reference and its place in the payment's list, as the accountant finds it, never by a UUID.
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

it("names the allocations whose cells were kept as text by payment reference, never by id", async () => {
  const api = demoApi(sandbox());
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
