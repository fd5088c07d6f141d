// An imported table is shared ground: over real HTTP, through Microsoft's office.js client into the
// emulator, the user adds a calculated column, a typed column, a filter and a sort; the server
// adds records at the front and drops one; every kind of refresh keeps the formula on every row,
// each typed value with its invoice, the filter and the sort. A refresh that fails or is cancelled
// part-way leaves the workbook exactly as it was (serialize() compared), invoice lines included.
import { LedgerApi } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection, type ImportLimits } from "../../src/import/importCollection";
import { refreshAll } from "../../src/import/refreshAll";
import { RefreshKeptError } from "../../src/import/refreshKept";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { changeRecords, setFaults } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();

const DAYS = "=TODAY()-[@[Due date]]";

/** Three invoices the user typed a note beside: the newest (which the server then drops) and two. */
interface Setup {
  readonly host: OfficeJsExcelHost;
  readonly checked: ReadonlyMap<string, string>;
  readonly dropped: string;
  readonly status: string;
}

type Cell = string | number | boolean;

async function tableColumns(host: OfficeJsExcelHost, name = "Invoices") {
  return await host.run(async (context) => {
    const table = context.workbook.tables.getItem(name);
    const header = table.getHeaderRowRange().load("values");
    const body = table.getDataBodyRange().load("values,formulas,rowIndex,rowCount");
    await context.sync();
    const headers = (header.values[0] ?? []).map(String);
    const column = (title: string): Cell[] => {
      const index = headers.indexOf(title);
      if (index < 0) throw new Error(`no column ${title}`);
      return body.values.map((row) => row[index] as Cell);
    };
    const formulas = (title: string): Cell[] =>
      body.formulas.map((row) => row[headers.indexOf(title)] as Cell);
    return { headers, column, formulas, rowIndex: body.rowIndex, rowCount: body.rowCount };
  });
}

/**
 * Imports Invoices, then does what an accountant does: a calculated column, a typed column with
 * notes on three invoices, a filter on Status and a sort by Total, largest first.
 */
async function importedAndWorkedOn(): Promise<Setup> {
  const host = new OfficeJsExcelHost();
  await importCollection(host.run, { collection: "invoices", api: demoApi(sandbox()) });
  const before = await tableColumns(host);
  const ids = before.column("ID").map(String);
  const statuses = before.column("Status").map(String);
  const status = statuses[0]!;
  const dropped = ids[0]!;
  const checked = new Map([
    [dropped, "gone soon"],
    [ids[5]!, "called"],
    [ids[40]!, "disputed"],
  ]);
  await host.run(async (context) => {
    const table = context.workbook.tables.getItem("Invoices");
    const rows = before.rowCount;
    table.columns.add(undefined, undefined, "Days");
    table.columns.add(undefined, undefined, "Checked");
    await context.sync();
    table.columns.getItem("Days").getDataBodyRange().formulas = ids.map(() => [DAYS]);
    const notes = table.columns.getItem("Checked").getDataBodyRange();
    notes.values = ids.map((id) => [checked.get(id) ?? null]) as Cell[][];
    expect(rows).toBe(ids.length);
    await context.sync();
    table.columns.getItem("Status").filter.applyValuesFilter([status]);
    const total = before.headers.indexOf("Total");
    table.sort.apply([{ key: total, ascending: false }]);
    await context.sync();
  });
  return { host, checked, dropped, status };
}

/** What a refresh must have kept: the formula, the notes with their invoices, filter and sort. */
async function expectKept(setup: Setup, rows: number): Promise<void> {
  const { host, checked, dropped, status } = setup;
  const after = await tableColumns(host);
  expect(after.rowCount).toBe(rows);
  expect(new Set(after.formulas("Days"))).toEqual(new Set([DAYS]));
  const ids = after.column("ID").map(String);
  expect(ids).not.toContain(dropped);
  const notes = after.column("Checked");
  const kept = new Map(ids.flatMap((id, row) => (notes[row] === "" ? [] : [[id, notes[row]]])));
  expect(kept).toEqual(new Map([...checked].filter(([id]) => id !== dropped)));
  const totals = after.column("Total").map(Number);
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  const view = await host.run(async (context) => {
    const table = context.workbook.tables.getItem("Invoices");
    const filter = table.columns.getItem("Status").filter.load("criteria");
    const body = table.getDataBodyRange();
    const hidden = Array.from({ length: rows }, (_, row) => body.getRow(row).load("rowHidden"));
    await context.sync();
    return { criteria: filter.criteria, hidden: hidden.map((row) => row.rowHidden) };
  });
  expect(view.criteria).toMatchObject({ filterOn: "Values", values: [status] });
  const statuses = after.column("Status").map(String);
  expect(view.hidden).toEqual(statuses.map((each) => each !== status));
}

const CHANGE = { list: "invoices", deleteNewest: 1, add: 5 };
const REFRESHED = 137 - 1 + 5;

describe("a refresh keeps what the user added to the table", () => {
  it("Refresh (an import over the table)", async () => {
    const setup = await importedAndWorkedOn();
    expect((await changeRecords(sandbox().origin, CHANGE)).status).toBe(200);
    const result = await importCollection(setup.host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: REFRESHED, complete: true });
    await expectKept(setup, REFRESHED);
    expect(result.details).toContain(
      "1 cell of column “Checked” belonged to records no longer in the list (or rows without an ID) and went with their rows.",
    );
    expect(result.details).toContain(
      "The filters and sort of table “Invoices” were applied again over the new rows.",
    );
  });

  it("Refresh all, as the refresh on open and the automatic refresh run it", async () => {
    const setup = await importedAndWorkedOn();
    expect((await changeRecords(sandbox().origin, CHANGE)).status).toBe(200);
    const outcome = await refreshAll(setup.host.run, { mode: "full", api: demoApi(sandbox()) });
    expect(outcome.complete).toBe(true);
    await expectKept(setup, REFRESHED);
  });

  it("Fetch new of invoices (a full refresh, since their lines have a sheet of their own)", async () => {
    const setup = await importedAndWorkedOn();
    expect((await changeRecords(sandbox().origin, CHANGE)).status).toBe(200);
    const result = await fetchNewIntoTable(setup.host.run, {
      collection: "invoices",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ rows: REFRESHED, complete: true });
    await expectKept(setup, REFRESHED);
  });
});

describe("Fetch new keeps what the user added to the table", () => {
  it("new rows get the calculated column's formula; typed cells and the filter stay", async () => {
    const host = new OfficeJsExcelHost();
    await importCollection(host.run, { collection: "receipts", api: demoApi(sandbox()) });
    const before = await tableColumns(host, "Receipts");
    const ids = before.column("ID").map(String);
    await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Receipts");
      table.columns.add(undefined, undefined, "Twice");
      table.columns.add(undefined, undefined, "Checked");
      await context.sync();
      table.columns.getItem("Twice").getDataBodyRange().formulas = ids.map(() => ["=[@Total]*2"]);
      table.columns.getItem("Checked").getDataBodyRange().values = ids.map((_, row) => [
        row === 2 ? "seen" : null,
      ]) as Cell[][];
      await context.sync();
      table.columns.getItem("Checked").filter.applyValuesFilter(["seen"]);
      await context.sync();
    });
    expect((await changeRecords(sandbox().origin, { list: "receipts", add: 5 })).status).toBe(200);
    const result = await fetchNewIntoTable(host.run, {
      collection: "receipts",
      api: demoApi(sandbox()),
    });
    expect(result).toMatchObject({ mode: "new", added: 5, rows: ids.length + 5 });
    const after = await tableColumns(host, "Receipts");
    expect(new Set(after.formulas("Twice"))).toEqual(new Set(["=[@Total]*2"]));
    const notes = after.column("Checked");
    const seen = after.column("ID").flatMap((id, row) => (notes[row] === "seen" ? [id] : []));
    expect(seen).toEqual([ids[2]]);
    // The filter is on again: only the noted receipt shows, the new ones hidden with the rest.
    expect(host.workbook.sheetNamed("Receipts")!.hiddenRows.size).toBe(ids.length + 5 - 1);
  });
});

/** A client that gives up after two attempts, so a failing page fails the refresh quickly. */
function impatientApi(): LedgerApi {
  return demoApi(sandbox(), {
    options: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2 } },
  });
}

/** An ExcelRun whose `refused`-th request has a command Excel refuses queued at its end. */
function refusingRun(host: OfficeJsExcelHost, refused: number): ExcelRun {
  let runs = 0;
  return (batch) =>
    host.run(async (context) => {
      runs += 1;
      if (runs === refused) {
        const sync = context.sync.bind(context);
        context.sync = async <T>(passThroughValue?: T): Promise<T> => {
          // Two cells given one value: InvalidArgument, after the commands before it ran.
          context.workbook.worksheets.getItem("Invoices").getRange("ZZ1:ZZ2").values = [[1]];
          return (await sync(passThroughValue)) as T;
        };
      }
      return batch(context);
    });
}

const SMALL_BLOCKS: ImportLimits = { blockRows: 40 };

describe("a refresh that does not finish leaves the workbook as it was", () => {
  it("when the server fails on page 2 until the retries give up", async () => {
    const setup = await importedAndWorkedOn();
    const before = setup.host.serialize();
    const page2 = { method: "GET", pathContains: "last_id", status: 503 };
    await setFaults(sandbox(), { next: [page2, page2, page2] });
    const failure = await importCollection(
      setup.host.run,
      { collection: "invoices", api: impatientApi() },
      SMALL_BLOCKS,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RefreshKeptError);
    expect((failure as Error).message).toMatch(
      /^Refresh failed; table “Invoices” still shows the data of \d{4}-\d\d-\d\d \d\d:\d\d .+ \(137 rows\)\. /,
    );
    expect(setup.host.serialize()).toBe(before);
  });

  it("when it is cancelled after the first page", async () => {
    const setup = await importedAndWorkedOn();
    const before = setup.host.serialize();
    const cancel = new AbortController();
    const result = await importCollection(
      setup.host.run,
      {
        collection: "invoices",
        api: demoApi(sandbox()),
        signal: cancel.signal,
        onProgress: (progress) => {
          if (progress.pages >= 1) cancel.abort();
        },
      },
      SMALL_BLOCKS,
    );
    expect(result).toMatchObject({ complete: false, rows: 137 });
    expect(result.headline).toMatch(
      /^Refresh cancelled; table “Invoices” still shows the data of /,
    );
    expect(setup.host.serialize()).toBe(before);
  });

  it("when Excel refuses a request part-way", async () => {
    const setup = await importedAndWorkedOn();
    const before = setup.host.serialize();
    // The main table and the lines table open in two requests; the fourth writes the 2nd block.
    const failure = await importCollection(
      refusingRun(setup.host, 4),
      { collection: "invoices", api: demoApi(sandbox()) },
      SMALL_BLOCKS,
    ).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RefreshKeptError);
    expect(String((failure as RefreshKeptError).failure)).toMatch(/InvalidArgument|argument/i);
    expect(setup.host.serialize()).toBe(before);
  });
});
