// Times in the task pane are the reader's, with the zone named: a computer in India (UTC+5:30,
// so no time can pass for UTC) at Excel's default pane width.
import { ManualJournal } from "../../src/api";
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { BrowserSession, connected, openPreview, showTab, typeCells } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";
import { demoApi } from "../integration/helpers/sandboxSession";

const JNL_0001 = SEEDED_JOURNALS["demo-company"].find((j) => j.reference === "JNL-0001")!.id;

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320, timezoneId: "Asia/Kolkata" });
  await connected(session);
  await showTab(session, "Journal");
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** A colleague edits the journal's description on the server. */
async function colleagueEdits(id: string, description: string): Promise<ManualJournal> {
  const current = (await demoApi(session.sandbox).getJournal(id)).data;
  return (
    await demoApi(session.sandbox).updateJournal(id, {
      transaction_date: current.transaction_date,
      currency_code: current.currency_code,
      description,
      lines: current.lines.map((l) => ({
        account_id: l.account_id,
        type: l.debit === "0.00" ? ("CREDIT" as const) : ("DEBIT" as const),
        amount: l.debit === "0.00" ? l.credit : l.debit,
      })),
    })
  ).data;
}

/** `2026-02-01 16:45:00 GMT+5:30`: what the pane should show for a server time, to the second. */
function inKolkata(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)} GMT+5:30`;
}

describe("times in the task pane at 320 px", () => {
  it("lists when a recent journal's status was read in local time, with the zone", async () => {
    const { pane } = session;
    await pane.getByLabel("Transaction reference or ID").fill(JNL_0001);
    await pane.getByRole("button", { name: "Open journal" }).click();
    const status = pane.locator("#journal-recent-list .recent-status");
    await status.first().waitFor();
    expect(await status.first().textContent()).toMatch(
      /^DRAFT, as of (today|on \d{4}-\d\d-\d\d) at \d\d:\d\d GMT\+5:30$/,
    );
  });

  it("says when a journal changed on the server in local time, with the zone", async () => {
    const { pane } = session;
    const opened = (await demoApi(session.sandbox).getJournal(JNL_0001)).data.updated_at;
    const changed = await colleagueEdits(JNL_0001, "Changed by a colleague");
    await typeCells(session, "Journal JNL-0001", "B10", [["Mine"]]);
    await pane.getByRole("button", { name: "Send to server" }).click();
    const stale = pane.locator("#journal-stale-message");
    await stale.filter({ hasText: "changed this journal" }).waitFor();
    const message = (await stale.textContent()) ?? "";
    expect(message).toContain(`on the server at ${inKolkata(changed.updated_at)}`);
    expect(message).toContain(`you opened the version of ${inKolkata(opened)}`);
    expect(message).not.toMatch(/UTC/);
    expect(await seriousFindings(session.page)).toEqual([]);
  });
});
