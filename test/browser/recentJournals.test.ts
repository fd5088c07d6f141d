// The built task pane in headless Chromium at 320 px: the Journal panel's Recent journals, the
// journals opened on this computer, kept in the add-in's storage (never in the workbook) and
// offered again in one click, and by the 404 of a journal's own reference.
import { SEEDED_JOURNALS } from "../../tools/sandbox";
import {
  BrowserSession,
  callFunction,
  connected,
  openPreview,
  openWorkbook,
  saveWorkbook,
  sheetNames,
  showTab,
} from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

const journals = SEEDED_JOURNALS["demo-company"];
function seeded(reference: string): { id: string; transaction_reference: string } {
  const journal = journals.find((j) => j.reference === reference);
  if (!journal) throw new Error(`no seeded journal ${reference}`);
  return journal;
}

const BOOK_2 = "https://contoso.sharepoint.com/sites/finance/Shared%20Documents/Book2.xlsx";

type HostWindow = {
  ledgerFakeHost: {
    storage: Map<string, string>;
    workbook: { settings: { get(key: string): unknown } };
  };
};

let session: BrowserSession;
/** The workbook as it was before anything was opened: a file with no journal sheet. */
let blankWorkbook: string;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await session.pane.getByRole("tab", { name: "Connection" }).waitFor();
  blankWorkbook = await saveWorkbook(session);
  await connected(session);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** Waits until no journal action runs, then returns the status line. */
async function settled(): Promise<string> {
  const { pane } = session;
  await pane.getByRole("button", { name: "Open journal" }).and(pane.locator(":enabled")).waitFor();
  await pane.locator("#journal-cancel").waitFor({ state: "hidden" });
  return (await pane.locator("#journal-status").textContent()) ?? "";
}

/** Types into the reference field, presses Open journal and waits for the outcome. */
async function open(reference: string): Promise<string> {
  const { pane } = session;
  await showTab(session, "Journal");
  await pane.getByLabel("Transaction reference or ID").fill(reference);
  await pane.getByRole("button", { name: "Open journal" }).click();
  return await settled();
}

interface ListedRow {
  reference: string;
  transaction: string;
  status: string;
  project: string;
}

/** The rows of Recent journals as shown: each field's text and the Open button's name. */
async function listed(): Promise<ListedRow[]> {
  const list = session.pane.getByRole("list", { name: "Recent journals" });
  const items = list.getByRole("listitem");
  const rows: ListedRow[] = [];
  for (const item of await items.all()) {
    const text = async (selector: string) => (await item.locator(selector).textContent()) ?? "";
    rows.push({
      reference: await text(".recent-reference"),
      transaction: await text(".recent-transaction"),
      status: await text(".recent-status"),
      project: await text(".recent-project"),
    });
  }
  return rows;
}

/** Waits until the list shows these references, in this order. */
async function waitForReferences(references: readonly string[]): Promise<void> {
  const list = session.pane.locator("#journal-recent-list");
  for (const [i, reference] of references.entries()) {
    await list
      .locator(`li:nth-child(${i + 1}) .recent-reference`, {
        hasText: new RegExp(`^${reference}$`),
      })
      .waitFor();
  }
  expect(await list.locator(".recent-reference").allTextContents()).toEqual(references);
}

// "today", or the date when the test runs across midnight.
const WHEN =
  /^(DRAFT|POSTED), as of (today|on \d{4}-\d\d-\d\d) at \d\d:\d\d (UTC|GMT[+-]\d+(:\d\d)?)$/;

describe("Recent journals in the Journal panel at 320 px", () => {
  it("says there are none yet, before any journal is opened", async () => {
    await showTab(session, "Journal");
    const empty = session.pane.locator("#journal-recent-empty");
    await empty.waitFor({ state: "visible" });
    expect(await empty.textContent()).toMatch(/^No journal of this project has been opened/);
    expect(await session.pane.locator("#journal-recent-list").isVisible()).toBe(false);
  });

  it("lists the journals opened, the last first, with their references, status and project", async () => {
    expect(await open(seeded("JNL-0001").id)).toMatch(/Opened journal JNL-0001/);
    expect(await open(seeded("JNL-0004").transaction_reference)).toMatch(
      /Opened journal JNL-0004 read-only/,
    );
    await waitForReferences(["JNL-0004", "JNL-0001"]);
    const rows = await listed();
    expect(rows).toEqual([
      {
        reference: "JNL-0004",
        transaction: seeded("JNL-0004").transaction_reference,
        status: expect.stringMatching(WHEN) as unknown as string,
        project: "Local",
      },
      {
        reference: "JNL-0001",
        transaction: "TRX-2026-0001",
        status: expect.stringMatching(WHEN) as unknown as string,
        project: "Local",
      },
    ]);
    expect(rows.map((row) => row.status.split(",")[0])).toEqual(["POSTED", "DRAFT"]);
    // Each Open button's name says which journal it opens.
    const buttons = session.pane.getByRole("list", { name: "Recent journals" }).getByRole("button");
    expect(await buttons.evaluateAll((all) => all.map((b) => b.textContent))).toEqual([
      "Open JNL-0004",
      "Open JNL-0001",
    ]);
    await session.pane.getByRole("button", { name: "Open JNL-0001", exact: true }).waitFor();

    // Kept on this computer, never in the workbook; no identity, no token.
    const kept = await session.page.evaluate(() => {
      const host = (window as unknown as HostWindow).ledgerFakeHost;
      return {
        device: host.storage.get("ledgerSheets.recentJournals") ?? "",
        workbook: host.workbook.settings.get("ledgerSheets.recentJournals") ?? null,
      };
    });
    expect(kept.device).toContain(seeded("JNL-0004").transaction_reference);
    expect(kept.device).not.toContain("demo-company");
    expect(kept.device).not.toContain("demo-token");
    expect(kept.workbook).toBeNull();
  });

  it("fits 320 px: no row is wider than the pane, each Open button beside its journal", async () => {
    const sizes = await session.pane.locator("#journal-recent-list").evaluate((list) => {
      const doc = list.ownerDocument;
      return {
        scroll: doc.documentElement.scrollWidth,
        client: doc.documentElement.clientWidth,
        rows: [...list.querySelectorAll("li")].map((item) => {
          const row = item.getBoundingClientRect();
          const details = item.querySelector(".recent-details")!.getBoundingClientRect();
          const button = item.querySelector("button")!.getBoundingClientRect();
          return {
            right: row.right,
            buttonRight: button.right,
            beside: button.left >= details.right && button.top < details.bottom,
          };
        }),
      };
    });
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    for (const row of sizes.rows) {
      expect(row.right).toBeLessThanOrEqual(sizes.client);
      expect(row.buttonRight).toBeLessThanOrEqual(row.right);
      expect(row.beside).toBe(true);
    }
  });

  it("finds nothing serious or critical for axe-core in the panel with its list", async () => {
    expect(await seriousFindings(session.page)).toEqual([]);
  });

  it("keeps the list across a new pane on another workbook, and opens a journal again in one click", async () => {
    await openWorkbook(session, blankWorkbook, BOOK_2);
    await connected(session);
    await showTab(session, "Journal");
    await waitForReferences(["JNL-0004", "JNL-0001"]);
    expect(await sheetNames(session)).not.toContain("Journal JNL-0001");

    const button = session.pane.getByRole("button", { name: "Open JNL-0001", exact: true });
    await button.click();
    expect(await settled()).toMatch(/Opened journal JNL-0001 on sheet “Journal JNL-0001”/);
    expect(await sheetNames(session)).toContain("Journal JNL-0001");
    // As typing its ID would: the field holds it.
    expect(await session.pane.getByLabel("Transaction reference or ID").inputValue()).toBe(
      seeded("JNL-0001").id,
    );
    await waitForReferences(["JNL-0001", "JNL-0004"]);
    // The button clicked keeps the keyboard focus as its row moves up.
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("opens JNL-0004, opened before but not open in this workbook, by its own reference; LEDGER.JOURNAL answers with its transaction reference", async () => {
    expect(await sheetNames(session)).not.toContain("Journal JNL-0004");
    const transaction = seeded("JNL-0004").transaction_reference;
    // The formula cannot open a sheet: it says what finds the journal.
    expect(await callFunction(session, "JOURNAL", ["JNL-0004"])).toMatchObject({
      ok: false,
      code: "#N/A",
      message: expect.stringMatching(
        new RegExp(
          `was opened on this computer before: use its transaction reference ${transaction} instead\\.$`,
        ),
      ) as unknown as string,
    });
    expect(await open("JNL-0004")).toBe(
      "Opened journal JNL-0004 read-only on sheet “Journal JNL-0004”.",
    );
    expect(await sheetNames(session)).toContain("Journal JNL-0004");
  });

  it("forgets the project's journals when the user disconnects with Also forget the token", async () => {
    const { pane } = session;
    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByLabel("Also forget the token on this computer").check();
    await pane.getByRole("button", { name: "Disconnect", exact: true }).click();
    await pane
      .locator("#connection-status", { hasText: "Its recent journals are forgotten too." })
      .waitFor();
    await connected(session);
    await showTab(session, "Journal");
    await pane.locator("#journal-recent-empty").waitFor({ state: "visible" });
    expect(await pane.locator("#journal-recent-list li").count()).toBe(0);
  });
});
