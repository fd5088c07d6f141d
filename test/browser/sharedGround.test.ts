// The built task pane in headless Chromium against the sandbox: an imported table the user worked
// on (a calculated column, notes typed beside three invoices, a filter and a sort) keeps all of it
// through a refresh from the pane, and a refresh the server fails part-way leaves the workbook
// exactly as it was, saying so in the pane.
import { type BrowserSession, importFromPane, useConnectedPreview } from "./harness";
import { changeRecords, setFaults } from "../integration/helpers/sandboxControl";

type Cell = string | number | boolean;

/** The page's workbook, as far as this test drives it (the emulator's own proxies). */
type PageHost = {
  ledgerFakeHost: {
    run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
    serialize(): string;
  };
};

/** Adds the user's columns, notes on three invoices, a filter on Status and a sort by Total. */
function workOnTable(session: BrowserSession): Promise<{ notes: Record<string, string> }> {
  return session.page.evaluate(async () => {
    const host = (window as unknown as PageHost).ledgerFakeHost;
    return await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      const header = table.getHeaderRowRange().load("values");
      const body = table.getDataBodyRange().load("values");
      await context.sync();
      const headers = (header.values[0] ?? []).map(String);
      const ids = body.values.map((row) => String(row[headers.indexOf("ID")]));
      const notes: Record<string, string> = {
        [ids[0]!]: "gone soon",
        [ids[3]!]: "called",
        [ids[30]!]: "disputed",
      };
      table.columns.add(undefined, undefined, "Days");
      table.columns.add(undefined, undefined, "Checked");
      await context.sync();
      table.columns.getItem("Days").getDataBodyRange().formulas = ids.map(() => [
        "=TODAY()-[@[Due date]]",
      ]);
      table.columns.getItem("Checked").getDataBodyRange().values = ids.map((id) => [
        notes[id] ?? null,
      ]) as Cell[][];
      await context.sync();
      const status = String(body.values[0]?.[headers.indexOf("Status")]);
      table.columns.getItem("Status").filter.applyValuesFilter([status]);
      table.sort.apply([{ key: headers.indexOf("Total"), ascending: false }]);
      await context.sync();
      return { notes };
    });
  });
}

/** What the table holds now: formulas of Days, notes by ID, totals in order, the filter. */
function readTable(session: BrowserSession) {
  return session.page.evaluate(async () => {
    const host = (window as unknown as PageHost).ledgerFakeHost;
    return await host.run(async (context) => {
      const table = context.workbook.tables.getItem("Invoices");
      const header = table.getHeaderRowRange().load("values");
      const body = table.getDataBodyRange().load("values,formulas");
      const filter = table.columns.getItem("Status").filter.load("criteria");
      await context.sync();
      const headers = (header.values[0] ?? []).map(String);
      const at = (name: string) => headers.indexOf(name);
      const notes: Record<string, Cell> = {};
      for (const row of body.values) {
        if (row[at("Checked")] !== "") notes[String(row[at("ID")])] = row[at("Checked")] as Cell;
      }
      return {
        rows: body.values.length,
        days: [...new Set(body.formulas.map((row) => String(row[at("Days")])))],
        notes,
        totals: body.values.map((row) => Number(row[at("Total")])),
        filter: filter.criteria,
      };
    });
  });
}

describe("an imported table the user worked on, refreshed from the task pane", () => {
  const preview = useConnectedPreview();
  let session: BrowserSession;

  beforeAll(() => {
    session = preview();
  });

  it("keeps the formula on every row, each note with its invoice, the filter and the sort", async () => {
    expect(await importFromPane(session, "invoices")).toMatch(/^Imported 137 records/);
    const { notes } = await workOnTable(session);
    const dropped = Object.keys(notes)[0]!;
    const change = { list: "invoices", deleteNewest: 1, add: 5 };
    expect((await changeRecords(session.sandbox.origin, change)).status).toBe(200);

    expect(await importFromPane(session, "invoices")).toMatch(/^Imported 141 records/);
    const after = await readTable(session);
    expect(after.rows).toBe(141);
    expect(after.days).toEqual(["=TODAY()-[@[Due date]]"]);
    const kept = Object.fromEntries(Object.entries(notes).filter(([id]) => id !== dropped));
    expect(after.notes).toEqual(kept);
    expect(after.totals).toEqual([...after.totals].sort((a, b) => b - a));
    expect(after.filter).toMatchObject({ filterOn: "Values" });
    // What became of the note whose invoice left, and of the filter and sort, unfolds below.
    const details = (await session.pane.locator("#import-messages details").textContent()) ?? "";
    expect(details).toContain("1 cell of column “Checked” belonged to records no longer");
    expect(details).toContain("The filters and sort of table “Invoices” were applied again");
  });

  it("leaves the workbook as it was when the server fails on page 2, and says so", async () => {
    const before = await session.page.evaluate(() =>
      (window as unknown as PageHost).ledgerFakeHost.serialize(),
    );
    const page2 = { method: "GET", pathContains: "last_id", status: 503 };
    await setFaults(session.sandbox, { next: Array.from({ length: 4 }, () => page2) });
    const status = await importFromPane(session, "invoices");
    expect(status).toMatch(
      /^Refresh failed; table “Invoices” still shows the data of .+ \(141 rows\)\. /,
    );
    const after = await session.page.evaluate(() =>
      (window as unknown as PageHost).ledgerFakeHost.serialize(),
    );
    expect(after).toBe(before);
  });
});
