// The built task pane at Excel's default 320 px, beside the preview's grid: a new line of a
// journal takes its account from the pane's list of the project's accounts, and a journal's own
// reference (JNL-0003) opens that journal once this computer knows it.
import { ManualJournal } from "../../src/api";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { BrowserSession, cell, connected, openPreview, showTab, typeCells } from "./harness";
import { demoApi } from "../integration/helpers/sandboxSession";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await connected(session);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

function seeded(reference: string) {
  const journal = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal;
}

async function stored(id: string): Promise<ManualJournal> {
  const api = demoApi(session.sandbox);
  return (await api.getJournal(id)).data;
}

/** Types into the Journal field, presses Open journal and gives the status it settles on. */
async function open(typed: string, expected: RegExp): Promise<void> {
  const { pane } = session;
  await pane.getByLabel("Transaction reference or ID").fill(typed);
  await pane.getByRole("button", { name: "Open journal" }).click();
  await pane.locator("#journal-status", { hasText: expected }).waitFor();
}

/** Clicks the grid's cell, as a user selecting the line. */
async function selectCell(address: string): Promise<void> {
  await session.page.locator(`#grid td[data-address="${address}"]`).click();
}

it("gives a new line its account from the list, and sends it", async () => {
  const { pane } = session;
  await showTab(session, "Journal");
  const other = await stored(seeded("JNL-0003").id);
  const mine = await stored(seeded("JNL-0001").id);
  await open(seeded("JNL-0003").transaction_reference, /Opened journal JNL-0003/);
  await open(seeded("JNL-0001").transaction_reference, /Opened journal JNL-0001/);
  const sheet = "Journal JNL-0001";
  await session.page.getByRole("grid", { name: `Sheet ${sheet}` }).waitFor();
  const debit = other.lines.find(
    (line) => !mine.lines.some((m) => m.account_id === line.account_id),
  )!;
  const credit = mine.lines[0]!;

  // Two new lines in the spare rows: each takes its account from the list.
  const list = pane.getByLabel("Account for the selected line");
  for (const [row, line] of [
    [21, debit],
    [22, credit],
  ] as const) {
    await selectCell(`F${row}`);
    await list.selectOption({ label: `${line.account_code} ${line.account_name}` });
    await pane.getByRole("button", { name: "Put on line" }).click();
    await pane
      .locator("#journal-account-status", { hasText: `Row ${row} now has account` })
      .waitFor();
    expect((await cell(session, sheet, `B${row}`)).value).toBe(line.account_code);
    expect((await cell(session, sheet, `C${row}`)).value).toBe(line.account_name);
    expect((await cell(session, sheet, `L${row}`)).value).toBe(line.account_id);
  }
  await typeCells(session, sheet, "F21", [[125]]);
  await typeCells(session, sheet, "G22", [[125]]);

  // Nothing in the pane needs scrolling sideways at 320 px.
  const frame = session.page.frame({ url: /taskpane\.html/ });
  const widths = await frame!.evaluate(() => ({
    client: document.documentElement.clientWidth,
    scroll: document.documentElement.scrollWidth,
  }));
  expect(widths.client).toBeLessThanOrEqual(320);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);

  await pane.getByRole("button", { name: "Send to server" }).click();
  await pane.locator("#journal-status", { hasText: "Saved journal JNL-0001" }).waitFor();
  const after = await stored(seeded("JNL-0001").id);
  expect(after.lines.slice(-2).map((line) => [line.account_id, line.debit, line.credit])).toEqual([
    [debit.account_id, "125.00", "0.00"],
    [credit.account_id, "0.00", "125.00"],
  ]);
}, 120_000);

it("opens a journal by its own reference once this computer knows it", async () => {
  const { pane } = session;
  await showTab(session, "Journal");
  await pane
    .getByText("For example TRX-2026-0001, or JNL-0001 for a journal opened on this computer.")
    .waitFor();
  await open("JNL-0003", /Journal JNL-0003 is already open on sheet “Journal JNL-0003”/);
  // The grid shows the active sheet: the journal's.
  await session.page.getByRole("grid", { name: "Sheet Journal JNL-0003" }).waitFor();
}, 60_000);
