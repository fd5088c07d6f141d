// Refresh all over real HTTP, through Microsoft's office.js client into the emulator: every
// import table of the workbook, walks side by side (bounded, counted by the sandbox), one Excel
// batch's syncs at a time, per-table progress, one Cancel, and status lines that stay the add-in's.
import type { ExcelRun } from "../../src/excel/run";
import { importCollection } from "../../src/import/importCollection";
import { importedCollections, refreshAll, TableProgress } from "../../src/import/refreshAll";
import type { CollectionId } from "../../src/domain/collections";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox({
  latencyMs: 5,
  records: { invoices: 600, bills: 400, receipts: 300, payments: 120 },
});

async function addRecords(list: string, add: number): Promise<void> {
  expect((await changeRecords(sandbox().origin, { list, add })).status).toBe(200);
}

/**
 * An ExcelRun that fails the test if two batches ever interleave their syncs: once a batch has
 * synced, no other batch may sync until it has ended.
 */
function exclusive(run: ExcelRun): ExcelRun {
  let holder: object | null = null;
  return async (batch) => {
    const me = {};
    try {
      return await run(async (context) => {
        const sync = context.sync.bind(context);
        context.sync = (async (passThroughValue?: unknown) => {
          if (holder !== null && holder !== me) {
            throw new Error("Two Excel batches interleaved their syncs.");
          }
          holder = me;
          return await sync(passThroughValue);
        }) as typeof context.sync;
        return await batch(context);
      });
    } finally {
      if (holder === me) holder = null;
    }
  };
}

async function tableValues(host: OfficeJsExcelHost, name: string): Promise<unknown[][]> {
  return await host.run(async (context) => {
    const range = context.workbook.tables.getItem(name).getRange();
    range.load("values");
    await context.sync();
    return range.values;
  });
}

const IMPORTED: CollectionId[] = ["invoices", "bills", "receipts", "payments"];

async function importAll(host: OfficeJsExcelHost): Promise<void> {
  for (const collection of IMPORTED) {
    await importCollection(host.run, { collection, api: demoApi(sandbox()) });
  }
}

describe("refreshAll() against the sandbox", () => {
  // Four imports, two with a lines sheet: more than the default 20 s on a busy machine.
  it("finds the workbook's import tables, and only those", async () => {
    const host = new OfficeJsExcelHost();
    expect(await importedCollections(host.run)).toEqual([]);
    await importAll(host);
    // The linked sheets (allocations, lines) are refreshed with their lists, not as lists.
    expect((await importedCollections(host.run)).map((target) => target.info.id)).toEqual([
      "payments",
      "invoices",
      "receipts",
      "bills",
    ]);
  }, 60_000);

  // Two imports of every list and two refreshes: more work than the default 20 s allows on a
  // busy machine.
  it("refreshes every table in full, walks side by side, Excel one batch at a time", async () => {
    const host = new OfficeJsExcelHost();
    await importAll(host);
    await addRecords("invoices", 30);
    await addRecords("bills", 5);
    sandbox().resetStats();
    const excel = exclusive(host.run);
    const seen: TableProgress[][] = [];
    const result = await refreshAll(excel, {
      api: demoApi(sandbox()),
      mode: "full",
      concurrency: 3,
      onProgress: (tables) => seen.push([...tables]),
    });
    expect(result.complete).toBe(true);
    expect(result.message).toBe("Refreshed 4 of 4 tables.");
    expect(result.tables.map((t) => [t.label, t.state, t.records])).toEqual([
      ["Payments", "done", 120],
      ["Invoices", "done", 630],
      ["Receipts", "done", 300],
      ["Bills", "done", 405],
    ]);
    // Walks overlapped, within the bound.
    expect(sandbox().stats().apiPeakInFlight).toBeGreaterThan(1);
    expect(sandbox().stats().apiPeakInFlight).toBeLessThanOrEqual(3 * 2);
    expect(seen.some((tables) => tables.filter((t) => t.state === "running").length > 1)).toBe(
      true,
    );
    expect(seen.every((tables) => tables.filter((t) => t.state === "running").length <= 3)).toBe(
      true,
    );
    // Each table equals a fresh import of its collection.
    const fresh = new OfficeJsExcelHost();
    await importAll(fresh);
    for (const name of ["Invoices", "Bills", "Receipts", "Payments", "PaymentAllocations"]) {
      expect(await tableValues(host, name)).toEqual(await tableValues(fresh, name));
    }
    // Every status line is still recognised as the add-in's: a second refresh writes them all.
    const again = await refreshAll(host.run, { api: demoApi(sandbox()), mode: "full" });
    expect(again.tables.every((t) => !/status line/.test(t.message))).toBe(true);
  }, 90_000);

  it("fetches only new records for each table with mode new", async () => {
    const host = new OfficeJsExcelHost();
    await importAll(host);
    // New invoices come with lines: those go on the lines sheet in the same pass.
    await addRecords("invoices", 70);
    sandbox().resetStats();
    const result = await refreshAll(host.run, { api: demoApi(sandbox()), mode: "new" });
    expect(result.message).toBe("Refreshed 4 of 4 tables (new records only).");
    const byLabel = new Map(result.tables.map((t) => [t.label, t]));
    expect(byLabel.get("Invoices")?.message).toMatch(/^Added 70 new records at the top/);
    expect(byLabel.get("Receipts")?.message).toMatch(/^No new Receipts since/);
    expect(byLabel.get("Bills")?.message).toMatch(/^No new Bills since/);
    // Payments go in full: 3 pages of 50 payments at most.
    expect(byLabel.get("Payments")?.message).toMatch(/refreshed in full/);
    // Invoices 2 pages, receipts 1, bills 1, payments' full walk.
    expect(sandbox().stats().apiRequests).toBeLessThanOrEqual(2 + 1 + 1 + 6);
  });

  it("cancels every table with one signal and says which were cancelled", async () => {
    const host = new OfficeJsExcelHost();
    await importAll(host);
    const controller = new AbortController();
    const result = await refreshAll(host.run, {
      api: demoApi(sandbox()),
      mode: "full",
      concurrency: 2,
      signal: controller.signal,
      onProgress: (tables) => {
        if (tables.some((t) => t.records >= 100)) controller.abort();
      },
    });
    expect(result.complete).toBe(false);
    expect(result.tables.every((t) => t.state === "cancelled")).toBe(true);
    expect(result.message).toMatch(/^Refreshed 0 of 4 tables\. Cancelled: /);
    // Tables that had started keep the rows and status line they had: a refresh replaces them
    // only with a whole list.
    const status = await host.run(async (context) => {
      const cell = context.workbook.worksheets.getItem("Payments").getRange("A1");
      cell.load("values");
      await context.sync();
      return String(cell.values[0]?.[0]);
    });
    expect(status).toMatch(/^Payments · 120 records · imported .* · complete$/);
    expect(host.tableInfo("Payments")!.rowCount).toBe(120);
  });

  it("says so when the workbook has nothing to refresh", async () => {
    const result = await refreshAll(new OfficeJsExcelHost().run, {
      api: demoApi(sandbox()),
      mode: "full",
    });
    expect(result).toEqual({
      tables: [],
      complete: true,
      message: "This workbook has no imported tables to refresh. Import a collection first.",
    });
  });
});
