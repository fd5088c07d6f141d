// Takes the README's screenshots from the preview (the built task pane beside the in-memory
// workbook) at Excel's default pane width: the connection, an import with its message and the
// Tables view, a warning unfolded with its Go to, the Formulas tab and a journal sheet. Needs
// `npm run preview` running. Run: node scripts/screenshot.js [outDir]
// The seed data has CJK, Arabic, Hebrew and emoji text: install Debian's fonts-noto-core,
// fonts-noto-cjk and fonts-noto-color-emoji first, or those cells show empty boxes.
// The browser, as the browser tests find it: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
// the Chromium the @sparticuz/chromium dev dependency carries.
const { existsSync } = require("node:fs");
const path = require("node:path");
const { chromium } = require("playwright-core");

const { devPort } = require("./dev-ports");

const outDir = process.argv[2] || "docs/images";
// The preview `npm run preview` serves, on LEDGER_SHEETS_PREVIEW_PORT when that is set.
const PREVIEW = process.env.PREVIEW_URL || `http://127.0.0.1:${devPort("preview")}/`;

async function browserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

(async () => {
  const browser = await chromium.launch({
    executablePath: await browserPath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(`${PREVIEW}?paneWidth=320`);
  const pane = page.frameLocator("#pane");
  // Waits for the fonts and two frames, so the picture holds what the page has drawn.
  const settled = () =>
    page.evaluate(async () => {
      /* global document, requestAnimationFrame */
      await document.fonts.ready;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
  const shot = async (name) => {
    await settled();
    const file = path.join(outDir, name);
    await page.screenshot({ path: file });
    console.log(`Wrote ${file}`);
  };
  const tab = (name) => pane.getByRole("tab", { name, exact: true }).click();
  const importList = async (value, sheet) => {
    await pane.getByLabel("Collection").selectOption(value);
    await pane.getByRole("button", { name: "Import", exact: true }).click();
    await pane
      .locator("#import-status")
      .filter({ hasText: new RegExp(`^Imported .* into ${sheet}`) })
      .waitFor({ timeout: 60_000 });
  };

  await pane.getByRole("button", { name: "Use sandbox" }).click();
  await shot("pane-connection.png");
  await pane.getByRole("button", { name: "Connect", exact: true }).click();
  // Connected: the pane moves on to the Import tab.
  await pane.locator("#tab-import[aria-selected=true]").waitFor();

  await tab("Import");
  await importList("bills", "Bills");
  await importList("invoices", "Invoices");
  await shot("task-pane-import.png");

  // A warning unfolded: the cells kept as text, named by the record's number, each with Go to.
  const details = pane.locator("#import-messages details");
  await details.locator("summary").click();
  await details
    .getByRole("button", { name: /^Go to / })
    .first()
    .click();
  await shot("pane-warning-go-to.png");
  await details.locator("summary").click();

  // The Tables view: every import table of the workbook, its state and its actions, with the
  // refresh while the pane is open turned on.
  await pane.locator("#auto-refresh-every").selectOption("15");
  await pane
    .locator("#auto-refresh-status")
    .filter({ hasText: /^Next refresh/ })
    .waitFor();
  await pane.locator("#auto-refresh").evaluate((field) => field.scrollIntoView({ block: "end" }));
  await shot("pane-tables.png");

  await tab("Formulas");
  await shot("pane-formulas.png");

  await tab("Journal");
  await pane.getByLabel("Transaction reference or ID").fill("TRX-2026-0001");
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
