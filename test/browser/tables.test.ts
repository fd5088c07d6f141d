// The Import tab's Tables view at Excel's narrowest pane (320 px): a row per import table with
// its facts and state, its own Fetch new and Go to, a state to act on that opens its details,
// Properties and Remove; axe-core clean, nothing wider than the pane.
import {
  BrowserSession,
  connected,
  importFromPane,
  openPreview,
  selection,
  setOfficeTheme,
  showTab,
  tableInfo,
  typeCells,
  values,
} from "./harness";
import { changeRecords } from "../integration/helpers/sandboxControl";
import { axeFindings } from "./helpers/axeFindings";

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
    expect(await rows().locator("button.table-state .state-word").allInnerTexts()).toEqual([
      "warnings",
      "warnings",
    ]);
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
    // Its rows from before still hold amounts kept as text: new rows do not make it complete.
    expect(await bills.locator("button.table-state .state-word").innerText()).toBe("warnings");
    expect(await bills.locator(".table-facts").innerText()).toMatch(
      / · new records .* · existing rows refreshed /,
    );
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

  it("Properties shows the table's project, list, path, rows and both refresh times", async () => {
    const bills = rows().nth(1);
    await bills.getByRole("button", { name: "Properties Bills" }).click();
    const properties = bills.locator(".table-properties");
    const names = await properties.locator("dt").allInnerTexts();
    const shown = await properties.locator("dd").allInnerTexts();
    const byName = Object.fromEntries(names.map((name, index) => [name, shown[index]]));
    expect(byName).toMatchObject({
      List: "Bills",
      "API path": "/bills",
      Table: "Bills on sheet Bills",
      Rows: "62 rows",
    });
    expect(byName["Project"]).not.toBe("");
    expect(byName["Last full refresh"]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d /);
    expect(byName["Last Fetch new"]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d /);
    await bills.getByRole("button", { name: "Properties Bills" }).click();
    expect(await properties.isVisible()).toBe(false);
  });

  it("a warnings state opens the table's details, with a Go to per cell kept as text", async () => {
    await session.pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await session.pane
      .locator("#import-status")
      .filter({ hasText: /^Refreshed/ })
      .waitFor({ timeout: 30_000 });
    const invoices = rows().nth(0);
    const state = invoices.getByRole("button", { name: /details of Invoices$/ });
    expect(await state.locator(".state-word").innerText()).toBe("warnings");
    expect(await state.getAttribute("aria-expanded")).toBe("false");
    // Amber with a sign, not a neutral note.
    expect(await state.locator(".state-icon").innerText()).toBe("\u26A0");
    const colour = await state.evaluate((button) => getComputedStyle(button).color);
    expect(colour).toBe("rgb(188, 75, 9)");
    await state.click();
    expect(await state.getAttribute("aria-expanded")).toBe("true");
    const details = invoices.locator(".table-details");
    expect(await details.locator("li").first().innerText()).toMatch(/^Imported [\d,]+ records/);
    const goTo = details.getByRole("button", { name: /^Go to [A-Z]+\d+ on Invoices$/ }).first();
    const address = /^Go to ([A-Z]+\d+) on/.exec((await goTo.getAttribute("aria-label"))!)![1]!;
    await goTo.click();
    await session.page.waitForFunction(
      (want) =>
        (
          window as unknown as { ledgerFakeHost: { selection(): { address: string } | null } }
        ).ledgerFakeHost.selection()?.address === want,
      address,
    );
    expect(await selection(session)).toEqual({ sheet: "Invoices", address });
  }, 60_000);

  it("Remove asks first, then stops updating the table and deletes it only, not the sheet's other cells", async () => {
    await typeCells(session, "Bills", "Z1", [["my note"]]);
    const bills = rows().nth(1);
    await bills.getByRole("button", { name: "Remove Bills" }).click();
    const question = bills.getByRole("group", { name: /^Stop updating Bills\?/ });
    await question.waitFor();
    const deleteTable = question.getByLabel(/^Also delete the table/);
    expect(await deleteTable.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await deleteTable.isChecked()).toBe(false);
    await expectAxeClean();
    await question.getByRole("button", { name: "Keep updating Bills" }).click();
    expect(await question.isVisible()).toBe(false);
    expect(await tableInfo(session, "Bills")).not.toBeNull();

    await bills.getByRole("button", { name: "Remove Bills" }).click();
    await deleteTable.check();
    await question.getByRole("button", { name: "Remove Bills" }).click();
    await session.pane
      .locator("#import-status")
      .filter({ hasText: /^Bills is no longer updated/ })
      .waitFor();
    expect(await session.pane.locator("#import-status").innerText()).toMatch(
      /Deleted tables Bills, BillLines; the sheets' other cells are as they were\.$/,
    );
    await rows().nth(1).waitFor({ state: "detached" });
    expect(await rows().locator(".table-name").allInnerTexts()).toEqual(["Invoices"]);
    expect(await tableInfo(session, "Bills")).toBeNull();
    expect(await tableInfo(session, "Invoices")).not.toBeNull();
    expect(await values(session, "Bills", "Z1")).toEqual([["my note"]]);
    // The focus was on the question, now gone: it goes on from Refresh all.
    expect(
      await session.pane
        .getByRole("button", { name: "Refresh all", exact: true })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
  }, 60_000);

  async function expectAxeClean(): Promise<void> {
    expect(await axeFindings(session.page)).toEqual([]);
  }

  it("fits the pane: each row's three buttons on one line, nothing scrolls sideways, axe-core clean", async () => {
    await showTab(session, "Import");
    for (const row of await rows().all()) {
      const tops = await row
        .locator(".table-actions button")
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    }
    const overflow = await session.pane
      .locator("#import-panel")
      .evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean();
  });

  it("keeps the amber state, its details and the properties readable in Office's dark theme", async () => {
    const invoices = rows().nth(0);
    await invoices.getByRole("button", { name: "Properties Invoices" }).click();
    await invoices.locator(".table-details").waitFor({ state: "visible" });
    await setOfficeTheme(session, "dark");
    await session.pane.locator("html[data-theme=dark]").waitFor({ state: "attached" });
    const colour = await invoices
      .locator("button.table-state")
      .evaluate((button) => getComputedStyle(button).color);
    expect(colour).toBe("rgb(250, 160, 107)");
    await expectAxeClean();
    await setOfficeTheme(session, "light");
  });
});
