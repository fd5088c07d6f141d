// An import's walk and shaping go on while Excel is busy with a block, through Microsoft's office.js
// client into the emulator: the server's pages keep coming while a write is held, and every row
// still arrives in order once it is let through. While Excel has nothing to write, the rows
// pending go to it early, within the sync budget, so the block left after the last page is small.
import type { ExcelRun } from "../../src/excel/run";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { RunningSandbox, startSandbox } from "../../tools/sandbox";
import { countingApi } from "./helpers/countingApi";
import { idleAwareRun } from "./helpers/idleAwareRun";

const INVOICES = 2_000;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { invoices: INVOICES } });
});

afterAll(async () => {
  await sandbox.close();
});

describe("an import beside a busy Excel", () => {
  it("keeps fetching pages while Excel holds a block, then writes every row", async () => {
    const host = new OfficeJsExcelHost();
    let pages = 0;
    // Excel holds the first batch asked for once 6 pages are in, until 20 more have come.
    let heldAt: number | null = null;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const api = countingApi(sandbox.baseUrl, (count) => {
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
    const { run, idle: excelIdle } = idleAwareRun(host);
    let pages = 0;
    const written: number[] = [];
    let writtenAtLastPage = -1;
    const api = countingApi(sandbox.baseUrl, (count) => (pages = count), excelIdle);
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
