// The built task pane in headless Chromium: a workbook connects by itself only where the user
// connected in that very document on this computer (its document id and its url both match a
// record this computer keeps). A workbook is a file anyone can send, and everything it holds can
// be copied into another file: such a copy must ask before it sends a single request.
import {
  BrowserSession,
  callFunction,
  openPreview,
  openWorkbook,
  reopenPane,
  saveWorkbook,
  showTab,
} from "./harness";

const BOOK_1 = "https://contoso.sharepoint.com/sites/finance/Shared%20Documents/Book1.xlsx";
const COPY = "https://attacker.example/share/Book1.xlsx";

type HostWindow = {
  ledgerFakeHost: {
    workbook: { settings: { get(key: string): unknown; set(key: string, value: unknown): void } };
    storage: Map<string, string>;
  };
};

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** What the workbook file holds under `key`. */
function setting(key: string): Promise<unknown> {
  return session.page.evaluate(
    (k) => (window as unknown as HostWindow).ledgerFakeHost.workbook.settings.get(k) ?? null,
    key,
  );
}

/** The keys this computer's add-in storage holds. */
function storageKeys(): Promise<string[]> {
  return session.page.evaluate(() => [
    ...(window as unknown as HostWindow).ledgerFakeHost.storage.keys(),
  ]);
}

async function waitConnectedByItself(): Promise<void> {
  const summary = session.pane.locator("#connection-summary");
  await summary.waitFor({ state: "visible" });
  expect(await summary.innerText()).toBe(
    `Connected to http://127.0.0.1:${session.sandbox.port}/v1 as project Local`,
  );
}

/** The pane's status once it has started: what the workbook wants, or a connection. */
async function startingStatus(): Promise<string> {
  const status = session.pane.locator("#connection-status");
  await status.filter({ hasText: /This workbook connects|Connected|Reconnecting/ }).waitFor();
  return await status.innerText();
}

describe("opening a workbook", () => {
  let book1: string;

  it("connects on the user's click, with Remember, and by itself when the workbook is reopened", async () => {
    const { pane, sandbox, page } = session;
    await page.evaluate((url) => {
      (
        window as unknown as { ledgerFakeHost: { documentUrl: string } }
      ).ledgerFakeHost.documentUrl = url;
    }, BOOK_1);
    await reopenPane(session);
    await pane.getByLabel("API address").fill(sandbox.baseUrl);
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("demo-company");
    await pane.getByLabel("Remember token on this computer").check();
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    // The workbook holds a random document id and the project, no identity and no fingerprint.
    expect(await setting("ledgerSheets.document")).toMatch(/^[0-9a-f]{32}$/);
    const projects = JSON.stringify(await setting("ledgerSheets.projects"));
    expect(projects).not.toContain("demo-company");
    expect(projects).not.toContain("demo-token");
    // A key with a nonce of its own and no tag of this computer (src/settings/deviceKey.ts).
    expect(projects).toMatch(/"identityKey":"hmac-sha256:[0-9a-f]{32}:[0-9a-f]{64}:[0-9a-f]{16}"/);
    expect(await setting("ledgerSheets.connection")).toBeNull();
    book1 = await saveWorkbook(session);

    await reopenPane(session);
    await waitConnectedByItself();
    const table = await callFunction(session, "PAYMENTS", [3]);
    expect(table.ok && Array.isArray(table.value) ? table.value.length : table).toBe(4);
  });

  it("does not connect a copy of that workbook (every setting, another place) until the click, and the original still connects by itself", async () => {
    const { pane, sandbox } = session;
    // A new file whose settings are copied from workbook 1: projects, document id, keys, all;
    // the copier also asks for a fetch on open.
    const copy = JSON.parse(book1) as { settings: Record<string, string> };
    copy.settings["ledgerSheets.refreshOnOpen"] = JSON.stringify("new");
    const before = sandbox.stats().apiRequests;
    await openWorkbook(session, JSON.stringify(copy), COPY);

    expect(await startingStatus()).toBe(
      `This workbook connects to 127.0.0.1:${sandbox.port} as project Local and fetches ` +
        "new records on open. Nothing is requested until you select Connect.",
    );
    expect(await pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(await callFunction(session, "PAYMENTS", [2000])).toMatchObject({
      ok: false,
      code: "#N/A",
      message: "Connect in the Ledger Sheets task pane.",
    });
    expect(sandbox.stats().apiRequests).toBe(before);
    expect(await pane.locator("#import-status").textContent()).toBe("");

    // One click: this computer knows the project and its token. The click allows what the
    // workbook showed: the fetch on open runs then.
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("demo-company");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    await pane
      .locator("#import-status", { hasText: /no imported tables to refresh/ })
      .waitFor({ state: "attached" });
    expect(sandbox.stats().apiRequests).toBeGreaterThan(before);
    // The copy gets a document id of its own, so both files stay bound to their own place.
    const original = (JSON.parse(book1) as { settings: Record<string, string> }).settings;
    expect(JSON.stringify(await setting("ledgerSheets.document"))).not.toBe(
      original["ledgerSheets.document"],
    );

    await openWorkbook(session, book1, BOOK_1);
    await waitConnectedByItself();
  });

  it("Disconnect keeps the token unless asked, and then this workbook asks again", async () => {
    const { pane, sandbox } = session;
    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Disconnect" }).click();
    await reopenPane(session);
    await waitConnectedByItself();

    await showTab(session, "Connection");
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByLabel("Also forget the token on this computer").check();
    await pane.getByRole("button", { name: "Disconnect" }).click();
    await pane
      .locator("#connection-status", { hasText: "The token is no longer kept on this computer." })
      .waitFor();
    expect((await storageKeys()).filter((key) => key.startsWith("ledgerSheets.token "))).toEqual(
      [],
    );
    const before = sandbox.stats().apiRequests;
    await reopenPane(session);
    const status = pane.locator("#connection-status");
    await status.filter({ hasText: /This workbook connects|Connected|Reconnecting/ }).waitFor();
    expect(await status.innerText()).toMatch(/^This workbook connects/);
    expect(await pane.getByLabel("Access token", { exact: true }).inputValue()).toBe("");
    expect(sandbox.stats().apiRequests).toBe(before);
  });

  it("does not connect on a computer that never connected in the workbook", async () => {
    const { pane, sandbox } = session;
    await session.page.evaluate(() =>
      (window as unknown as HostWindow).ledgerFakeHost.storage.clear(),
    );
    const before = sandbox.stats().apiRequests;
    await openWorkbook(session, book1, BOOK_1);
    expect(await startingStatus()).toMatch(/^This workbook connects/);
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("");
    expect(await pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(sandbox.stats().apiRequests).toBe(before);
  });
});
