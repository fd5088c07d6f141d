// The Import tab's messages at Excel's narrowest pane (320 px): one short sentence per outcome
// with its details folded, cells kept as text named by the record's number and address with a
// Go to, one live region, an error said once, and no message of an action left once the next
// one starts. axe-core over each state.
import { BrowserSession, connected, openPreview, selection, showTab } from "./harness";
import { clearFaults, setFaults } from "../integration/helpers/sandboxControl";
import { seriousFindings } from "./helpers/axeFindings";

describe("the Import tab's messages at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    await connected(session);
    await showTab(session, "Import");
  }, 60_000);

  afterAll(async () => {
    if (session) await clearFaults(session.sandbox);
    await session?.close();
  });

  /** The text of the tab's messages: its sentence and its folded details. */
  const messagesText = () => session.pane.locator("#import-messages").innerText();

  it("says an import in one sentence, folds the cells kept as text per record, and Go to selects one", async () => {
    const { pane } = session;
    await pane.getByLabel("Collection").selectOption("invoices");
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    const status = pane.locator("#import-status");
    await status.filter({ hasText: /^Imported/ }).waitFor({ timeout: 30_000 });
    const sentence = await status.innerText();
    // One sentence: the outcome and a count, no ids and no list of columns.
    expect(sentence).toMatch(
      /^Imported [\d,]+ records into Invoices; [\d,]+ cells? in [\d,]+ records? (was|were) kept as text\.$/,
    );
    // The tab has one live region, and it is not an alert.
    expect(
      await pane.locator("#import-panel [aria-live], #import-panel [role=status]").count(),
    ).toBe(1);
    expect(await pane.locator("#import-panel [role=alert]").count()).toBe(0);

    const details = pane.locator("#import-messages details");
    expect(await details.getAttribute("open")).toBeNull();
    await details.locator("summary").click();
    const first = details.locator("li").first();
    // A record is named by its own number, once, with each of its cells.
    const line = await first.innerText();
    expect(line).toMatch(/^INV-\d+: “[^”]+”.* kept as text exactly as received \(/);
    expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const goTo = first.getByRole("button", { name: /^Go to [A-Z]+\d+ on Invoices$/ }).first();
    const label = (await goTo.getAttribute("aria-label"))!;
    const address = /^Go to ([A-Z]+\d+) on/.exec(label)![1]!;
    await goTo.click();
    await session.page.waitForFunction((want) => {
      const host = (window as unknown as { ledgerFakeHost: { selection(): unknown } })
        .ledgerFakeHost;
      const got = host.selection() as { address?: string } | null;
      return got?.address === want;
    }, address);
    expect(await selection(session)).toEqual({ sheet: "Invoices", address });
    expect(await seriousFindings(session.page)).toEqual([]);
  }, 60_000);

  it("says a failure once, as the one message, styled as an error", async () => {
    const { pane, sandbox } = session;
    // 500 is not retried: the fetch fails at once.
    await setFaults(sandbox, { failEvery: { n: 1, status: 500, message: "Ledger is down." } });
    await pane.getByRole("button", { name: "Fetch new", exact: true }).click();
    await pane.locator("#import-messages[data-tone=error]").waitFor({ timeout: 30_000 });
    const error = await pane.locator("#import-status").innerText();
    expect(error).toMatch(/Ledger is down/);
    // Not also in a status line beside it: the whole tab says it once.
    const panel = await pane.locator("#import-panel").innerText();
    expect(panel.split("Ledger is down").length - 1).toBe(1);
    expect(await pane.locator("#import-messages details").isVisible()).toBe(false);
    expect(await seriousFindings(session.page)).toEqual([]);
  }, 60_000);

  it("no message of a previous action remains after the next starts", async () => {
    const { pane, sandbox } = session;
    // Slow answers keep each action running while the test looks at the tab.
    await clearFaults(sandbox);
    await setFaults(sandbox, { latencyMs: 300 });
    const before = await messagesText();
    expect(before).toMatch(/Ledger is down/);

    // Refresh all after the failed Fetch new: the failure goes as soon as it starts.
    await pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await pane.locator("#refresh-all-cancel").waitFor({ state: "visible" });
    expect(await messagesText()).toBe("Refreshing every imported table…");
    expect(await pane.locator("#import-panel").innerText()).not.toMatch(/Ledger is down/);
    await pane
      .locator("#import-status")
      .filter({ hasText: /^Refreshed/ })
      .waitFor({
        timeout: 30_000,
      });
    const refreshed = await messagesText();
    expect(refreshed).toMatch(/^Refreshed 1 of 1 tables?\.$/);

    // Fetch new after Refresh all: its summary goes as soon as the fetch starts.
    await pane.getByRole("button", { name: "Fetch new", exact: true }).click();
    await pane.locator("#import-cancel").waitFor({ state: "visible" });
    const during = await messagesText();
    expect(during).not.toContain(refreshed);
    expect(during).not.toMatch(/kept as text|Ledger is down|Refreshed/);
    await pane
      .locator("#import-status")
      .filter({ hasText: /^(Added|No new)/ })
      .waitFor({
        timeout: 30_000,
      });
    const fetched = await messagesText();
    expect(fetched).not.toMatch(/Refreshed|Ledger is down|use Refresh/);

    // And Import after Fetch new: the fetch's words go, details and all.
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    await pane.locator("#import-cancel").waitFor({ state: "visible" });
    expect(await messagesText()).not.toMatch(/Added|No new|Details/);
    await pane
      .locator("#import-status")
      .filter({ hasText: /^Imported/ })
      .waitFor({
        timeout: 30_000,
      });
    await clearFaults(sandbox);
    expect(await seriousFindings(session.page)).toEqual([]);
  }, 90_000);
});
