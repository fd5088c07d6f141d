// The preview page and its task pane frame share one in-memory workbook, however the page's
// scripts and the frame's load are ordered (a slow machine once gave the pane a workbook of its
// own, and the tests then read an empty one).
import { BrowserSession, openPreview } from "./harness";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

it("gives the task pane the page's workbook even when the page's script arrives late", async () => {
  const { page } = session;
  // Hold the preview page's script until the test lets it go: whatever else the page loads
  // meanwhile, the task pane must still end up with the page's workbook.
  let scriptRequested!: (release: () => void) => void;
  const held = new Promise<() => void>((resolve) => (scriptRequested = resolve));
  await page.route("**/preview.js", async (route) => {
    await new Promise<void>((release) => scriptRequested(release));
    await route.continue();
  });
  const reloaded = page.reload();
  const release = await held;
  // Nothing points the pane frame at the task pane before the page's script has run.
  expect(page.frames().some((frame) => /taskpane\.html/.test(frame.url()))).toBe(false);
  release();
  await reloaded;
  await page.unroute("**/preview.js");
  const frame = page.frame({ url: /taskpane\.html/ });
  expect(frame).not.toBeNull();
  const shared = await frame!.evaluate(() => {
    type HostWindow = Window & { ledgerFakeHost?: unknown };
    const self = window as HostWindow;
    const parent = window.parent as HostWindow;
    return self.ledgerFakeHost !== undefined && self.ledgerFakeHost === parent.ledgerFakeHost;
  });
  expect(shared).toBe(true);
});

it("opens the pane on Import and Journal from its ribbon buttons, and switches Office's theme", async () => {
  const { page, pane } = session;
  await pane.getByRole("tab", { name: "Connection" }).waitFor();
  const office = page.getByRole("group", { name: "Home tab, Ledger Sheets group" });
  await office.getByRole("button", { name: "Journal" }).click();
  await pane.getByRole("tab", { name: "Journal", selected: true }).waitFor();
  await office.getByRole("button", { name: "Import" }).click();
  await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
  await office.getByLabel("Dark Office theme").check();
  await pane.locator("html[data-theme='dark']").waitFor({ state: "attached" });
  await office.getByLabel("Dark Office theme").uncheck();
  await pane.locator("html[data-theme='light']").waitFor({ state: "attached" });
});
