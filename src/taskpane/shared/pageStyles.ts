// A part of the task pane's styles, added to the page once however often its part is mounted.

/** Adds `css` to the page as a style element named `id`, unless the page has it already. */
export function addStylesOnce(root: Document, id: string, css: string): void {
  if (root.getElementById(id) !== null) return;
  const style = root.createElement("style");
  style.id = id;
  style.textContent = css;
  root.head.append(style);
}
