// Two projects in one workbook, over real HTTP against the sandbox, through
// Microsoft's office.js client into the emulator: demo-company (the workbook's first project) and
// other-company. The sandbox keeps each identity's data apart, so a request that reached the
// wrong project would show the wrong rows, or a 404 for a journal id of the other one.
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import Decimal from "decimal.js";
import { iterateCollection, LedgerApi } from "../../src/api";
import { activateSheet, activeJournalSheet } from "../../src/excel/journalSheetStates";
import type { TableProject } from "../../src/domain/tableOwnership";
import { IMPORT_TABLES_SETTING } from "../../src/settings/importTables";
import * as functions from "../../src/functions/functions";
import { fetchNewIntoTable } from "../../src/import/fetchNew";
import { importCollection } from "../../src/import/importCollection";
import { refreshAll } from "../../src/import/refreshAll";
import type { CollectionId } from "../../src/domain/collections";
import { openJournal, sendActiveJournal, validateActiveJournal } from "../../src/journalEditor";
import { activeConnection } from "../../src/settings/activeConnection";
import { installFakeOffice } from "../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { OTHER_COMPANY_RECORD_COUNTS, SEEDED_JOURNALS } from "../../tools/sandbox";
import { changeRecords } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

type Identity = "demo-company" | "other-company";

const DEMO: TableProject = { label: "demo-company", first: true };
const OTHER: TableProject = { label: "other-company", first: false };
const DEMO_INVOICES = 137;
const OTHER_INVOICES = OTHER_COMPANY_RECORD_COUNTS.invoices;

const sandbox = useSandbox();

function api(identity: Identity): LedgerApi {
  return demoApi(sandbox(), { identity, options: { timeoutMs: 5_000 } });
}

/** The ids of a collection as the project's server holds them, newest first. */
async function serverIds(identity: Identity, collection: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of iterateCollection(api(identity), `/${collection}`, { size: 50 })) {
    ids.push(...page.data.map((record) => String(record.id)));
  }
  return ids;
}

/** Per line of the project's invoices, newest first, its invoice's id. */
async function serverLineInvoiceIds(identity: Identity): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of iterateCollection(api(identity), "/invoices", { size: 50 })) {
    for (const invoice of page.data) {
      const lines = invoice["lines"];
      if (Array.isArray(lines)) ids.push(...lines.map(() => String(invoice.id)));
    }
  }
  return ids;
}

async function tableColumn(host: OfficeJsExcelHost, table: string, header: string) {
  return await host.run(async (context) => {
    const range = context.workbook.tables.getItem(table).columns.getItem(header);
    const body = range.getDataBodyRange();
    body.load("values");
    await context.sync();
    return body.values.map((row) => row[0] as unknown);
  });
}

/** Imports `collection` for demo-company (the first project), then for other-company. */
async function importBoth(host: OfficeJsExcelHost, collection: CollectionId): Promise<void> {
  await importCollection(host.run, { collection, api: api("demo-company"), project: DEMO });
  await importCollection(host.run, { collection, api: api("other-company"), project: OTHER });
}

async function importTablesRecords(host: OfficeJsExcelHost): Promise<Record<string, unknown>[]> {
  return await host.run(async (context) => {
    const setting = context.workbook.settings.getItem(IMPORT_TABLES_SETTING);
    setting.load("value");
    await context.sync();
    return JSON.parse(setting.value as string) as Record<string, unknown>[];
  });
}

afterAll(async () => {
  activeConnection.set(undefined);
});

describe("imports and refreshes of two projects in one workbook", () => {
  it("puts each project's invoices in its own sheet and table, side by side", async () => {
    const host = new OfficeJsExcelHost();
    const demo = await importCollection(host.run, {
      collection: "invoices",
      api: api("demo-company"),
      project: DEMO,
    });
    const other = await importCollection(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: OTHER,
    });
    expect(demo).toMatchObject({ sheetName: "Invoices", tableName: "Invoices" });
    expect(demo.rows).toBe(DEMO_INVOICES);
    expect(other).toMatchObject({
      sheetName: "Invoices (other-company)",
      tableName: "Invoices_OtherCompany",
    });
    expect(other.rows).toBe(OTHER_INVOICES);
    expect(await tableColumn(host, "Invoices", "ID")).toEqual(
      await serverIds("demo-company", "invoices"),
    );
    expect(await tableColumn(host, "Invoices_OtherCompany", "ID")).toEqual(
      await serverIds("other-company", "invoices"),
    );
    // The README's consolidation: =LEDGER.DECIMALSUM(Invoices[Total], Invoices_OtherCompany[Total])
    // equals the exact sum of both projects' invoice totals on the server.
    const column = async (table: string) =>
      (await tableColumn(host, table, "Total")).map((value) => [value]);
    const consolidated = functions.decimalSumOf([
      await column("Invoices"),
      await column("Invoices_OtherCompany"),
    ]);
    let expected = new Decimal(0);
    for (const identity of ["demo-company", "other-company"] as const) {
      for await (const page of iterateCollection(api(identity), "/invoices", { size: 50 })) {
        for (const record of page.data) expected = expected.plus(String(record.total));
      }
    }
    expect(String(consolidated)).toBe(expected.toString());
    // Each table records its project, so refreshes know where to go.
    const records = await importTablesRecords(host);
    expect(records.map((record) => [record.given, record.project])).toEqual([
      ["Invoices", "demo-company"],
      ["InvoiceLines", "demo-company"],
      ["Invoices_OtherCompany", "other-company"],
      ["InvoiceLines_OtherCompany", "other-company"],
    ]);
  });

  it("names the project in status lines and messages when the workbook has several", async () => {
    const host = new OfficeJsExcelHost();
    const named = (project: TableProject): TableProject => ({ ...project, named: true });
    const demo = await importCollection(host.run, {
      collection: "invoices",
      api: api("demo-company"),
      project: named(DEMO),
    });
    const other = await importCollection(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: named(OTHER),
    });
    // What follows the first sentence (cells kept as text) is not about projects.
    expect(demo.message).toMatch(
      new RegExp(`^Imported ${DEMO_INVOICES} records into Invoices of demo-company[.;]`),
    );
    expect(other.message).toMatch(
      new RegExp(`^Imported ${OTHER_INVOICES} records into Invoices of other-company\\.`),
    );
    // Each sheet's title names its project too; the first project's table keeps its plain name.
    expect(demo).toMatchObject({ sheetName: "Invoices (demo-company)", tableName: "Invoices" });
    expect(host.cell("Invoices (demo-company)", "A1").value).toMatch(
      new RegExp(`^Invoices of demo-company · ${DEMO_INVOICES} records · imported .* · complete$`),
    );
    expect(host.cell("Invoices (other-company)", "A1").value).toMatch(
      /^Invoices of other-company · \d+ records · imported .* · complete$/,
    );
    const fetched = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: named(OTHER),
    });
    expect(fetched.message).toMatch(/^No new Invoices of other-company since/);
    // A workbook of one project reads as it always did.
    const single = await importCollection(new OfficeJsExcelHost().run, {
      collection: "invoices",
      api: api("other-company"),
      project: { label: "other-company", first: true, named: false },
    });
    expect(single.message).toMatch(
      new RegExp(`^Imported ${OTHER_INVOICES} records into Invoices\\.`),
    );
  });

  it("refreshes each project's table from that project only, and never the other's", async () => {
    const host = new OfficeJsExcelHost();
    await importBoth(host, "invoices");
    const demoBefore = await tableColumn(host, "Invoices", "ID");
    expect(
      (await changeRecords(sandbox().origin, { list: "invoices", add: 3 }, "other-company")).status,
    ).toBe(200);

    const refreshed = await importCollection(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: OTHER,
    });
    // Refreshed in place (no Invoices_OtherCompany_2), with the new records.
    expect(refreshed.tableName).toBe("Invoices_OtherCompany");
    expect(refreshed.rows).toBe(OTHER_INVOICES + 3);
    expect(await tableColumn(host, "Invoices_OtherCompany", "ID")).toEqual(
      await serverIds("other-company", "invoices"),
    );
    expect(await tableColumn(host, "Invoices", "ID")).toEqual(demoBefore);
  });

  it("fetches new records, and their lines, into the tables of the project that has them", async () => {
    const host = new OfficeJsExcelHost();
    await importBoth(host, "invoices");
    const demoLines = await tableColumn(host, "InvoiceLines", "Invoice ID");
    await changeRecords(sandbox().origin, { list: "invoices", add: 2 }, "other-company");

    const other = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: OTHER,
    });
    expect(other).toMatchObject({ mode: "new", added: 2, tableName: "Invoices_OtherCompany" });
    const demo = await fetchNewIntoTable(host.run, {
      collection: "invoices",
      api: api("demo-company"),
      project: DEMO,
    });
    expect(demo).toMatchObject({ mode: "new", added: 0, tableName: "Invoices" });
    expect(await tableColumn(host, "Invoices_OtherCompany", "ID")).toEqual(
      await serverIds("other-company", "invoices"),
    );
    expect(await tableColumn(host, "Invoices", "ID")).toEqual(
      await serverIds("demo-company", "invoices"),
    );
    // Each invoice's lines on its project's lines sheet, the new ones on top; the other's as
    // they were.
    expect(await tableColumn(host, "InvoiceLines_OtherCompany", "Invoice ID")).toEqual(
      await serverLineInvoiceIds("other-company"),
    );
    expect(await tableColumn(host, "InvoiceLines", "Invoice ID")).toEqual(demoLines);
  });

  it("Refresh all refreshes every table with its own project's connection", async () => {
    const host = new OfficeJsExcelHost();
    for (const collection of ["invoices", "receipts"] as const) await importBoth(host, collection);
    await changeRecords(sandbox().origin, { list: "receipts", add: 4 }, "other-company");
    await changeRecords(sandbox().origin, { list: "invoices", add: 1 }, "demo-company");

    const result = await refreshAll(host.run, {
      mode: "full",
      projects: [
        { project: DEMO, api: api("demo-company") },
        { project: OTHER, api: api("other-company") },
      ],
    });
    expect(result.complete).toBe(true);
    expect(result.tables.map((table) => [table.label, table.project, table.state])).toEqual([
      ["Invoices", "demo-company", "done"],
      ["Receipts", "demo-company", "done"],
      ["Invoices (other-company)", "other-company", "done"],
      ["Receipts (other-company)", "other-company", "done"],
    ]);
    for (const [table, identity, collection] of [
      ["Invoices", "demo-company", "invoices"],
      ["Receipts", "demo-company", "receipts"],
      ["Invoices_OtherCompany", "other-company", "invoices"],
      ["Receipts_OtherCompany", "other-company", "receipts"],
    ] as const) {
      expect(await tableColumn(host, table, "ID")).toEqual(await serverIds(identity, collection));
    }
  });

  it("leaves a project that is not connected alone, and says so on its tables' lines", async () => {
    const host = new OfficeJsExcelHost();
    await importBoth(host, "invoices");
    const otherBefore = await tableColumn(host, "Invoices_OtherCompany", "ID");
    await changeRecords(sandbox().origin, { list: "invoices", add: 2 }, "other-company");

    const result = await refreshAll(host.run, {
      mode: "new",
      projects: [{ project: DEMO, api: api("demo-company") }, { project: OTHER }],
    });
    expect(result.complete).toBe(false);
    const other = result.tables.find((table) => table.project === "other-company");
    expect(other).toMatchObject({ state: "failed" });
    expect(other?.message).toMatch(
      /^Not connected to other-company: connect it on the Connection tab/,
    );
    expect(await tableColumn(host, "Invoices_OtherCompany", "ID")).toEqual(otherBefore);
  });

  it("treats tables imported before projects as the first project's", async () => {
    const host = new OfficeJsExcelHost();
    // An import of a workbook with one connection records no project.
    await importCollection(host.run, { collection: "invoices", api: api("demo-company") });
    expect((await importTablesRecords(host))[0]?.project).toBeUndefined();
    const again = await importCollection(host.run, {
      collection: "invoices",
      api: api("demo-company"),
      project: DEMO,
    });
    expect(again.tableName).toBe("Invoices");
    // Another project's import never takes that table, though the names would allow it.
    const other = await importCollection(host.run, {
      collection: "invoices",
      api: api("other-company"),
      project: { label: "demo-company-2", first: false },
    });
    expect(other.tableName).toBe("Invoices_DemoCompany2");
    expect(await tableColumn(host, "Invoices", "ID")).toEqual(
      await serverIds("demo-company", "invoices"),
    );
  });
});

describe("formulas of two projects", () => {
  let host: OfficeJsExcelHost;

  beforeAll(async () => {
    host = new OfficeJsExcelHost();
    const globals = installFakeOffice(globalThis, host);
    const metadata = await generateCustomFunctionsMetadata(
      [path.resolve(__dirname, "../../src/functions/functions.ts")],
      true,
    );
    const implementations = functions as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const item of metadata.associate) {
      globals.CustomFunctions.associate(item.id, implementations[item.functionName] as never);
    }
  });

  function connectBoth(options: { otherConnected?: boolean } = {}): void {
    activeConnection.set(undefined);
    activeConnection.setProjects(["demo-company", "other-company"]);
    for (const identity of ["demo-company", "other-company"] as const) {
      if (identity === "other-company" && options.otherConnected === false) continue;
      activeConnection.put({
        api: api(identity),
        origin: sandbox().origin,
        host: new URL(sandbox().origin).host,
        apiAddress: sandbox().baseUrl,
        version: "v1",
        identity,
        project: identity,
      });
    }
    activeConnection.setDefault("demo-company");
  }

  function call(id: string, ...args: unknown[]): Promise<unknown> {
    return Promise.resolve(host.callCustomFunction(id, ...args, {}));
  }

  async function failure(
    id: string,
    ...args: unknown[]
  ): Promise<{ code: string; message: string }> {
    try {
      await call(id, ...args);
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
    throw new Error(`${id} answered instead of failing`);
  }

  it("LIST names the project in its last argument; without it, the default", async () => {
    connectBoth();
    const other = (await call("LIST", "invoices", 100, "other-company")) as unknown[][];
    const demo = (await call("LIST", "invoices", 100)) as unknown[][];
    const named = (await call("LIST", "invoices", 100, "Demo-Company")) as unknown[][];
    const idColumn = (rows: unknown[][]) => {
      const index = (rows[0] ?? []).indexOf("ID");
      return rows.slice(1).map((row) => row[index]);
    };
    expect(idColumn(other)).toEqual(await serverIds("other-company", "invoices"));
    expect(idColumn(demo)).toEqual((await serverIds("demo-company", "invoices")).slice(0, 100));
    expect(idColumn(named)).toEqual(idColumn(demo));
  });

  it("keeps and shares answers per project: the same call for two projects is two requests", async () => {
    connectBoth();
    const before = sandbox().stats().apiRequests;
    const calls = [
      call("PAYMENTS", 5, "other-company"),
      call("PAYMENTS", 5, "other-company"),
      call("PAYMENTS", 5),
      call("PAYMENTS", 5, "demo-company"),
    ];
    const [otherA, otherB, demoA, demoB] = (await Promise.all(calls)) as unknown[][][];
    expect(sandbox().stats().apiRequests - before).toBe(2);
    expect(otherA).toEqual(otherB);
    expect(demoA).toEqual(demoB);
    expect(otherA).not.toEqual(demoA);
  });

  it("JOURNAL.FIELD reads the journal of the project named", async () => {
    connectBoth();
    const otherJournal = SEEDED_JOURNALS["other-company"][0]!;
    expect(await call("JOURNAL.FIELD", otherJournal.id, "reference", "other-company")).toBe(
      otherJournal.reference,
    );
    // The other project's id is unknown to the default one: the sandbox answers 404.
    expect(await failure("JOURNAL.FIELD", otherJournal.id, "reference")).toMatchObject({
      code: "#N/A",
    });
  });

  it("says which projects exist for an unknown name, and to connect one that is not", async () => {
    connectBoth({ otherConnected: false });
    expect(await failure("LIST", "invoices", 10, "acme")).toEqual({
      code: "#VALUE!",
      message:
        "This workbook has no project named “acme”. Its projects: demo-company, other-company.",
    });
    expect(await failure("PAYMENTS", 10, "other-company")).toEqual({
      code: "#N/A",
      message:
        "The project “other-company” is not connected. Connect it in the Ledger Sheets task pane.",
    });
  });
});

describe("journals of two projects", () => {
  it("sends a journal to the project it was opened from, whichever project is chosen now", async () => {
    const host = new OfficeJsExcelHost();
    const otherJournal = SEEDED_JOURNALS["other-company"].find((j) => j.status === "DRAFT")!;
    const demoJournal = SEEDED_JOURNALS["demo-company"].find((j) => j.status === "DRAFT")!;
    const clients = { "demo-company": api("demo-company"), "other-company": api("other-company") };
    const clientFor = (recorded: string | undefined) => {
      const label = (recorded ?? "demo-company") as Identity;
      return { project: label === "demo-company" ? DEMO : OTHER, api: clients[label] };
    };
    const opened = await openJournal(
      { run: host.run, api: clients["other-company"], project: OTHER, clientFor },
      otherJournal.id,
    );
    // "Journal JNL-1001 (other-company)" is one character too long for a sheet name.
    expect(opened).toMatchObject({
      kind: "opened",
      sheetName: `${otherJournal.reference} (other-company)`,
    });
    const sheet = (opened as { sheetName: string }).sheetName;
    expect((await activeJournalSheet(host.run))?.state?.project).toBe("other-company");
    host.setCells(sheet, "B10", [["Sent to other-company only"]]);

    // The pane now has demo-company chosen: the sheet still goes to other-company.
    const demoBefore = (await clients["demo-company"].getJournal(demoJournal.id)).data;
    const sent = await sendActiveJournal({
      run: host.run,
      api: clients["demo-company"],
      project: DEMO,
      clientFor,
    });
    expect(sent).toMatchObject({ kind: "saved" });
    const stored = (await clients["other-company"].getJournal(otherJournal.id)).data;
    expect(stored.description).toBe("Sent to other-company only");
    const demoAfter = (await clients["demo-company"].getJournal(demoJournal.id)).data;
    expect(demoAfter.updated_at).toBe(demoBefore.updated_at);
    // Redrawn from other-company's copy, still recorded as its sheet.
    expect((await activeJournalSheet(host.run))?.state?.project).toBe("other-company");
  });

  it("refuses to send when the sheet's project is not connected, and keeps the sheet", async () => {
    const host = new OfficeJsExcelHost();
    const otherJournal = SEEDED_JOURNALS["other-company"].find((j) => j.status === "DRAFT")!;
    const opened = await openJournal(
      { run: host.run, api: api("other-company"), project: OTHER },
      otherJournal.id,
    );
    const sheet = (opened as { sheetName: string }).sheetName;
    host.setCells(sheet, "B10", [["Not sent"]]);
    const before = sandbox().stats().apiRequests;
    const sent = await sendActiveJournal({
      run: host.run,
      api: api("demo-company"),
      project: DEMO,
      clientFor: (recorded) => ({
        project: recorded === "other-company" ? OTHER : DEMO,
        ...(recorded === "other-company" ? {} : { api: api("demo-company") }),
      }),
    });
    expect(sent).toEqual({
      kind: "failed",
      message:
        "This journal belongs to project other-company, which is not connected. Connect it on " +
        "the Connection tab, then try again. Nothing was sent; your sheet was not changed.",
    });
    expect(sandbox().stats().apiRequests).toBe(before);
    expect(host.cell(sheet, "B10").value).toBe("Not sent");
  });

  it("resolves an account code typed on a line only by the accounts of the sheet's own project", async () => {
    const host = new OfficeJsExcelHost();
    const otherSeed = SEEDED_JOURNALS["other-company"].find((j) => j.status === "DRAFT")!;
    const demoSeed = SEEDED_JOURNALS["demo-company"].find((j) => j.status === "DRAFT")!;
    const otherJournal = (await api("other-company").getJournal(otherSeed.id)).data;
    const demoJournal = (await api("demo-company").getJournal(demoSeed.id)).data;
    const otherAccount = otherJournal.lines[0]!;
    const demoAccount = demoJournal.lines[0]!;
    const other = await openJournal(
      { run: host.run, api: api("other-company"), project: OTHER },
      otherJournal.id,
    );
    const demo = await openJournal(
      { run: host.run, api: api("demo-company"), project: DEMO },
      demoJournal.id,
    );
    if (other.kind !== "opened" || demo.kind !== "opened") throw new Error("not opened");
    // Two new lines on the demo sheet (Account code in B, Debit F, Credit G, Account ID L):
    // one with other-company's code, one with a demo code, 10.00 each way.
    const row = 19 + demoJournal.lines.length;
    host.setCells(demo.sheetName, `B${row}`, [[otherAccount.account_code]]);
    host.setCells(demo.sheetName, `F${row}`, [[10]]);
    host.setCells(demo.sheetName, `B${row + 1}`, [[demoAccount.account_code]]);
    host.setCells(demo.sheetName, `G${row + 1}`, [[10]]);

    const checked = await validateActiveJournal({ run: host.run });
    expect(checked.kind === "invalid" && checked.problems).toEqual([
      {
        address: `L${row}`,
        message: `Line ${demoJournal.lines.length + 1}, Account ID (L${row}): enter the account's ID; no other line or open journal has account code ${otherAccount.account_code} to take it from`,
      },
    ]);
    // The same code on other-company's own sheet takes other-company's account.
    await activateSheet(host.run, other.sheetKey);
    const otherRow = 19 + otherJournal.lines.length;
    host.setCells(other.sheetName, `B${otherRow}`, [[otherAccount.account_code]]);
    host.setCells(other.sheetName, `F${otherRow}`, [[10]]);
    host.setCells(other.sheetName, `B${otherRow + 1}`, [[otherAccount.account_code]]);
    host.setCells(other.sheetName, `G${otherRow + 1}`, [[10]]);
    const otherChecked = await validateActiveJournal({ run: host.run });
    expect(otherChecked.kind).toBe("valid");
  });
});
