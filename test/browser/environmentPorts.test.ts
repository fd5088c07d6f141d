// Ports chosen by environment variables, as a user whose 4010 and 3001 are taken would run
// `LEDGER_SHEETS_SANDBOX_PORT=… LEDGER_SHEETS_PREVIEW_PORT=… npm run preview`: the preview and the
// sandbox listen there, and Use sandbox, then Connect, connects at once, at Excel's default 320 px.
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { Browser, FrameLocator, Page } from "playwright-core";
import { devPorts } from "../../scripts/dev-ports";
import {
  RunningPreviewWithSandbox,
  startPreviewWithSandbox,
} from "../../tools/dev/previewWithSandbox";
import { APP_DIR, PREVIEW_DIR } from "./build";
import { launchBrowser } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

/** A port nothing listens on right now (the system picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let running: RunningPreviewWithSandbox;
let browser: Browser;
let page: Page;
let pane: FrameLocator;
let ports: { sandbox: number; preview: number };

beforeAll(async () => {
  const env = {
    LEDGER_SHEETS_SANDBOX_PORT: String(await freePort()),
    LEDGER_SHEETS_PREVIEW_PORT: String(await freePort()),
  };
  ports = devPorts(env);
  running = await startPreviewWithSandbox({
    sandboxPort: ports.sandbox,
    previewPort: ports.preview,
    appDir: APP_DIR,
    previewDir: PREVIEW_DIR,
  });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // No ?paneWidth: the preview's own default width.
  await page.goto(running.url);
  pane = page.frameLocator("#pane");
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await running?.close();
});

describe("ports from the environment", () => {
  it("serves the preview and the sandbox on the ports the variables name", () => {
    expect(running.url).toBe(`http://127.0.0.1:${ports.preview}/`);
    expect(running.startedSandbox).toBe(true);
    expect(running.sandboxAddress).toBe(`http://127.0.0.1:${ports.sandbox}/v1`);
  });

  it("opens the pane at Excel's default 320 px", async () => {
    await pane.getByRole("button", { name: "Use sandbox" }).waitFor();
    const frame = page.frames().find((f) => f.url().includes("taskpane.html"));
    expect(await frame?.evaluate(() => window.innerWidth)).toBe(320);
  });

  it("fills the served sandbox with Use sandbox, and Connect connects at once", async () => {
    await pane.getByRole("button", { name: "Use sandbox" }).click();
    expect(await pane.getByLabel("API address").inputValue()).toBe(
      `http://127.0.0.1:${ports.sandbox}/v1`,
    );
    await pane.getByRole("button", { name: "Connect", exact: true }).click();
    const summary = pane.locator("#connection-summary", { hasText: "Connected to" });
    await summary.waitFor({ state: "attached" });
    expect(await summary.textContent()).toContain(`http://127.0.0.1:${ports.sandbox}/v1`);
    expect(await pane.locator("#connection-error").isVisible()).toBe(false);
  });

  it("leaves nothing serious or critical for axe-core in the pane once connected", async () => {
    expect(await seriousFindings(page)).toEqual([]);
  });
});
