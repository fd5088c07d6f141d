// The pane's header and its tab list stay in view while a panel scrolls (paneTop.css). The tabs
// stick right under the header, whose height changes when its text wraps (large text, zoom), so
// it is measured into --pane-header-height, and both into --pane-top-height, again on each change.

import paneTopStyles from "./paneTop.css";
import { addStylesOnce } from "./pageStyles";
import { requireElement } from "./pageElements";

export function keepPaneTopInView(root: Document): void {
  const header = root.querySelector<HTMLElement>(".pane-header");
  if (header === null) return;
  const list = requireElement(root, "pane-tabs", HTMLElement);
  addStylesOnce(root, "pane-top-styles", paneTopStyles);
  const measure = (): void => {
    const page = root.documentElement.style;
    page.setProperty("--pane-header-height", `${header.offsetHeight}px`);
    page.setProperty("--pane-top-height", `${header.offsetHeight + list.offsetHeight}px`);
  };
  measure();
  // Edge Legacy has no ResizeObserver: there the window's resizes are what changes the wrapping.
  if (typeof ResizeObserver === "function") {
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    observer.observe(list);
  } else {
    root.defaultView?.addEventListener("resize", measure);
  }
}
