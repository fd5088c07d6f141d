// The journal editor end to end without a browser: the sandbox over HTTP, the real client, the
// journal core and the Excel layer, on the strict fake Excel host.
import { LedgerApi } from "../../src/api";
import { activeJournalSheet } from "../../src/excel/journalSheet";
import { FakeExcelHost } from "../../src/fake-excel";
import { openJournal, sendActiveJournal, validateActiveJournal } from "../../src/journalEditor";
import { DEMO_TOKEN, RunningSandbox, SEEDED_JOURNALS, startSandbox } from "../../src/sandbox";

let sandbox: RunningSandbox;

const journals = SEEDED_JOURNALS["demo-company"];
function seeded(reference: string): { id: string; transaction_reference: string } {
  const journal = journals.find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal;
}

function api(): LedgerApi {
  return new LedgerApi(
    { apiAddress: sandbox.baseUrl, version: "v1", token: DEMO_TOKEN, identity: "demo-company" },
    { retry: { baseDelayMs: 5, maxDelayMs: 20 }, timeoutMs: 2_000 },
  );
}

async function faults(body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.origin}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/** The lines block (header row 18, lines from 19) and the header inputs, as the user sees them. */
function snapshot(host: FakeExcelHost, sheet: string): unknown[][] {
  return host.values(sheet, "A3:L32");
}

const SHEET_1 = "Journal JNL-0001";

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: null });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.origin}/__sandbox/faults`, { method: "DELETE" });
  await fetch(`${sandbox.origin}/__sandbox/reset`, { method: "POST" });
});

describe("journal editor against the sandbox", () => {
  it("opens a journal by id and by transaction reference, each on its own sheet", async () => {
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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
    expect((await activeJournalSheet(host.run))?.loadedUpdatedAt).toBe(stored.updated_at);
    expect(host.cell(SHEET_1, "B13").text).toContain(stored.updated_at.slice(0, 10));
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "saved" });
  });

  it("refuses an unbalanced journal locally, shows the difference and sends nothing", async () => {
    const host = new FakeExcelHost();
    const deps = { run: host.run, api: api() };
    await openJournal(deps, seeded("JNL-0001").id);
    host.setCells(SHEET_1, "F19", [[2500.01]]);
    const before = sandbox.stats().requests;
    const outcome = await sendActiveJournal(deps);
    expect(outcome.kind).toBe("invalid");
    expect(outcome.kind === "invalid" && outcome.problems.map((p) => p.message).join(" ")).toMatch(
      /0\.01/,
    );
    expect(sandbox.stats().requests).toBe(before);
    expect(host.cell(SHEET_1, "F19").value).toBe(2500.01);
  });

  it("keeps the sheet exactly as it was when the server answers 422", async () => {
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
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

    expect(await sendActiveJournal(deps, { overwrite: true })).toMatchObject({ kind: "saved" });
    expect((await api().getJournal(id)).data.description).toBe("My description");
  });

  it("opens a POSTED journal read-only and never sends it", async () => {
    const host = new FakeExcelHost();
    const deps = { run: host.run, api: api() };
    const opened = await openJournal(deps, seeded("JNL-0004").id);
    expect(opened).toMatchObject({ kind: "opened", editable: false, status: "POSTED" });
    expect(opened.message).toMatch(/read-only/);
    const before = sandbox.stats().requests;
    expect(await sendActiveJournal(deps)).toMatchObject({ kind: "read-only" });
    expect(sandbox.stats().requests).toBe(before);
  });

  it("reports a journal that does not exist", async () => {
    const host = new FakeExcelHost();
    const outcome = await openJournal({ run: host.run, api: api() }, "JNL-NOPE");
    expect(outcome.kind).toBe("failed");
    expect(outcome.message).toMatch(/JNL-NOPE|not found|No journal/i);
    expect(host.sheetNames()).not.toContain("Journal JNL-NOPE");
  });

  it("leaves an open journal's edits alone when it is opened again; Reload replaces them", async () => {
    const host = new FakeExcelHost();
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
    const host = new FakeExcelHost();
    host.addSheet(SHEET_1);
    host.setCells(SHEET_1, "A1", [["my own notes"]]);
    const opened = await openJournal({ run: host.run, api: api() }, seeded("JNL-0001").id);
    expect(opened.kind === "opened" && opened.sheetName).not.toBe(SHEET_1);
    expect(host.cell(SHEET_1, "A1").value).toBe("my own notes");
  });

  it("reads the journal back when the connection drops after the server applied the PATCH", async () => {
    const host = new FakeExcelHost();
    const deps = { run: host.run, api: api() };
    const id = seeded("JNL-0002").id;
    const opened = await openJournal(deps, id);
    const sheet = opened.kind === "opened" ? opened.sheetName : "";
    // A rate the sandbox stores rounded: the read-back must still see the update as applied.
    host.setCells(sheet, "B9", [["1.2345"]]);
    await faults({ next: [{ method: "PATCH", action: "apply-then-drop" }] });
    const outcome = await sendActiveJournal(deps);
    expect(outcome).toMatchObject({ kind: "unknown", applied: true });
    const stored = (await api().getJournal(id)).data;
    expect((await activeJournalSheet(host.run))?.loadedUpdatedAt).toBe(stored.updated_at);
  });

  it("says the change was not saved when the connection drops before the server applied it", async () => {
    const host = new FakeExcelHost();
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
});
