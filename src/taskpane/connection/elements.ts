// The connection panel's elements: finds them, reads and fills the form, draws a
// ConnectionPanelView, moves the focus and reports the user's actions. No rules here: those are
// in machine.ts.

import type { ConnectionField, ConnectionFormValues } from "./text";
import type { FocusTarget } from "./machine";
import type { ConnectionPanelView } from "./view";
import type { ProjectRow } from "./projectList";
import { ProjectActionHandler, renderProjectList } from "./projectListElements";
import { markInvalid, requireElement, setAlert, setShown } from "../shared/pageElements";

const FIELDS: readonly ConnectionField[] = ["apiAddress", "version", "token", "identity", "label"];

/** What the user did, as the panel's controller hears it. */
export interface ConnectionPanelHandlers {
  readonly submit: () => void;
  readonly toggleToken: () => void;
  readonly useSandbox: () => void;
  /** Remember this token was unticked. */
  readonly rememberUnticked: () => void;
  readonly fieldEdited: (field: ConnectionField) => void;
  readonly toggleDetails: () => void;
  readonly disconnect: () => void;
  readonly addProject: () => void;
  /** Cancel in the form opened beside a connected project. */
  readonly cancelAdd: () => void;
  readonly escape: (focusInForm: boolean) => void;
  readonly projectAction: ProjectActionHandler;
}

export class ConnectionPanelElements {
  private readonly form: HTMLFormElement;
  private readonly fields: HTMLFieldSetElement;
  private readonly inputs: Record<ConnectionField, HTMLInputElement | HTMLSelectElement>;
  private readonly token: HTMLInputElement;
  private readonly tokenToggle: HTMLButtonElement;
  private readonly remember: HTMLInputElement;
  private readonly connectButton: HTMLButtonElement;
  private readonly sandboxButton: HTMLButtonElement;
  private readonly connected: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly changeButton: HTMLButtonElement;
  private readonly details: HTMLElement;
  private readonly disconnectButton: HTMLButtonElement;
  private readonly forget: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly alert: HTMLElement;
  private readonly addProjectButton: HTMLButtonElement;
  private readonly projectsBox: HTMLElement;
  private readonly projectList: HTMLUListElement;
  private readonly formHeading: HTMLElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly announcement: HTMLElement;
  private announcementSerial = 0;
  private statusSerial = 0;
  private marked: ConnectionField | undefined;

  constructor(private readonly root: Document) {
    this.form = requireElement(root, "connection-form", HTMLFormElement);
    this.fields = requireElement(root, "connection-fields", HTMLFieldSetElement);
    this.token = requireElement(root, "access-token", HTMLInputElement);
    this.inputs = {
      apiAddress: requireElement(root, "api-address", HTMLInputElement),
      version: requireElement(root, "api-version", HTMLSelectElement),
      token: this.token,
      identity: requireElement(root, "project-identity", HTMLInputElement),
      label: requireElement(root, "project-label", HTMLInputElement),
    };
    this.tokenToggle = requireElement(root, "token-visibility", HTMLButtonElement);
    this.remember = requireElement(root, "remember-token", HTMLInputElement);
    this.connectButton = requireElement(root, "connect", HTMLButtonElement);
    this.sandboxButton = requireElement(root, "use-sandbox", HTMLButtonElement);
    this.connected = requireElement(root, "connected", HTMLElement);
    this.summary = requireElement(root, "connection-summary", HTMLElement);
    this.changeButton = requireElement(root, "connection-change", HTMLButtonElement);
    this.details = requireElement(root, "connection-details", HTMLElement);
    this.disconnectButton = requireElement(root, "disconnect", HTMLButtonElement);
    this.forget = requireElement(root, "forget-on-disconnect", HTMLInputElement);
    this.status = requireElement(root, "connection-status", HTMLElement);
    this.alert = requireElement(root, "connection-error", HTMLElement);
    this.addProjectButton = requireElement(root, "add-project", HTMLButtonElement);
    this.projectsBox = requireElement(root, "projects", HTMLElement);
    this.projectList = requireElement(root, "project-list", HTMLUListElement);
    this.formHeading = requireElement(root, "connection-form-heading", HTMLElement);
    this.cancelButton = requireElement(root, "cancel-add-project", HTMLButtonElement);
    this.announcement = requireElement(root, "pane-announcement", HTMLElement);
  }

  /** This Office cannot keep a token on this computer: no Remember, no Forget. */
  disableRemember(): void {
    setShown(requireElement(this.root, "forget-choice", HTMLElement), false);
    this.remember.checked = false;
    this.remember.disabled = true;
    const hint = requireElement(this.root, "remember-hint", HTMLElement);
    hint.textContent = "This version of Office cannot keep a token on this computer.";
    setShown(hint, true);
  }

  values(): ConnectionFormValues {
    return {
      apiAddress: this.inputs.apiAddress.value,
      version: this.inputs.version.value,
      token: this.token.value,
      identity: this.inputs.identity.value,
      remember: this.remember.checked,
      label: this.inputs.label.value,
    };
  }

  get remembering(): boolean {
    return this.remember.checked;
  }

  get tokenEmpty(): boolean {
    return this.token.value === "";
  }

  fill(next: ConnectionFormValues): void {
    this.inputs.apiAddress.value = next.apiAddress;
    this.inputs.version.value = next.version;
    this.token.value = next.token;
    this.inputs.identity.value = next.identity;
    this.inputs.label.value = next.label ?? "";
    if (!this.remember.disabled) this.remember.checked = next.remember;
  }

  /** The project name field's text, as the form suggests it. */
  setLabel(label: string): void {
    this.inputs.label.value = label;
  }

  clearToken(): void {
    this.token.value = "";
  }

  /** The "Also forget the token" choice, for one Disconnect: it is unticked again. */
  takeForgetChoice(): boolean {
    const chosen = this.forget.checked;
    this.forget.checked = false;
    return chosen;
  }

  focus(target: Exclude<FocusTarget, "nextPanel">): void {
    if (target === "connect") this.connectButton.focus();
    else if (target === "change") this.changeButton.focus();
    else this.inputs[target].focus();
  }

  render(view: ConnectionPanelView): void {
    setShown(this.form, view.showForm);
    this.formHeading.textContent = view.formHeading ?? "";
    setShown(this.formHeading, view.formHeading !== undefined);
    if (view.formHeading === undefined) this.form.removeAttribute("aria-labelledby");
    else this.form.setAttribute("aria-labelledby", this.formHeading.id);
    setShown(this.cancelButton, view.showCancel);
    this.cancelButton.disabled = view.formBusy;
    this.fields.disabled = view.formBusy;
    this.connectButton.disabled = view.formBusy;
    this.sandboxButton.disabled = view.formBusy;
    this.connectButton.textContent = view.connectLabel;
    setShown(this.connected, view.summary !== undefined);
    this.summary.textContent = view.summary ?? "";
    this.changeButton.setAttribute("aria-expanded", String(view.detailsExpanded));
    this.connected.classList.toggle("expanded", view.detailsExpanded);
    setShown(this.details, view.detailsExpanded);
    const tokenType = view.tokenShown ? "text" : "password";
    if (this.token.type !== tokenType) this.token.type = tokenType;
    this.tokenToggle.setAttribute("aria-pressed", String(view.tokenShown));
    this.tokenToggle
      .querySelector(".toggle-text")
      ?.replaceChildren(view.tokenShown ? "Hide" : "Show");
    if (view.status.serial !== this.statusSerial) {
      this.statusSerial = view.status.serial;
      this.status.textContent = view.status.text;
    }
    if (view.announcement.serial !== this.announcementSerial) {
      this.announcementSerial = view.announcement.serial;
      // Never hidden: a live region must be in place before its text changes to be heard.
      this.announcement.textContent = view.announcement.text;
    }
    if (this.alert.textContent !== view.alert) setAlert(this.alert, view.alert);
    this.markField(view.invalidField);
  }

  private markField(field: ConnectionField | undefined): void {
    if (field === this.marked) return;
    if (this.marked !== undefined) markInvalid(this.inputs[this.marked], undefined);
    if (field !== undefined) markInvalid(this.inputs[field], this.alert.id);
    this.marked = field;
  }

  renderProjects(rows: readonly ProjectRow[], onAction: ProjectActionHandler): void {
    renderProjectList(this.root, this.projectsBox, this.projectList, rows, onAction);
  }

  bind(handlers: ConnectionPanelHandlers): void {
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      handlers.submit();
    });
    this.tokenToggle.addEventListener("click", handlers.toggleToken);
    this.sandboxButton.addEventListener("click", handlers.useSandbox);
    this.remember.addEventListener("change", () => {
      if (!this.remember.checked) handlers.rememberUnticked();
    });
    for (const field of FIELDS) {
      this.inputs[field].addEventListener("input", () => handlers.fieldEdited(field));
    }
    this.changeButton.addEventListener("click", handlers.toggleDetails);
    this.disconnectButton.addEventListener("click", handlers.disconnect);
    this.addProjectButton.addEventListener("click", handlers.addProject);
    this.cancelButton.addEventListener("click", handlers.cancelAdd);
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") handlers.escape(this.form.contains(this.root.activeElement));
    });
  }
}
