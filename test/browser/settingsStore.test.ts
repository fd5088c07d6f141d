// The built task pane in headless Chromium: every workbook setting goes to one store, so changing
// a setting in the pane never erases what another part of the add-in kept.
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { BrowserSession, sheetNames, showTab, useConnectedPreview } from "./harness";

const JOURNAL_SHEETS_SETTING = "ledgerSheets.journalSheets";
const FORMULA_CACHE_SETTING = "ledgerSheets.formulaCacheSeconds";
const JNL_0001 = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === "JNL-0001")!.id;

type SettingsWindow = {
  ledgerFakeHost: { workbook: { settings: { get(key: string): unknown } } };
};

/** A setting as the workbook file holds it. */
function setting(session: BrowserSession, key: string): Promise<unknown> {
  return session.page.evaluate(
    (k) => (window as unknown as SettingsWindow).ledgerFakeHost.workbook.settings.get(k) ?? null,
    key,
  );
}

describe("the workbook's settings, changed in the task pane", () => {
  const current = useConnectedPreview();

  async function openJournal(session: BrowserSession, reference: string): Promise<string> {
    const { pane } = session;
    await showTab(session, "Journal");
    await pane.getByLabel("Transaction reference or ID").fill(reference);
    await pane.getByRole("button", { name: "Open journal" }).click();
    await pane
      .getByRole("button", { name: "Open journal" })
      .and(pane.locator(":enabled"))
      .waitFor();
    return (await pane.locator("#journal-status").textContent()) ?? "";
  }

  it("keep an open journal known after the cache time changes: reopening it goes to its sheet", async () => {
    const session = current();
    const { pane } = session;
    expect(await openJournal(session, JNL_0001)).toMatch(/Opened journal JNL-0001/);
    expect(String(await setting(session, JOURNAL_SHEETS_SETTING))).toContain(JNL_0001);

    await showTab(session, "Formulas");
    const field = pane.getByLabel("Keep answers for (seconds)");
    await field.fill("60");
    await field.press("Tab");
    await session.page.waitForFunction(
      (k) => (window as unknown as SettingsWindow).ledgerFakeHost.workbook.settings.get(k) === 60,
      FORMULA_CACHE_SETTING,
    );

    // The journal's state is still in the workbook, so the same sheet is used again.
    expect(String(await setting(session, JOURNAL_SHEETS_SETTING))).toContain(JNL_0001);
    await openJournal(session, JNL_0001);
    const journalSheets = (await sheetNames(session)).filter((name) => name.startsWith("Journal"));
    expect(journalSheets).toEqual(["Journal JNL-0001"]);
  });
});
