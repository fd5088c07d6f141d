// The built task pane in headless Chromium against the sandbox: connecting.
import {
  BrowserSession,
  connect,
  importFromPane,
  openPreview,
  showTab,
  tableInfo,
  values,
} from "./harness";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

describe("connection panel", () => {
  it("refuses a wrong token and says so, without showing the token", async () => {
    const { pane } = session;
    await connect(session, { token: "wrong-token-abc" });
    const error = pane.locator("#connection-error");
    await error.waitFor({ state: "visible" });
    const text = await error.innerText();
    expect(text).toMatch(/refused the access token/i);
    expect(text).not.toContain("wrong-token-abc");
    await expect(pane.locator("#connection-summary").isVisible()).resolves.toBe(false);
  });

  it("says plainly when the project identity is unknown, and points at that field", async () => {
    const { pane } = session;
    await connect(session, { identity: "no-such-company" });
    const error = pane.locator("#connection-error");
    await error.waitFor({ state: "visible" });
    expect(await error.innerText()).toBe(
      "Unknown project, or one this token may not use. " +
        "The token is not allowed for this project (403). " +
        "Check the project identity.",
    );
    await expect(pane.getByLabel("Project identity").getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await expect(pane.locator("#connection-summary").isVisible()).resolves.toBe(false);
  });

  it("refuses a plain-http address that is not on this computer, before any request", async () => {
    const { pane } = session;
    await pane.getByLabel("API address").fill("http://api.example.com/v1");
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("demo-company");
    const before = session.sandbox.stats().requests;
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.locator("#connection-error").getByText(/https/i).waitFor();
    expect(session.sandbox.stats().requests).toBe(before);
  });

  it("says the server could not be reached when nothing answers at the address", async () => {
    const { pane } = session;
    await pane.getByLabel("API address").fill("http://127.0.0.1:9/v1");
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("demo-company");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane
      .locator("#connection-error")
      .getByText(/could not reach|unreachable|network/i)
      .waitFor({ timeout: 30_000 });
  });

  it("connects with the demo credentials and shows where it is connected", async () => {
    const { pane } = session;
    await connect(session);
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    await showTab(session, "Connection");
    const summary = pane.locator("#connection-summary");
    await summary.waitFor({ state: "visible" });
    expect(await summary.innerText()).toMatch(
      /^Connected to http:\/\/127\.0\.0\.1:\d+\/v1 as project Local$/,
    );
    // The token stays out of the page once connected.
    expect(await pane.getByLabel("Access token", { exact: true }).inputValue()).toBe("");
  });

  it("never shows the identity (an API key): no text and no attribute of the pane holds it", async () => {
    const { pane } = session;
    await showTab(session, "Import");
    await showTab(session, "Connection");
    const words = await pane.locator("body").evaluate((body) => {
      const attributes = [...body.querySelectorAll("*")].flatMap((element) =>
        [...element.attributes].map((attribute) => attribute.value),
      );
      return [body.textContent ?? "", ...attributes].join("\n");
    });
    expect(words).toContain("Connected to");
    expect(words).not.toContain("demo-company");
  });

  it("fills the sandbox address and demo credentials with Use sandbox", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Disconnect" }).click();
    await pane.getByRole("button", { name: "Use sandbox" }).click();
    // The preview names the sandbox it serves (a free port here), not the default 4010.
    expect(await pane.getByLabel("API address").inputValue()).toBe(session.sandbox.baseUrl);
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("demo-company");
  });
});

describe("connecting to the release candidate (rc-1)", () => {
  /** The sandbox's request log: `GET /rc-1/invoices?size=50 200 3ms`, one line per answer. */
  const answered: string[] = [];
  let rc: BrowserSession;

  beforeAll(async () => {
    rc = await openPreview({ sandbox: { log: (line) => answered.push(line) } });
  }, 60_000);

  afterAll(async () => {
    await rc?.close();
  });

  /** The paths of the API requests the sandbox answered (preflights and its own routes aside). */
  function apiPaths(): string[] {
    return answered
      .map((line) => /^([A-Z]+) (\S+) \d{3} /.exec(line))
      .filter((match): match is RegExpExecArray => match !== null && match[1] !== "OPTIONS")
      .map((match) => match[2]!)
      .filter((path) => !path.includes("/__sandbox"));
  }

  it("sends every request under /rc-1 and imports from there", async () => {
    const { pane, sandbox } = rc;
    await pane.getByLabel("API address").fill(sandbox.baseUrl); // …/v1, as Use sandbox fills it
    await pane.getByLabel("Version").selectOption({ label: "Release candidate (rc-1)" });
    await pane.getByLabel("Access token", { exact: true }).fill("demo-token");
    await pane.getByLabel("Project identity").fill("demo-company");
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
    await showTab(rc, "Connection");
    const summary = pane.locator("#connection-summary");
    await summary.waitFor({ state: "visible" });
    expect(await summary.innerText()).toBe(
      `Connected to http://127.0.0.1:${sandbox.port}/rc-1 as project Local`,
    );
    const afterConnect = apiPaths().length;
    expect(afterConnect).toBeGreaterThan(0);

    expect(await importFromPane(rc, "invoices")).toMatch(/Imported 137 records/);
    expect(await tableInfo(rc, "Invoices")).toMatchObject({ rowCount: 137 });
    const ids = await values(rc, "Invoices", "A4:A140");
    expect(new Set(ids.map(([id]) => id)).size).toBe(137);
    const paths = apiPaths();
    // 137 invoices are three pages of the cursor list, all asked of the release candidate.
    expect(paths.slice(afterConnect).filter((p) => p.startsWith("/rc-1/invoices"))).toHaveLength(3);
    expect(paths.filter((p) => !p.startsWith("/rc-1/"))).toEqual([]);
  });
});
