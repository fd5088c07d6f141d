// The published task pane with Microsoft's real office.js (the @microsoft/office-js copy of the
// CDN build), opened in a plain browser tab: outside Office it must say where to open it, with no
// script error. Every request is answered from disk through page.route: nothing leaves the machine.
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { Browser, chromium, Page } from "playwright-core";
import { APP_DIR } from "./build";
import { browserToLaunch } from "./harness";

const OFFICE_DIST = path.dirname(require.resolve("@microsoft/office-js/dist/office.js"));
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
const ADDIN = "https://ledger-sheets.test/";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
};

let browser: Browser;
let page: Page;
const officeFilesServed: string[] = [];
const pageErrors: string[] = [];
const cspViolations: string[] = [];

/** Answers requests under `prefix` from files under `root`; 404 for anything missing. */
async function serveFolder(prefix: string, root: string, served?: string[]): Promise<void> {
  await page.route(`${prefix}**`, async (route) => {
    const relative = decodeURIComponent(new URL(route.request().url()).pathname).slice(
      new URL(prefix).pathname.length,
    );
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep) || !existsSync(file)) {
      await route.fulfill({ status: 404, body: "" });
      return;
    }
    served?.push(relative);
    await route.fulfill({
      status: 200,
      contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
      body: readFileSync(file),
    });
  });
}

beforeAll(async () => {
  browser = await chromium.launch({
    ...browserToLaunch(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  page = await browser.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => cspViolations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // Anything not routed below would go to the network: refuse it, so the test is hermetic.
  await page.route("**", (route) => route.abort("blockedbyclient"));
  await serveFolder(CDN, OFFICE_DIST, officeFilesServed);
  await serveFolder(ADDIN, APP_DIR);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("the published task pane with Microsoft's office.js, outside Office", () => {
  it("loads office.js from the CDN address and tells the user to open it from Excel", async () => {
    await page.goto(`${ADDIN}taskpane.html`);
    const status = page.locator("#host-status");
    await status.waitFor({ state: "visible", timeout: 15_000 });
    expect(await status.textContent()).toBe(
      "Open this page from Excel: Ledger Sheets runs as an add-in in the Excel task pane.",
    );
    expect(officeFilesServed).toContain("office.js");
    // The real script, not a stand-in: Office is defined, Excel's object model is not.
    expect(await page.evaluate(() => [typeof Office.onReady, typeof Excel])).toEqual([
      "function",
      "undefined",
    ]);
  });

  it("shows none of the panels that need Excel", async () => {
    for (const id of ["connection-panel", "import-panel", "journal-panel", "formulas-panel"]) {
      expect(await page.locator(`#${id}`).isVisible()).toBe(false);
    }
  });

  it("raises no script error on the page", () => {
    expect(pageErrors).toEqual([]);
  });

  it("has a Content-Security-Policy that office.js and the add-in run under without violation", async () => {
    const policy = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute("content");
    expect(policy).toContain("script-src 'self' https://appsforoffice.microsoft.com;");
    expect(policy).not.toContain("unsafe-eval");
    expect(cspViolations).toEqual([]);
    // The policy is enforced: a script from elsewhere is refused and reported.
    const refused = page.waitForEvent("console", {
      predicate: (message) => /Content Security Policy/i.test(message.text()),
      timeout: 15_000,
    });
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.src = "https://elsewhere.test/x.js";
      document.head.append(script);
    });
    await refused;
    expect(cspViolations.join("\n")).toContain("script-src");
  });
});
