// The built task pane in headless Chromium against the sandbox: connecting.
import { BrowserSession, connect, openPreview } from "./harness";

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

  it("says plainly when the project identity is unknown", async () => {
    const { pane } = session;
    await connect(session, { identity: "no-such-company" });
    await pane
      .locator("#connection-error")
      .getByText(/no-such-company|project/i)
      .waitFor();
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
    const summary = pane.locator("#connection-summary");
    await summary.waitFor({ state: "visible" });
    expect(await summary.innerText()).toMatch(
      /Connected to 127\.0\.0\.1:\d+ \(v1\) as demo-company/,
    );
    // The token stays out of the page once connected.
    expect(await pane.getByLabel("Access token", { exact: true }).inputValue()).toBe("");
  });

  it("fills the sandbox address and demo credentials with Use sandbox", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Disconnect" }).click();
    await pane.getByRole("button", { name: "Use sandbox" }).click();
    expect(await pane.getByLabel("API address").inputValue()).toBe("http://127.0.0.1:4010/v1");
    expect(await pane.getByLabel("Project identity").inputValue()).toBe("demo-company");
  });
});
