// The journal panel's elements, and drawing its state machine's state on them: the buttons on or
// off, the field, the lines about the active sheet, the status and the alert. Thin: what to draw
// comes from view.ts.

import type { ExcelRun } from "../../excel/run";
import type { ActiveConnectionHolder } from "../../settings/activeConnection";
import { journalPanelControls } from "./view";
import type { JournalPanelEvent, JournalPanelState } from "./machine";
import { mountJournalReportElements } from "./journalReportElements";
import type { JournalReportElements } from "./journalReportElements";
import type { JournalAction, JournalReport } from "./text";
import { mountProjectChoice } from "../shared/projectChoice";
import type { ProjectChoice } from "../shared/projectChoice";
import { markInvalid, requireElement, setAlert, setShown } from "../shared/pageElements";

/** The control that started an action; the focus returns to it. */
export type Trigger = HTMLButtonElement | HTMLInputElement;

export interface JournalPanelElements {
  readonly panel: HTMLElement;
  readonly form: HTMLFormElement;
  readonly reference: HTMLInputElement;
  readonly projectSelect: HTMLSelectElement;
  readonly project: ProjectChoice;
  readonly openButton: HTMLButtonElement;
  readonly cancelButton: HTMLButtonElement;
  readonly validateButton: HTMLButtonElement;
  readonly sendButton: HTMLButtonElement;
  readonly reloadButton: HTMLButtonElement;
  readonly overwriteYes: HTMLButtonElement;
  readonly report: JournalReportElements;
  /** Draws `state`. */
  render(state: JournalPanelState): void;
  /** Where the focus goes after an action that had it (or lost it to a disabled button). */
  focusAfter(kind: JournalAction, trigger: Trigger, report: JournalReport): void;
}

export function mountJournalPanelElements(
  root: Document,
  run: ExcelRun,
  active: ActiveConnectionHolder,
  dispatch: (event: JournalPanelEvent) => void,
): JournalPanelElements {
  const element = <T extends HTMLElement>(id: string, kind: { new (): T; prototype: T }): T =>
    requireElement(root, `journal-${id}`, kind);
  const projectSelect = element("project", HTMLSelectElement);
  const parts = {
    panel: element("panel", HTMLElement),
    form: element("form", HTMLFormElement),
    reference: element("ref", HTMLInputElement),
    projectSelect,
    project: mountProjectChoice(root, element("project-field", HTMLElement), projectSelect, active),
    openButton: element("open", HTMLButtonElement),
    cancelButton: element("cancel", HTMLButtonElement),
    validateButton: element("validate", HTMLButtonElement),
    sendButton: element("send", HTMLButtonElement),
    reloadButton: element("reload", HTMLButtonElement),
    overwriteYes: element("overwrite-yes", HTMLButtonElement),
    report: mountJournalReportElements(root, run, dispatch),
  };
  const drawn = {
    controls: element("controls", HTMLFieldSetElement),
    hint: element("hint", HTMLElement),
    activeLine: element("active", HTMLElement),
    readOnlyReason: element("readonly-reason", HTMLElement),
    status: element("status", HTMLElement),
    alert: element("error", HTMLElement),
    message: 0,
    invalid: false,
  };
  const stale = element("stale", HTMLElement);
  const overwriteButton = element("overwrite", HTMLButtonElement);
  const { sendButton, validateButton } = parts;

  function focusAfter(kind: JournalAction, trigger: Trigger, report: JournalReport): void {
    if (report.stale !== undefined) {
      parts.reloadButton.focus();
    } else if (report.resets !== undefined) {
      // The safe choice first: Enter right away sends nothing.
      requireElement(root, "journal-resets-keep", HTMLButtonElement).focus();
    } else if (kind === "overwrite" && !stale.hidden) {
      // Not overwritten: the confirmation step closed; the choice is offered again.
      overwriteButton.focus();
    } else if (trigger.closest("[hidden]") === null && !trigger.disabled) {
      trigger.focus();
    } else {
      // Send, else Validate; with neither (no journal on the sheet), the field to open one.
      ([sendButton, validateButton].find((button) => !button.disabled) ?? parts.reference).focus();
    }
  }

  return { ...parts, render: (state) => draw(parts, drawn, state), focusAfter };
}

/** The elements only drawing touches, and what was last drawn of the message and the field. */
interface Drawn {
  readonly controls: HTMLFieldSetElement;
  readonly hint: HTMLElement;
  readonly activeLine: HTMLElement;
  readonly readOnlyReason: HTMLElement;
  readonly status: HTMLElement;
  readonly alert: HTMLElement;
  /** The serial of the message shown (0: none yet): a message is written (and so said) once. */
  message: number;
  invalid: boolean;
}

type Parts = Omit<JournalPanelElements, "render" | "focusAfter">;

function draw(parts: Parts, drawn: Drawn, state: JournalPanelState): void {
  const shown = journalPanelControls(state);
  drawn.controls.disabled = !state.connected;
  setShown(drawn.hint, !state.connected);
  parts.openButton.disabled = !shown.open;
  parts.validateButton.disabled = !shown.validate;
  parts.sendButton.disabled = !shown.send;
  // Read-only rather than disabled: Enter in the field keeps its focus, so Escape still works.
  parts.reference.readOnly = shown.referenceReadOnly;
  setShown(parts.cancelButton, shown.cancel);
  parts.cancelButton.disabled = !shown.cancelEnabled;
  parts.report.enableStaleChoices(shown.staleChoices);
  drawn.readOnlyReason.textContent = shown.readOnlyReason;
  setShown(drawn.readOnlyReason, shown.readOnlyReason !== "");
  drawn.activeLine.textContent = shown.activeSheet;
  setShown(drawn.activeLine, shown.activeSheet !== "");
  if (state.message.serial !== drawn.message) {
    drawn.message = state.message.serial;
    drawn.status.textContent = state.message.status;
    setAlert(drawn.alert, state.message.alert);
  }
  if (state.referenceInvalid !== drawn.invalid) {
    drawn.invalid = state.referenceInvalid;
    markInvalid(parts.reference, drawn.invalid ? drawn.alert.id : undefined);
  }
}
