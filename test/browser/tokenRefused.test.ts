// A token the service refuses during Refresh all, at Excel's narrowest pane (320 px): the rows
// say so in red with Enter new token, the whole pane agrees the project is disconnected (no
// card or summary still saying connected), Enter new token opens the project's form filled in
// but for the token, and once connected again the same Refresh all succeeds. axe-core clean.
// The sandbox revokes the token the pane connected with and issues another, as a service would.
import { BrowserSession, connected, importFromPane, openPreview, showTab } from "./harness";
import { changeTokens, resetTokens } from "../integration/helpers/sandboxControl";
import { axeFindings } from "./helpers/axeFindings";

describe("a token refused during Refresh all, at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    await connected(session);
    await importFromPane(session, "invoices");
    await importFromPane(session, "bills");
  }, 60_000);

  afterAll(async () => {
    if (session) await resetTokens(session.sandbox);
    await session?.close();
  });

  const rows = () => session.pane.locator("#import-tables > li");
  const status = () => session.pane.locator("#import-status");

  async function expectAxeClean(): Promise<void> {
    expect(await axeFindings(session.page)).toEqual([]);
  }

  it("marks each row failed with Enter new token, and disconnects the project everywhere", async () => {
    const change = await changeTokens(session.sandbox, {
      revoke: ["demo-token"],
      issue: ["fresh-token"],
    });
    expect(change.status).toBe(200);
    await showTab(session, "Import");
    await session.pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await status()
      .filter({ hasText: /^Refreshed 0 of 2 tables\./ })
      .waitFor({ timeout: 30_000 });
    expect(await rows().locator("button.table-state .state-word").allInnerTexts()).toEqual([
      "failed",
      "failed",
    ]);
    for (const name of ["Invoices", "Bills"]) {
      await session.pane.getByRole("button", { name: `Enter new token ${name}` }).waitFor();
    }
    // One truth: nothing runs over a refused token, and no part of the pane says connected.
    expect(
      await session.pane.getByRole("button", { name: "Refresh all", exact: true }).isDisabled(),
    ).toBe(true);
    expect(await session.pane.locator("#connected").isHidden()).toBe(true);
    expect(await session.pane.locator("#connection-status").innerText()).toMatch(
      /^The service refused the token for .+, so it is disconnected\. Enter a new token/,
    );
    expect(await session.pane.getByText(/Connected to/).count()).toBe(0);
    await expectAxeClean();
  }, 60_000);

  it("Enter new token opens the project's form without its token; connected again, the same refresh succeeds", async () => {
    await session.pane.getByRole("button", { name: "Enter new token Invoices" }).click();
    await session.pane.getByRole("tab", { name: "Connection", selected: true }).waitFor();
    const token = session.pane.getByLabel("Access token", { exact: true });
    expect(await token.inputValue()).toBe("");
    expect(await token.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await session.pane.getByLabel("API address").inputValue()).toBe(session.sandbox.baseUrl);
    expect(await session.pane.getByLabel("Project identity").inputValue()).toBe("demo-company");
    await expectAxeClean();

    await token.fill("fresh-token");
    await session.pane.getByRole("button", { name: "Connect", exact: true }).click();
    await session.pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    const refreshAll = session.pane.getByRole("button", { name: "Refresh all", exact: true });
    await refreshAll.and(session.pane.locator(":enabled")).waitFor();
    await refreshAll.click();
    await status()
      .filter({ hasText: /^Refreshed 2 of 2 tables\.$/ })
      .waitFor({ timeout: 30_000 });
    expect(await session.pane.getByRole("button", { name: /^Enter new token/ }).count()).toBe(0);
  }, 60_000);
});

describe("a token refused in a workbook of two projects, at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
  }, 60_000);

  afterAll(async () => {
    if (session) await resetTokens(session.sandbox);
    await session?.close();
  });

  async function connectProject(identity: string): Promise<void> {
    const { pane, sandbox } = session;
    await pane.getByLabel("API address").fill(sandbox.baseUrl);
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill(identity);
    await pane.getByLabel(/^Project name/).fill(identity);
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
  }

  it("marks the project Token refused in the list, whose Enter new token connects it again", async () => {
    const { pane } = session;
    await showTab(session, "Connection");
    await connectProject("demo-company");
    await pane
      .locator("#connection-summary", { hasText: "Connected to" })
      .waitFor({ state: "attached" });
    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Add project" }).click();
    await connectProject("other-company");
    await showTab(session, "Import");
    await pane
      .getByRole("tabpanel", { name: "Import" })
      .getByLabel("Project")
      .selectOption("other-company");
    await pane.getByLabel("Collection").selectOption("bills");
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    await pane
      .locator("#import-status")
      .filter({ hasText: /^Imported/ })
      .waitFor();

    await changeTokens(session.sandbox, { revoke: ["demo-token"], issue: ["fresh-token"] });
    await pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await pane.getByRole("button", { name: /^Enter new token Bills/ }).waitFor();
    await showTab(session, "Connection");
    const row = pane.locator("#project-list li", { hasText: /^other-company/ });
    expect(await row.locator(".project-name").innerText()).toMatch(/ · token refused$/);
    expect(await row.getByRole("button", { name: "Connect other-company" }).count()).toBe(0);
    await expectAxeClean();

    await row.getByRole("button", { name: "Enter new token other-company" }).click();
    await pane.getByRole("heading", { name: "New token for other-company" }).waitFor();
    const token = pane.getByLabel("Access token", { exact: true });
    expect(await token.inputValue()).toBe("");
    expect(await token.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("other-company");
    await token.fill("fresh-token");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    await pane.getByRole("button", { name: "Refresh all", exact: true }).click();
    await pane
      .locator("#import-status")
      .filter({ hasText: /^Refreshed 1 of 1 table\.$/ })
      .waitFor({ timeout: 30_000 });
  }, 60_000);

  async function expectAxeClean(): Promise<void> {
    expect(await axeFindings(session.page)).toEqual([]);
  }
});
