// Two projects in one workbook through the built task pane: Add project, the Project
// choice of Import and Journal, the line naming the active sheet's project, a formula naming a
// project, and both projects connecting again when the workbook is reopened.
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import {
  activateSheet,
  BrowserSession,
  callFunction,
  openPreview,
  reopenPane,
  sheetNames,
  showTab,
  tableInfo,
  typeCells,
} from "./harness";
import { demoApi } from "../integration/helpers/sandboxSession";

describe("several projects in the task pane", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  async function connectProject(identity: string): Promise<void> {
    const { pane, sandbox } = session;
    await pane.getByLabel("API address").fill(sandbox.baseUrl);
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill(identity);
    await pane.getByLabel(/^Project name/).fill(identity);
    await pane.getByLabel("Remember token on this computer").check();
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
  }

  async function importOf(project: string, collection: string): Promise<string> {
    const { pane } = session;
    await showTab(session, "Import");
    await pane
      .getByRole("tabpanel", { name: "Import" })
      .getByLabel("Project")
      .selectOption(project);
    await pane.getByLabel("Collection").selectOption(collection);
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    const status = pane.locator("#import-status");
    await status.filter({ hasText: /Imported|could not|failed|stopped/i }).waitFor();
    return await status.innerText();
  }

  it("adds a second project while the first stays connected, and lists both", async () => {
    const { pane } = session;
    await showTab(session, "Connection");
    // One project: no project list and no Project choice, as before.
    await connectProject("demo-company");
    await pane.locator("#connection-summary", { hasText: "Connected to" }).waitFor({
      state: "attached",
    });
    await showTab(session, "Import");
    expect(await pane.locator("#import-project-field").isHidden()).toBe(true);
    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Add project" }).click();
    // Escape closes the form again, leaving the connection as it was.
    await pane.getByLabel(/^Project name/).press("Escape");
    await pane.locator("#connection-form").waitFor({ state: "hidden" });
    expect(await pane.locator("#connection-status").innerText()).toBe("No project was added.");
    await pane.getByRole("button", { name: "Add project" }).click();
    expect(await pane.getByLabel("API address").evaluate((e) => e === document.activeElement)).toBe(
      true,
    );
    await connectProject("other-company");
    const list = pane.locator("#project-list li");
    await list
      .filter({ hasText: /^other-company · .* · connected/ })
      .waitFor({ state: "attached" });
    expect(await list.allInnerTexts()).toEqual([
      expect.stringMatching(/^demo-company \(default\) · 127\.0\.0\.1:\d+ \(v1\) · connected/),
      expect.stringMatching(/^other-company · 127\.0\.0\.1:\d+ \(v1\) · connected/),
    ]);
    // The first project is still the one the summary (and formulas without a project) use.
    expect(await pane.locator("#connection-summary").innerText()).toMatch(
      /as project demo-company$/,
    );
  });

  it("imports the same collection from each project side by side", async () => {
    expect(await importOf("other-company", "invoices")).toMatch(
      /^Imported 41 records into Invoices of other-company[.;]/,
    );
    expect(await importOf("demo-company", "invoices")).toMatch(
      /^Imported 137 records into Invoices of demo-company[.;]/,
    );
    // With two projects, each new sheet names its project; the first's table keeps its name.
    expect(await sheetNames(session)).toEqual(
      expect.arrayContaining(["Invoices (demo-company)", "Invoices (other-company)"]),
    );
    expect((await tableInfo(session, "Invoices_OtherCompany"))?.rowCount).toBe(41);
    expect((await tableInfo(session, "Invoices"))?.rowCount).toBe(137);
  });

  it("says which project the active sheet belongs to", async () => {
    const { pane, page } = session;
    const line = pane.locator("#sheet-project");
    /** The user clicks a sheet tab in Excel, then comes back to the pane. */
    const switchTo = async (sheet: string) => {
      await activateSheet(session, sheet);
      const frame = await page.locator("#pane").boundingBox();
      await page.mouse.move(0, 0);
      await page.mouse.move((frame?.x ?? 0) + 20, (frame?.y ?? 0) + 20);
    };
    await switchTo("Invoices (other-company)");
    await line.filter({ hasText: "project other-company" }).waitFor();
    expect(await line.innerText()).toBe(
      "Sheet “Invoices (other-company)” holds data of project other-company.",
    );
    await switchTo("Invoices (demo-company)");
    await line.filter({ hasText: "project demo-company" }).waitFor();
    await switchTo("Sheet1");
    await line.waitFor({ state: "hidden" });
  });

  it("answers a formula that names a project with that project's data", async () => {
    const other = await callFunction(session, "LIST", ["invoices", 100, "other-company"]);
    const demo = await callFunction(session, "LIST", ["invoices", 100]);
    expect(other.ok && Array.isArray(other.value) ? other.value.length : 0).toBe(42);
    expect(demo.ok && Array.isArray(demo.value) ? demo.value.length : 0).toBe(101);
  });

  it("opens a journal of the chosen project and sends it back to that project", async () => {
    const { pane, sandbox } = session;
    const journal = SEEDED_JOURNALS["other-company"].find((j) => j.status === "DRAFT")!;
    await showTab(session, "Journal");
    const choice = pane.getByRole("tabpanel", { name: "Journal" }).getByLabel("Project");
    await choice.selectOption("other-company");
    await pane.getByLabel("Transaction reference or ID").fill(journal.id);
    await pane.getByRole("button", { name: "Open journal" }).click();
    const sheet = `${journal.reference} (other-company)`;
    await pane.locator("#journal-status", { hasText: `on sheet “${sheet}”` }).waitFor();
    await typeCells(session, sheet, "B10", [["Other company, from the pane"]]);
    // The choice moves back to the default: the sheet still goes to its own project.
    await choice.selectOption("demo-company");
    await pane.getByRole("button", { name: "Send to server" }).click();
    await pane.locator("#journal-status", { hasText: /^Saved/ }).waitFor();
    const other = demoApi(sandbox, { identity: "other-company" });
    expect((await other.getJournal(journal.id)).data.description).toBe(
      "Other company, from the pane",
    );
  });

  it("connects both projects again when the workbook is reopened on this computer", async () => {
    const { pane } = session;
    await reopenPane(session);
    await showTab(session, "Connection");
    const list = pane.locator("#project-list li");
    await list
      .filter({ hasText: /^other-company · .* · connected/ })
      .waitFor({ state: "attached" });
    await list.filter({ hasText: /^demo-company \(default\) · .* · connected/ }).waitFor({
      state: "attached",
    });
    const other = await callFunction(session, "PAYMENTS", [100, "other-company"]);
    expect(other.ok && Array.isArray(other.value) ? other.value.length : 0).toBe(14);
  });
});
