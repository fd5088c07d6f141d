// Accessibility measured: axe-core over every panel of the task pane, disconnected and connected,
// at Excel's default pane width; the keyboard focus order; a visible focus indicator.
import { BrowserSession, connected, openPreview, PaneTabName, showTab } from "./harness";
import { seriousFindings } from "./helpers/axeFindings";

const PANELS: readonly PaneTabName[] = ["Connection", "Import", "Journal", "Formulas"];

/** The ids of the controls Tab visits from `startId`, `count` presses, with their positions. */
async function tabWalk(session: BrowserSession, startId: string, count: number) {
  const { pane, page } = session;
  await pane.locator(`#${startId}`).focus();
  const walk: { id: string; top: number }[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    const focused = pane.locator(":focus");
    const box = await focused.boundingBox();
    walk.push({ id: (await focused.getAttribute("id")) ?? "?", top: Math.round(box?.y ?? -1) });
  }
  return walk;
}

/** True when each control sits on or below the one before it (visual order, top to bottom). */
function topToBottom(walk: { top: number }[]): boolean {
  return walk.every((step, i) => i === 0 || step.top >= walk[i - 1]!.top);
}

describe.each([320, 480])("axe-core over each panel at %i px", (width) => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: width });
    await session.pane.getByRole("tab", { name: "Connection" }).waitFor();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("finds nothing serious or critical on any panel before connecting", async () => {
    const findings: Record<string, string[]> = {};
    for (const panel of PANELS) {
      await showTab(session, panel);
      findings[panel] = await seriousFindings(session.page);
    }
    expect(findings).toEqual({ Connection: [], Import: [], Journal: [], Formulas: [] });
  }, 60_000);

  it("finds nothing serious or critical on any panel once connected", async () => {
    await connected(session);
    const findings: Record<string, string[]> = {};
    for (const panel of PANELS) {
      await showTab(session, panel);
      findings[panel] = await seriousFindings(session.page);
    }
    // The connection unfolded (Change) as well.
    await showTab(session, "Connection");
    await session.pane.getByRole("button", { name: "Change connection" }).click();
    findings["Connection unfolded"] = await seriousFindings(session.page);
    expect(findings).toEqual({
      Connection: [],
      Import: [],
      Journal: [],
      Formulas: [],
      "Connection unfolded": [],
    });
  }, 60_000);
});

describe("focus order and visible focus", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openPreview({ paneWidth: 320 });
    await session.pane.getByRole("tab", { name: "Connection" }).waitFor();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("tabs from the tab list through the connection form in visual order", async () => {
    const { pane, page } = session;
    await pane.locator("#tab-connection").focus();
    await page.keyboard.press("Shift+Tab");
    // Nothing focusable comes before the tabs in the pane.
    expect(await pane.locator(":focus").count()).toBe(0);
    const walk = await tabWalk(session, "tab-connection", 9);
    expect(walk.map((s) => s.id)).toEqual([
      "api-address",
      "api-version",
      "access-token",
      "token-visibility",
      "project-identity",
      "project-label",
      "remember-token",
      "connect",
      "use-sandbox",
    ]);
    expect(topToBottom(walk)).toBe(true);
  });

  it("tabs from the selected tab into the Import and Journal panels in visual order", async () => {
    await connected(session);
    await showTab(session, "Import");
    const imports = await tabWalk(session, "tab-import", 2);
    expect(imports.map((s) => s.id)).toEqual(["collection", "import-start"]);
    expect(topToBottom(imports)).toBe(true);

    await showTab(session, "Journal");
    const journal = await tabWalk(session, "tab-journal", 2);
    expect(journal.map((s) => s.id)).toEqual(["journal-ref", "journal-open"]);
    expect(topToBottom(journal)).toBe(true);
  });

  it("draws a focus outline on every kind of control reached by keyboard", async () => {
    const { pane, page } = session;
    const outlines: Record<string, string> = {};
    const check = async (label: string) => {
      outlines[label] = await pane
        .locator(":focus")
        .evaluate(
          (el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`,
        );
    };
    await showTab(session, "Import");
    await pane.locator("#tab-import").focus();
    await page.keyboard.press("ArrowLeft"); // the Connection tab, by keyboard
    await check("tab");
    await page.keyboard.press("Tab"); // Change, the link-style button
    await check("Change");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab"); // Also forget the token on this computer
    await page.keyboard.press("Tab"); // Disconnect
    await check("button");
    await showTab(session, "Import");
    await pane.locator("#tab-import").focus();
    await page.keyboard.press("Tab"); // Collection
    await check("select");
    await showTab(session, "Journal");
    await pane.locator("#tab-journal").focus();
    await page.keyboard.press("Tab"); // Transaction reference or ID
    await check("input");
    for (const [label, outline] of Object.entries(outlines)) {
      expect({ label, outline: outline.startsWith("none") || / 0px$/.test(outline) }).toEqual({
        label,
        outline: false,
      });
    }
    expect(Object.keys(outlines)).toEqual(["tab", "Change", "button", "select", "input"]);
  });
});
