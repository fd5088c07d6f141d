// The task pane's look and use at the narrowest width, with the keyboard alone, in both themes.
import { BrowserSession, openPreview, setOfficeTheme } from "./harness";

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
    await pane.getByRole("tab", { name: "Import", selected: true }).waitFor();
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
    // On <html>: <body> is transparent, whose rgba(0, 0, 0, 0) would pass this in any theme.
    const background = await frame!.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    const [r, g, b] = (background.match(/\d+/g) ?? ["255", "255", "255"]).map(Number);
    expect((r! + g! + b!) / 3).toBeLessThan(96);
  });
});

describe("task pane theme change", () => {
  let open: BrowserSession;

  beforeAll(async () => {
    open = await openPreview();
    await open.pane.getByLabel("API address").waitFor();
  }, 60_000);

  afterAll(async () => {
    await open?.close();
  });

  /** The pane's data-theme and the mean of its body background's channels. */
  async function paneLook(): Promise<{ theme: string | undefined; brightness: number }> {
    const frame = open.page.frame({ url: /taskpane\.html/ });
    const look = await frame!.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      // The page's colour is on <html>; <body> stays transparent.
      background: getComputedStyle(document.documentElement).backgroundColor,
    }));
    const [r, g, b] = (look.background.match(/\d+/g) ?? []).map(Number);
    return { theme: look.theme, brightness: (r! + g! + b!) / 3 };
  }

  it("follows Office's theme when it changes while the pane is open", async () => {
    expect(await paneLook()).toEqual({ theme: "light", brightness: 255 });
    await setOfficeTheme(open, "dark");
    await open.pane.locator("html[data-theme='dark']").waitFor({ state: "attached" });
    const dark = await paneLook();
    expect(dark.theme).toBe("dark");
    expect(dark.brightness).toBeLessThan(96);
    await setOfficeTheme(open, "light");
    await open.pane.locator("html[data-theme='light']").waitFor({ state: "attached" });
    expect(await paneLook()).toEqual({ theme: "light", brightness: 255 });
  });
});
