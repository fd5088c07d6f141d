// The journal panel: open a journal in a sheet, validate it, send it, and settle a journal that
// changed on the server (reload, or overwrite after a second confirmation). Glue: the actions live
// in journalActions.ts (and src/journalEditor), the states in machine.ts, what they show in
// view.ts, the drawing in elements.ts, the words in text.ts.

import { type ExcelRun, waitingForCellEdit } from "../../excel/run";
import type { ActiveConnection, ActiveConnectionHolder } from "../../settings/activeConnection";
import {
  ActionRun,
  JournalEditorActions,
  JournalEditorDeps,
  JournalOfSheet,
  openAction,
  overwriteAction,
  readInfo,
  reloadAction,
  sendAcceptingResets,
  sendAction,
  validateAction,
} from "./journalActions";
import { INITIAL, JournalPanelEvent, JournalPanelState, reduce } from "./machine";
import { mountMachine } from "../shared/mountMachine";
import { mountJournalPanelElements } from "./elements";
import type { JournalPanelElements, Trigger } from "./elements";
import { describeJournalError, isCancellable, JournalAction, JournalReport } from "./text";
import {
  mountRecentJournals,
  RecentJournalsSection,
  RecentJournalsStore,
} from "./recentJournalsSection";
import { mountLineAccounts } from "./lineAccountSection";
import type { LineAccountSection } from "./lineAccountSection";
import { focusIsOnOrLost } from "../shared/pageElements";
import type { JournalSheetKeys } from "../../settings/journalSheetKeys";

export interface JournalPanelOptions {
  readonly active: ActiveConnectionHolder;
  readonly run: ExcelRun;
  readonly editor: JournalEditorActions;
  /**
   * The journal a sheet (by its journal key) shows, and the project it was opened from (from its
   * remembered state), or null.
   */
  readonly journalOfSheet: JournalOfSheet;
  /** The journals opened on this computer; absent where the host keeps nothing here. */
  readonly recent?: RecentJournalsStore;
  /** This computer's journal sheet keys; absent where the host keeps nothing here. */
  readonly sheetKeys?: JournalSheetKeys;
}

export interface JournalPanel {
  /** Puts the keyboard focus on the Transaction reference or ID field. */
  focus(): void;
  /** Reads the active sheet's journal again and redraws the buttons. */
  refresh(): Promise<void>;
}

export function mountJournalPanel(root: Document, options: JournalPanelOptions): JournalPanel {
  const panel = new JournalPanelController(root, options);
  return { focus: () => panel.view.reference.focus(), refresh: () => panel.refresh() };
}

type Work = (run: ActionRun) => Promise<JournalReport>;

class JournalPanelController {
  readonly view: JournalPanelElements;
  private readonly machine = mountMachine({
    reduce,
    initial: INITIAL,
    render: (state: JournalPanelState) => this.render(state),
  });
  /** Aborts the running action. */
  private controller: AbortController | undefined;
  private readonly recentJournals: RecentJournalsSection;
  private readonly lineAccounts: LineAccountSection;

  constructor(
    private readonly root: Document,
    private readonly options: JournalPanelOptions,
  ) {
    const { active } = options;
    this.view = mountJournalPanelElements(root, options.run, active, (event) =>
      this.dispatch(event),
    );
    this.recentJournals = mountRecentJournals(root, {
      active,
      chosen: () => this.view.project.connection(),
      recent: options.recent,
      // As typing its ID would.
      onOpen: (journalId, button) => {
        this.view.reference.value = journalId;
        this.dispatch({ type: "referenceEdited" });
        void this.openJournal(button);
      },
    });
    this.lineAccounts = mountLineAccounts(root, {
      deps: () => this.connection(),
      choices: options.editor.lineAccountChoices,
      put: options.editor.putLineAccount,
    });
    this.listen();
    active.subscribe(() => {
      this.setConnected(active.all.length > 0);
      void this.recentJournals.refresh();
    });
    this.setConnected(active.all.length > 0);
    void this.recentJournals.refresh();
  }

  private get state(): JournalPanelState {
    return this.machine.state;
  }

  private dispatch(event: JournalPanelEvent): void {
    this.machine.dispatch(event);
  }

  private render(state: JournalPanelState): void {
    this.view.render(state);
    const idle = state.connected && state.action === undefined;
    this.recentJournals.enable(idle);
    this.lineAccounts?.enable(idle);
  }

  /**
   * The chosen project's client for opening, and every project's for sending: a sheet's journal
   * goes back to the project it came from. Undefined when no project is connected.
   */
  private connection(): JournalEditorDeps | undefined {
    const { active, run, recent, sheetKeys } = this.options;
    const chosen = this.view.project.connection() ?? active.current ?? active.all[0];
    if (chosen === undefined) return undefined;
    const recalled = {
      ...(recent === undefined
        ? {}
        : { recalled: (typed: string) => recent.recall(chosen, typed) }),
      ...(sheetKeys === undefined ? {} : { sheetKeys }),
    };
    const chosenProject = active.tableProject(chosen.project);
    if (chosenProject === undefined) return { run, api: chosen.api, ...recalled };
    return {
      run,
      api: chosen.api,
      ...recalled,
      project: chosenProject,
      clientFor: (recorded) => this.clientFor(chosen, recorded),
    };
  }

  private clientFor(chosen: ActiveConnection, recorded: string | undefined) {
    const { active } = this.options;
    const label = active.projectOfRecord(recorded) ?? chosen.project;
    const api = active.get(label)?.api;
    const owner = active.tableProject(label) ?? { label, first: false };
    return { project: owner, ...(api === undefined ? {} : { api }) };
  }

  /**
   * Reads which journal the active sheet shows. Cheap (one Excel round trip), and only on
   * demand: the pane cannot see the user switch sheets, so it asks when it gets attention back.
   */
  async refresh(): Promise<void> {
    const deps = this.connection();
    if (deps === undefined || this.state.action !== undefined) return;
    const before = this.state;
    this.dispatch({ type: "readRequested" });
    if (before.reading) return;
    const generation = this.state.readGeneration;
    const info = await readInfo({ editor: this.options.editor, deps });
    this.dispatch({ type: "readFinished", generation, info });
    await this.lineAccounts.refresh();
    if (this.state.readAgain) await this.refresh();
  }

  /** Runs one action: busy words, buttons off, Escape armed; then its report, and a fresh read. */
  private async perform(kind: JournalAction, trigger: Trigger, work: Work): Promise<void> {
    const deps = this.connection();
    if (deps === undefined || this.state.action !== undefined) return;
    const { root, view } = this;
    const hadFocus = focusIsOnOrLost(root, trigger);
    const running = new AbortController();
    this.controller = running;
    view.report.clearLists();
    this.dispatch({ type: "started", action: kind });
    if (hadFocus && trigger !== view.reference && isCancellable(kind)) view.cancelButton.focus();

    // Excel may hold or refuse the action's batches while a cell is being edited: say so.
    const run = waitingForCellEdit(deps.run, {
      signal: running.signal,
      onWaiting: (waiting) => {
        if (this.controller === running) this.dispatch({ type: "waitingForCellEdit", waiting });
      },
    });
    let report: JournalReport;
    try {
      report = await work({
        editor: this.options.editor,
        deps: { ...deps, run },
        signal: running.signal,
        dispatch: (event) => this.dispatch(event),
        note: (seen, how) => this.recentJournals.note(seen, how),
      });
    } catch (error) {
      report = describeJournalError(error, kind);
    }
    const focusBack =
      hadFocus && (focusIsOnOrLost(root, view.cancelButton) || root.activeElement === trigger);
    this.controller = undefined;
    this.dispatch({ type: "finished", report });
    view.report.show(report);
    if (focusBack) view.focusAfter(kind, trigger, report);
    await this.refresh();
  }

  private cancel(): void {
    const { action, cancelling } = this.state;
    if (action === undefined || !isCancellable(action) || cancelling) return;
    this.controller?.abort();
    this.dispatch({ type: "cancelRequested" });
  }

  private setConnected(connected: boolean): void {
    if (!connected) {
      this.controller?.abort();
      this.view.report.hideStale();
    }
    this.dispatch({ type: "connection", connected });
    if (connected) void this.refresh();
  }

  private async openJournal(trigger: Trigger): Promise<void> {
    if (this.state.action !== undefined) return;
    const { reference, project } = this.view;
    const text = reference.value.trim();
    if (text === "") {
      this.dispatch({ type: "emptyReference" });
      reference.focus();
      return;
    }
    this.view.report.hideStale();
    const { active } = this.options;
    await this.perform("open", trigger, (run) => {
      const unconnected =
        project.connection() === undefined
          ? (project.selected() ?? active.defaultLabel ?? "The default project")
          : undefined;
      return openAction(run, text, unconnected);
    });
  }

  private async send(): Promise<void> {
    if (this.state.action !== undefined) return;
    this.view.report.hideStale();
    await this.perform("send", this.view.sendButton, sendAction);
  }

  private listen(): void {
    const { root, view } = this;
    const { panel, reference } = view;
    view.form.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.openJournal(root.activeElement === reference ? reference : view.openButton);
    });
    reference.addEventListener("input", () => this.dispatch({ type: "referenceEdited" }));
    view.validateButton.addEventListener("click", () => {
      void this.perform("validate", view.validateButton, validateAction);
    });
    view.sendButton.addEventListener("click", () => void this.send());
    view.cancelButton.addEventListener("click", () => this.cancel());
    view.reloadButton.addEventListener("click", () => {
      const warned = this.state.stale;
      void this.perform("reload", view.reloadButton, (run) =>
        reloadAction(run, warned, this.options.journalOfSheet),
      );
    });
    view.report.resets.sendAnyway.addEventListener("click", () => {
      const accepted = this.state.resets;
      const button = view.report.resets.sendAnyway;
      void this.perform("send", button, (run) => sendAcceptingResets(run, accepted));
    });
    view.overwriteYes.addEventListener("click", () => {
      const warned = this.state.stale;
      void this.perform("overwrite", view.overwriteYes, (run) => overwriteAction(run, warned));
    });
    root.addEventListener("keydown", (event) => this.onKey(event));
    // The user may have switched sheets in Excel: look again when the pane gets attention back.
    root.defaultView?.addEventListener("focus", () => void this.refresh());
    root.addEventListener("visibilitychange", () => {
      if (root.visibilityState === "visible") void this.refresh();
    });
    panel.addEventListener("pointerenter", () => void this.refresh());
    view.projectSelect.addEventListener("change", () => void this.recentJournals.refresh());
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key !== "Escape") return;
    const { root, view } = this;
    const { action } = this.state;
    if (action !== undefined) {
      // An import may run too: Escape here cancels the journal's action, not both.
      const here = focusIsOnOrLost(root, view.panel) || view.panel.contains(root.activeElement);
      if (isCancellable(action) && here) {
        event.preventDefault();
        this.cancel();
      }
      return;
    }
    if (view.report.stepBack()) event.preventDefault();
  }
}
