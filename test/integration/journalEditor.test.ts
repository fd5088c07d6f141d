// The journal editor end to end without a browser: the sandbox over HTTP, the real client, the
// journal core and the Excel layer, on the strict fake Excel host.
import { JournalUpdate, LedgerApi, ManualJournal } from "../../src/api";
import type { ExcelRun } from "../../src/excel/run";
import { activeJournalSheet } from "../../src/excel/journalSheetStates";
import { FakeExcelHost } from "../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { openJournal, sendActiveJournal, validateActiveJournal } from "../../src/journalEditor";
import { MemorySecretStore } from "../doubles/memoryStores";
import { RecentJournalsOnDevice } from "../../src/settings/recentJournalsOnDevice";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { clearFaults, setFaults } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

const sandbox = useSandbox();

const journals = SEEDED_JOURNALS["demo-company"];
function seeded(reference: string): { id: string; transaction_reference: string } {
  const journal = journals.find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal;
}

function api(options: { serviceDecimals?: number } = {}): LedgerApi {
  return demoApi(sandbox(), { options: { timeoutMs: 2_000, ...options } });
}

function faults(body: object): Promise<void> {
  return setFaults(sandbox(), body);
}

/** The lines block (header row 18, lines from 19) and the header inputs, as the user sees them. */
function snapshot(host: FakeExcelHost, sheet: string): unknown[][] {
  return host.values(sheet, "A3:L32");
}

const SHEET_1 = "Journal JNL-0001";

/** The real client with some methods replaced. */
function apiWith(overrides: Partial<Pick<LedgerApi, "getJournal" | "updateJournal">>): LedgerApi {
  const real = api();
  return new Proxy(real, {
    get(target, property, receiver) {
      const own = (overrides as Record<string | symbol, unknown>)[property];
      if (own !== undefined) return own;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** Changes the journal on the server as a colleague would (its description). */
async function colleagueEdits(id: string, description: string): Promise<ManualJournal> {
  const other = (await api().getJournal(id)).data;
  return (
    await api().updateJournal(id, {
      transaction_date: other.transaction_date,
      currency_code: other.currency_code,
      description,
      lines: other.lines.map((l) => ({
        account_id: l.account_id,
        type: l.debit === "0.00" ? "CREDIT" : "DEBIT",
        amount: l.debit === "0.00" ? l.credit : l.debit,
      })),
    })
  ).data;
}

beforeEach(async () => {
  await clearFaults(sandbox());
});

describe("journal editor against the sandbox", () => {
  it("opens a journal by id and by transaction reference, each on its own sheet", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const byId = await openJournal(deps, seeded("JNL-0001").id);
    expect(byId).toMatchObject({ kind: "opened", sheetName: SHEET_1, editable: true });
    expect(host.cell(SHEET_1, "B7").text).toBe("2026-01-31");
    expect(host.cell(SHEET_1, "F19").value).toBe(2500);
    expect(host.cell(SHEET_1, "F19").text).toBe("2,500.00");

    const byReference = await openJournal(deps, "TRX/2026 0003 adj");
    expect(byReference).toMatchObject({ kind: "opened", sheetName: "Journal JNL-0003" });
    expect(host.activeSheetName).toBe("Journal JNL-0003");
    expect(host.cell("Journal JNL-0003", "B4").value).toBe("TRX/2026 0003 adj");
  });

  it("sends an edited, balanced journal and redraws the server's copy", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "F19", [[2600]]);
    host.setCells(SHEET_1, "G20", [[2600]]);
    host.setCells(SHEET_1, "B10", [["January rent accrual, revised"]]);
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "valid" });

    const sent = await sendActiveJournal(deps);
    expect(sent).toMatchObject({ kind: "saved", changes: [] });
    const stored = (await api().getJournal(seeded("JNL-0001").id)).data;
    expect(stored.description).toBe("January rent accrual, revised");
    expect(stored.lines.map((l) => [l.debit, l.credit])).toEqual([
      ["2600.00", "0.00"],
      ["0.00", "2600.00"],
    ]);
    // The sheet now remembers the new version: a second send is not "stale".
    expect((await activeJournalSheet(host.run))?.state?.loadedUpdatedAt).toBe(stored.updated_at);
    expect(host.cell(SHEET_1, "B13").text).toContain(stored.updated_at.slice(0, 10));
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
  });

  it("sends an untouched date back as the server wrote it, and a cleared description as empty", async () => {
    const host = new OfficeJsExcelHost();
    const loaded = (await api().getJournal(seeded("JNL-0001").id)).data;
    expect(loaded.description).not.toBe("");
    const sentUpdates: JournalUpdate[] = [];
    const real = api();
    const deps = {
      run: host.run,
      api: apiWith({
        updateJournal: (id, update, call) => {
          sentUpdates.push(update);
          return real.updateJournal(id, update, call);
        },
      }),
    };
    await openJournal(deps, loaded.id);
    host.setCells(SHEET_1, "B10", [[""]]);

    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    expect(sentUpdates).toHaveLength(1);
    // Not rewritten to "2026-01-31T00:00:00Z": the user did not touch the date.
    expect(sentUpdates[0]?.transaction_date).toBe(loaded.transaction_date);
    expect(sentUpdates[0]?.description).toBe("");
    const stored = (await api().getJournal(loaded.id)).data;
    expect(stored.description ?? "").toBe("");
    expect(stored.transaction_date).toBe(loaded.transaction_date);
  });

  it("refuses amounts entered as text, which the sheet's totals leave out, and sends nothing", async () => {
    const host = new OfficeJsExcelHost();
    const sent: JournalUpdate[] = [];
    const deps = {
      run: host.run,
      api: apiWith({
        updateJournal: (_id, update) => {
          sent.push(update);
          return Promise.reject(new Error("must not be sent"));
        },
      }),
    };
    await openJournal(deps, seeded("JNL-0001").id);
    // Cells formatted as Text keep typed digits as text, which the Total row's SUM skips.
    host.setCells(SHEET_1, "F19", [["2600"]], "@");
    host.setCells(SHEET_1, "G20", [["2600"]], "@");

    const validated = await validateActiveJournal(deps);
    if (validated.kind !== "invalid") throw new Error(`expected invalid, got ${validated.kind}`);
    const problems = validated.problems;
    expect(problems.map((p) => p.address)).toEqual(["F19", "G20"]);
    expect(problems[0]?.message).toContain("is text, not a number");
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "invalid" });
    expect(sent).toEqual([]);
  });

  it("refuses lines the user cannot see (hidden or filtered out) and sends nothing", async () => {
    const host = new OfficeJsExcelHost();
    const sent: JournalUpdate[] = [];
    const deps = {
      run: host.run,
      api: apiWith({
        updateJournal: (_id, update) => {
          sent.push(update);
          return Promise.reject(new Error("must not be sent"));
        },
      }),
    };
    await openJournal(deps, seeded("JNL-0001").id);
    // A balanced pair the user does not see: the Total row's SUM counts it, so B1 says Balanced.
    host.setCells(SHEET_1, "F22:L22", [[999999.99, "", "", "", "", "", "acc-x"]]);
    host.setCells(SHEET_1, "F23:L23", [["", 999999.99, "", "", "", "", "acc-y"]]);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).getRange("A22:A23").rowHidden = true;
      await context.sync();
    });

    const outcome = await sendActiveJournal(deps);
    if (outcome.kind !== "invalid") throw new Error(`expected invalid, got ${outcome.kind}`);
    expect(outcome.problems.map((p) => [p.address, p.message.split(",")[0]])).toEqual([
      ["B22", "Line 3 (row 22) is hidden or filtered out"],
      ["B23", "Line 4 (row 23) is hidden or filtered out"],
    ]);
    expect(sent).toEqual([]);

    // Shown again: the same lines are sent.
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).getRange("A22:A23").rowHidden = false;
      await context.sync();
    });
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "valid" });
  });

  it("draws, checks and sends a JPY journal without decimals, untouched amounts as the server wrote them", async () => {
    const id = seeded("JNL-0001").id;
    const loaded = (await api().getJournal(id)).data;
    // The server turns the journal into a JPY one (it writes amounts with two decimals).
    await api().updateJournal(id, {
      transaction_date: loaded.transaction_date,
      currency_code: "JPY",
      exchange_rate: "1.00",
      description: loaded.description ?? "",
      lines: loaded.lines.map((line, index) => ({
        account_id: line.account_id,
        amount: "150000",
        type: index === 0 ? "DEBIT" : "CREDIT",
      })),
    });
    expect((await api().getJournal(id)).data.lines[0]?.debit).toBe("150000.00");

    const host = new OfficeJsExcelHost();
    const sent: JournalUpdate[] = [];
    const real = api();
    const deps = {
      run: host.run,
      api: apiWith({
        updateJournal: (journalId, update, call) => {
          sent.push(update);
          return real.updateJournal(journalId, update, call);
        },
      }),
    };
    await openJournal(deps, id);
    expect(host.cell(SHEET_1, "F19").text).toBe("150,000");
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    expect(sent[0]?.lines.map((line) => line.amount)).toEqual(["150000.00", "150000.00"]);

    host.setCells(SHEET_1, "F19", [[150000.5]]);
    host.setCells(SHEET_1, "G20", [[150000.5]]);
    const refused = await sendActiveJournal(deps);
    expect(refused.kind === "invalid" && refused.problems[0]?.message).toMatch(
      /150000\.5 is not a whole amount/,
    );
    host.setCells(SHEET_1, "F19", [[160000]]);
    host.setCells(SHEET_1, "G20", [[160000]]);
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    expect(sent.at(-1)?.lines.map((line) => line.amount)).toEqual(["160000", "160000"]);
    expect((await api().getJournal(id)).data.lines[0]?.debit).toBe("160000.00");
  });

  it("refuses a changed account code no open journal knows, naming its cell, and sends nothing", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    const before = (await api().getJournal(seeded("JNL-0001").id)).data;
    host.setCells(SHEET_1, "B20", [["9999"]]);
    const checked = await validateActiveJournal(deps);
    expect(checked.kind).toBe("invalid");
    expect(checked.kind === "invalid" && checked.problems.map((p) => p.address)).toEqual(["B20"]);
    expect(checked.kind === "invalid" && checked.problems[0]?.message).toContain(
      "the service takes account IDs, not codes",
    );
    const requests = sandbox().stats().requests;
    expect((await sendActiveJournal(deps)).kind).toBe("invalid");
    expect(sandbox().stats().requests).toBe(requests);
    expect((await api().getJournal(seeded("JNL-0001").id)).data.updated_at).toBe(before.updated_at);
  });

  it("sends a changed account code as the ID of that account, known from an open journal", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const other = (await api().getJournal(seeded("JNL-0003").id)).data;
    const first = (await api().getJournal(seeded("JNL-0001").id)).data;
    const target = other.lines.find(
      (line) => !first.lines.some((own) => own.account_code === line.account_code),
    );
    if (!target) throw new Error("JNL-0003 has no account that JNL-0001 lacks");
    await openJournal(deps, seeded("JNL-0003").id);
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "B20", [[target.account_code]]);
    const checked = await validateActiveJournal(deps);
    expect(checked).toMatchObject({ kind: "valid" });
    expect(checked.kind === "valid" && checked.notes.join(" ")).toContain(
      `set to ${target.account_id}, the ID of account code ${target.account_code}`,
    );
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    const stored = (await api().getJournal(seeded("JNL-0001").id)).data;
    expect(stored.lines[1]?.account_id).toBe(target.account_id);
    expect(host.cell(SHEET_1, "B20").value).toBe(target.account_code);
  });

  it("opens a journal by its own reference once it is open in the workbook; refuses it briefly before", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const unknown = await openJournal(deps, "JNL-0004");
    expect(unknown.kind).toBe("failed");
    expect(unknown.message).toMatch(
      /^No journal “JNL-0004” was found \(404\)\. Check it, or use the journal's transaction reference \(such as TRX-2026-0001\) or its ID\./,
    );
    await openJournal(deps, seeded("JNL-0001").id);
    const known = await openJournal(deps, "jnl-0001");
    expect(known).toMatchObject({ kind: "opened", sheetName: SHEET_1 });
    expect(known.message).toMatch(/^Journal JNL-0001 is already open on sheet/);
  });

  it("opens by its own reference a journal opened on this computer before, not open in the workbook", async () => {
    const host = new OfficeJsExcelHost();
    const store = new MemorySecretStore();
    const recent = new RecentJournalsOnDevice(store);
    const project = {
      origin: sandbox().origin,
      apiAddress: sandbox().baseUrl,
      identity: "demo-company",
      project: "Project 1",
    };
    // Opened before, in another workbook: the open outcome says what the server gave.
    const before = await openJournal(
      { run: new OfficeJsExcelHost().run, api: api() },
      seeded("JNL-0004").id,
    );
    if (before.kind !== "opened") throw new Error(before.message);
    expect(before.seen.journal).toEqual({
      journalId: seeded("JNL-0004").id,
      reference: "JNL-0004",
      transactionReference: seeded("JNL-0004").transaction_reference,
      status: "POSTED",
    });
    await recent.opened(project, before.seen.journal);

    const deps = {
      run: host.run,
      api: api(),
      recalled: (reference: string) => recent.recall(project, reference),
    };
    expect(await openJournal(deps, "jnl-0004")).toMatchObject({
      kind: "opened",
      sheetName: "Journal JNL-0004",
      message: "Opened journal JNL-0004 read-only on sheet “Journal JNL-0004”.",
    });
    // A journal of that reference not opened here: the service's own answer.
    expect((await openJournal(deps, "JNL-0005")).message).toMatch(
      /^No journal “JNL-0005” was found \(404\)/,
    );
    // Storage that does not answer leaves the service's answer too.
    const failing = {
      ...deps,
      run: new OfficeJsExcelHost().run,
      recalled: () => Promise.reject(new Error("storage")),
    };
    expect((await openJournal(failing, "JNL-0004")).message).toMatch(
      /^No journal “JNL-0004” was found/,
    );
  });

  it("sends every line when “Total” is typed in column A of a line row, after rows were inserted above Total", async () => {
    const host = new OfficeJsExcelHost();
    const sentUpdates: JournalUpdate[] = [];
    const real = api();
    const deps = {
      run: host.run,
      api: apiWith({
        updateJournal: (id, update, call) => {
          sentUpdates.push(update);
          return real.updateJournal(id, update, call);
        },
      }),
    };
    const loaded = (await api().getJournal(seeded("JNL-0001").id)).data;
    await openJournal(deps, loaded.id);
    // Two rows inserted just above Total (row 31, now 33), a line in each, and "Total" typed
    // on lines 1 and 3 and in the old Total row's place: the marks say where the lines end.
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).getRange("31:32").insert("Down");
      await context.sync();
    });
    const [first] = loaded.lines;
    host.setCells(SHEET_1, "B31", [[first!.account_code]]);
    host.setCells(SHEET_1, "F31", [[10]]);
    host.setCells(SHEET_1, "B32", [[first!.account_code]]);
    host.setCells(SHEET_1, "G32", [[10]]);
    for (const address of ["A19", "A31", "A30"]) host.setCells(SHEET_1, address, [["Total"]]);
    expect(host.cell(SHEET_1, "A33").value).toBe("Total");

    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    expect(sentUpdates).toHaveLength(1);
    expect(sentUpdates[0]!.lines.map((line) => line.account_id)).toEqual([
      ...loaded.lines.map((line) => line.account_id),
      first!.account_id,
      first!.account_id,
    ]);
  });

  it("refuses a line typed under the Total row at its cell, and sends nothing", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "B34", [["6000"]]);
    host.setCells(SHEET_1, "F34", [[10]]);
    const before = sandbox().stats().requests;
    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind === "invalid" && outcome.problems.map((p) => p.address)).toEqual(["B34"]);
    expect(sandbox().stats().requests).toBe(before);
  });

  it("refuses an unbalanced journal locally, shows the difference and sends nothing", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "F19", [[2500.01]]);
    const before = sandbox().stats().requests;
    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind).toBe("invalid");
    expect(outcome.kind === "invalid" && outcome.problems.map((p) => p.message).join(" ")).toMatch(
      /0\.01/,
    );
    expect(sandbox().stats().requests).toBe(before);
    expect(host.cell(SHEET_1, "F19").value).toBe(2500.01);
  });

  it("keeps the sheet exactly as it was when the server answers 422", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "F19", [[2700]]);
    host.setCells(SHEET_1, "G20", [[2700]]);
    const edited = snapshot(host, SHEET_1);
    await faults({
      next: [{ method: "PATCH", status: 422, message: "Debits and credits must be equal." }],
    });
    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind).toBe("failed");
    expect(outcome.message).toMatch(/Debits and credits must be equal/);
    expect(outcome.message).toMatch(/sheet was not changed/);
    expect(snapshot(host, SHEET_1)).toEqual(edited);
    expect((await api().getJournal(seeded("JNL-0001").id)).data.lines[0]?.debit).toBe("2500.00");
  });

  it("catches a change made on the server after opening, and overwrites only when asked", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0001").id;
    await openJournal(deps, id);
    const other = (await api().getJournal(id)).data;
    await api().updateJournal(id, {
      transaction_date: other.transaction_date,
      currency_code: other.currency_code,
      description: "Changed by a colleague",
      lines: other.lines.map((l) => ({
        account_id: l.account_id,
        type: l.debit === "0.00" ? "CREDIT" : "DEBIT",
        amount: l.debit === "0.00" ? l.credit : l.debit,
      })),
    });
    host.setCells(SHEET_1, "B10", [["My description"]]);
    const edited = snapshot(host, SHEET_1);

    const stale = await sendActiveJournal(deps);
    expect(stale.kind).toBe("stale");
    expect(snapshot(host, SHEET_1)).toEqual(edited);
    expect((await api().getJournal(id)).data.description).toBe("Changed by a colleague");

    if (stale.kind !== "stale") throw new Error("expected stale");
    // What differs, side by side: the sheet's description and the server's.
    // (The colleague's update left out the line descriptions, so the server has none now.)
    expect(stale.differences).toEqual([
      "Description: sheet “My description”, server “Changed by a colleague”",
      "Line 1, description: sheet “Rent – January”, server nothing",
      ...(stale.differences.length > 2 ? [expect.stringMatching(/^Line 2, description/)] : []),
    ]);
    const warned = { sheetKey: stale.sheetKey, serverUpdatedAt: stale.serverUpdatedAt };
    expect(await sendActiveJournal(deps, { overwrite: warned })).toMatchObject({ kind: "saved" });
    expect((await api().getJournal(id)).data.description).toBe("My description");
  });

  it("still catches a server change after the workbook is reopened and its sheets get new ids", async () => {
    const host = new OfficeJsExcelHost();
    const id = seeded("JNL-0001").id;
    await openJournal({ run: host.run, api: api() }, id);
    await colleagueEdits(id, "Changed by a colleague");
    // Saved, closed, and opened in an Excel that numbers the sheets afresh.
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    const deps = { run: reopened.run, api: api() };
    reopened.setCells(SHEET_1, "B10", [["My description"]]);
    const edited = snapshot(reopened, SHEET_1);

    const stale = await sendActiveJournal(deps);
    expect(stale).toMatchObject({ kind: "stale", sheetName: SHEET_1 });
    expect(snapshot(reopened, SHEET_1)).toEqual(edited);
    expect((await api().getJournal(id)).data.description).toBe("Changed by a colleague");
    if (stale.kind !== "stale") throw new Error("expected stale");

    // Opened again, the journal is found on its sheet: no second sheet, the edits kept.
    expect(await openJournal(deps, id)).toMatchObject({ kind: "opened", sheetName: SHEET_1 });
    expect(reopened.sheetNames().filter((name) => name.startsWith("Journal"))).toEqual([SHEET_1]);
    expect(snapshot(reopened, SHEET_1)).toEqual(edited);

    const warned = { sheetKey: stale.sheetKey, serverUpdatedAt: stale.serverUpdatedAt };
    expect(await sendActiveJournal(deps, { overwrite: warned })).toMatchObject({ kind: "saved" });
    expect((await api().getJournal(id)).data.description).toBe("My description");
  });

  it("gives no journal to a sheet added after reopening, even one that takes the journal sheet's old id", async () => {
    const host = new OfficeJsExcelHost();
    await openJournal({ run: host.run, api: api() }, seeded("JNL-0001").id);
    const reopened = OfficeJsExcelHost.fromSerialized(host.serialize(), { renumberSheetIds: true });
    const deps = { run: reopened.run, api: api() };
    // The emulator numbers new sheets from the start again: the second takes the journal's old id.
    reopened.addSheet("Notes");
    reopened.addSheet("Mine");
    expect(reopened.workbook.sheetNamed("Mine")!.id).toBe(host.workbook.sheetNamed(SHEET_1)!.id);
    reopened.activateSheet("Mine");
    reopened.setCells("Mine", "A1", [["my own notes"]]);
    const before = sandbox().stats().requests;
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "not-journal" });
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "not-journal" });
    expect(sandbox().stats().requests).toBe(before);
    expect(reopened.cell("Mine", "A1").value).toBe("my own notes");
    reopened.activateSheet(SHEET_1);
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "valid", sheetName: SHEET_1 });
  });

  it("opens a POSTED journal read-only and never sends it", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, seeded("JNL-0004").id);
    expect(opened).toMatchObject({ kind: "opened", editable: false, status: "POSTED" });
    expect(opened.message).toMatch(/read-only/);
    const before = sandbox().stats().requests;
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "read-only" });
    expect(sandbox().stats().requests).toBe(before);
  });

  it("reports a journal that does not exist", async () => {
    const host = new OfficeJsExcelHost();
    const outcome = await openJournal({ run: host.run, api: api() }, "JNL-NOPE");
    expect(outcome.kind).toBe("failed");
    expect(outcome.message).toMatch(/JNL-NOPE|not found|No journal/i);
    expect(host.sheetNames()).not.toContain("Journal JNL-NOPE");
  });

  it("leaves an open journal's edits alone when it is opened again; Reload replaces them", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0001").id;
    await openJournal(deps, id);
    host.setCells(SHEET_1, "B10", [["Unsent edit"]]);
    host.addSheet("Elsewhere");
    host.activateSheet("Elsewhere");

    const again = await openJournal(deps, "TRX-2026-0001");
    expect(again).toMatchObject({ kind: "opened", sheetName: SHEET_1 });
    expect(again.message).toMatch(/left as it is/);
    expect(host.activeSheetName).toBe(SHEET_1);
    expect(host.cell(SHEET_1, "B10").value).toBe("Unsent edit");

    await openJournal(deps, id, undefined, { replace: true });
    expect(host.cell(SHEET_1, "B10").value).toBe("January rent accrual");
  });

  it("never clears a user's own sheet that has the journal's sheet name", async () => {
    const host = new OfficeJsExcelHost();
    host.addSheet(SHEET_1);
    host.setCells(SHEET_1, "A1", [["my own notes"]]);
    const opened = await openJournal({ run: host.run, api: api() }, seeded("JNL-0001").id);
    expect(opened.kind === "opened" && opened.sheetName).not.toBe(SHEET_1);
    expect(host.cell(SHEET_1, "A1").value).toBe("my own notes");
  });

  it("reads the journal back when the connection drops after the server applied the PATCH", async () => {
    const host = new OfficeJsExcelHost();
    // A client told the service keeps four decimals of a rate, so that one is sent.
    const deps = { run: host.run, api: api({ serviceDecimals: 4 }) };
    const id = seeded("JNL-0002").id;
    const opened = await openJournal(deps, id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    // A rate the sandbox stores rounded: the read-back must still see the update as applied.
    host.setCells(sheet, "B9", [["1.2345"]]);
    // Its tax amount is reset by any update: asked about, and accepted.
    const asked = await sendActiveJournal(deps);
    if (asked.kind !== "confirm-resets") throw new Error(asked.kind);
    await faults({ next: [{ method: "PATCH", action: "apply-then-drop" }] });
    const outcome = await sendActiveJournal(deps, { acceptResets: asked });
    expect(outcome).toMatchObject({ kind: "unknown", applied: true });
    const stored = (await api().getJournal(id)).data;
    expect((await activeJournalSheet(host.run))?.state?.loadedUpdatedAt).toBe(stored.updated_at);
  });

  it("asks before a send that resets a tax amount the PATCH cannot carry, then lists it", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0002").id;
    await openJournal(deps, id);
    const before = (await api().getJournal(id)).data;
    expect(before.lines[1]?.tax_amount).toBe("210.00");

    const asked = await sendActiveJournal(deps);
    expect(asked).toMatchObject({
      kind: "confirm-resets",
      resets: ["Line 2 (account 4100): tax amount 210.00"],
    });
    // Nothing was sent.
    expect((await api().getJournal(id)).data.updated_at).toBe(before.updated_at);

    if (asked.kind !== "confirm-resets") throw new Error(asked.kind);
    const saved = await sendActiveJournal(deps, { acceptResets: asked });
    expect(saved).toMatchObject({ kind: "saved" });
    expect(saved.kind === "saved" && saved.changes).toEqual([
      "Line 2, tax amount: was 210.00, stored 0.00",
    ]);
  });

  it("refuses a third KWD decimal at its cell before any request", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, seeded("JNL-0001").id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    host.setCells(sheet, "B8", [["KWD"]]);
    host.setCells(sheet, "F19", [[2500.125]]);
    host.setCells(sheet, "G20", [[2500.125]]);
    const requests = sandbox().stats().requests;
    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind).toBe("invalid");
    const problems = outcome.kind === "invalid" ? outcome.problems : [];
    expect(problems.map((problem) => problem.address)).toEqual(["F19", "G20"]);
    expect(problems[0]?.message).toMatch(
      /^Line 1, Debit \(F19\): 2500\.125 has more than two decimals/,
    );
    expect(sandbox().stats().requests).toBe(requests);
  });

  it("says the change was not saved when the connection drops before the server applied it", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "B10", [["Lost in transit"]]);
    const edited = snapshot(host, SHEET_1);
    await faults({ next: [{ method: "PATCH", action: "drop" }] });
    const outcome = await sendActiveJournal(deps);
    expect(outcome).toMatchObject({ kind: "unknown", applied: false });
    expect(outcome.message).toMatch(/NOT saved/);
    expect(snapshot(host, SHEET_1)).toEqual(edited);
  });

  it("validates and sends a journal sheet the user renamed", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).name = "Rent";
      await context.sync();
    });
    host.setCells("Rent", "B10", [["Renamed and sent"]]);
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "valid", sheetName: "Rent" });
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
    expect((await api().getJournal(seeded("JNL-0001").id)).data.description).toBe(
      "Renamed and sent",
    );
    expect(host.sheetNames()).toContain("Rent");
    expect(host.sheetNames()).not.toContain(SHEET_1);
  });

  it("does not take a new sheet with a deleted journal sheet's name for a journal", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).delete();
      await context.sync();
    });
    host.addSheet(SHEET_1);
    host.activateSheet(SHEET_1);
    host.setCells(SHEET_1, "A1", [["my own notes"]]);
    const before = sandbox().stats().requests;
    expect(await validateActiveJournal(deps)).toMatchObject({ kind: "not-journal" });
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "not-journal" });
    expect(sandbox().stats().requests).toBe(before);
    expect(host.cell(SHEET_1, "A1").value).toBe("my own notes");
  });

  it("overwrites only the server version the user was warned about", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0001").id;
    await openJournal(deps, id);
    await colleagueEdits(id, "First colleague edit");
    host.setCells(SHEET_1, "B10", [["My description"]]);
    const stale = await sendActiveJournal(deps);
    if (stale.kind !== "stale") throw new Error(`expected stale, got ${stale.kind}`);
    const second = await colleagueEdits(id, "Second colleague edit");

    const warned = { sheetKey: stale.sheetKey, serverUpdatedAt: stale.serverUpdatedAt };
    const again = await sendActiveJournal(deps, { overwrite: warned });
    expect(again).toMatchObject({ kind: "stale", serverUpdatedAt: second.updated_at });
    expect(again.message).toMatch(/changed again after the warning/);
    expect((await api().getJournal(id)).data.description).toBe("Second colleague edit");

    if (again.kind !== "stale") return;
    const confirmed = { sheetKey: again.sheetKey, serverUpdatedAt: again.serverUpdatedAt };
    expect(await sendActiveJournal(deps, { overwrite: confirmed })).toMatchObject({
      kind: "saved",
    });
    expect((await api().getJournal(id)).data.description).toBe("My description");
  });

  it("overwrites the sheet that was found stale, even when another sheet is active", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0001").id;
    await openJournal(deps, id);
    await colleagueEdits(id, "Colleague");
    host.setCells(SHEET_1, "B10", [["From the stale sheet"]]);
    const stale = await sendActiveJournal(deps);
    if (stale.kind !== "stale") throw new Error(`expected stale, got ${stale.kind}`);
    await openJournal(deps, seeded("JNL-0003").id);
    const warned = { sheetKey: stale.sheetKey, serverUpdatedAt: stale.serverUpdatedAt };
    expect(await sendActiveJournal(deps, { overwrite: warned })).toMatchObject({ kind: "saved" });
    expect((await api().getJournal(id)).data.description).toBe("From the stale sheet");
  });

  it("says who approved a journal that was posted meanwhile, and when", async () => {
    const host = new OfficeJsExcelHost();
    const real = api();
    const id = seeded("JNL-0001").id;
    await openJournal({ run: host.run, api: real }, id);
    const posted = apiWith({
      getJournal: async (key, options) => {
        const answer = await real.getJournal(key, options);
        return {
          ...answer,
          data: {
            ...answer.data,
            status: "POSTED",
            approved_by: "ana.silva@example.com",
            approved_at: "2026-02-03T09:30:00.000Z",
            updated_at: "2026-02-03T09:30:00.000Z",
          },
        };
      },
    });
    const outcome = await sendActiveJournal({ run: host.run, api: posted });
    expect(outcome.kind).toBe("read-only");
    // The time is in this computer's zone (concurrentChange.test.ts checks it in named zones).
    expect(outcome.message).toMatch(
      /^Journal JNL-0001 is now POSTED on the server \(approved by ana\.silva@example\.com at \d{4}-\d\d-\d\d \d\d:\d\d:00 \S+\), so it can no longer be changed\. Nothing was sent\.$/,
    );
  });

  it("says a journal WAS saved when only the redraw failed, and remembers the saved version", async () => {
    const host = new OfficeJsExcelHost();
    let failNextRun = false;
    const run: ExcelRun = (batch) => {
      if (failNextRun) {
        failNextRun = false;
        return Promise.reject(new Error("Excel is busy"));
      }
      return host.run(batch);
    };
    const real = api();
    const flaky = apiWith({
      updateJournal: async (...args: Parameters<LedgerApi["updateJournal"]>) => {
        const answer = await real.updateJournal(...args);
        failNextRun = true;
        return answer;
      },
    });
    const deps = { run, api: flaky };
    const id = seeded("JNL-0001").id;
    await openJournal(deps, id);
    host.setCells(SHEET_1, "B10", [["Saved, not redrawn"]]);
    const outcome = await sendActiveJournal(deps);
    expect(outcome).toMatchObject({ kind: "saved-not-redrawn", sheetName: SHEET_1 });
    expect(outcome.message).toMatch(/WAS saved on the server.*Excel is busy.*Reload/);
    const stored = (await real.getJournal(id)).data;
    expect(stored.description).toBe("Saved, not redrawn");
    expect((await activeJournalSheet(host.run))?.state?.loadedUpdatedAt).toBe(stored.updated_at);
    // The user's own change is not reported as someone else's.
    expect(await sendActiveJournal({ run: host.run, api: real })).toMatchObject({ kind: "saved" });
  });

  it("lists what the reader noticed, such as a Total that is not the column's sum", async () => {
    const host = new OfficeJsExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    const total = findTotalRow(host);
    host.setCells(SHEET_1, `F${total}`, [["=0"]]);
    const outcome = await validateActiveJournal(deps);
    expect(outcome).toMatchObject({ kind: "valid" });
    expect(outcome.kind === "valid" && outcome.notes.join(" ")).toMatch(
      new RegExp(`Total Debit \\(F${total}\\): holds =0 instead of the sum`),
    );
  });
});

describe("journal sheet totals in the fake Excel", () => {
  it("count a line inserted just above the Total row, and the balance follows", async () => {
    const host = new OfficeJsExcelHost();
    await openJournal({ run: host.run, api: api() }, seeded("JNL-0001").id);
    const total = findTotalRow(host);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem(SHEET_1).getRange(`${total}:${total}`).insert("Down");
      await context.sync();
    });
    host.setCells(SHEET_1, `F${total}`, [[10]]);
    expect(host.cell(SHEET_1, `F${total + 1}`).value).toBe(2510);
    expect(host.cell(SHEET_1, `F${total + 2}`).value).toBe(10);
    expect(host.cell(SHEET_1, "B1").value).toBe("Unbalanced");
    host.setCells(SHEET_1, `G${total}`, [[10]]);
    expect(host.cell(SHEET_1, "B1").value).toBe("Balanced");
  });
});

/** The row of the Total label on the JNL-0001 sheet. */
function findTotalRow(host: FakeExcelHost): number {
  const column = host.values(SHEET_1, "A1:A60").map((row) => row[0]);
  return column.indexOf("Total") + 1;
}
