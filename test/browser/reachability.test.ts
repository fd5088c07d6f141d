// The built task pane in headless Chromium: when the service gives no answer, the pane says why
// as far as a browser can tell: a server that does not allow the pane's origin
// (CORS, named with the origin to allow), or nothing at the address.
import { BrowserSession, connect, connected, openPreview, showTab } from "./harness";

async function connectError(session: BrowserSession): Promise<string> {
  await connect(session);
  const alert = session.pane.locator("#connection-error");
  await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
  return await alert.innerText();
}

function paneOrigin(session: BrowserSession): string {
  const frame = session.page.frames().find((f) => f.url().includes("taskpane.html"));
  return new URL(frame!.url()).origin;
}

describe("a service that gives no answer", () => {
  it("names CORS and the origin to allow when the server answers but does not allow the pane", async () => {
    const session = await openPreview({ sandbox: { loopbackOrigins: false } });
    try {
      const message = await connectError(session);
      expect(message).toContain(
        `127.0.0.1:${session.sandbox.port} answers, but does not allow requests from this add-in (CORS). Ask the API's owner to allow the origin ${paneOrigin(session)}`,
      );
    } finally {
      await session.close();
    }
  }, 60_000);

  it("says it cannot reach the address when nothing answers there", async () => {
    const session = await openPreview();
    try {
      const port = session.sandbox.port;
      await session.sandbox.close();
      const message = await connectError(session);
      expect(message).toMatch(
        new RegExp(
          `^Could not reach 127\\.0\\.0\\.1:${port}: the address does not resolve or refuses connections\\.`,
        ),
      );
    } finally {
      await session.close();
    }
  }, 60_000);

  it("says the same for an import when the service goes away after connecting", async () => {
    const session = await openPreview();
    try {
      await connected(session);
      const port = session.sandbox.port;
      await session.sandbox.close();
      await showTab(session, "Import");
      await session.pane.getByLabel("Collection").selectOption("bills");
      await session.pane.getByRole("button", { name: "Import", exact: true }).click();
      const alert = session.pane.locator("#import-messages[data-tone=error] #import-status");
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.innerText()).toMatch(
        new RegExp(
          `^Could not reach 127\\.0\\.0\\.1:${port}: the address does not resolve or refuses connections\\.`,
        ),
      );
    } finally {
      await session.close();
    }
  }, 60_000);
});
