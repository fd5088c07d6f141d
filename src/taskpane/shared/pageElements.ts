// Small DOM helpers for the panels: find the page's elements by id, show and hide, mark fields.

/** The element with `id`, checked to be of the expected kind; a missing one is a page bug. */
export function requireElement<T extends HTMLElement>(
  root: Document,
  id: string,
  kind: { new (): T; prototype: T },
): T {
  const element = root.getElementById(id);
  if (!(element instanceof kind)) {
    throw new Error(`The task pane page lacks the element #${id}.`);
  }
  return element;
}

export function setShown(element: HTMLElement, shown: boolean): void {
  element.hidden = !shown;
}

/** Shows an error in a role="alert" element (empty text clears it). */
export function setAlert(element: HTMLElement, message: string): void {
  element.textContent = message;
}

/**
 * Marks a field invalid and adds the element holding the message to its description, or, with
 * `messageId` undefined, clears the mark and that description.
 */
export function markInvalid(
  field: HTMLInputElement | HTMLSelectElement,
  messageId: string | undefined,
): void {
  const marked = field.dataset.errorId;
  const ids = (field.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter((id) => id !== "" && id !== marked);
  if (messageId === undefined) {
    field.removeAttribute("aria-invalid");
    delete field.dataset.errorId;
  } else {
    field.setAttribute("aria-invalid", "true");
    field.dataset.errorId = messageId;
    ids.push(messageId);
  }
  if (ids.length > 0) field.setAttribute("aria-describedby", ids.join(" "));
  else field.removeAttribute("aria-describedby");
}

/** True when the keyboard focus is on `element` or nowhere (on the body). */
export function focusIsOnOrLost(root: Document, element: HTMLElement): boolean {
  const active = root.activeElement;
  return active === element || active === null || active === root.body;
}
