// The connection panel: the form, Use sandbox, show/hide token, Connect and Disconnect. Thin
// glue: the rules live in connectionForm.ts and session.ts, the phases in state.ts.

import type { ActiveConnectionHolder } from "../settings/activeConnection";
import { ConnectionField, ConnectionFormValues, SANDBOX_CONNECTION } from "./connectionForm";
import {
  connect,
  disconnect,
  originOf,
  rememberChoiceChanged,
  restoreSession,
  SessionStores,
} from "./session";
import { ConnectionPhase, connectingMessage, connectionView, Observable } from "./state";
import { markInvalid, requireElement, setAlert, setShown } from "./view";

export interface ConnectionPanelOptions {
  readonly stores: SessionStores;
  readonly active: ActiveConnectionHolder;
  /** Where the keyboard focus goes after a connection the user asked for (the import panel). */
  readonly focusAfterConnect?: () => void;
}

export interface ConnectionPanel {
  /**
   * Fills the form from the saved settings; connects only when the workbook names a connection
   * made on this computer whose token is remembered (see src/settings/autoConnect.ts).
   */
  restore(): Promise<void>;
}

export function mountConnectionPanel(
  root: Document,
  options: ConnectionPanelOptions,
): ConnectionPanel {
  const { stores, active } = options;
  const form = requireElement(root, "connection-form", HTMLFormElement);
  const fields = requireElement(root, "connection-fields", HTMLFieldSetElement);
  const address = requireElement(root, "api-address", HTMLInputElement);
  const version = requireElement(root, "api-version", HTMLSelectElement);
  const token = requireElement(root, "access-token", HTMLInputElement);
  const tokenToggle = requireElement(root, "token-visibility", HTMLButtonElement);
  const identity = requireElement(root, "project-identity", HTMLInputElement);
  const remember = requireElement(root, "remember-token", HTMLInputElement);
  const rememberHint = requireElement(root, "remember-hint", HTMLElement);
  const connectButton = requireElement(root, "connect", HTMLButtonElement);
  const sandboxButton = requireElement(root, "use-sandbox", HTMLButtonElement);
  const connected = requireElement(root, "connected", HTMLElement);
  const summary = requireElement(root, "connection-summary", HTMLElement);
  const changeButton = requireElement(root, "connection-change", HTMLButtonElement);
  const details = requireElement(root, "connection-details", HTMLElement);
  const disconnectButton = requireElement(root, "disconnect", HTMLButtonElement);
  const status = requireElement(root, "connection-status", HTMLElement);
  const alert = requireElement(root, "connection-error", HTMLElement);

  const inputs: Record<ConnectionField, HTMLInputElement | HTMLSelectElement> = {
    apiAddress: address,
    version,
    token,
    identity,
  };
  const phase = new Observable<ConnectionPhase>({ phase: "disconnected" });
  let checking: AbortController | undefined;

  if (stores.device === undefined) {
    remember.checked = false;
    remember.disabled = true;
    rememberHint.textContent = "This version of Office cannot keep a token on this computer.";
    setShown(rememberHint, true);
  }

  function values(): ConnectionFormValues {
    return {
      apiAddress: address.value,
      version: version.value,
      token: token.value,
      identity: identity.value,
      remember: remember.checked,
    };
  }

  function fill(next: ConnectionFormValues): void {
    address.value = next.apiAddress;
    version.value = next.version;
    token.value = next.token;
    identity.value = next.identity;
    if (!remember.disabled) remember.checked = next.remember;
  }

  function clearProblems(): void {
    setAlert(alert, "");
    for (const input of Object.values(inputs)) markInvalid(input, undefined);
  }

  function hideToken(): void {
    token.type = "password";
    tokenToggle.setAttribute("aria-pressed", "false");
    tokenToggle.querySelector(".toggle-text")?.replaceChildren("Show");
  }

  function render(state: ConnectionPhase): void {
    const view = connectionView(state);
    setShown(form, view.showForm);
    fields.disabled = view.formBusy;
    connectButton.disabled = view.formBusy;
    sandboxButton.disabled = view.formBusy;
    connectButton.textContent = view.connectLabel;
    setShown(connected, view.summary !== undefined);
    summary.textContent = view.summary ?? "";
    // Each connection starts as one line; Change unfolds it.
    if (view.summary === undefined) expandDetails(false);
  }

  function expandDetails(expanded: boolean): void {
    changeButton.setAttribute("aria-expanded", String(expanded));
    connected.classList.toggle("expanded", expanded);
    setShown(details, expanded);
  }
  phase.subscribe(render);
  render(phase.value);

  async function runConnect(quiet: boolean): Promise<void> {
    if (phase.value.phase !== "disconnected") return;
    clearProblems();
    hideToken();
    const request = values();
    const origin = originOf(request.apiAddress, request.version);
    const target = origin === undefined ? undefined : new URL(origin).host;
    const controller = new AbortController();
    checking = controller;
    phase.set({ phase: "connecting", target: target ?? "the server" });
    status.textContent = connectingMessage(target, quiet);

    // Quiet is the pane connecting by itself to the connection the workbook names.
    const outcome = await connect(request, stores, {
      signal: controller.signal,
      automatic: quiet,
    });
    checking = undefined;
    if (outcome.ok) {
      // From here the token lives in the client only, not in the page.
      token.value = "";
      active.set(outcome.connection);
      phase.set({ phase: "connected", connection: outcome.connection });
      // The summary beside Disconnect names server, version and project; the live region
      // only announces the change (and any setting that could not be kept).
      status.textContent = ["Connected.", ...outcome.warnings].join(" ");
      if (!quiet) options.focusAfterConnect?.();
      return;
    }
    phase.set({ phase: "disconnected" });
    if (outcome.cancelled) {
      status.textContent = outcome.message;
      connectButton.focus();
      return;
    }
    status.textContent = "Not connected.";
    setAlert(alert, outcome.message);
    if (outcome.field !== undefined) {
      const input = inputs[outcome.field];
      markInvalid(input, alert.id);
      if (!quiet) input.focus();
    } else if (!quiet) {
      connectButton.focus();
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void runConnect(false);
  });

  tokenToggle.addEventListener("click", () => {
    const show = token.type === "password";
    token.type = show ? "text" : "password";
    tokenToggle.setAttribute("aria-pressed", String(show));
    tokenToggle.querySelector(".toggle-text")?.replaceChildren(show ? "Hide" : "Show");
  });

  sandboxButton.addEventListener("click", () => {
    clearProblems();
    fill({ ...SANDBOX_CONNECTION, remember: remember.checked });
    status.textContent = "Sandbox settings filled in. Select Connect to use them.";
  });

  remember.addEventListener("change", () => {
    if (remember.checked) return;
    rememberChoiceChanged(values(), stores).then(
      () => {
        status.textContent = "The token will not be kept on this computer.";
      },
      () => {
        setAlert(alert, "The remembered token could not be removed from this computer.");
      },
    );
  });

  for (const input of Object.values(inputs)) {
    input.addEventListener("input", () => markInvalid(input, undefined));
  }

  changeButton.addEventListener("click", () => {
    expandDetails(changeButton.getAttribute("aria-expanded") !== "true");
  });

  disconnectButton.addEventListener("click", () => {
    const current = active.current;
    active.set(undefined);
    phase.set({ phase: "disconnected" });
    token.value = "";
    hideToken();
    clearProblems();
    status.textContent = "Disconnected. Enter the access token to connect again.";
    token.focus();
    if (current !== undefined) {
      disconnect(current, stores).catch(() => {
        setAlert(alert, "The remembered token could not be removed from this computer.");
      });
    }
  });

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && checking !== undefined) checking.abort();
  });

  return {
    async restore(): Promise<void> {
      const restored = await restoreSession(stores);
      fill(restored.values);
      if (restored.notice !== undefined) status.textContent = restored.notice;
      if (restored.autoConnect) await runConnect(true);
    },
  };
}
