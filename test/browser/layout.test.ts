// The task pane's look and use at the narrowest width, with the keyboard alone, in both themes.
import { BrowserSession, openPreview } from "./harness";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
}, 60_000);

afterAll(async () => {
  await session?.close();
});

describe("task pane layout and keyboard", () => {
  it("fits 320 px without horizontal scrolling", async () => {
    const frame = session.page.frame({ url: /taskpane\.html/ });
    expect(frame).not.toBeNull();
    const widths = await frame!.evaluate(() => ({
      client: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
    }));
    expect(widths.client).toBeLessThanOrEqual(320);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });

  it("connects and imports with the keyboard alone", async () => {
    const { pane, page, sandbox } = session;
    await pane.getByLabel("API address").focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(sandbox.baseUrl);
    // Tab through the form in order: Version, Access token (and its show button), Project identity.
    await page.keyboard.press("Tab");
    expect(await pane.locator(":focus").getAttribute("id")).toBe("api-version");
    await page.keyboard.press("Tab");
    await page.keyboard.type("demo-token");
    await page.keyboard.press("Tab");
    expect(await pane.locator(":focus").getAttribute("id")).toBe("token-visibility");
    await page.keyboard.press("Tab");
    await page.keyboard.type("demo-company");
    await pane.getByRole("button", { name: "Connect", exact: true }).focus();
    await page.keyboard.press("Enter");
    await pane.locator("#connection-summary").waitFor({ state: "visible" });
    await pane.getByLabel("Collection").focus();
    await page.keyboard.press("Tab");
    expect(await pane.locator(":focus").getAttribute("id")).toBe("import-start");
    await page.keyboard.press("Enter");
    await pane
      .locator("#import-status")
      .filter({ hasText: /Imported/ })
      .waitFor();
  });

  it("shows a visible focus ring on buttons", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Import", exact: true }).focus();
    const outline = await pane
      .getByRole("button", { name: "Import", exact: true })
      .evaluate(
        (el) => getComputedStyle(el).outlineStyle + " " + getComputedStyle(el).outlineWidth,
      );
    expect(outline).not.toMatch(/^none|0px/);
  });
});

describe("task pane theme", () => {
  let dark: BrowserSession;

  beforeAll(async () => {
    dark = await openPreview({ theme: "dark" });
  }, 60_000);

  afterAll(async () => {
    await dark?.close();
  });

  it("follows Office's dark theme", async () => {
    const frame = dark.page.frame({ url: /taskpane\.html/ });
    await dark.pane.getByLabel("API address").waitFor();
    const background = await frame!.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? ["255", "255", "255"]).map(Number);
    expect((r! + g! + b!) / 3).toBeLessThan(96);
  });
});
