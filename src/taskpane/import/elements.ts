// The import panel's elements: finds them, fills the Collection choice, draws an ImportPanelView
// and reports the user's actions. No rules here: those are in machine.ts.

import type { CollectionInfo } from "../../domain/collections";
import type { ProgressBarView } from "./machine";
import type { ImportPanelView } from "./view";
import { focusIsOnOrLost, requireElement, setShown } from "../shared/pageElements";

export interface ImportPanelHandlers {
  /** Import (`newOnly` false) or Fetch new. */
  readonly start: (newOnly: boolean) => void;
  readonly cancel: () => void;
  /** Escape anywhere in the pane; returns true when it cancelled something. */
  readonly escape: () => boolean;
}

export class ImportPanelElements {
  readonly projectField: HTMLElement;
  readonly projectSelect: HTMLSelectElement;
  private readonly form: HTMLFormElement;
  private readonly controls: HTMLFieldSetElement;
  private readonly hint: HTMLElement;
  private readonly collection: HTMLSelectElement;
  private readonly importButton: HTMLButtonElement;
  private readonly newButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly bar: HTMLElement;
  private readonly fill: HTMLElement;
  private readonly counts: HTMLElement;

  constructor(private readonly root: Document) {
    this.form = requireElement(root, "import-form", HTMLFormElement);
    this.controls = requireElement(root, "import-controls", HTMLFieldSetElement);
    this.hint = requireElement(root, "import-hint", HTMLElement);
    this.collection = requireElement(root, "collection", HTMLSelectElement);
    this.projectField = requireElement(root, "import-project-field", HTMLElement);
    this.projectSelect = requireElement(root, "import-project", HTMLSelectElement);
    this.importButton = requireElement(root, "import-start", HTMLButtonElement);
    this.newButton = requireElement(root, "import-new", HTMLButtonElement);
    this.cancelButton = requireElement(root, "import-cancel", HTMLButtonElement);
    this.bar = requireElement(root, "import-progress", HTMLElement);
    this.fill = requireElement(root, "import-progress-fill", HTMLElement);
    this.counts = requireElement(root, "import-counts", HTMLElement);
  }

  listCollections(collections: readonly CollectionInfo[]): void {
    for (const info of collections) {
      const option = this.root.createElement("option");
      option.value = info.id;
      option.textContent = info.label;
      this.collection.append(option);
    }
  }

  get collectionId(): string {
    return this.collection.value;
  }

  focusCollection(): void {
    this.collection.focus();
  }

  /** The focus is on the button that started the run, or nowhere: Cancel may take it. */
  focusIsOnStart(newOnly: boolean): boolean {
    return focusIsOnOrLost(this.root, newOnly ? this.newButton : this.importButton);
  }

  focusIsOnCancel(): boolean {
    return focusIsOnOrLost(this.root, this.cancelButton);
  }

  focusStart(newOnly: boolean): void {
    (newOnly ? this.newButton : this.importButton).focus();
  }

  focusCancel(): void {
    this.cancelButton.focus();
  }

  render(view: ImportPanelView): void {
    this.controls.disabled = view.controlsDisabled;
    setShown(this.hint, view.hintShown);
    for (const control of [
      this.importButton,
      this.newButton,
      this.collection,
      this.projectSelect,
    ]) {
      control.disabled = view.startDisabled;
    }
    setShown(this.cancelButton, view.cancelShown);
    this.cancelButton.disabled = view.cancelDisabled;
    this.renderBar(view.bar);
    setShown(this.counts, view.counts !== undefined);
    this.counts.textContent = view.counts ?? "";
  }

  private renderBar(bar: ProgressBarView): void {
    setShown(this.bar, bar.shown);
    if (bar.valueNow === undefined || bar.valueMax === undefined) {
      this.bar.removeAttribute("aria-valuenow");
      this.bar.removeAttribute("aria-valuemax");
    } else {
      this.bar.setAttribute("aria-valuenow", String(bar.valueNow));
      this.bar.setAttribute("aria-valuemax", String(bar.valueMax));
    }
    this.bar.classList.toggle("is-indeterminate", bar.indeterminate);
    if (bar.width === undefined) this.fill.style.removeProperty("width");
    else this.fill.style.width = bar.width;
    if (bar.valueText !== undefined) this.bar.setAttribute("aria-valuetext", bar.valueText);
  }

  bind(handlers: ImportPanelHandlers): void {
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      handlers.start(false);
    });
    this.newButton.addEventListener("click", () => handlers.start(true));
    this.cancelButton.addEventListener("click", handlers.cancel);
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && handlers.escape()) event.preventDefault();
    });
  }
}
