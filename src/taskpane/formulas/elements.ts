// The Formulas panel's elements: Refresh data, its status line and alert, the cache time field
// and its problem, and the line saying why this Excel cannot run the formulas. Draws a
// FormulasPanelView, writing each line only when the machine wrote it (a live region rewritten
// with the same words may be read again).

import { markInvalid, requireElement, setAlert, setShown } from "../shared/pageElements";
import type { FormulasPanelView } from "./view";

export class FormulasPanelElements {
  readonly refreshButton: HTMLButtonElement;
  readonly cacheField: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly alert: HTMLElement;
  private readonly cacheError: HTMLElement;
  private readonly unavailable: HTMLElement;
  private drawn: FormulasPanelView | undefined;

  constructor(root: Document) {
    this.refreshButton = requireElement(root, "refresh-data", HTMLButtonElement);
    this.status = requireElement(root, "refresh-status", HTMLElement);
    this.alert = requireElement(root, "refresh-error", HTMLElement);
    this.cacheField = requireElement(root, "formula-cache-seconds", HTMLInputElement);
    this.cacheError = requireElement(root, "formula-cache-seconds-error", HTMLElement);
    this.unavailable = requireElement(root, "formulas-unavailable", HTMLElement);
  }

  /** Why this Excel cannot run the formulas; "" hides the line. */
  showUnavailable(reason: string): void {
    this.unavailable.textContent = reason;
    setShown(this.unavailable, reason !== "");
  }

  render(view: FormulasPanelView): void {
    const before = this.drawn;
    this.drawn = view;
    this.refreshButton.disabled = view.refreshDisabled;
    if (before?.status.serial !== view.status.serial) this.status.textContent = view.status.text;
    if (before?.alert.serial !== view.alert.serial) setAlert(this.alert, view.alert.text);
    if (before?.cacheField.serial !== view.cacheField.serial) {
      this.cacheField.value = view.cacheField.text;
    }
    if (before?.cacheProblem !== view.cacheProblem) {
      this.cacheError.textContent = view.cacheProblem;
      setShown(this.cacheError, view.cacheProblem !== "");
      markInvalid(this.cacheField, view.cacheProblem === "" ? undefined : this.cacheError.id);
    }
  }
}
