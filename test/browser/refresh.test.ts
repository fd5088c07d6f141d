// The built task pane in headless Chromium against the sandbox: Fetch new, Refresh all (pane and
// ribbon), their one Cancel, and refresh when the workbook opens.
import {
  BrowserSession,
  callFunction,
  reopenPane,
  connected,
  importFromPane,
  openPreview,
  runRibbonCommand,
  showTab,
  tableInfo,
  values,
} from "./harness";
import { changeRecords } from "../integration/helpers/sandboxControl";

/** Adds records at the front of a sandbox list, as new activity on the server would. */
async function addRecords(session: BrowserSession, list: string, add: number): Promise<void> {
  expect((await changeRecords(session.sandbox.origin, { list, add })).status).toBe(200);
}

/** A zero-based column index as Excel's letters (0 = A, 26 = AA). */
function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The text of the pane's element, once it matches `pattern`. */
async function waitForText(
  session: BrowserSession,
  selector: string,
  pattern: RegExp,
): Promise<string> {
  const element = session.pane.locator(selector);
  // Attached, not visible: after reopening, the pane may show another tab.
  await element.filter({ hasText: pattern }).waitFor({ state: "attached", timeout: 30_000 });
  return (await element.textContent()) ?? "";
}

describe("Fetch new, Refresh all and refresh on open in the task pane", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview();
    // Refresh on open needs the connection to come back by itself: the token kept here.
    await showTab(session, "Connection");
    await session.pane.getByLabel("Remember token on this computer").check();
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("Fetch new adds only the new records at the top with one request, and says what it cannot see", async () => {
    expect(await importFromPane(session, "invoices")).toMatch(/^Imported 137 records/);
    const before = await tableInfo(session, "Invoices");
    await addRecords(session, "invoices", 7);
    session.sandbox.resetStats();
    await session.pane.getByRole("button", { name: "Fetch new", exact: true }).click();
    const status = await waitForText(session, "#import-status", /Added|could not|failed/);
    expect(status).toMatch(
      /^Added 7 new records at the top of table “Invoices” \(1 request\); it now has 144 records[.;]/,
    );
    // What it cannot see is folded under the sentence.
    expect(await session.pane.locator("#import-messages details").textContent()).toContain(
      "Changes to records already in the table are not fetched; Import fetches the whole list again.",
    );
    expect(session.sandbox.stats().apiRequests).toBe(1);
    const after = await tableInfo(session, "Invoices");
    expect(after?.rowCount).toBe((before?.rowCount ?? 0) + 7);
    // The status line above the table says how the rows came.
    const line = (await values(session, "Invoices", "A1"))[0]?.[0];
    expect(String(line)).toMatch(
      /^Invoices · 144 records · 7 new records added .* · earlier rows as of the last full refresh$/,
    );
  });

  it("Refresh all refreshes every imported table, a line per table", async () => {
    expect(await importFromPane(session, "bills")).toMatch(/^Imported 58 records/);
    await addRecords(session, "bills", 2);
    await session.pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    expect(await waitForText(session, "#import-status", /^Refreshed/)).toBe(
      "Refreshed 2 of 2 tables.",
    );
    const lines = await session.pane.locator("#import-tables .table-line").allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^done: Imported 144 records into Invoices[.;]/);
    expect(lines[1]).toMatch(/^done: Imported 60 records into Bills[.;]/);
    expect((await tableInfo(session, "Bills"))?.rowCount).toBe(60);
  });

  it("the ribbon's Refresh all runs without the pane's buttons", async () => {
    await addRecords(session, "invoices", 3);
    await session.pane.locator("#import-status").evaluate((node) => {
      node.textContent = "";
    });
    await runRibbonCommand(session, "refreshAllTables");
    expect(await waitForText(session, "#import-status", /^Refreshed/)).toBe(
      "Refreshed 2 of 2 tables.",
    );
    expect((await tableInfo(session, "Invoices"))?.rowCount).toBe(147);
  });

  it("refreshes on open when the workbook asks, only new records, over the remembered connection", async () => {
    await showTab(session, "Import");
    await session.pane.getByLabel("When this workbook opens").selectOption("new");
    await waitForText(
      session,
      "#import-status",
      /When this workbook opens: new records only \(existing rows not updated\)/,
    );
    const frame = session.page.frames().find((f) => f.url().includes("taskpane.html"))!;
    expect(
      await frame.evaluate(() =>
        (
          window as unknown as { Office: { addin: { getStartupBehavior(): Promise<string> } } }
        ).Office.addin.getStartupBehavior(),
      ),
    ).toBe("Load");
    await addRecords(session, "invoices", 4);
    session.sandbox.resetStats();
    await reopenPane(session);
    expect(await waitForText(session, "#import-status", /^Refreshed/)).toBe(
      "Refreshed 2 of 2 tables (new records only).",
    );
    expect((await tableInfo(session, "Invoices"))?.rowCount).toBe(151);
    // The connection's own check, then one page for each table: nothing but what was new.
    expect(session.sandbox.stats().apiRequests).toBe(1 + 2);
    expect(await session.pane.getByLabel("When this workbook opens").inputValue()).toBe("new");

    await showTab(session, "Import");
    await session.pane.getByLabel("When this workbook opens").selectOption("off");
    await waitForText(session, "#import-status", /Nothing runs when this workbook opens/);
    const reopened = session.page.frames().find((f) => f.url().includes("taskpane.html"))!;
    expect(
      await reopened.evaluate(() =>
        (
          window as unknown as { Office: { addin: { getStartupBehavior(): Promise<string> } } }
        ).Office.addin.getStartupBehavior(),
      ),
    ).toBe("None");
  });

  it("LEDGER formulas answer with the fetched records after Fetch new, not from their cache", async () => {
    const list = async () => {
      const result = await callFunction(session, "LIST", ["invoices", 1]);
      return result.ok ? result.value : result;
    };
    const before = await list();
    await addRecords(session, "invoices", 2);
    // Within the formulas' cache time the same answer comes back without asking the server.
    expect(await list()).toEqual(before);
    await showTab(session, "Import");
    await session.pane.getByLabel("Collection").selectOption("invoices");
    await session.pane.getByRole("button", { name: "Fetch new", exact: true }).click();
    await waitForText(session, "#import-status", /^Added 2 new records/);
    const after = (await list()) as unknown[][];
    expect(after).not.toEqual(before);
    // The formula's newest invoice is the table's first row (the header is on row 3).
    const info = await tableInfo(session, "Invoices");
    const column = columnLetter(info!.headers.indexOf("ID"));
    const tableTop = (await values(session, "Invoices", `${column}4`))[0]?.[0];
    const header = after[0] as string[];
    expect(after[1]?.[header.indexOf("ID")]).toBe(tableTop);
  });
});

describe("Cancel of Refresh all", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ sandbox: { latencyMs: 150, records: { invoices: 2_000 } } });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("one Cancel stops every table and the pane says which", async () => {
    await importFromPane(session, "invoices");
    await importFromPane(session, "receipts");
    await session.pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    const cancel = session.pane.locator("#refresh-all-cancel");
    await cancel.waitFor({ state: "visible" });
    await session.pane
      .locator("#import-tables .table-line", { hasText: "records…" })
      .first()
      .waitFor();
    await cancel.click();
    const status = await waitForText(session, "#import-status", /^Refreshed/);
    expect(status).toMatch(/^Refreshed [01] of 2 tables\./);
    // Said once, in the tab's one message area: not also as a second, alert region.
    expect(status).toMatch(/Cancelled: /);
    expect(await session.pane.locator("#import-panel [role=alert]").count()).toBe(0);
    const lines = await session.pane.locator("#import-tables .table-line").allInnerTexts();
    expect(lines.some((line) => line.startsWith("cancelled: "))).toBe(true);
    expect(await cancel.isVisible()).toBe(false);
    expect(
      await session.pane.getByRole("button", { name: "Refresh all", exact: true }).isEnabled(),
    ).toBe(true);
  });
});
