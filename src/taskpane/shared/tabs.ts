// The pane's panels as tabs (WAI-ARIA tabs pattern): at Excel's default pane width (320 px) one
// panel fits, so the others wait behind a tab instead of three screens down. Roving tabindex: only
// the selected tab is in the Tab order; Left/Right (wrapping), Home and End move between tabs and
// show the panel at once (the panels are cheap to show).

import { requireElement, setShown } from "./pageElements";

export const PANE_TABS = ["connection", "import", "journal", "formulas"] as const;
export type PaneTab = (typeof PANE_TABS)[number];

function isPaneTab(value: string): value is PaneTab {
  return (PANE_TABS as readonly string[]).includes(value);
}

/** The tab a key moves to from `current`; `undefined` for keys the tab list does not handle. */
export function tabAfterKey(current: PaneTab, key: string): PaneTab | undefined {
  const index = PANE_TABS.indexOf(current);
  const last = PANE_TABS.length - 1;
  switch (key) {
    case "ArrowRight":
      return PANE_TABS[index === last ? 0 : index + 1];
    case "ArrowLeft":
      return PANE_TABS[index === 0 ? last : index - 1];
    case "Home":
      return PANE_TABS[0];
    case "End":
      return PANE_TABS[last];
    default:
      return undefined;
  }
}

/** The tab a page address asks for (`taskpane.html#journal`), if any. */
export function tabFromHash(hash: string): PaneTab | undefined {
  const name = hash.replace(/^#/, "").toLowerCase();
  return isPaneTab(name) ? name : undefined;
}

export interface PaneTabs {
  readonly selected: PaneTab;
  /** Shows `tab`'s panel; with `focus`, moves the keyboard focus to its tab. */
  select(tab: PaneTab, options?: { focus?: boolean }): void;
  /** Shows the tab list and the selected panel (the page starts with both hidden). */
  show(): void;
}

export function mountTabs(root: Document, initial: PaneTab = "connection"): PaneTabs {
  const list = requireElement(root, "pane-tabs", HTMLElement);
  const tabs = new Map(
    PANE_TABS.map((name) => [name, requireElement(root, `tab-${name}`, HTMLButtonElement)]),
  );
  const panels = new Map(
    PANE_TABS.map((name) => [name, requireElement(root, `${name}-panel`, HTMLElement)]),
  );
  let selected: PaneTab = initial;
  let shown = false;

  function render(): void {
    for (const name of PANE_TABS) {
      const tab = tabs.get(name)!;
      const on = name === selected;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      setShown(panels.get(name)!, shown && on);
    }
    setShown(list, shown);
  }

  function select(tab: PaneTab, options: { focus?: boolean } = {}): void {
    selected = tab;
    render();
    if (options.focus === true) tabs.get(tab)!.focus();
  }

  for (const [name, tab] of tabs) {
    tab.addEventListener("click", () => select(name));
  }
  list.addEventListener("keydown", (event) => {
    const next = tabAfterKey(selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    select(next, { focus: true });
  });
  render();

  return {
    get selected() {
      return selected;
    },
    select,
    show(): void {
      shown = true;
      render();
    },
  };
}
