// Refresh all when the service refuses the token: each table fails and says why in a kind a
// program can act on ("auth"), so the automatic refresh stops instead of asking again.
import { importCollection } from "../../src/import/importCollection";
import { refreshAll, type RefreshMode } from "../../src/import/refreshAll";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({ records: { invoices: 30, bills: 20 } });

describe("refreshAll() with a refused token", () => {
  it.each<RefreshMode>(["new", "full"])(
    'fails each table (mode %s) with the kind "auth"',
    async (mode) => {
      const host = new OfficeJsExcelHost();
      await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
      await importCollection(host.run, { collection: "bills", api: demoApi(sandbox()) });
      const result = await refreshAll(host.run, {
        api: demoApi(sandbox(), { token: "not-the-token" }),
        mode,
      });
      expect(result.complete).toBe(false);
      expect(result.tables.map((table) => [table.collection, table.state, table.failure])).toEqual([
        ["invoices", "failed", "auth"],
        ["bills", "failed", "auth"],
      ]);
    },
  );
});
