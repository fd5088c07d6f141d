// The connection panel: the form, Use sandbox, show/hide token, Connect and Disconnect, and the
// workbook's projects. Glue between the elements (elements.ts), the state machine (machine.ts)
// and the session (shared/session.ts, restore.ts), which do the work.

import type { ActiveConnection, ActiveConnectionHolder } from "../../settings/activeConnection";
import { suggestProjectLabel } from "../../settings/projectNameSuggestion";
import styles from "./connection.css";
import { sameLabel } from "../../domain/projectLabels";
import { ConnectionField, ConnectionFormValues, sandboxConnection } from "./text";
import { servedSandboxAddress } from "./servedSandboxAddress";
import { RecalledFor, recalledTokenStays } from "../../settings/recalledToken";
import {
  canStartConnect,
  ConnectionEffect,
  ConnectionEvent,
  ConnectionPanelState,
  INITIAL,
  reduce,
} from "./machine";
import { connectionPanelView } from "./view";
import { ConnectionPanelElements } from "./elements";
import { ProjectAction, projectRows } from "./projectList";
import { restoreSession, RestoredProject } from "./restore";
import {
  connect,
  disconnect,
  makeDefaultProject,
  originOf,
  rememberChoiceChanged,
  removeProject,
  SessionStores,
} from "../shared/session";
import { addStylesOnce } from "../shared/pageStyles";
import { mountMachine } from "../shared/mountMachine";

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
  /**
   * The service refused the token of `project` (the default one when absent) during a run: it
   * is disconnected, so every part of the pane says the same, and offers Enter new token.
   */
  tokenRefused(project?: string): void;
  /** Enter new token: the form opens for `project` (the default when absent), its token empty. */
  enterNewToken(project?: string): void;
}

export function mountConnectionPanel(
  root: Document,
  options: ConnectionPanelOptions,
): ConnectionPanel {
  addStylesOnce(root, "connection-panel-styles", styles);
  return new ConnectionPanelController(new ConnectionPanelElements(root), options);
}

class ConnectionPanelController implements ConnectionPanel {
  private readonly machine = mountMachine({
    reduce,
    initial: INITIAL,
    render: (state: ConnectionPanelState) => this.view.render(connectionPanelView(state)),
    apply: (effect: ConnectionEffect) => this.apply(effect),
    settled: (state: ConnectionPanelState) => this.followFormProject(state),
  });
  private checking: AbortController | undefined;
  /** The workbook's projects as last read (restore, and after every change the pane makes). */
  private projects: readonly RestoredProject[] = [];
  private readonly stores: SessionStores;
  private readonly active: ActiveConnectionHolder;
  /** The server and identity of the token this computer filled in, while the form holds it. */
  private recalled: RecalledFor | undefined;
  /**
   * The user has typed into the form: what the workbook's restore would fill in later (it reads
   * device storage first) must not write over it.
   */
  private typed = false;
  /** The connection a Disconnect is taking away, while its events are applied. */
  private disconnecting: ActiveConnection | undefined;
  /**
   * The connections (by project, lower case) whose token the service refused, until they
   * connect again: Enter new token fills the form from them, identity included.
   */
  private readonly refused = new Map<string, ActiveConnection>();
  /** The project the shown form holds ("" when hidden or for a new project), as last drawn. */
  private formProject = "";

  constructor(
    private readonly view: ConnectionPanelElements,
    private readonly options: ConnectionPanelOptions,
  ) {
    this.stores = options.stores;
    this.active = options.active;
    if (this.stores.device === undefined) view.disableRemember();
    view.render(connectionPanelView(this.machine.state));
    this.active.subscribe(() => this.renderProjects());
    view.bind({
      submit: () => void this.runConnect(false),
      toggleToken: () => this.dispatch({ type: "tokenVisibilityToggled" }),
      useSandbox: () => {
        const sandbox = sandboxConnection(servedSandboxAddress());
        this.fill({ ...sandbox, remember: view.remembering }, false);
        this.dispatch({ type: "sandboxFilled" });
      },
      rememberUnticked: () => {
        rememberChoiceChanged(view.values(), this.stores).then(
          () => this.dispatch({ type: "rememberDropped" }),
          () => this.dispatch({ type: "tokenNotForgotten" }),
        );
      },
      fieldEdited: (field) => {
        this.typed = true;
        this.followRecalledToken(field);
        this.dispatch({ type: "fieldEdited", field });
      },
      toggleDetails: () => this.dispatch({ type: "detailsToggled" }),
      disconnect: () => {
        const current = this.active.current;
        if (current === undefined) return;
        void this.disconnectProject(current.project, this.projects.length <= 1);
      },
      addProject: () => this.addProject(),
      cancelAdd: () => this.dispatch({ type: "addCancelled" }),
      escape: (focusInForm) =>
        this.dispatch({
          type: "escape",
          focusInForm,
          hasCurrent: this.active.current !== undefined,
        }),
      projectAction: (action, project) => this.projectAction(action, project),
    });
  }

  /**
   * Fills the form; a token in `values` came from this computer's storage (unless `recalled` is
   * false) and belongs to the server and identity filled in with it.
   */
  private fill(values: ConnectionFormValues, recalled = true): void {
    this.view.fill(values);
    const origin = originOf(values.apiAddress, values.version);
    this.recalled =
      recalled && values.token !== "" && origin !== undefined
        ? { origin, identity: values.identity }
        : undefined;
  }

  /** A recalled token goes as soon as the form names another server or identity. */
  private followRecalledToken(field: ConnectionField): void {
    if (this.recalled === undefined || field === "label") return;
    if (field === "token") {
      // The user typed the token: it is theirs to send wherever they say.
      this.recalled = undefined;
      return;
    }
    const { apiAddress, version, identity } = this.view.values();
    if (recalledTokenStays(this.recalled, originOf(apiAddress, version), identity)) return;
    this.view.clearToken();
    this.recalled = undefined;
  }

  private dispatch(event: ConnectionEvent): void {
    this.machine.dispatch(event);
  }

  /** The form, when shown, is the Connect of the project it holds: the list drops that row's. */
  private followFormProject(state: ConnectionPanelState): void {
    const formProject = connectionPanelView(state).showForm
      ? (this.view.values().label ?? "").trim()
      : "";
    if (formProject !== this.formProject) {
      this.formProject = formProject;
      this.renderProjects();
    }
  }

  private apply(effect: ConnectionEffect): void {
    switch (effect.kind) {
      case "focus":
        if (effect.target === "nextPanel") this.options.focusAfterConnect?.();
        else this.view.focus(effect.target);
        return;
      case "clearToken":
        this.view.clearToken();
        return;
      case "abortCheck":
        this.checking?.abort();
        return;
      case "approved":
        this.options.afterApproval?.();
        return;
      case "suggestLabel":
        this.suggestLabel();
        return;
      case "fillProject":
        this.fillWith(effect.project);
        return;
    }
  }

  /**
   * The form holds `project` again: as it was connected (`left`: its identity is known until the
   * pane closes), else as the workbook and this computer know it.
   */
  private fillWith(project: string, left = this.disconnecting): void {
    if (left !== undefined && left.project === project) {
      this.fill({
        apiAddress: left.apiAddress,
        version: left.version,
        identity: left.identity,
        label: left.project,
        token: "",
        remember: this.view.remembering,
      });
      return;
    }
    const known = this.projects.find((candidate) => candidate.label === project);
    if (known !== undefined) this.fill({ ...known.values, token: "" });
  }

  /** The name field takes the name the address typed suggests. */
  private suggestLabel(): void {
    const { apiAddress } = this.view.values();
    const taken = this.projects.map((project) => project.label);
    this.view.setLabel(apiAddress.trim() === "" ? "" : suggestProjectLabel(apiAddress, taken));
  }

  tokenRefused(project?: string): void {
    const label = project ?? this.active.current?.project;
    if (label === undefined) return;
    const current = this.active.get(label);
    if (current === undefined) return;
    this.refused.set(label.toLowerCase(), current);
    const wasDefault = current === this.active.current;
    this.active.remove(label);
    const formReset = wasDefault || this.active.current === undefined;
    // The token is kept on this computer as it was: the user decides when entering a new one.
    void disconnect(current, this.stores, { forget: false }).catch(() => undefined);
    this.disconnecting = current;
    this.dispatch({
      type: "disconnected",
      project: label,
      forget: false,
      formReset,
      onlyProject: this.projects.length <= 1,
      tokenRefused: true,
    });
    this.disconnecting = undefined;
  }

  enterNewToken(project?: string): void {
    const label =
      project ?? this.projects.find((each) => this.refused.has(each.label.toLowerCase()))?.label;
    if (label === undefined) return;
    const left = this.refused.get(label.toLowerCase());
    this.fillWith(left?.project ?? label, left);
    this.dispatch({
      type: "projectConnectChosen",
      project: label,
      tokenEmpty: true,
      newToken: true,
    });
  }

  private renderProjects(): void {
    const rows = projectRows(
      this.projects,
      (label) => this.active.get(label) !== undefined,
      this.active.defaultLabel,
      (label) => this.refused.has(label.toLowerCase()),
      this.formProject,
    );
    this.view.renderProjects(rows, (action, project) => this.projectAction(action, project));
  }

  private async reloadProjects(): Promise<void> {
    try {
      this.projects = (await restoreSession(this.stores)).projects;
      this.active.setProjects(this.projects.map((project) => project.label));
    } catch {
      // The list stays as it was; the connections themselves are unaffected.
    }
    this.renderProjects();
  }

  private projectAction(action: ProjectAction, project: string): void {
    switch (action) {
      case "enterNewToken":
        this.enterNewToken(project);
        return;
      case "connect": {
        const chosen = this.projects.find((candidate) => candidate.label === project);
        if (chosen !== undefined) this.fill(chosen.values);
        this.dispatch({ type: "projectConnectChosen", project, tokenEmpty: this.view.tokenEmpty });
        return;
      }
      case "disconnect":
        void this.disconnectProject(project, false);
        return;
      case "makeDefault":
        makeDefaultProject(this.stores, project).then(
          () => {
            this.active.setDefault(project);
            this.dispatch({ type: "madeDefault", project });
            void this.reloadProjects();
          },
          () => this.dispatch({ type: "makeDefaultFailed" }),
        );
        return;
      case "remove":
        removeProject(this.stores, project).then(
          () => {
            this.dispatch({ type: "removed", project });
            void this.reloadProjects();
          },
          () => this.dispatch({ type: "removeFailed" }),
        );
        return;
    }
  }

  private addProject(): void {
    const current = this.active.current;
    this.fill({
      apiAddress: current?.apiAddress ?? "",
      version: current?.version ?? "v1",
      token: "",
      identity: "",
      remember: this.view.remembering,
      label: "",
    });
    this.dispatch({ type: "addProjectChosen" });
  }

  /**
   * Disconnects `project`; with the forget choice, this computer forgets its token and binding
   * first, so the pane says the token is no longer kept only once it is not.
   */
  private async disconnectProject(project: string, onlyProject: boolean): Promise<void> {
    const forget = this.view.takeForgetChoice();
    const current = this.active.get(project);
    const wasDefault = current !== undefined && current === this.active.current;
    this.active.remove(project);
    const formReset = wasDefault || this.active.current === undefined;
    const forgotten =
      current === undefined ||
      (await disconnect(current, this.stores, { forget }).then(
        () => true,
        () => false,
      ));
    this.disconnecting = current;
    this.dispatch({ type: "disconnected", project, forget, formReset, onlyProject });
    this.disconnecting = undefined;
    if (!forgotten) this.dispatch({ type: "tokenNotForgotten" });
  }

  private async runConnect(quiet: boolean): Promise<void> {
    if (!canStartConnect(this.machine.state)) return;
    const request = { ...this.view.values(), labelSuggested: this.machine.state.labelSuggested };
    const origin = originOf(request.apiAddress, request.version);
    const target = origin === undefined ? undefined : new URL(origin).host;
    const controller = new AbortController();
    this.checking = controller;
    this.dispatch({ type: "connectStarted", quiet, ...(target === undefined ? {} : { target }) });

    // Quiet is the pane connecting by itself to the connection the workbook names. A project
    // connected while the default is not becomes the default (the formulas follow it).
    const makeDefault = !quiet && this.active.current === undefined;
    const outcome = await connect(request, this.stores, {
      signal: controller.signal,
      automatic: quiet,
      makeDefault,
    });
    this.checking = undefined;
    if (outcome.ok) {
      const { connection } = outcome;
      const isDefault =
        makeDefault || sameLabel(connection.project, this.active.defaultLabel ?? "");
      this.refused.delete(connection.project.toLowerCase());
      this.active.put(connection, { makeDefault: isDefault });
      const shown = this.active.current;
      this.dispatch({
        type: "connectSucceeded",
        project: connection.project,
        isShown: connection === shown,
        warnings: outcome.warnings,
        quiet,
        ...(shown === undefined ? {} : { shown }),
      });
      // The list shows the project just added (connect() saved it in the workbook).
      if (!quiet) await this.reloadProjects();
      return;
    }
    const current = this.active.current;
    const still = current === undefined ? {} : { current };
    if (outcome.cancelled) {
      this.dispatch({ type: "connectCancelled", message: outcome.message, ...still });
      return;
    }
    this.dispatch({
      type: "connectFailed",
      message: outcome.message,
      quiet,
      ...still,
      ...(outcome.field === undefined ? {} : { field: outcome.field }),
    });
  }

  async restore(): Promise<void> {
    const restored = await restoreSession(this.stores);
    this.projects = restored.projects;
    this.active.setProjects(this.projects.map((project) => project.label));
    const typedFirst = this.typed;
    if (!typedFirst) this.fill(restored.values);
    const notice = restored.notice === undefined ? {} : { notice: restored.notice };
    // Refresh on open runs once: after the quiet connections, or else after the user's click.
    this.dispatch({
      type: "restored",
      labelGiven: (restored.values.label ?? "") !== "",
      awaitingApproval:
        restored.notice !== undefined && !restored.projects.some((project) => project.autoConnect),
      ...notice,
    });
    this.renderProjects();
    const chosen = restored.projects.find((project) => project.isDefault);
    if (chosen !== undefined) this.active.setDefault(chosen.label);
    if (restored.autoConnect && !typedFirst) await this.runConnect(true);
    // The workbook's other projects this user connected to here: one by one, quietly.
    for (const project of restored.projects) {
      if (project.isDefault || !project.autoConnect) continue;
      this.fill(project.values);
      this.dispatch({ type: "quietProjectBegins", alongside: this.active.current !== undefined });
      await this.runConnect(true);
      this.dispatch({ type: "quietProjectEnds" });
    }
    if (this.active.current === undefined && !this.typed) this.fill(restored.values);
    // The quiet connections' own lines must not hide what the rest of the workbook asks for.
    this.dispatch({ type: "restoreFinished", ...notice });
    this.renderProjects();
  }
}
