// Two fetches of new records into one workbook at once (co-authors with Fetch new on open, or
// two runs in one pane), through Microsoft's office.js client into the emulator over the
// sandbox: both look for new records before either writes, then they write one after the
// other, in an order the test fixes by holding one fetch's requests to Excel. Every new record
// ends up in the table exactly once, in the server's order, and each fetch says truthfully what
// it added.
import { LedgerApi } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { fetchNewIntoTable, type FetchNewResult } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { demoApi, useSandbox } from "./helpers/sandboxSession";
import { changeRecords } from "./helpers/sandboxControl";

const sandbox = useSandbox({ records: { invoices: 200 } });

function api(): LedgerApi {
  return demoApi(sandbox());
}

async function addRecords(add: number): Promise<void> {
  expect((await changeRecords(sandbox().origin, { list: "invoices", add })).status).toBe(200);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** At a batch: say it was reached, then wait for `until` before running it. */
interface Hold {
  readonly reached: () => void;
  readonly until: Promise<void>;
}

/**
 * `run`, except that the batches numbered in `holds` wait. A fetch of new records makes batch 1
 * to read the table's ids and batch 2, after its search, to find the table for writing; from
 * batch 3 on each inserts a block.
 */
function held(run: ExcelRun, holds: Readonly<Record<number, Hold>>): ExcelRun {
  let batches = 0;
  return async (batch) => {
    batches += 1;
    const hold = holds[batches];
    if (hold) {
      hold.reached();
      await hold.until;
    }
    return await run(batch);
  };
}

/** The table's cells (header first) and its status line two rows above it. */
async function tableOf(host: OfficeJsExcelHost, name = "Invoices") {
  return await host.run(async (context) => {
    const table = context.workbook.tables.getItem(name);
    const range = table.getRange();
    range.load("values,rowIndex,columnIndex");
    await context.sync();
    const status = table.worksheet.getRangeByIndexes(range.rowIndex - 2, range.columnIndex, 1, 1);
    status.load("values");
    await context.sync();
    return { values: range.values, status: String(status.values[0]?.[0]) };
  });
}

/**
 * A fresh workbook's full import of the list as it is now: what the table (or the invoices'
 * lines table) must equal.
 */
async function fullImport(name = "Invoices"): Promise<unknown[][]> {
  const fresh = new OfficeJsExcelHost();
  await importCollection(fresh.run, { collection: "invoices", api: api() });
  return (await tableOf(fresh, name)).values;
}

/** The invoices' lines went in with them, each once. */
async function expectLinesOfFullImport(host: OfficeJsExcelHost): Promise<void> {
  expect((await tableOf(host, "InvoiceLines")).values).toEqual(await fullImport("InvoiceLines"));
}

/** The ids in the table's ID column (the header first), each expected once. */
function idsOf(values: readonly unknown[][]): unknown[] {
  const column = (values[0] ?? []).indexOf("ID");
  return values.slice(1).map((row) => row[column]);
}

async function importedWorkbook(): Promise<OfficeJsExcelHost> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: api() });
  return host;
}

/**
 * Fetch A looks for new records, then `between` runs, then fetch B looks; neither writes before
 * both have looked. Then `first` writes all it has, then the other.
 */
async function race(
  host: OfficeJsExcelHost,
  first: "A" | "B",
  between: () => Promise<void> = async () => undefined,
): Promise<{ a: FetchNewResult; b: FetchNewResult }> {
  const searched = { a: deferred(), b: deferred() };
  const done = { a: deferred(), b: deferred() };
  const aRun = held(host.run, {
    2: { reached: searched.a.resolve, until: first === "A" ? searched.b.promise : done.b.promise },
  });
  const bRun = held(host.run, {
    2: { reached: searched.b.resolve, until: first === "A" ? done.a.promise : Promise.resolve() },
  });
  const a = fetchNewIntoTable(aRun, { collection: "invoices", api: api() }).finally(done.a.resolve);
  await searched.a.promise;
  await between();
  const b = fetchNewIntoTable(bRun, { collection: "invoices", api: api() }).finally(done.b.resolve);
  return { a: await a, b: await b };
}

describe("two fetches of new records racing on one workbook", () => {
  it("adds the records both found once: the second finds them there and adds none", async () => {
    const host = await importedWorkbook();
    await addRecords(30);
    const { a, b } = await race(host, "A");

    expect(a).toMatchObject({ mode: "new", added: 30, rows: 230, complete: true });
    expect(b).toMatchObject({ mode: "new", added: 0, rows: 230, complete: true });
    expect(b.message).toMatch(
      /^Added no records to table “Invoices” \(1 request\); it has 230 records\. 30 new records were already there, added by another update meanwhile\. /,
    );
    const table = await tableOf(host);
    const ids = idsOf(table.values);
    expect(ids).toHaveLength(230);
    expect(new Set(ids).size).toBe(230);
    expect(table.values).toEqual(await fullImport());
    await expectLinesOfFullImport(host);
    expect(table.status).toMatch(
      /^Invoices · 230 records · 0 new records added .*, 30 more already added by another update · earlier rows as of the last full refresh$/,
    );
  });

  it("continues the other's rows when it found more: only the newer records go in, on top", async () => {
    const host = await importedWorkbook();
    await addRecords(20);
    // Ten more appear after A has looked and before B looks: A found 20, B 30.
    const { a, b } = await race(host, "A", () => addRecords(10));

    expect(a).toMatchObject({ added: 20, rows: 220 });
    expect(b).toMatchObject({ added: 10, rows: 230, complete: true });
    expect(b.message).toContain(
      "Added 10 new records at the top of table “Invoices” (1 request); it now has 230 records. 20 new records were already there, added by another update meanwhile.",
    );
    const table = await tableOf(host);
    expect(new Set(idsOf(table.values)).size).toBe(230);
    expect(table.values).toEqual(await fullImport());
    await expectLinesOfFullImport(host);
    expect(table.status).toMatch(
      /^Invoices · 230 records · 10 new records added .*, 20 more already added by another update ·/,
    );
  });

  it("adds nothing when the other, which found more, wrote first", async () => {
    const host = await importedWorkbook();
    await addRecords(20);
    const { a, b } = await race(host, "B", () => addRecords(10));

    expect(b).toMatchObject({ added: 30, rows: 230 });
    expect(a).toMatchObject({ added: 0, rows: 230, complete: true });
    expect(a.message).toContain("20 new records were already there");
    const table = await tableOf(host);
    expect(new Set(idsOf(table.values)).size).toBe(230);
    expect(table.values).toEqual(await fullImport());
    await expectLinesOfFullImport(host);
  });

  it("interleaves block by block: each record once, in the server's order", async () => {
    const host = await importedWorkbook();
    await addRecords(120);
    // Both look; then A writes its first block (the 20 oldest), B writes everything, A goes on.
    const reached = { aSearched: deferred(), aSecondBlock: deferred(), bSearched: deferred() };
    const done = { b: deferred() };
    const aRun = held(host.run, {
      2: { reached: reached.aSearched.resolve, until: reached.bSearched.promise },
      4: { reached: reached.aSecondBlock.resolve, until: done.b.promise },
    });
    const bRun = held(host.run, {
      2: { reached: reached.bSearched.resolve, until: reached.aSecondBlock.promise },
    });
    const a = fetchNewIntoTable(aRun, { collection: "invoices", api: api() }, { blockRows: 50 });
    const b = fetchNewIntoTable(
      bRun,
      { collection: "invoices", api: api() },
      { blockRows: 50 },
    ).finally(done.b.resolve);
    const [resultA, resultB] = await Promise.all([a, b]);

    expect(resultA).toMatchObject({ added: 20, rows: 320, complete: true });
    expect(resultB).toMatchObject({ added: 100, rows: 320, complete: true });
    expect(resultA.message).toContain("100 new records were already there");
    expect(resultB.message).toContain("20 new records were already there");
    const table = await tableOf(host);
    expect(new Set(idsOf(table.values)).size).toBe(320);
    expect(table.values).toEqual(await fullImport());
    await expectLinesOfFullImport(host);
  });

  it("adds nothing, and says so, when the table's top changed in a way it cannot follow", async () => {
    const host = await importedWorkbook();
    await addRecords(5);
    const reached = deferred();
    const edited = deferred();
    const run = held(host.run, { 2: { reached: reached.resolve, until: edited.promise } });
    const fetching = fetchNewIntoTable(run, { collection: "invoices", api: api() });
    await reached.promise;
    // Someone types a row of their own at the top of the table while the fetch is under way.
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      const header = table.getHeaderRowRange();
      header.load("values");
      await context.sync();
      const row = (header.values[0] ?? []).map((name) => (name === "ID" ? "typed" : ""));
      table.rows.add(0, [row]);
      await context.sync();
    });
    const before = await tableOf(host);
    edited.resolve();
    const result = await fetching;

    expect(result).toMatchObject({ mode: "new", added: 0, complete: false });
    expect(result.message).toContain(
      "so 5 new records were not added rather than risk adding them twice or out of order; use Fetch new again.",
    );
    expect(await tableOf(host)).toEqual(before);
  });
});
