// What an action says is in view when it says it, at Excel's narrowest pane (320 px) and a short
// one: each panel's message stays in its place when that is visible, else at the pane's bottom
// edge (the control was above it) or under the tabs (the control was below it), never hidden
// under them. Each control is scrolled so that its message's own place is out of view first.
import type { Locator } from "playwright-core";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import {
  activateSheet,
  BrowserSession,
  connected,
  importFromPane,
  openPreview,
  showTab,
} from "./harness";
import { axeFindings } from "./helpers/axeFindings";

describe("each panel's message in view at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    // A short pane: the panels scroll, as at a laptop's height with the ribbon open.
    await session.page.setViewportSize({ width: 1280, height: 480 });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  /** Scrolls the pane so `control` is at its top (under the tabs) or at its bottom edge. */
  async function scrollTo(control: Locator, block: "start" | "end"): Promise<void> {
    await control.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
  }

  /**
   * Asserts `message` is inside the pane's viewport and on top there: the point at its middle
   * belongs to it, not to the tabs or the content it could sit under.
   */
  async function expectInView(message: Locator): Promise<void> {
    const pane = await session.page.locator("#pane").boundingBox();
    const box = await message.boundingBox();
    expect(pane).not.toBeNull();
    expect(box).not.toBeNull();
    expect(box!.height).toBeGreaterThan(0);
    expect(box!.y).toBeGreaterThanOrEqual(pane!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(pane!.y + pane!.height);
    const onTop = await message.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + 4, rect.top + rect.height / 2);
      return hit !== null && (element === hit || element.contains(hit) || hit.contains(element));
    });
    expect(onTop).toBe(true);
  }

  async function expectAxeClean(): Promise<void> {
    expect(await axeFindings(session.page)).toEqual([]);
  }

  const status = () => session.pane.locator("#import-status");

  it("Import's result, with the button at the pane's bottom edge", async () => {
    await showTab(session, "Import");
    await session.pane.getByLabel("Collection").selectOption("bills");
    const button = session.pane.getByRole("button", { name: "Import", exact: true });
    await scrollTo(button, "end");
    await button.click();
    await status()
      .filter({ hasText: /^Imported/ })
      .waitFor({ timeout: 30_000 });
    await expectInView(status());
    await expectAxeClean();
  }, 60_000);

  it("Fetch new's result, with the button at the pane's bottom edge", async () => {
    await importFromPane(session, "invoices");
    const button = session.pane.getByRole("button", { name: "Fetch new", exact: true });
    await session.pane.getByLabel("Collection").selectOption("invoices");
    await scrollTo(button, "end");
    await button.click();
    await status()
      .filter({ hasText: /new records?|No new/ })
      .waitFor({ timeout: 30_000 });
    await expectInView(status());
  }, 60_000);

  it("Refresh all's result, with the button right under the tabs", async () => {
    const button = session.pane.getByRole("button", { name: "Refresh all", exact: true });
    await button.and(session.pane.locator(":enabled")).waitFor();
    await scrollTo(button, "start");
    await button.click();
    await status()
      .filter({ hasText: /^Refreshed/ })
      .waitFor({ timeout: 30_000 });
    await expectInView(status());
    await expectAxeClean();
  }, 60_000);

  it("Validate's result, with the button at the pane's bottom edge", async () => {
    const journal = SEEDED_JOURNALS["demo-company"].find((each) => each.status === "DRAFT");
    await showTab(session, "Journal");
    await session.pane.getByLabel("Transaction reference or ID").fill(journal!.id);
    await session.pane.getByRole("button", { name: "Open journal" }).click();
    const button = session.pane.getByRole("button", { name: "Validate" });
    await button.and(session.pane.locator(":enabled")).waitFor({ timeout: 30_000 });
    await session.pane.locator("#journal-cancel").waitFor({ state: "hidden" });
    await scrollTo(button, "end");
    await button.click();
    // The outcome, not the progress word it replaces.
    const journalStatus = session.pane.locator("#journal-status");
    await journalStatus.filter({ hasText: /^(?!Validating)\S/ }).waitFor();
    await expectInView(journalStatus);
    await expectAxeClean();
  }, 60_000);

  it("Insert's result, with the first function's button at the pane's bottom edge", async () => {
    await showTab(session, "Formulas");
    await activateSheet(session, "Bills");
    const button = session.pane.locator("#formula-list button", { hasText: "Insert" }).first();
    await scrollTo(button, "end");
    await button.click();
    const formulaStatus = session.pane.locator(".pinned-messages:has(#refresh-status)");
    await formulaStatus.filter({ hasText: /\S/ }).waitFor();
    await expectInView(formulaStatus);
    await expectAxeClean();
  }, 60_000);
});
