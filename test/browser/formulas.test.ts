// The Formulas tab at Excel's narrowest pane (320 px): every LEDGER function of the built
// functions.json with its description and an example naming the project, Insert putting the
// example into the active cell (never over what a cell holds), and axe-core finding nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { APP_DIR } from "./build";
import { activateSheet, BrowserSession, cell, openPreview, showTab, typeCells } from "./harness";
import { axeFindings } from "./helpers/axeFindings";

interface FunctionMetadata {
  name: string;
  description: string;
}

function builtFunctions(): FunctionMetadata[] {
  const text = readFileSync(path.join(APP_DIR, "functions.json"), "utf8");
  return (JSON.parse(text) as { functions: FunctionMetadata[] }).functions;
}

describe("the Formulas tab at 320 px", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    const { pane, sandbox } = session;
    await showTab(session, "Connection");
    await pane.getByLabel("API address").fill(sandbox.baseUrl);
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("demo-company");
    await pane.locator("#project-label").fill("Acme");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane
      .locator("#connection-summary", { hasText: "Connected to" })
      .waitFor({ state: "attached" });
    await showTab(session, "Formulas");
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("lists every function of functions.json with its description and an example", async () => {
    const { pane } = session;
    const functions = builtFunctions();
    const items = pane.locator("#formula-list > li");
    await items.nth(functions.length - 1).waitFor();
    expect(await items.count()).toBe(functions.length);
    const names = await pane.locator("#formula-list .formula-name").allInnerTexts();
    expect(names).toEqual(functions.map((f) => `LEDGER.${f.name}`));
    const descriptions = await pane.locator("#formula-list .caption").allInnerTexts();
    expect(descriptions).toEqual(functions.map((f) => f.description));
    const examples = await pane.locator("#formula-list .formula-example").allInnerTexts();
    // One project: every formula asks it, so no example names it.
    expect(examples).toContain('=LEDGER.LIST("invoices")');
    expect(examples).toContain('=LEDGER.JOURNAL("TRX-2026-0001")');
    expect(examples).toContain("=LEDGER.BALANCED(C2:C20, D2:D20)");
    expect(examples.join("\n")).not.toContain("Acme");
  });

  it("inserts the example into the active cell", async () => {
    const { pane } = session;
    await typeCells(session, "Report", "C1", [["Journal"]]);
    await activateSheet(session, "Report");
    await pane.getByRole("button", { name: "Insert LEDGER.JOURNAL", exact: true }).click();
    await pane
      .locator("#refresh-status", { hasText: "Inserted LEDGER.JOURNAL in Report!A1." })
      .waitFor();
    expect((await cell(session, "Report", "A1")).formula).toBe('=LEDGER.JOURNAL("TRX-2026-0001")');
  });

  it("leaves a cell that holds something as it was, and says so once", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Insert LEDGER.VERSION", exact: true }).click();
    const alert = pane.locator("#refresh-error");
    await alert.filter({ hasText: /^Report!A1 is not empty/ }).waitFor();
    expect(await pane.locator("#refresh-status").innerText()).toBe("");
    expect((await cell(session, "Report", "A1")).formula).toBe('=LEDGER.JOURNAL("TRX-2026-0001")');
  });

  it("names the chosen project once the workbook has two, with no argument left empty", async () => {
    const { pane, sandbox } = session;
    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Add project" }).click();
    await pane.getByLabel("API address").fill(sandbox.baseUrl);
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("other-company");
    await pane.getByLabel(/^Project name/).fill("Other");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane
      .locator("#project-list li")
      .filter({ hasText: /^Other · .* · connected/ })
      .waitFor({ state: "attached" });
    await showTab(session, "Formulas");
    const examples = pane.locator("#formula-list .formula-example");
    await examples.filter({ hasText: '=LEDGER.LIST("invoices", 500, "Acme")' }).waitFor();
    await pane
      .getByRole("tabpanel", { name: "Formulas" })
      .getByLabel("Project", { exact: true })
      .selectOption("Other");
    await examples.filter({ hasText: '=LEDGER.LIST("invoices", 500, "Other")' }).waitFor();
    const texts = await examples.allInnerTexts();
    expect(texts).toContain('=LEDGER.PAYMENTS(500, "Other")');
    expect(texts).toContain('=LEDGER.JOURNAL("TRX-2026-0001", "Other")');
    for (const text of texts) expect(text).not.toMatch(/\(\s*,|,\s*,|,\s*\)/);
  });

  it("fits the pane without scrolling sideways, and axe-core finds nothing", async () => {
    const frame = session.page.frame({ url: /taskpane\.html/ });
    const widths = await frame!.evaluate(() => ({
      client: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await axeFindings(session.page)).toEqual([]);
  });
});
