// Refresh while the pane is open, at Excel's narrowest pane (320 px), on Playwright's clock (no
// real waiting): a workbook claiming it does nothing until a project is connected here and says
// why; turned on, it refreshes the tables when the clock reaches its time and shows the next.
import {
  BrowserSession,
  connected,
  importFromPane,
  openPreview,
  openWorkbook,
  saveWorkbook,
  showTab,
} from "./harness";
import { changeRecords, clearFaults, setFaults } from "../integration/helpers/sandboxControl";
import { axeFindings } from "./helpers/axeFindings";

const BOOK = "https://contoso.sharepoint.com/sites/finance/Shared%20Documents/Sent.xlsx";

describe("refresh while the pane is open, at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({
      paneWidth: 320,
      installClock: true,
      timezoneId: "Europe/Paris",
    });
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  const caption = () => session.pane.locator("#auto-refresh-status");
  const rows = () => session.pane.locator("#import-tables > li");

  it("a workbook claiming it, with no project connected, requests nothing and says why", async () => {
    const { pane, sandbox } = session;
    const file = JSON.parse(await saveWorkbook(session)) as { settings: Record<string, string> };
    file.settings["ledgerSheets.autoRefresh"] = JSON.stringify({ minutes: 5, mode: "full" });
    await openWorkbook(session, JSON.stringify(file), BOOK);
    await showTab(session, "Import");
    await caption()
      .filter({ hasText: /^Automatic refresh waits/ })
      .waitFor();
    expect(await caption().innerText()).toBe(
      "Automatic refresh waits for a connected project: it never connects by itself. Connect on the Connection tab to start it.",
    );
    expect(await pane.getByLabel("How often").inputValue()).toBe("5");
    const before = sandbox.stats().apiRequests;
    await session.page.clock.fastForward("30:00");
    expect(sandbox.stats().apiRequests).toBe(before);
    expect(await caption().innerText()).toMatch(/^Automatic refresh waits/);
    expect(await pane.locator("#import-status").textContent()).toBe("");
  });

  it("turned on, refreshes the tables when its time comes and shows the next time", async () => {
    const { pane, sandbox } = session;
    await connected(session);
    await importFromPane(session, "bills");
    await rows()
      .first()
      .locator(".table-facts", { hasText: /^58 rows/ })
      .waitFor();
    await pane.getByLabel("What each refresh does").selectOption("new");
    await pane.getByLabel("How often").selectOption("15");
    await caption()
      .filter({ hasText: /^Next refresh at / })
      .waitFor();
    const first = await caption().innerText();
    // Local time with the reader's zone named.
    expect(first).toMatch(/^Next refresh at \d\d:\d\d GMT\+1\.$/);

    expect((await changeRecords(sandbox.origin, { list: "bills", add: 3 })).status).toBe(200);
    const before = sandbox.stats().apiRequests;
    // Short of the interval: nothing runs.
    await session.page.clock.fastForward("14:00");
    expect(sandbox.stats().apiRequests).toBe(before);
    await session.page.clock.fastForward("01:00");
    await rows()
      .first()
      .locator(".table-facts", { hasText: /^61 rows/ })
      .waitFor();
    await pane
      .locator("#import-status", { hasText: "Refreshed 1 of 1 table (new records only)." })
      .waitFor();
    await caption()
      .filter({ hasText: /^Next refresh at / })
      .waitFor();
    const next = await caption().innerText();
    expect(next).toMatch(/^Next refresh at \d\d:\d\d GMT\+1\.$/);
    expect(next).not.toBe(first);
  });

  it("a refused token (401) stops it: said in the message area and under the choice, asked no more", async () => {
    const { pane, sandbox } = session;
    await setFaults(sandbox, { failEvery: { n: 1, status: 401 } });
    try {
      await session.page.clock.fastForward("15:00");
      await caption()
        .filter({ hasText: /^Automatic refresh stopped/ })
        .waitFor();
      expect(await caption().innerText()).toBe(
        "Automatic refresh stopped: the service refused the token. Connect again to resume it.",
      );
      expect(await pane.locator("#import-status").innerText()).toMatch(/^Refreshed 0 of 1 table/);
      const before = sandbox.stats().apiRequests;
      await session.page.clock.fastForward("02:00:00");
      expect(sandbox.stats().apiRequests).toBe(before);
    } finally {
      await clearFaults(sandbox);
    }
  });

  it("fits the pane and is axe-core clean, and Never turns it off", async () => {
    const { pane } = session;
    const overflow = await pane
      .locator("#import-panel")
      .evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeFindings(session.page)).toEqual([]);

    await pane.getByLabel("How often").selectOption("off");
    await caption().waitFor({ state: "hidden" });
    const before = session.sandbox.stats().apiRequests;
    await session.page.clock.fastForward("01:00:00");
    expect(session.sandbox.stats().apiRequests).toBe(before);
  });
});
