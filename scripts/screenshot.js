// Takes the README's screenshots from the preview (the built task pane beside the in-memory
// workbook), one per task pane tab plus a journal sheet, at Excel's default pane width. Needs
// `npm run preview` running. Run: node scripts/screenshot.js [outDir]
// The seed data has CJK, Arabic, Hebrew and emoji text: install Debian's fonts-noto-core,
// fonts-noto-cjk and fonts-noto-color-emoji first, or those cells show empty boxes.
// The browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
const path = require("node:path");
const { chromium } = require("playwright-core");

const outDir = process.argv[2] || "docs/images";
const PREVIEW = process.env.PREVIEW_URL || "http://127.0.0.1:3001/";

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 800 } });
  await page.goto(`${PREVIEW}?paneWidth=320`);
  const pane = page.frameLocator("#pane");
  const shot = async (name) => {
    await page.waitForTimeout(300);
    const file = path.join(outDir, name);
    await page.screenshot({ path: file });
    console.log(`Wrote ${file}`);
  };
  const tab = (name) => pane.getByRole("tab", { name, exact: true }).click();

  await pane.getByRole("button", { name: "Use sandbox" }).click();
  await shot("pane-connection.png");
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
  // Connected: the pane moves on to the Import tab.
  await pane.locator("#tab-import[aria-selected=true]").waitFor();

  await tab("Import");
  await pane.getByLabel("Collection").selectOption("invoices");
  await pane.getByRole("button", { name: "Import", exact: true }).click();
  await pane
    .locator("#import-status")
    .filter({ hasText: /Imported/ })
    .waitFor();
  await shot("task-pane-import.png");

  await tab("Formulas");
  await shot("pane-formulas.png");

  await tab("Journal");
  await pane.getByLabel("Journal ID or reference").fill("TRX-2026-0001");
  await pane.getByRole("button", { name: "Open journal" }).click();
  await pane
    .locator("#journal-active")
    .filter({ hasText: /JNL-0001/ })
    .waitFor();
  await pane.getByRole("button", { name: "Validate" }).click();
  await pane
    .locator("#journal-status")
    .filter({ hasText: /valid|problem/i })
    .waitFor();
  await shot("journal-sheet.png");

  await browser.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
