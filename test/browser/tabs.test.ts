// The task pane's panels as tabs at Excel's default width: keyboard navigation (WAI-ARIA tabs),
// the connection folded to one line once connected, and the ribbon's Import and Journal buttons.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BrowserSession, connected, openPreview, runRibbonCommand, showTab } from "./harness";

let session: BrowserSession;

beforeAll(async () => {
  session = await openPreview({ paneWidth: 320 });
  await session.pane.getByRole("tab", { name: "Connection" }).waitFor();
}, 60_000);

afterAll(async () => {
  await session?.close();
});

/** The selected tab's name, each tab's tabindex, and which panels are visible. */
async function tabState(s: BrowserSession) {
  const frame = s.page.frame({ url: /taskpane\.html/ });
  if (!frame) throw new Error("the task pane frame is not open");
  return frame.evaluate(() => {
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
    const panels = [...document.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
    return {
      selected: tabs
        .filter((t) => t.getAttribute("aria-selected") === "true")
        .map((t) => t.textContent?.trim()),
      tabIndexes: tabs.map((t) => t.tabIndex),
      focused: document.activeElement?.id,
      visiblePanels: panels.filter((p) => p.checkVisibility()).map((p) => p.id),
      controls: tabs.map((t) => t.getAttribute("aria-controls")),
      labelledBy: Object.fromEntries(panels.map((p) => [p.id, p.getAttribute("aria-labelledby")])),
    };
  });
}

describe("panel tabs", () => {
  it("is a tablist of Connection, Import, Journal and Formulas, each controlling its panel", async () => {
    const { pane } = session;
    const names = await pane.getByRole("tablist").getByRole("tab").allInnerTexts();
    expect(names.map((n) => n.trim())).toEqual(["Connection", "Import", "Journal", "Formulas"]);
    const state = await tabState(session);
    expect(state.controls).toEqual([
      "connection-panel",
      "import-panel",
      "journal-panel",
      "formulas-panel",
    ]);
    expect(state.labelledBy).toEqual({
      "connection-panel": "tab-connection",
      "import-panel": "tab-import",
      "journal-panel": "tab-journal",
      "formulas-panel": "tab-formulas",
    });
    expect(state.selected).toEqual(["Connection"]);
    expect(state.visiblePanels).toEqual(["connection-panel"]);
  });

  it("moves between tabs with the arrow keys, Home and End, with one tab in the Tab order", async () => {
    const { pane, page } = session;
    await pane.getByRole("tab", { name: "Connection" }).focus();
    const steps: [string, string, string][] = [
      ["ArrowRight", "Import", "import-panel"],
      ["ArrowRight", "Journal", "journal-panel"],
      ["End", "Formulas", "formulas-panel"],
      ["ArrowRight", "Connection", "connection-panel"], // wraps
      ["ArrowLeft", "Formulas", "formulas-panel"], // wraps back
      ["Home", "Connection", "connection-panel"],
    ];
    for (const [key, tab, panel] of steps) {
      await page.keyboard.press(key);
      const state = await tabState(session);
      expect({
        key,
        selected: state.selected,
        focused: state.focused,
        panels: state.visiblePanels,
      }).toEqual({ key, selected: [tab], focused: `tab-${tab.toLowerCase()}`, panels: [panel] });
      expect(state.tabIndexes.filter((i) => i === 0)).toHaveLength(1);
    }
  });

  it("goes from the selected tab straight into its panel with Tab", async () => {
    const { pane, page } = session;
    await pane.getByRole("tab", { name: "Connection" }).focus();
    await page.keyboard.press("End");
    // The panel's first control: the first function's Insert, once functions.json is read.
    await pane.locator("#formula-insert-0").waitFor({ state: "attached" });
    await page.keyboard.press("Tab");
    expect(await pane.locator(":focus").getAttribute("id")).toBe("formula-insert-0");
    await page.keyboard.press("Shift+Tab");
    expect(await pane.locator(":focus").getAttribute("id")).toBe("tab-formulas");
    await page.keyboard.press("Home");
  });

  it("opens on the tab each ribbon button's function command names in manifest.xml", async () => {
    const manifest = readFileSync(path.join(__dirname, "../../manifest.xml"), "utf8");
    const commands = [...manifest.matchAll(/<FunctionName>([^<]+)<\/FunctionName>/g)].map(
      (m) => m[1]!,
    );
    expect(commands).toHaveLength(3);
    const opened: string[] = [];
    for (const command of commands) {
      await runRibbonCommand(session, command);
      opened.push(...(await tabState(session)).selected.map(String));
    }
    // Refresh all, not connected yet, opens the pane on Connection: only the user connects.
    expect(opened).toEqual(["Import", "Journal", "Connection"]);
    await showTab(session, "Connection");
  });
});

describe("the connection once connected", () => {
  it("goes to Import, and folds the connection to its summary with a Change button", async () => {
    const { pane } = session;
    await connected(session);
    const state = await tabState(session);
    expect(state.selected).toEqual(["Import"]);
    expect(state.focused).toBe("collection");

    await showTab(session, "Connection");
    const summary = pane.locator("#connection-summary");
    expect(await summary.innerText()).toMatch(
      /^Connected to http:\/\/127\.0\.0\.1:\d+\/v1 as project Local$/,
    );
    const change = pane.getByRole("button", { name: "Change connection" });
    expect(await change.getAttribute("aria-expanded")).toBe("false");
    // The summary and Change side by side, the whole address wrapped rather than cut; the form
    // and Disconnect out of sight.
    const [line, button] = [await summary.boundingBox(), await change.boundingBox()];
    expect(await summary.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(Math.abs(line!.y - button!.y)).toBeLessThan(8);
    expect(await pane.getByLabel("API address").isVisible()).toBe(false);
    expect(await pane.getByRole("button", { name: "Disconnect" }).isVisible()).toBe(false);
  });

  it("unfolds with Change to offer Disconnect, and folds again", async () => {
    const { pane } = session;
    const change = pane.getByRole("button", { name: "Change connection" });
    await change.click();
    expect(await change.getAttribute("aria-expanded")).toBe("true");
    expect(await pane.getByRole("button", { name: "Disconnect" }).isVisible()).toBe(true);
    await change.click();
    expect(await change.getAttribute("aria-expanded")).toBe("false");
    expect(await pane.getByRole("button", { name: "Disconnect" }).isVisible()).toBe(false);
  });

  it("shows the form again after Disconnect, and folds a new connection to one line", async () => {
    const { pane } = session;
    await pane.getByRole("button", { name: "Change connection" }).click();
    await pane.getByRole("button", { name: "Disconnect" }).click();
    expect(await pane.getByLabel("API address").isVisible()).toBe(true);
    expect(await pane.locator(":focus").getAttribute("id")).toBe("access-token");
    await connected(session);
    await showTab(session, "Connection");
    expect(
      await pane.getByRole("button", { name: "Change connection" }).getAttribute("aria-expanded"),
    ).toBe("false");
    expect(await pane.getByRole("button", { name: "Disconnect" }).isVisible()).toBe(false);
  });
});
