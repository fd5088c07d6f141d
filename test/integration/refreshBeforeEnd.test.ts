// A refresh writes most of its rows while its walk goes on, through Microsoft's office.js client
// into the emulator: it knows about how many records are coming (the table's rows), so near that
// count the pending rows go to Excel, and the block left after the last page, which nothing
// overlaps, is small. The table then holds exactly the new list.
import { BEFORE_END_ROWS, BLOCK_MAX_ROWS } from "../../src/import/blockPlanner";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { RunningSandbox, startSandbox } from "../../tools/sandbox";
import { countingApi } from "./helpers/countingApi";
import { idleAwareRun } from "./helpers/idleAwareRun";

const RECEIPTS = 3_000;
const PAGES = RECEIPTS / 50;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { receipts: RECEIPTS } });
});

afterAll(async () => {
  await sandbox.close();
});

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
      api: countingApi(sandbox.baseUrl, () => undefined),
    });
    expect(imported).toMatchObject({ rows: RECEIPTS, complete: true });
    const before = await receiptIds(host);

    // Excel is idle whenever a page arrives: each page waits until the batches sent have ended.
    const { run, idle } = idleAwareRun(host);
    let pages = 0;
    let writtenAtLastPage = -1;
    const refreshed = await importCollection(run, {
      collection: "receipts",
      api: countingApi(sandbox.baseUrl, (count) => (pages = count), idle),
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
