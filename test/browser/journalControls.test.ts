// The Journal panel's buttons at Excel's default pane width: Validate and Send only where there
// is a journal to check or send, and a read-only journal's reason said once.
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import { activateSheet, BrowserSession, connected, openPreview, showTab } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

const journals = SEEDED_JOURNALS["demo-company"];
function idOf(reference: string): string {
  const journal = journals.find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal.id;
}

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await connected(session);
  await showTab(session, "Journal");
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** Open journal, Validate and Send: whether each is enabled. */
async function buttons(): Promise<{ open: boolean; validate: boolean; send: boolean }> {
  const { pane } = session;
  return {
    open: await pane.getByRole("button", { name: "Open journal" }).isEnabled(),
    validate: await pane.getByRole("button", { name: "Validate" }).isEnabled(),
    send: await pane.getByRole("button", { name: "Send to server" }).isEnabled(),
  };
}

/** Opens a journal by its ID and waits until the action is over. */
async function open(reference: string): Promise<void> {
  const { pane } = session;
  await pane.getByLabel("Transaction reference or ID").fill(reference);
  await pane.getByRole("button", { name: "Open journal" }).click();
  await pane
    .locator("#journal-status")
    .filter({ hasText: /^Opened journal/ })
    .waitFor();
  await pane
    .locator("#journal-active")
    .filter({ hasText: /^Active sheet: Journal/ })
    .waitFor();
}

describe("the Journal panel's buttons at 320 px", () => {
  it("turns Validate and Send off while the active sheet shows no journal", async () => {
    const { pane } = session;
    await pane.locator("#journal-active").filter({ hasText: "shows no journal" }).waitFor();
    expect(await buttons()).toEqual({ open: true, validate: false, send: false });
    expect(await seriousFindings(session.page)).toEqual([]);
  });

  it("turns them on for an opened journal, and off again back on a sheet without one", async () => {
    const { pane } = session;
    await open(idOf("JNL-0001"));
    expect(await buttons()).toEqual({ open: true, validate: true, send: true });
    // The user picks another sheet in the workbook, then comes back to the pane, which reads
    // the active sheet again (this workbook raises no sheet-activated event).
    await session.page.mouse.move(900, 400);
    await activateSheet(session, "Sheet1");
    await pane.locator("#journal-panel").hover();
    await pane.locator("#journal-active").filter({ hasText: "shows no journal" }).waitFor();
    expect(await buttons()).toEqual({ open: true, validate: false, send: false });
  }, 40_000);

  it("gives a read-only journal's reason once, under Send", async () => {
    const { pane } = session;
    await open(idOf("JNL-0004"));
    expect(await buttons()).toEqual({ open: true, validate: true, send: false });
    const reason = pane.locator("#journal-readonly-reason");
    await reason.waitFor({ state: "visible" });
    expect(await reason.textContent()).toBe(
      "Read-only: POSTED journals cannot be changed; only DRAFT journals can.",
    );
    const shown = await pane.locator("#journal-panel").innerText();
    expect(shown.match(/cannot be changed/g)).toHaveLength(1);
    expect(await pane.locator("#journal-status").textContent()).toMatch(
      /^Opened journal JNL-0004 read-only/,
    );
    expect(await seriousFindings(session.page)).toEqual([]);
  });
});
