// Takes the README's screenshot: the preview (built task pane beside the in-memory workbook)
// after importing invoices from the sandbox. Needs `npm run preview` running; uses Debian's
// chromium through playwright-core. Run: node scripts/screenshot.js [out.png]
// The seed data has CJK, Arabic, Hebrew and emoji text: install Debian's fonts-noto-core,
// fonts-noto-cjk and fonts-noto-color-emoji first, or those cells show empty boxes.
const { chromium } = require("playwright-core");

const out = process.argv[2] || "docs/images/task-pane-import.png";

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 800 } });
  await page.goto("http://127.0.0.1:3001/?paneWidth=340");
  const pane = page.frameLocator("#pane");
  await pane.getByRole("button", { name: "Use sandbox" }).click();
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
  await pane.locator("#connection-summary").waitFor({ state: "visible" });
  await pane.getByLabel("Collection").selectOption("invoices");
  await pane.getByRole("button", { name: "Import", exact: true }).click();
  await pane
    .locator("#import-status")
    .filter({ hasText: /Imported/ })
    .waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  await browser.close();
  console.log(`Wrote ${out}`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
