// While the user edits a cell, Excel refuses every batch that was not sent with
// `delayForCellEdit` (InvalidOperationInCellEditMode) and holds those that were until the edit
// ends. People type while a long import or a Refresh all runs: both must wait, not fail
// part-way. Through Microsoft's office.js client (which puts the option into its request flags)
// into the emulator, over real HTTP against the sandbox. A host that does not report the
// DelayForCellEdit set gets no flag and refuses: the pane's import says it waits, and finishes
// once the edit ends.
import type { LedgerApi } from "../../src/api";
import { importCollection } from "../../src/import/importCollection";
import { refreshAll } from "../../src/import/refreshAll";
import { COLLECTIONS } from "../../src/domain/collections";
import { waitingForCellEditProgress } from "../../src/import/progressReport";
import { ImportRun } from "../../src/taskpane/import/importRun";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

/**
 * Editing starts with most blocks still to write, as in a 200,000-row import (the bench's size):
 * small blocks reach the same edge with few records.
 */
const INVOICES = 600;
const LIMITS = { blockRows: 40 };

const sandbox = useSandbox({ records: { invoices: INVOICES, bills: 120 } });

function api(): LedgerApi {
  return demoApi(sandbox());
}

async function tableRows(host: OfficeJsExcelHost, name: string): Promise<number> {
  return await host.run(async (context) => {
    const body = context.workbook.tables.getItem(name).getDataBodyRange();
    body.load("rowCount");
    await context.sync();
    return body.rowCount;
  });
}

describe("a batch that arrives while a cell is being edited", () => {
  it("is refused by Excel without delayForCellEdit, and nothing of it runs", async () => {
    const host = new OfficeJsExcelHost();
    host.beginCellEdit();
    const plain = host.officeJs.runWith({}, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["typed over"]];
      await context.sync();
    });
    await expect(plain).rejects.toMatchObject({ code: "InvalidOperationInCellEditMode" });
    host.endCellEdit();
    expect(host.cell("Sheet1", "A1").value).toBe("");
    expect(host.refusedForCellEdit).toBe(1);
  });

  it("waits with the add-in's ExcelRun, and runs once the edit ends", async () => {
    const host = new OfficeJsExcelHost();
    host.beginCellEdit();
    const waiting = host.requestWaitsForCellEdit();
    let done = false;
    const write = host
      .run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["after"]];
        await context.sync();
      })
      .then(() => {
        done = true;
      });
    await waiting;
    expect(done).toBe(false);
    expect(host.cell("Sheet1", "A1").value).toBe("");
    host.endCellEdit();
    await write;
    expect(host.cell("Sheet1", "A1").value).toBe("after");
    expect(host.refusedForCellEdit).toBe(0);
  });
});

describe("long operations while the user types", () => {
  it(`imports ${INVOICES.toLocaleString("en-US")} invoices when a cell edit starts part-way`, async () => {
    const host = new OfficeJsExcelHost();
    let editedAt: number | undefined;
    let editWaited: Promise<void> | undefined;
    const result = await importCollection(
      host.run,
      {
        collection: "invoices",
        api: api(),
        onProgress: (progress) => {
          // The user starts typing once the first rows are in, and stops when a batch waits.
          if (editedAt !== undefined || (progress.written ?? 0) === 0) return;
          editedAt = progress.written;
          host.beginCellEdit();
          editWaited = host.requestWaitsForCellEdit().then(() => host.endCellEdit());
        },
      },
      LIMITS,
    );
    expect(editedAt).toBeLessThan(INVOICES / 4);
    await editWaited;
    expect(result.complete).toBe(true);
    expect(result.rows).toBe(INVOICES);
    expect(await tableRows(host, "Invoices")).toBe(INVOICES);
    expect(host.refusedForCellEdit).toBe(0);
  });

  it("refreshes every table while a cell is being edited, once the edit ends", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "bills", api: api() });
    host.beginCellEdit();
    const waited = host.requestWaitsForCellEdit();
    const refreshing = refreshAll(host.run, { api: api(), mode: "full" });
    await waited;
    host.endCellEdit();
    const result = await refreshing;
    expect(result.complete).toBe(true);
    expect(await tableRows(host, "Bills")).toBe(120);
    expect(host.refusedForCellEdit).toBe(0);
  });
});

describe("a host that does not report DelayForCellEdit", () => {
  it("gets no delayForCellEdit from office.js: a batch during cell edit is refused", async () => {
    const host = new OfficeJsExcelHost({ delayForCellEdit: false });
    host.beginCellEdit();
    // The add-in's ExcelRun asks for delayForCellEdit; office.js leaves it out for this host.
    const write = host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [["typed over"]];
      await context.sync();
    });
    await expect(write).rejects.toMatchObject({ code: "InvalidOperationInCellEditMode" });
    expect(host.refusedForCellEdit).toBe(1);
  });

  it("shows the pane's import waiting within five seconds, and completes when editing ends", async () => {
    const host = new OfficeJsExcelHost({ delayForCellEdit: false });
    const bills = COLLECTIONS.find((collection) => collection.id === "bills")!;
    const run = new ImportRun(importCollection, host.run, { cellEdit: { retryAfterMs: 50 } });
    host.beginCellEdit();
    const started = Date.now();
    let saidWaiting: () => void = () => undefined;
    const waitingSaid = new Promise<void>((resolve) => (saidWaiting = resolve));
    const messages: string[] = [];
    const ending = run.start({
      collection: bills,
      api: api(),
      path: bills.defaultPath,
      onProgress: (progress) => {
        messages.push(progress.message);
        if (progress.message === waitingForCellEditProgress()) saidWaiting();
      },
    });
    await waitingSaid;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.running).toBe(true);
    host.endCellEdit();
    const end = await ending;
    expect(end).toMatchObject({ outcome: "finished", complete: true });
    expect(await tableRows(host, "Bills")).toBe(120);
    expect(host.refusedForCellEdit).toBeGreaterThan(0);
    // Once the edit ended the waiting sentence gave way to the import's own.
    expect(messages.at(-1)).not.toBe(waitingForCellEditProgress());
  });

  it("says so too where Excel holds the batch, once a round trip is held past its time", async () => {
    const host = new OfficeJsExcelHost();
    const bills = COLLECTIONS.find((collection) => collection.id === "bills")!;
    const run = new ImportRun(importCollection, host.run, { cellEdit: { heldAfterMs: 20 } });
    host.beginCellEdit();
    let saidWaiting: () => void = () => undefined;
    const waitingSaid = new Promise<void>((resolve) => (saidWaiting = resolve));
    const ending = run.start({
      collection: bills,
      api: api(),
      path: bills.defaultPath,
      onProgress: (progress) => {
        if (progress.message === waitingForCellEditProgress()) saidWaiting();
      },
    });
    await waitingSaid;
    expect(run.running).toBe(true);
    host.endCellEdit();
    expect(await ending).toMatchObject({ outcome: "finished", complete: true });
    expect(await tableRows(host, "Bills")).toBe(120);
    expect(host.refusedForCellEdit).toBe(0);
  });
});
