// The task pane's look and use at the narrowest width, with the keyboard alone, in both themes.
import { BrowserSession, openPreview, setOfficeTheme, showTab } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

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

  /** A field's bottom border against the colour the error box uses for its words. */
  async function borderLook(id: string) {
    const frame = session.page.frame({ url: /taskpane\.html/ });
    return await frame!.evaluate((fieldId) => {
      const field = document.getElementById(fieldId)!;
      const probe = document.createElement("span");
      probe.className = "message-error";
      document.body.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      const look = getComputedStyle(field);
      return {
        invalid: field.getAttribute("aria-invalid"),
        top: look.borderTopColor,
        bottom: look.borderBottomColor,
        width: look.borderBottomWidth,
        danger,
      };
    }, id);
  }

  it("draws an error border on an invalid field, and the plain one again once fixed", async () => {
    const { pane, page } = session;
    await showTab(session, "Journal");
    const reference = pane.getByLabel("Transaction reference or ID");
    await reference.fill("");
    await pane.getByRole("button", { name: "Open journal" }).click();
    await pane.locator("#journal-ref[aria-invalid='true']").waitFor({ state: "attached" });
    const marked = await borderLook("journal-ref");
    expect(marked).toMatchObject({ invalid: "true", width: "2px" });
    expect(marked.top).toBe(marked.danger);
    expect(marked.bottom).toBe(marked.danger);
    expect(await seriousFindings(session.page)).toEqual([]);
    await reference.fill("JNL-0001");
    const plain = await borderLook("journal-ref");
    expect(plain.invalid).toBeNull();
    expect(plain.top).not.toBe(plain.danger);

    await showTab(session, "Formulas");
    const seconds = pane.getByLabel("Keep answers for (seconds)");
    await seconds.fill("soon");
    await page.keyboard.press("Tab");
    await pane
      .locator("#formula-cache-seconds[aria-invalid='true']")
      .waitFor({ state: "attached" });
    const cache = await borderLook("formula-cache-seconds");
    expect(cache.bottom).toBe(cache.danger);
    expect(await seriousFindings(session.page)).toEqual([]);
    await seconds.fill("30");
    await page.keyboard.press("Tab");
    await pane.locator("#formula-cache-seconds:not([aria-invalid])").waitFor({ state: "attached" });
  });

  it("keeps the header and the tabs in view while a panel scrolls", async () => {
    const { page, pane } = session;
    // A short pane, so the Import panel is taller than it.
    await page.setViewportSize({ width: 1280, height: 480 });
    try {
      await showTab(session, "Import");
      const frame = page.frame({ url: /taskpane\.html/ })!;
      const scrolled = await frame.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const header = document.querySelector(".pane-header")!.getBoundingClientRect();
        const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
        return {
          scrollY: window.scrollY,
          headerTop: header.top,
          headerBottom: header.bottom,
          tabs: tabs.map((tab) => {
            const box = tab.getBoundingClientRect();
            const hit = document.elementFromPoint(
              box.left + box.width / 2,
              box.top + box.height / 2,
            );
            return { top: box.top, onTop: hit !== null && tab.contains(hit) };
          }),
        };
      });
      expect(scrolled.scrollY).toBeGreaterThan(100);
      expect(scrolled.headerTop).toBe(0);
      for (const tab of scrolled.tabs) {
        // Right under the header, and nothing of the panel drawn over it.
        expect(Math.abs(tab.top - scrolled.headerBottom)).toBeLessThanOrEqual(1);
        expect(tab.onTop).toBe(true);
      }
      expect(await seriousFindings(session.page)).toEqual([]);
      // A tab is one click away, the pane still scrolled down.
      await pane.getByRole("tab", { name: "Journal" }).click();
      await pane.getByRole("tab", { name: "Journal", selected: true }).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("keeps a focused control clear of the header and tabs when Tab moves back up", async () => {
    const { page, pane } = session;
    await page.setViewportSize({ width: 1280, height: 480 });
    try {
      await showTab(session, "Import");
      const frame = page.frame({ url: /taskpane\.html/ })!;
      await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await pane.getByLabel("Collection").focus();
      const seen = await frame.evaluate(() => {
        const tabs = document.getElementById("pane-tabs")!.getBoundingClientRect();
        const field = document.activeElement!.getBoundingClientRect();
        return { tabsBottom: tabs.bottom, fieldTop: field.top };
      });
      expect(seen.fieldTop).toBeGreaterThanOrEqual(seen.tabsBottom);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
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
