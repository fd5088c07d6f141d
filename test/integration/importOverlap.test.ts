// An import's walk and shaping go on while Excel is busy with a block, through Microsoft's office.js
// client into the emulator: the server's pages keep coming while a write is held, and every row
// still arrives in order once it is let through. While Excel has nothing to write, the rows
// pending go to it early, within the sync budget, so the block left after the last page is small.
import { LedgerApi } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";
import { afterQueuedWork } from "../../src/util/afterQueuedWork";

const INVOICES = 2_000;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { invoices: INVOICES } });
});

afterAll(async () => {
  await sandbox.close();
});

/**
 * The sandbox's client, telling `onPage` how many pages it has received; each page is handed
 * over only once `before()` resolves.
 */
function countingApi(
  onPage: (pages: number) => void,
  before: () => Promise<void> = () => Promise.resolve(),
): LedgerApi {
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

describe("an import beside a busy Excel", () => {
  it("keeps fetching pages while Excel holds a block, then writes every row", async () => {
    const host = new OfficeJsExcelHost();
    let pages = 0;
    // Excel holds the first batch asked for once 6 pages are in, until 20 more have come.
    let heldAt: number | null = null;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const api = countingApi((count) => {
      pages = count;
      if (heldAt !== null && pages >= heldAt + 20) release();
    });
    const run: ExcelRun = async (batch) => {
      if (heldAt === null && pages >= 6) {
        heldAt = pages;
        await released;
      }
      return await host.run(batch);
    };
    const result = await importCollection(
      run,
      { collection: "invoices", api },
      // Blocks of two pages, so the held batch is one of many.
      { blockRows: 100 },
    );
    expect(heldAt).not.toBeNull();
    expect(result.complete).toBe(true);
    expect(result.rows).toBe(INVOICES);
    const numbers = await host.run(async (context) => {
      // The first column: each invoice's ID.
      const range = context.workbook.tables.getItem("Invoices").getDataBodyRange().getColumn(0);
      range.load("values");
      await context.sync();
      return range.values.map((row) => row[0]);
    });
    expect(numbers).toHaveLength(INVOICES);
    expect(new Set(numbers).size).toBe(INVOICES);
  }, 30_000);

  it("writes early while Excel has nothing to write, within one sync per block of rows written", async () => {
    const host = new OfficeJsExcelHost();
    // Excel is idle whenever a page arrives: each page waits until the batches sent have ended.
    let running = 0;
    const idle: (() => void)[] = [];
    const run: ExcelRun = async (batch) => {
      running += 1;
      try {
        return await host.run(batch);
      } finally {
        running -= 1;
        if (running === 0) for (const wake of idle.splice(0)) wake();
      }
    };
    const excelIdle = async (): Promise<void> => {
      if (running > 0) await new Promise<void>((resolve) => idle.push(resolve));
      // The import hears of the write's end in the steps queued after it.
      await afterQueuedWork();
    };
    let pages = 0;
    const written: number[] = [];
    let writtenAtLastPage = -1;
    const api = countingApi((count) => (pages = count), excelIdle);
    const blockRows = 500;
    const result = await importCollection(
      run,
      {
        collection: "invoices",
        api,
        onProgress: (progress) => {
          const now = progress.written ?? 0;
          if (now !== written.at(-1)) written.push(now);
          if (pages === INVOICES / 50 && writtenAtLastPage < 0) writtenAtLastPage = now;
        },
      },
      { blockRows },
    );
    expect(result).toMatchObject({ rows: INVOICES, complete: true });
    const rowsWritten = INVOICES + host.tableInfo("InvoiceLines")!.rowCount;
    // Within the budget: one sync per block of rows written (main and linked), plus five.
    expect(host.syncCount).toBeLessThanOrEqual(Math.ceil(rowsWritten / blockRows) + 5);
    // Full blocks alone would be 500 invoices each; early ones are smaller, the last included.
    const blocks = written.slice(1).map((total, index) => total - (written[index] ?? 0));
    expect(blocks.length).toBeGreaterThan(INVOICES / blockRows + 1);
    expect(INVOICES - writtenAtLastPage).toBeLessThan(blockRows);
  }, 30_000);
});
