// Refresh all when the service refuses the token: each table fails and says why in a kind a
// program can act on ("auth"), so the automatic refresh stops instead of asking again.
import { LedgerApi } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { refreshAll, type RefreshMode } from "../../src/import/refreshAll";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

let sandbox: RunningSandbox;

function api(token: string): LedgerApi {
  return new LedgerApi(
    { apiAddress: sandbox.baseUrl, version: "v1", token, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { invoices: 30, bills: 20 } });
});

afterAll(async () => {
  await sandbox.close();
});

describe("refreshAll() with a refused token", () => {
  it.each<RefreshMode>(["new", "full"])(
    'fails each table (mode %s) with the kind "auth"',
    async (mode) => {
      const host = new OfficeJsExcelHost();
      await importCollection(host.run, { collection: "invoices", api: api(DEMO_TOKEN) });
      await importCollection(host.run, { collection: "bills", api: api(DEMO_TOKEN) });
      const result = await refreshAll(host.run, { api: api("not-the-token"), mode });
      expect(result.complete).toBe(false);
      expect(result.tables.map((table) => [table.collection, table.state, table.failure])).toEqual([
        ["invoices", "failed", "auth"],
        ["bills", "failed", "auth"],
      ]);
    },
  );
});
