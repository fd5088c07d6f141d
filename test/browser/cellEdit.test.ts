// An import while a cell of the workbook is being edited, in a host that does not report the
// DelayForCellEdit set: Excel refuses the pane's batches instead of holding them, so the pane
// says it waits for the edit (keeping its Cancel) and finishes the import once Enter ends it.
// The edit starts while the import runs: in the preview, as in Excel on the web, the pane taking
// the focus would end it (in Excel on Windows it does not, and the same wait follows).
import type { FakeExcelHost } from "../../tools/excel-emulator";
import type { Locator } from "playwright-core";
import { BrowserSession, connected, openPreview, showTab } from "./harness";

declare global {
  interface Window {
    ledgerFakeHost?: FakeExcelHost;
  }
}

const BILLS = 300;

/**
 * Holds the pane's API requests after the first `free` until `release()`: the run's writes then
 * come while the user edits a cell. `stop()` lets every request through again.
 */
async function holdApi(
  session: BrowserSession,
  free: number,
): Promise<{ release: () => void; stop: () => Promise<void> }> {
  const { page, sandbox } = session;
  let release: () => void = () => undefined;
  const editing = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  const held = (url: URL): boolean => url.href.startsWith(sandbox.baseUrl);
  await page.context().route(held, async (route) => {
    requests += 1;
    if (requests > free) await editing;
    await route.continue();
  });
  return { release, stop: () => page.context().unroute(held) };
}

/** Starts editing `address` of the grid and types `text`, as the user does. */
async function editCell(session: BrowserSession, address: string, text: string): Promise<void> {
  const { page } = session;
  await page.locator(`#grid td[data-address="${address}"]`).dblclick();
  await page.keyboard.type(text);
  expect(await page.evaluate(() => window.ledgerFakeHost?.editingCell)).toBe(true);
}

/** Waits, at most five seconds, for `status` to say the run waits for the cell edit. */
async function saysWaiting(status: Locator): Promise<void> {
  await status
    .filter({ hasText: "Waiting for you to finish editing a cell" })
    .waitFor({ timeout: 5_000 });
}

describe("an import while a cell is being edited, without DelayForCellEdit", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({
      sandbox: { records: { bills: BILLS } },
      withoutDelayForCellEdit: true,
    });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("says it waits within five seconds, keeps Cancel, and completes when editing ends", async () => {
    const { page, pane } = session;
    await showTab(session, "Import");
    await pane.getByLabel("Collection").selectOption("Bills");

    const api = await holdApi(session, 1);
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    await pane.locator("#import-counts", { hasText: /^[1-9]/ }).waitFor();
    await editCell(session, "H2", "checked");
    api.release();

    const status = pane.locator("#import-status");
    await saysWaiting(status);
    await expect(pane.getByRole("button", { name: "Cancel" }).isVisible()).resolves.toBe(true);

    await page.keyboard.press("Enter");
    await status.filter({ hasText: /^Imported/ }).waitFor({ timeout: 30_000 });
    await expect(pane.locator("#import-counts").innerText()).resolves.toMatch(
      new RegExp(`^${BILLS} records · `),
    );
    // Excel refused the batches sent during the edit; none was held.
    expect(await page.evaluate(() => window.ledgerFakeHost?.refusedForCellEdit)).toBeGreaterThan(0);
    await api.stop();
  }, 60_000);

  it("says the same during Refresh all, and refreshes when editing ends", async () => {
    const { page, pane } = session;
    const api = await holdApi(session, 1);

    await pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    const status = pane.locator("#import-status");
    await status.filter({ hasText: /^Refreshing every imported table/ }).waitFor();
    await editCell(session, "H3", "seen");
    api.release();

    await saysWaiting(status);
    await expect(pane.getByRole("button", { name: "Cancel" }).isVisible()).resolves.toBe(true);

    await page.keyboard.press("Enter");
    await status.filter({ hasText: /^Refreshed/ }).waitFor({ timeout: 30_000 });
    await expect(status.innerText()).resolves.toBe("Refreshed 1 of 1 table.");
    await api.stop();
  }, 60_000);

  it("says the same while a journal opens, keeps Cancel, and opens it when editing ends", async () => {
    const { page, pane } = session;
    const api = await holdApi(session, 0);

    await showTab(session, "Journal");
    await pane.getByLabel("Transaction reference or ID").fill("TRX/2026 0003 adj");
    await pane.getByRole("button", { name: "Open journal" }).click();
    const status = pane.locator("#journal-status");
    await editCell(session, "H4", "later");
    api.release();

    await saysWaiting(status);
    await expect(pane.locator("#journal-cancel").isVisible()).resolves.toBe(true);

    await page.keyboard.press("Enter");
    await status.filter({ hasText: /^Opened journal/ }).waitFor({ timeout: 30_000 });
    await api.stop();
  }, 60_000);
});
