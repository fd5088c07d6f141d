// The built task pane in headless Chromium: a workbook connects by itself only to an (address,
// identity) pair the user connected to on this computer (issue 11, item 10). A workbook is a file
// anyone can send; the one below names the sandbox and a project this user never opened here.
import { BrowserSession, openPreview, reopenPane } from "./harness";

const CONNECTION_SETTING = "ledgerSheets.connection";

type HostWindow = {
  ledgerFakeHost: {
    workbook: { settings: { get(key: string): unknown; set(key: string, value: unknown): void } };
    storage: Map<string, string>;
    callCustomFunction(id: string, ...args: unknown[]): unknown;
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

/** The user's computer: the token for the sandbox remembered, and a connection made before. */
async function rememberOnThisComputer(): Promise<void> {
  const { origin, baseUrl } = session.sandbox;
  await session.page.evaluate(
    ([o, address]) => {
      const { storage } = (window as unknown as HostWindow).ledgerFakeHost;
      storage.set(`ledgerSheets.token ${o}`, "demo-token");
      storage.set(
        "ledgerSheets.lastConnection",
        JSON.stringify({ apiAddress: address, version: "v1", identity: "demo-company" }),
      );
    },
    [origin, baseUrl],
  );
}

/** Calls a LEDGER function as Excel would; an error comes back as its code and message. */
function callFunction(id: string, args: unknown[]): Promise<unknown> {
  return session.page.evaluate(
    async ([fnId, fnArgs]) => {
      const host = (window as unknown as HostWindow).ledgerFakeHost;
      try {
        return await host.callCustomFunction(fnId as string, ...(fnArgs as unknown[]), {});
      } catch (error) {
        const { code, message } = error as { code: string; message: string };
        return { code, message };
      }
    },
    [id, args] as const,
  );
}

describe("opening a workbook", () => {
  it("does not connect to a project a workbook from elsewhere names, and its formulas fetch nothing", async () => {
    const { pane, sandbox } = session;
    await rememberOnThisComputer();
    // Saved by today's version elsewhere: the identity in clear, a project never used here.
    await session.page.evaluate(
      ([key, address]) =>
        (window as unknown as HostWindow).ledgerFakeHost.workbook.settings.set(key!, {
          apiAddress: address,
          version: "v1",
          identity: "other-company",
        }),
      [CONNECTION_SETTING, sandbox.baseUrl],
    );
    const before = sandbox.stats().apiRequests;
    await reopenPane(session);

    // Whichever comes first: the pane saying it waits, or it connecting by itself.
    const status = pane.locator("#connection-status");
    await status.filter({ hasText: /did not connect|Connected/ }).waitFor();
    expect(await status.innerText()).toMatch(/did not connect/);
    expect(await pane.getByLabel("API address").inputValue()).toBe(sandbox.baseUrl);
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("other-company");
    expect(await pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(await callFunction("PAYMENTS", [2000])).toEqual({
      code: "#N/A",
      message: "Connect in the Ledger Sheets task pane.",
    });
    expect(sandbox.stats().apiRequests).toBe(before);
  });

  it("connects on the user's click, and then by itself, with no identity left in the workbook", async () => {
    const { pane, sandbox } = session;
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    // A connection the user asked for moves on to the Import tab.
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    await pane.locator("#connection-summary", { hasText: "Connected to" }).waitFor({
      state: "attached",
    });
    const saved = JSON.stringify(await setting(CONNECTION_SETTING));
    expect(saved).not.toContain("other-company");
    expect(saved).toMatch(/"identityFingerprint":"sha256:[0-9a-f]{64}"/);

    await reopenPane(session);
    const summary = pane.locator("#connection-summary");
    await summary.waitFor({ state: "visible" });
    expect(await summary.innerText()).toBe(
      `Connected to 127.0.0.1:${sandbox.port} (v1) as other-company`,
    );
    const table = await callFunction("PAYMENTS", [3]);
    expect(Array.isArray(table) ? table.length : table).toBe(4);
  });

  it("does not connect where this computer never made the pair its fingerprint names", async () => {
    const { pane, sandbox } = session;
    // The same workbook on a computer that only ever connected to demo-company.
    await session.page.evaluate(() =>
      (window as unknown as HostWindow).ledgerFakeHost.storage.clear(),
    );
    await rememberOnThisComputer();
    const before = sandbox.stats().apiRequests;
    await reopenPane(session);
    // Whichever comes first: the pane saying it waits, or it connecting by itself.
    const status = pane.locator("#connection-status");
    await status.filter({ hasText: /did not connect|Connected/ }).waitFor();
    expect(await status.innerText()).toMatch(/did not connect/);
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("");
    expect(await pane.locator("#connection-summary").isVisible()).toBe(false);
    expect(sandbox.stats().apiRequests).toBe(before);
  });
});
