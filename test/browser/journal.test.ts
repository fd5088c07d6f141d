// The built task pane in headless Chromium against the sandbox: opening, checking and sending a
// manual journal through its sheet.
import { ManualJournal } from "../../src/api";
import { RunningSandbox, SEEDED_JOURNALS } from "../../tools/sandbox";
import {
  BrowserSession,
  cell,
  connected,
  selectionOnceSettled,
  sheetNames,
  typeCells,
  showTab,
  useConnectedPreview,
  values,
} from "./harness";
import { clearFaults, resetSandbox, setFaults } from "../integration/helpers/sandboxControl";
import { demoApi } from "../integration/helpers/sandboxSession";

const journals = SEEDED_JOURNALS["demo-company"];
function idOf(reference: string): string {
  const journal = journals.find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal.id;
}

async function stored(sandbox: RunningSandbox, id: string): Promise<ManualJournal> {
  return (await demoApi(sandbox).getJournal(id)).data;
}

const SHEET_1 = "Journal JNL-0001";

/** Each cell's look: fill (null for none), bold, number format and formula, row by row. */
type CellLook = [fill: string | null, bold: boolean, numberFormat: string, formula: string];

/** Renames a sheet, as a user double-clicking its tab would. */
function renameSheet(session: BrowserSession, from: string, to: string): Promise<void> {
  type Host = { run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T> };
  return session.page.evaluate(
    async ([f, t]) => {
      const host = (window as unknown as { ledgerFakeHost: Host }).ledgerFakeHost;
      await host.run(async (context) => {
        context.workbook.worksheets.getItem(f!).name = t!;
        await context.sync();
      });
    },
    [from, to],
  );
}

/** Reads the look of every cell of `address` through the page's fake host, in one batch. */
function looks(session: BrowserSession, sheet: string, address: string): Promise<CellLook[][]> {
  type Host = { run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => Promise<T> };
  return session.page.evaluate(
    async ([s, a]) => {
      const host = (window as unknown as { ledgerFakeHost: Host }).ledgerFakeHost;
      return await host.run(async (context) => {
        const range = context.workbook.worksheets.getItem(s!).getRange(a!);
        range.load("rowCount,columnCount");
        await context.sync();
        const cells: Excel.Range[][] = [];
        for (let r = 0; r < range.rowCount; r++) {
          const row: Excel.Range[] = [];
          for (let c = 0; c < range.columnCount; c++) {
            const one = range.getCell(r, c);
            one.load(
              "numberFormat,formulas,format/fill/color,format/fill/pattern,format/font/bold",
            );
            row.push(one);
          }
          cells.push(row);
        }
        await context.sync();
        return cells.map((row) =>
          row.map((one): CellLook => [
            one.format.fill.pattern === "None" ? null : one.format.fill.color,
            one.format.font.bold,
            String(one.numberFormat[0]![0]),
            String(one.formulas[0]![0]),
          ]),
        );
      });
    },
    [sheet, address],
  );
}
/** Where the sheet keeps what a user edits: the header inputs and the lines with their totals. */
const EDITABLE_BLOCK = "A7:L32";

describe("the journal editor in the task pane", () => {
  const current = useConnectedPreview();
  let session: BrowserSession;
  beforeAll(() => {
    session = current();
  });

  beforeEach(async () => {
    const { origin } = session.sandbox;
    await clearFaults(origin);
    await resetSandbox(origin);
  });

  /** Types into the reference field, presses Open journal and waits for the outcome. */
  async function open(reference: string): Promise<string> {
    const { pane } = session;
    await showTab(session, "Journal");
    await pane.getByLabel("Transaction reference or ID").fill(reference);
    await pane.getByRole("button", { name: "Open journal" }).click();
    return await settled();
  }

  /** Waits until no journal action runs, then returns the status line. */
  async function settled(): Promise<string> {
    const { pane } = session;
    await pane
      .getByRole("button", { name: "Open journal" })
      .and(pane.locator(":enabled"))
      .waitFor();
    await pane.locator("#journal-cancel").waitFor({ state: "hidden" });
    return (await pane.locator("#journal-status").textContent()) ?? "";
  }

  async function send(): Promise<string> {
    await session.pane.getByRole("button", { name: "Send to server" }).click();
    return await settled();
  }

  async function alertText(): Promise<string> {
    return (await session.pane.locator("#journal-error").textContent()) ?? "";
  }

  it("opens a journal by its id into its own sheet", async () => {
    const status = await open(idOf("JNL-0001"));
    expect(status).toMatch(/Opened journal JNL-0001/);
    expect(await sheetNames(session)).toContain(SHEET_1);
    expect((await cell(session, SHEET_1, "B7")).text).toBe("2026-01-31");
    expect((await cell(session, SHEET_1, "F19")).text).toBe("2,500.00");
    await expect(
      session.pane.getByRole("button", { name: "Send to server" }).isEnabled(),
    ).resolves.toBe(true);
  });

  it("opens a journal by its transaction reference, spaces and slash included", async () => {
    const status = await open("TRX/2026 0003 adj");
    expect(status).toMatch(/Opened journal JNL-0003/);
    expect((await cell(session, "Journal JNL-0003", "B4")).value).toBe("TRX/2026 0003 adj");
  });

  it("sends an edited line, and the sent journal reopens with the new values", async () => {
    const id = idOf("JNL-0008");
    await open(id);
    const sheet = "Journal JNL-0008";
    const before = await stored(session.sandbox, id);
    const debit = before.lines.findIndex((l) => l.debit !== "0.00");
    const credit = before.lines.findIndex((l) => l.credit !== "0.00");
    const newDebit = (Number(before.lines[debit]!.debit) + 100.1).toFixed(2);
    const newCredit = (Number(before.lines[credit]!.credit) + 100.1).toFixed(2);
    await typeCells(session, sheet, `F${19 + debit}`, [[Number(newDebit)]]);
    await typeCells(session, sheet, `G${19 + credit}`, [[Number(newCredit)]]);
    await typeCells(session, sheet, "B10", [["Edited in Excel"]]);

    const status = await send();
    expect(status).toMatch(/Saved journal JNL-0008/);
    const after = await stored(session.sandbox, id);
    expect(after.description).toBe("Edited in Excel");
    expect(after.lines[debit]!.debit).toBe(newDebit);
    expect(after.lines[credit]!.credit).toBe(newCredit);
    expect(after.updated_at).not.toBe(before.updated_at);

    // Reopened in a fresh task pane and workbook: the server's copy has the new values.
    await session.page.reload();
    await connected(session);
    expect(await sheetNames(session)).not.toContain(sheet);
    await open("TRX-2026-0008");
    expect((await cell(session, sheet, "B10")).value).toBe("Edited in Excel");
    expect((await cell(session, sheet, `F${19 + debit}`)).value).toBe(Number(newDebit));
    expect((await cell(session, sheet, `G${19 + credit}`)).value).toBe(Number(newCredit));
  });

  it("refuses an unbalanced sheet locally, shows the difference and sends nothing", async () => {
    await open(idOf("JNL-0001"));
    await typeCells(session, SHEET_1, "F19", [[2500.25]]);
    // The sheet itself says it is out of balance while the user types.
    expect(String((await cell(session, SHEET_1, "B1")).value)).toMatch(/not balanced|unbalanced/i);
    const requests = session.sandbox.stats().requests;
    const status = await send();
    expect(status).toMatch(/Not sent|fix/i);
    const problems = (await session.pane.locator("#journal-problems").textContent()) ?? "";
    expect(problems).toMatch(/0\.25/);
    expect(session.sandbox.stats().requests).toBe(requests);
  });

  it("lists each problem with its cell, and choosing one selects that cell", async () => {
    await open(idOf("JNL-0001"));
    await typeCells(session, SHEET_1, "G20", [[10.005]]);
    await session.pane.getByRole("button", { name: "Validate" }).click();
    await settled();
    const problem = session.pane.getByRole("button", { name: /\(G20\).*10\.005/ });
    await problem.click();
    // The click handler selects asynchronously: wait for it (a busy machine may take seconds).
    const problemCell = { sheet: SHEET_1, address: "G20" };
    expect(await selectionOnceSettled(session, problemCell)).toEqual(problemCell);
    expect((await cell(session, SHEET_1, "G20")).value).toBe(10.005);
  });

  it("leaves the sheet exactly as it was when the server answers 422", async () => {
    await open(idOf("JNL-0001"));
    await typeCells(session, SHEET_1, "F19", [[2750]]);
    await typeCells(session, SHEET_1, "G20", [[2750]]);
    // Validating first clears marks left by earlier checks (Send would clear them too): what
    // follows compares the sheet as the user sees it just before the refused PATCH.
    await session.pane.getByRole("button", { name: "Validate" }).click();
    expect(await settled()).toMatch(/valid and balanced/);
    const edited = await values(session, SHEET_1, EDITABLE_BLOCK);
    const editedLooks = await looks(session, SHEET_1, EDITABLE_BLOCK);
    await setFaults(session.sandbox, {
      next: [{ method: "PATCH", status: 422, message: "Journal lines do not balance (forced)." }],
    });
    const status = await send();
    expect(status).toMatch(/Not sent/);
    expect(await alertText()).toMatch(/Journal lines do not balance \(forced\)/);
    expect(await values(session, SHEET_1, EDITABLE_BLOCK)).toEqual(edited);
    expect(await looks(session, SHEET_1, EDITABLE_BLOCK)).toEqual(editedLooks);
    expect(editedLooks[0]![1]![0]).toBeNull(); // B7, the date: an input, no fill
    expect(editedLooks[11]![0]![1]).toBe(true); // A18, a bold header
    expect((await stored(session.sandbox, idOf("JNL-0001"))).lines[0]!.debit).toBe("2500.00");
  });

  it("asks before a send that resets a tax amount; Don't send sends nothing, Send anyway lists it", async () => {
    const id = idOf("JNL-0002");
    await open(id);
    const requests = session.sandbox.stats().apiRequests;
    expect(await send()).toMatch(/^Not sent yet: sending would change values you did not edit/);
    const box = session.pane.locator("#journal-resets");
    await box.waitFor({ state: "visible" });
    expect(await session.pane.locator("#journal-resets-list li").allTextContents()).toEqual([
      "Line 2 (account 4100): tax amount 210.00",
    ]);
    // The safe choice has the focus; one GET to compare, no PATCH.
    expect(
      await session.pane
        .locator("#journal-resets-keep")
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    expect(session.sandbox.stats().apiRequests - requests).toBe(1);
    expect((await stored(session.sandbox, id)).lines[1]!.tax_amount).toBe("210.00");

    // Don't send closes the question and sends nothing; Send asks again.
    const before = (await stored(session.sandbox, id)).updated_at;
    await session.pane.getByRole("button", { name: "Don't send" }).click();
    await box.waitFor({ state: "hidden" });
    expect((await stored(session.sandbox, id)).updated_at).toBe(before);
    await send();
    await box.waitFor({ state: "visible" });

    await session.pane.getByRole("button", { name: "Send anyway" }).click();
    expect(await settled()).toMatch(/Saved journal JNL-0002/);
    await box.waitFor({ state: "hidden" });
    expect(await session.pane.locator("#journal-changes li").allTextContents()).toContain(
      "Line 2, tax amount: was 210.00, stored 0.00",
    );
    expect((await stored(session.sandbox, id)).lines[1]!.tax_amount).toBe("0.00");
  });

  it("catches a change made on the server after opening, before sending", async () => {
    const id = idOf("JNL-0002");
    await open(id);
    const sheet = "Journal JNL-0002";
    const current = await stored(session.sandbox, id);
    await demoApi(session.sandbox).updateJournal(id, {
      transaction_date: current.transaction_date,
      currency_code: current.currency_code,
      description: "Changed by a colleague",
      lines: current.lines.map((l) => ({
        account_id: l.account_id,
        type: l.debit === "0.00" ? ("CREDIT" as const) : ("DEBIT" as const),
        amount: l.debit === "0.00" ? l.credit : l.debit,
      })),
    });
    await typeCells(session, sheet, "B10", [["My own description"]]);
    const requests = session.sandbox.stats().apiRequests;
    const status = await send();
    expect(status).toMatch(/changed on the server/);
    const stale = session.pane.locator("#journal-stale");
    await stale.waitFor({ state: "visible" });
    expect(await stale.textContent()).toMatch(/Reload from server/);
    // What differs, side by side with the sheet, in a list of its own.
    const differences = session.pane.locator("#journal-stale-differences li");
    expect(await differences.allTextContents()).toContain(
      "Description: sheet “My own description”, server “Changed by a colleague”",
    );
    // One GET to compare, no PATCH (preflights are not API requests).
    expect(session.sandbox.stats().apiRequests - requests).toBe(1);
    expect((await stored(session.sandbox, id)).description).toBe("Changed by a colleague");
    expect((await cell(session, sheet, "B10")).value).toBe("My own description");

    // Overwrite asks once more, then sends.
    await session.pane.getByRole("button", { name: "Overwrite server version" }).click();
    await session.pane.getByRole("button", { name: "Overwrite", exact: true }).click();
    expect(await settled()).toMatch(/Saved journal JNL-0002/);
    expect((await stored(session.sandbox, id)).description).toBe("My own description");
  });

  it("lists what the reader noticed under Notes, beside a valid journal", async () => {
    await open(idOf("JNL-0001"));
    await typeCells(session, SHEET_1, "F31", [["=2500"]]);
    await session.pane.getByRole("button", { name: "Validate" }).click();
    expect(await settled()).toMatch(/valid and balanced/);
    const notes = session.pane.locator("#journal-notes-box");
    await notes.waitFor({ state: "visible" });
    expect(await notes.textContent()).toMatch(
      /Total Debit \(F31\): holds =2500 instead of the sum/,
    );
  });

  it("warns again instead of overwriting when the server changed after the warning", async () => {
    const id = idOf("JNL-0001");
    await open(id);
    const colleague = async (description: string): Promise<void> => {
      const current = await stored(session.sandbox, id);
      await demoApi(session.sandbox).updateJournal(id, {
        transaction_date: current.transaction_date,
        currency_code: current.currency_code,
        description,
        lines: current.lines.map((l) => ({
          account_id: l.account_id,
          type: l.debit === "0.00" ? ("CREDIT" as const) : ("DEBIT" as const),
          amount: l.debit === "0.00" ? l.credit : l.debit,
        })),
      });
    };
    await colleague("First colleague");
    await typeCells(session, SHEET_1, "B10", [["Mine"]]);
    expect(await send()).toMatch(/changed on the server/);
    await colleague("Second colleague");
    await session.pane.getByRole("button", { name: "Overwrite server version" }).click();
    await session.pane.getByRole("button", { name: "Overwrite", exact: true }).click();
    expect(await settled()).toMatch(/changed on the server/);
    expect(await session.pane.locator("#journal-stale").textContent()).toMatch(
      /changed again after the warning/,
    );
    expect((await stored(session.sandbox, id)).description).toBe("Second colleague");
  });

  it("selects a problem's cell after its sheet was renamed", async () => {
    await open(idOf("JNL-0001"));
    await typeCells(session, SHEET_1, "G20", [[10.005]]);
    await session.pane.getByRole("button", { name: "Validate" }).click();
    await settled();
    await renameSheet(session, SHEET_1, "Rent accrual");
    try {
      await session.pane.getByRole("button", { name: /\(G20\).*10\.005/ }).click();
      const renamed = { sheet: "Rent accrual", address: "G20" };
      expect(await selectionOnceSettled(session, renamed)).toEqual(renamed);
      expect(await alertText()).toBe("");
    } finally {
      await typeCells(session, "Rent accrual", "G20", [[2500]]);
      await renameSheet(session, "Rent accrual", SHEET_1);
    }
  });

  it("opens a POSTED journal read-only, with the reason and Send disabled", async () => {
    const status = await open(idOf("JNL-0004"));
    expect(status).toMatch(/read-only/);
    const sendButton = session.pane.getByRole("button", { name: "Send to server" });
    expect(await sendButton.isDisabled()).toBe(true);
    const reason = session.pane.locator("#journal-readonly-reason");
    await reason.waitFor({ state: "visible" });
    expect(await reason.textContent()).toMatch(/POSTED/);
  });
});
