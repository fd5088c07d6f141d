// Starts what a browser test needs: the sandbox API, the preview server over the built add-in,
// and headless Debian Chromium driven by playwright-core, with the preview page open.
import { Browser, chromium, FrameLocator, Page } from "playwright-core";
import { startPreviewServer, RunningPreview } from "../../src/dev/previewServer";
import { RunningSandbox, startSandbox, SandboxOptions } from "../../src/sandbox";
import { APP_DIR, PREVIEW_DIR } from "./build";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface BrowserSession {
  sandbox: RunningSandbox;
  preview: RunningPreview;
  browser: Browser;
  page: Page;
  /** The task pane frame. */
  pane: FrameLocator;
  close(): Promise<void>;
}

export async function openPreview(
  options: { sandbox?: Partial<SandboxOptions>; paneWidth?: number } = {},
): Promise<BrowserSession> {
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const preview = await startPreviewServer({
    host: "127.0.0.1",
    port: 0,
    appDir: APP_DIR,
    previewDir: PREVIEW_DIR,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const width = options.paneWidth ?? 360;
  await page.goto(`${preview.url}?paneWidth=${width}`);
  const pane = page.frameLocator("#pane");
  return {
    sandbox,
    preview,
    browser,
    page,
    pane,
    close: async () => {
      await browser.close();
      await preview.close();
      await sandbox.close();
    },
  };
}

/** Connects the task pane to the test's sandbox (its port is not the default 4010). */
export async function connect(
  session: BrowserSession,
  credentials: { token?: string; identity?: string } = {},
): Promise<void> {
  const { pane, sandbox } = session;
  await pane.getByLabel("API address").fill(sandbox.baseUrl);
  await pane.getByLabel("Access token", { exact: true }).fill(credentials.token ?? "demo-token");
  await pane.getByLabel("Project identity").fill(credentials.identity ?? "demo-company");
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
}

/** A cell of the in-memory workbook, read through the preview page's fake host. */
export interface CellState {
  value: string | number | boolean;
  formula: string | null;
  numberFormat: string;
  text: string;
}
