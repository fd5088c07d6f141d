// The connection panel: the form, Use sandbox, show/hide token, Connect and Disconnect. Thin
// glue: the rules live in connectionForm.ts and session.ts, the phases in state.ts.

import type { ActiveConnectionHolder } from "../settings/activeConnection";
import { sameLabel } from "../domain/projectLabels";
import {
  ConnectionField,
  ConnectionFormValues,
  hostOf,
  projectSummary,
  SANDBOX_CONNECTION,
} from "./connectionForm";
import { restoreSession, RestoredProject } from "./restore";
import {
  connect,
  disconnect,
  makeDefaultProject,
  originOf,
  rememberChoiceChanged,
  removeProject,
  SessionStores,
} from "./session";
import { ConnectionPhase, connectingMessage, connectionView, Observable } from "./state";
import { markInvalid, requireElement, setAlert, setShown } from "./view";

export interface ConnectionPanelOptions {
  readonly stores: SessionStores;
  readonly active: ActiveConnectionHolder;
  /** Where the keyboard focus goes after a connection the user asked for (the import panel). */
  readonly focusAfterConnect?: () => void;
  /**
   * Called once, after the user's first connection in a workbook that asked for what it wants
   * (not bound on this computer): that click allows what the workbook showed, refresh on open
   * included.
   */
  readonly afterApproval?: () => void;
}

export interface ConnectionPanel {
  /**
   * Fills the form from the saved settings; connects only the projects this computer bound in
   * this document whose token is remembered (see src/settings/autoConnect.ts).
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
  const label = requireElement(root, "project-label", HTMLInputElement);
  const remember = requireElement(root, "remember-token", HTMLInputElement);
  const rememberHint = requireElement(root, "remember-hint", HTMLElement);
  const connectButton = requireElement(root, "connect", HTMLButtonElement);
  const sandboxButton = requireElement(root, "use-sandbox", HTMLButtonElement);
  const connected = requireElement(root, "connected", HTMLElement);
  const summary = requireElement(root, "connection-summary", HTMLElement);
  const changeButton = requireElement(root, "connection-change", HTMLButtonElement);
  const details = requireElement(root, "connection-details", HTMLElement);
  const disconnectButton = requireElement(root, "disconnect", HTMLButtonElement);
  const forgetChoice = requireElement(root, "forget-choice", HTMLElement);
  const forget = requireElement(root, "forget-on-disconnect", HTMLInputElement);
  const status = requireElement(root, "connection-status", HTMLElement);
  const alert = requireElement(root, "connection-error", HTMLElement);
  const addProjectButton = requireElement(root, "add-project", HTMLButtonElement);
  const projectsBox = requireElement(root, "projects", HTMLElement);
  const projectList = requireElement(root, "project-list", HTMLUListElement);

  const inputs: Record<ConnectionField, HTMLInputElement | HTMLSelectElement> = {
    apiAddress: address,
    version,
    token,
    identity,
    label,
  };
  const phase = new Observable<ConnectionPhase>({ phase: "disconnected" });
  let checking: AbortController | undefined;
  /** The workbook's projects as last read (restore, and after every change the pane makes). */
  let projects: readonly RestoredProject[] = [];
  /** The form is open to add (or connect) a project while another stays connected. */
  let adding = false;
  /** The workbook showed what it asks for and waits for the user's first connection. */
  let awaitingApproval = false;

  if (stores.device === undefined) {
    setShown(forgetChoice, false);
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
      label: label.value,
    };
  }

  function fill(next: ConnectionFormValues): void {
    address.value = next.apiAddress;
    version.value = next.version;
    token.value = next.token;
    identity.value = next.identity;
    label.value = next.label ?? "";
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
    setShown(form, view.showForm || adding);
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

  /** One line per project of the workbook, when it has more than one, with its actions. */
  function renderProjects(): void {
    const shown = projects.length > 1;
    setShown(projectsBox, shown);
    if (!shown) {
      projectList.replaceChildren();
      return;
    }
    const items = projects.map((project) => {
      const live = active.get(project.label);
      const item = root.createElement("li");
      const name = root.createElement("span");
      name.className = "project-name";
      const origin = originOf(project.values.apiAddress, project.values.version);
      name.textContent = projectSummary({
        label: project.label,
        host: origin === undefined ? undefined : hostOf(origin),
        version: project.values.version === "rc-1" ? "rc-1" : "v1",
        connected: live !== undefined,
        isDefault: sameLabel(project.label, active.defaultLabel ?? ""),
      });
      item.append(name);
      const button = (text: string, action: () => void) => {
        const element = root.createElement("button");
        element.type = "button";
        element.className = "secondary";
        element.textContent = text;
        element.setAttribute("aria-label", `${text} ${project.label}`);
        element.addEventListener("click", action);
        item.append(element);
      };
      if (live === undefined) {
        button("Connect", () => {
          clearProblems();
          fill(project.values);
          adding = true;
          render(phase.value);
          status.textContent = `Enter the token for ${project.label} if needed, then select Connect.`;
          (token.value === "" ? token : connectButton).focus();
        });
      } else {
        button("Disconnect", () => disconnectProject(project.label, takeForgetChoice()));
      }
      if (!sameLabel(project.label, active.defaultLabel ?? "")) {
        button("Make default", () => {
          makeDefaultProject(stores, project.label).then(
            () => {
              active.setDefault(project.label);
              status.textContent = `${project.label} is now the default project.`;
              void reloadProjects();
            },
            () => setAlert(alert, "The default project could not be saved in this workbook."),
          );
        });
        if (live === undefined) {
          button("Remove", () => {
            removeProject(stores, project.label).then(
              () => {
                status.textContent =
                  `${project.label} was removed from this workbook. Its sheets stay as they ` +
                  "are, and are not refreshed.";
                void reloadProjects();
              },
              () => setAlert(alert, "The project could not be removed from this workbook."),
            );
          });
        }
      }
      return item;
    });
    projectList.replaceChildren(...items);
  }

  async function reloadProjects(): Promise<void> {
    try {
      projects = (await restoreSession(stores)).projects;
      active.setProjects(projects.map((project) => project.label));
    } catch {
      // The list stays as it was; the connections themselves are unaffected.
    }
    renderProjects();
  }
  active.subscribe(() => renderProjects());

  /** The "Also forget the token" choice, for one Disconnect: it is unticked again. */
  function takeForgetChoice(): boolean {
    const chosen = forget.checked;
    forget.checked = false;
    return chosen;
  }

  /** Disconnects `project`; with `forgetHere`, this computer forgets its token and binding. */
  function disconnectProject(project: string, forgetHere: boolean): void {
    const current = active.get(project);
    const wasDefault = current !== undefined && current === active.current;
    active.remove(project);
    if (wasDefault || active.current === undefined) {
      phase.set({ phase: "disconnected" });
      token.value = "";
      hideToken();
      token.focus();
    }
    clearProblems();
    status.textContent = forgetHere
      ? `Disconnected from ${project}. Its token is no longer kept on this computer. Its recent journals are forgotten too.`
      : `Disconnected from ${project}.`;
    if (current !== undefined) {
      disconnect(current, stores, { forget: forgetHere }).catch(() => {
        setAlert(alert, "The remembered token could not be removed from this computer.");
      });
    }
  }

  async function runConnect(quiet: boolean): Promise<void> {
    if (phase.value.phase === "connecting") return;
    if (phase.value.phase === "connected" && !adding) return;
    clearProblems();
    hideToken();
    const request = values();
    const origin = originOf(request.apiAddress, request.version);
    const target = origin === undefined ? undefined : new URL(origin).host;
    const controller = new AbortController();
    checking = controller;
    phase.set({ phase: "connecting", target: target ?? "the server" });
    status.textContent = connectingMessage(target, quiet);

    // Quiet is the pane connecting by itself to the connection the workbook names. A project
    // connected while the default is not becomes the default (the formulas follow it).
    const makeDefault = !quiet && active.current === undefined;
    const outcome = await connect(request, stores, {
      signal: controller.signal,
      automatic: quiet,
      makeDefault,
    });
    checking = undefined;
    if (outcome.ok) {
      // From here the token lives in the client only, not in the page.
      token.value = "";
      adding = false;
      const isDefault =
        makeDefault || sameLabel(outcome.connection.project, active.defaultLabel ?? "");
      active.put(outcome.connection, { makeDefault: isDefault });
      const shown = active.current;
      phase.set(
        shown === undefined ? { phase: "disconnected" } : { phase: "connected", connection: shown },
      );
      // The summary beside Disconnect names server, version and project; the live region
      // only announces the change (and any setting that could not be kept).
      const which =
        outcome.connection === shown ? "Connected." : `Connected to ${outcome.connection.project}.`;
      status.textContent = [which, ...outcome.warnings].join(" ");
      if (!quiet) {
        options.focusAfterConnect?.();
        if (awaitingApproval) {
          awaitingApproval = false;
          options.afterApproval?.();
        }
        // The list shows the project just added (connect() saved it in the workbook).
        await reloadProjects();
      }
      return;
    }
    phase.set(
      active.current === undefined
        ? { phase: "disconnected" }
        : { phase: "connected", connection: active.current },
    );
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
    if (current === undefined) return;
    const forgetHere = takeForgetChoice();
    disconnectProject(current.project, forgetHere);
    if (projects.length <= 1) {
      status.textContent = forgetHere
        ? "Disconnected. The token is no longer kept on this computer. Its recent journals are forgotten too."
        : "Disconnected. Enter the access token to connect again.";
    }
  });

  addProjectButton.addEventListener("click", () => {
    clearProblems();
    const current = active.current;
    fill({
      apiAddress: current?.apiAddress ?? "",
      version: current?.version ?? "v1",
      token: "",
      identity: "",
      remember: remember.checked,
      label: "",
    });
    adding = true;
    render(phase.value);
    status.textContent = "Name the project, enter its identity and token, then select Connect.";
    label.focus();
  });

  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (checking !== undefined) {
      checking.abort();
      return;
    }
    // Escape in the form opened by Add project closes it; the connected projects stay.
    if (adding && active.current !== undefined && form.contains(root.activeElement)) {
      adding = false;
      token.value = "";
      clearProblems();
      render(phase.value);
      status.textContent = "No project was added.";
      changeButton.focus();
    }
  });

  return {
    async restore(): Promise<void> {
      const restored = await restoreSession(stores);
      projects = restored.projects;
      active.setProjects(projects.map((project) => project.label));
      fill(restored.values);
      if (restored.notice !== undefined) status.textContent = restored.notice;
      // Refresh on open runs once: after the quiet connections, or else after the user's click.
      awaitingApproval =
        restored.notice !== undefined && !restored.projects.some((project) => project.autoConnect);
      renderProjects();
      const chosen = restored.projects.find((project) => project.isDefault);
      if (chosen !== undefined) active.setDefault(chosen.label);
      if (restored.autoConnect) await runConnect(true);
      // The workbook's other projects this user connected to here: one by one, quietly.
      for (const project of restored.projects) {
        if (project.isDefault || !project.autoConnect) continue;
        fill(project.values);
        adding = active.current !== undefined;
        await runConnect(true);
        adding = false;
      }
      if (active.current === undefined) fill(restored.values);
      // The quiet connections' own lines must not hide what the rest of the workbook asks for.
      if (restored.notice !== undefined) status.textContent = restored.notice;
      render(phase.value);
      renderProjects();
    },
  };
}
