// The Import tab's Tables view at Excel's narrowest pane (320 px): a row per import table with
// its facts and state, its own Fetch new and Go to, axe-core clean, nothing wider than the pane.
import AxeBuilder from "@axe-core/playwright";
import {
  BrowserSession,
  connected,
  importFromPane,
  openPreview,
  selection,
  showTab,
} from "./harness";
import { changeRecords } from "../integration/helpers/sandboxControl";

describe("the Tables view at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  const rows = () => session.pane.locator("#import-tables > li");

  it("says there are no tables yet, then lists each imported table with its facts and state", async () => {
    await showTab(session, "Import");
    await session.pane.locator("#import-tables-empty").waitFor({ state: "visible" });
    expect(await session.pane.getByRole("button", { name: "Refresh all" }).isDisabled()).toBe(true);
    await importFromPane(session, "invoices");
    await importFromPane(session, "bills");
    await rows().nth(1).waitFor();
    expect(await session.pane.locator("#import-tables-empty").isVisible()).toBe(false);
    // The lines sheets are listed with their lists, not as imports of their own.
    const names = await rows().locator(".table-name").allInnerTexts();
    expect(names).toEqual(["Invoices", "Bills"]);
    const facts = await rows().locator(".table-facts").allInnerTexts();
    // Local time with its zone named (the preview's browser zone), never bare UTC digits.
    expect(facts[0]).toMatch(
      /^137 rows, and [\d,]+ on sheet Invoice lines · refreshed \d{4}-\d\d-\d\d \d\d:\d\d \S+$/,
    );
    expect(facts[1]).toMatch(/^58 rows, and [\d,]+ on sheet Bill lines · refreshed /);
    // The sandbox's amounts of more than 15 digits are kept as text: a warning, not "complete".
    expect(await rows().locator(".table-state").allInnerTexts()).toEqual(["warnings", "warnings"]);
  });

  it("a row's Fetch new updates that table alone, with its line on its row", async () => {
    const status = session.pane.locator("#import-status");
    expect((await changeRecords(session.sandbox.origin, { list: "bills", add: 4 })).status).toBe(
      200,
    );
    const bills = rows().nth(1);
    await session.pane.getByRole("button", { name: "Fetch new Bills" }).click();
    await status.filter({ hasText: /^Refreshed/ }).waitFor({ timeout: 30_000 });
    expect(await session.pane.locator("#import-status").innerText()).toBe(
      "Refreshed 1 of 1 table (new records only).",
    );
    expect(await bills.locator(".table-line").innerText()).toMatch(/^done: Added 4 new records/);
    await bills.locator(".table-facts", { hasText: /^62 rows/ }).waitFor();
    expect(await rows().nth(0).locator(".table-line").isVisible()).toBe(false);
    // Focus comes back to the button that started it once the Cancel it moved to is gone.
    expect(
      await session.pane
        .getByRole("button", { name: "Fetch new Bills" })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
  }, 60_000);

  it("Go to shows the table's sheet with the table selected", async () => {
    await session.pane.getByRole("button", { name: "Go to Invoices" }).click();
    await session.page.waitForFunction(
      () =>
        (
          window as unknown as { ledgerFakeHost: { selection(): { sheet: string } | null } }
        ).ledgerFakeHost.selection()?.sheet === "Invoices",
    );
    expect(await selection(session)).toMatchObject({ sheet: "Invoices" });
  });

  it("fits the pane: each row's three buttons on one line, nothing scrolls sideways, axe-core clean", async () => {
    await showTab(session, "Import");
    for (const row of await rows().all()) {
      const tops = await row
        .locator("button")
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    }
    const overflow = await session.pane
      .locator("#import-panel")
      .evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page: session.page }).include("#pane").analyze();
    expect(results.violations.map((v) => `${v.impact} ${v.id}`)).toEqual([]);
  });
});
