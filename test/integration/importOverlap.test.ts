// An import's walk and shaping go on while Excel is busy with a block, through Microsoft's office.js
// client into the emulator: the server's pages keep coming while a write is held, and every row
// still arrives in order once it is let through.
import { LedgerApi } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { DEMO_TOKEN, RunningSandbox, startSandbox } from "../../tools/sandbox";

const INVOICES = 2_000;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, records: { invoices: INVOICES } });
});

afterAll(async () => {
  await sandbox.close();
});

/** The sandbox's client, telling `onPage` how many pages it has received. */
function countingApi(onPage: (pages: number) => void): LedgerApi {
  let pages = 0;
  class CountingApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
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
});
