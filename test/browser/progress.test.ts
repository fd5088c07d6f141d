// The import's progress at Excel's narrowest pane (320 px): one counter (records of the total the
// server reports, pages, rate) in the counts line and the bar's words, a determinate bar where
// the server says the total, a status line that never holds a second count, and axe-core
// finding nothing while it runs.
import { BrowserSession, connected, openPreview, showTab } from "./harness";
import { axeFindings } from "./helpers/axeFindings";

const PAYMENTS = 600;

describe("import progress at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    // Slow pages (50 payments each), so the run is seen while it goes.
    session = await openPreview({
      paneWidth: 320,
      sandbox: { records: { payments: PAYMENTS }, latencyMs: 250 },
    });
    await connected(session);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("counts records of the server's total with a determinate bar, the status holding no count", async () => {
    const { pane, sandbox } = session;
    const host = sandbox.baseUrl.replace(/^https?:\/\//, "");
    await showTab(session, "Import");
    await pane.getByLabel("Collection").selectOption("Payments");
    await pane.getByRole("button", { name: "Import", exact: true }).click();

    const counts = pane.locator("#import-counts");
    const bar = pane.getByRole("progressbar", { name: "Import progress" });
    await counts
      .filter({ hasText: new RegExp(`^[1-9][\\d,]* of ${PAYMENTS} records · `) })
      .waitFor();
    // Mid-run: the bar is determinate over the server's count and says the counter's words.
    const during = await bar.evaluate((element) => ({
      max: element.getAttribute("aria-valuemax"),
      now: Number(element.getAttribute("aria-valuenow")),
      text: element.getAttribute("aria-valuetext"),
      indeterminate: element.classList.contains("is-indeterminate"),
    }));
    expect(during.max).toBe(String(PAYMENTS));
    expect(during.now).toBeGreaterThan(0);
    expect(during.indeterminate).toBe(false);
    expect(during.text).toMatch(new RegExp(`^[\\d,]+ of ${PAYMENTS} records, \\d+ pages?`));
    expect((await pane.locator("#import-status").innerText()).replace(host, "")).not.toMatch(/\d/);
    expect(await axeFindings(session.page)).toEqual([]);

    await pane.locator("#import-status", { hasText: /^Imported/ }).waitFor({ timeout: 30_000 });
    expect(await counts.innerText()).toMatch(
      new RegExp(`^${PAYMENTS} of ${PAYMENTS} records · 12 pages · [\\d,.]+ records/s$`),
    );
    const after = await bar.evaluate((element) => ({
      max: element.getAttribute("aria-valuemax"),
      now: element.getAttribute("aria-valuenow"),
      text: element.getAttribute("aria-valuetext"),
    }));
    expect(after).toMatchObject({ max: String(PAYMENTS), now: String(PAYMENTS) });
    expect(after.text).toBe(
      (await counts.innerText()).replace(/ · /g, ", ").replace("records/s", "records a second"),
    );
  }, 60_000);
});
