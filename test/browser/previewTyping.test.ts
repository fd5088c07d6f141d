// Typing into the preview's grid, as into Excel, with the task pane at Excel's default 320 px:
// a journal edited in its sheet and sent, and LEDGER formulas entered in cells, calculated by the
// add-in's own functions code against the sandbox.
import { ManualJournal } from "../../src/api";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { BrowserSession, cell, connected, openPreview, showTab, values } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";
import { demoApi } from "../integration/helpers/sandboxSession";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await connected(session);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

async function stored(id: string): Promise<ManualJournal> {
  return (await demoApi(session.sandbox).getJournal(id)).data;
}

/** The grid's cell at `address` on the sheet it shows. */
function gridCell(address: string) {
  return session.page.locator(`#grid td[data-address="${address}"]`);
}

/** Clicks a cell of the grid, types as a user would and presses Enter. */
async function typeInto(address: string, text: string): Promise<void> {
  await gridCell(address).click();
  await session.page.keyboard.type(text);
  await session.page.keyboard.press("Enter");
}

/** The task pane and the grid's bars. */
const PANE_AND_BARS = { include: ["#pane", ".fx-formula-bar"] };
/**
 * The whole page with the grid's first rows of cells (all rows are alike; a spilled list makes
 * thousands of cells, which takes axe minutes on this machine).
 */
const PAGE_WITH_FIRST_ROWS = { exclude: ["#grid tbody tr:nth-child(n+4)"] };

it("edits a journal by typing into its sheet in the grid, and sends it", async () => {
  const { pane } = session;
  const journal = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === "JNL-0008");
  const before = await stored(journal!.id);
  const debit = before.lines.findIndex((l) => l.debit !== "0.00");
  const credit = before.lines.findIndex((l) => l.credit !== "0.00");
  const newDebit = (Number(before.lines[debit]!.debit) + 12.5).toFixed(2);
  const newCredit = (Number(before.lines[credit]!.credit) + 12.5).toFixed(2);
  await showTab(session, "Journal");
  await pane.getByLabel("Transaction reference or ID").fill("TRX-2026-0008");
  await pane.getByRole("button", { name: "Open journal" }).click();
  await pane.locator("#journal-status", { hasText: "Opened journal JNL-0008" }).waitFor();
  const sheet = "Journal JNL-0008";
  await session.page.getByRole("grid", { name: `Sheet ${sheet}` }).waitFor();

  await typeInto(`F${19 + debit}`, newDebit);
  // Enter moved down, as in Excel: the Name Box follows.
  await expect(session.page.getByLabel("Name Box").inputValue()).resolves.toBe(`F${20 + debit}`);
  await typeInto(`G${19 + credit}`, newCredit);
  await typeInto("B10", "Typed in the preview");
  expect((await cell(session, sheet, `F${19 + debit}`)).value).toBe(Number(newDebit));
  expect((await cell(session, sheet, "B1")).value).toMatch(/^Balanced/);
  expect(await seriousFindings(session.page, PANE_AND_BARS)).toEqual([]);

  await pane.getByRole("button", { name: "Send to server" }).click();
  await pane.locator("#journal-status", { hasText: "Saved journal JNL-0008" }).waitFor();
  const after = await stored(journal!.id);
  expect(after.description).toBe("Typed in the preview");
  expect(after.lines[debit]!.debit).toBe(newDebit);
  expect(after.lines[credit]!.credit).toBe(newCredit);
}, 120_000);

it("calculates LEDGER formulas typed into cells with the add-in's functions", async () => {
  const { page } = session;
  await page.getByRole("tab", { name: "Sheet1" }).click();
  await page.getByRole("grid", { name: "Sheet Sheet1" }).waitFor();
  const journal = await stored(SEEDED_JOURNALS["demo-company"][0]!.id);

  await typeInto("A1", `=LEDGER.JOURNAL.FIELD("${journal.transaction_reference}", "status")`);
  await typeInto("B1", "=LEDGER.DECIMALSUM(0.1, 0.2)");
  await typeInto("A3", '=LEDGER.LIST("invoices", 3)');
  await gridCell("A1").filter({ hasText: journal.status }).waitFor();
  expect((await cell(session, "Sheet1", "B1")).value).toBe(0.3);
  // The list spills a header row and three records below its cell.
  await gridCell("A6").filter({ hasText: /\S/ }).waitFor();
  const column = (await values(session, "Sheet1", "A3:A7")).map((row) => row[0]);
  expect(column.slice(0, 4).every((value) => value !== "")).toBe(true);
  expect(column[4]).toBe("");

  // The formula bar shows the selected cell's formula, as Excel's does.
  await gridCell("A1").click();
  await expect(page.getByLabel("Formula bar").inputValue()).resolves.toMatch(
    /^=LEDGER\.JOURNAL\.FIELD\(/,
  );
  expect(await seriousFindings(session.page, PAGE_WITH_FIRST_ROWS)).toEqual([]);
}, 120_000);

it("keeps the cell as it was when Escape cancels, and says why a formula is refused", async () => {
  const { page } = session;
  await typeInto("C1", "41");
  await gridCell("C1").click();
  await page.keyboard.type("99");
  await page.keyboard.press("Escape");
  expect((await cell(session, "Sheet1", "C1")).value).toBe(41);
  await typeInto("C2", "=SUM(C1");
  await page.locator("#grid [role=status]", { hasText: "problem with this formula" }).waitFor();
  await page.keyboard.press("Escape");
  expect((await cell(session, "Sheet1", "C2")).value).toBe("");
});
