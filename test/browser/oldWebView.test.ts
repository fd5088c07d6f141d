// The built task pane as Internet Explorer 11 would show it: Office uses IE11 for an add-in with
// a <Runtimes> element when WebView2 is missing, and IE11 cannot parse the ES2017 bundles. Here
// Chromium claims to be IE11 and the bundles never run (blocked, as a parse error stops them):
// only the ES5 script loaded before them can speak, and it must say what to do.
import type { Browser, Page } from "playwright-core";
import { RunningPreview, startPreviewServer } from "../../tools/dev/previewServer";
import { APP_DIR, PREVIEW_DIR } from "./build";
import { launchBrowser } from "./harness";

const IE11 = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko";
const BUNDLES = /\/(runtime|taskpane|functions)\.js$/;

let preview: RunningPreview;
let browser: Browser;

beforeAll(async () => {
  preview = await startPreviewServer({
    host: "127.0.0.1",
    port: 0,
    appDir: APP_DIR,
    previewDir: PREVIEW_DIR,
  });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

/** The task pane page on its own, as `userAgent` with the bundles blocked. */
async function paneWithoutBundles(userAgent: string): Promise<{ page: Page; blocked: string[] }> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const blocked: string[] = [];
  await page.route(BUNDLES, async (route) => {
    blocked.push(new URL(route.request().url()).pathname);
    await route.abort();
  });
  await page.goto(new URL("taskpane.html", preview.url).toString(), { waitUntil: "load" });
  return { page, blocked };
}

describe("the task pane in Internet Explorer 11", () => {
  it("says that this Office uses IE11 and what to do, without the bundles", async () => {
    const { page, blocked } = await paneWithoutBundles(IE11);
    expect(blocked.sort()).toEqual(["/functions.js", "/runtime.js", "/taskpane.js"]);
    const status = page.locator("#host-status");
    await expect(status.getAttribute("role")).resolves.toBe("alert");
    const text = await status.textContent();
    expect(text).toContain("Internet Explorer 11");
    expect(text).toContain("Version 2108");
    expect(text).toContain("WebView2");
    expect(await status.isVisible()).toBe(true);
    await page.context().close();
  });

  it("stays silent in a modern web view (the notice keys on the browser, not on the failure)", async () => {
    const { page } = await paneWithoutBundles(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " +
        "Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
    );
    await expect(page.locator("#host-status").textContent()).resolves.toBe("Loading…");
    await page.context().close();
  });
});
