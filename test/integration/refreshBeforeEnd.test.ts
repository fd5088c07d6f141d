// A refresh writes most of its rows while its walk goes on, through Microsoft's office.js client
// into the emulator: it knows about how many records are coming (the table's rows), so near that
// count the pending rows go to Excel, and the block left after the last page, which nothing
// overlaps, is small. The table then holds exactly the new list.
import { LedgerApi } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { BEFORE_END_ROWS, BLOCK_MAX_ROWS } from "../../src/import/blockPlanner";
import { importCollection } from "../../src/import/importCollection";
import { afterQueuedWork } from "../../src/util/afterQueuedWork";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

const RECEIPTS = 3_000;
const PAGES = RECEIPTS / 50;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { receipts: RECEIPTS } });
});

afterAll(async () => {
  await sandbox.close();
});

/** The sandbox's client; each page is handed over once `before()` resolves, then counted. */
function countingApi(onPage: (pages: number) => void, before: () => Promise<void>): LedgerApi {
  let pages = 0;
  class CountingApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      await before();
      pages += 1;
      onPage(pages);
      return page;
    }
  }
  return new CountingApi({
    apiAddress: sandbox.baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}

/** `run`, and a wait for the moment Excel has ended every batch it was given. */
function idleAware(host: OfficeJsExcelHost): { run: ExcelRun; idle: () => Promise<void> } {
  let running = 0;
  const waiting: (() => void)[] = [];
  const run: ExcelRun = async (batch) => {
    running += 1;
    try {
      return await host.run(batch);
    } finally {
      running -= 1;
      if (running === 0) for (const wake of waiting.splice(0)) wake();
    }
  };
  const idle = async (): Promise<void> => {
    if (running > 0) await new Promise<void>((resolve) => waiting.push(resolve));
    // The import hears of the write's end in the steps queued after it.
    await afterQueuedWork();
  };
  return { run, idle };
}

async function receiptIds(host: OfficeJsExcelHost): Promise<unknown[]> {
  return await host.run(async (context) => {
    const range = context.workbook.tables.getItem("Receipts").getDataBodyRange().getColumn(0);
    range.load("values");
    await context.sync();
    return range.values.map((row) => row[0]);
  });
}

describe("a refresh near the end of its walk", () => {
  it("has written all but about the last rows when the last page arrives", async () => {
    expect(RECEIPTS).toBeLessThan(BLOCK_MAX_ROWS); // full blocks alone would write none before the end
    const host = new OfficeJsExcelHost();
    const imported = await importCollection(host.run, {
      collection: "receipts",
      api: countingApi(
        () => undefined,
        () => Promise.resolve(),
      ),
    });
    expect(imported).toMatchObject({ rows: RECEIPTS, complete: true });
    const before = await receiptIds(host);

    // Excel is idle whenever a page arrives: each page waits until the batches sent have ended.
    const { run, idle } = idleAware(host);
    let pages = 0;
    let writtenAtLastPage = -1;
    const refreshed = await importCollection(run, {
      collection: "receipts",
      api: countingApi((count) => (pages = count), idle),
      onProgress: (progress) => {
        if (pages === PAGES && writtenAtLastPage < 0) writtenAtLastPage = progress.written ?? 0;
      },
    });
    expect(refreshed).toMatchObject({ rows: RECEIPTS, complete: true });
    expect(RECEIPTS - writtenAtLastPage).toBeLessThanOrEqual(BEFORE_END_ROWS);
    expect(RECEIPTS - writtenAtLastPage).toBeGreaterThan(0);
    // The old rows' copy is gone and the table holds the list once, in order.
    expect(await receiptIds(host)).toEqual(before);
    expect(host.tableInfo("Receipts")!.rowCount).toBe(RECEIPTS);
  }, 30_000);
});
