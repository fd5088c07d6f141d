// The journal panel: open a journal in a sheet, validate it, send it, and settle a journal that
// changed on the server (reload, or overwrite after a second confirmation). Thin glue: the
// actions live in src/journalEditor, the words and the buttons' states in journalText.ts.

import type { LedgerApi } from "../api";
import type { ExcelRun } from "../excel/run";
import type { TableProject } from "../domain/tableOwnership";
import type { KnownJournal } from "../journal/ownReference";
import type { OpenOutcome, SendOutcome, ValidateOutcome } from "../journalEditor/outcomes";
import type { ActiveConnection, ActiveConnectionHolder } from "../settings/activeConnection";
import {
  ActiveJournalInfo,
  busyText,
  CANCELLING,
  describeCancelled,
  describeJournalError,
  describeOpen,
  describeSend,
  describeValidate,
  EMPTY_REFERENCE,
  isCancellable,
  JournalAction,
  journalControls,
  JournalReport,
} from "./journalText";
import { mountJournalReportView } from "./journalReportView";
import { mountProjectChoice } from "./projectChoice";
import { mountRecentJournals, RecentJournalsStore } from "./recentJournalsSection";
import { focusIsOnOrLost, markInvalid, requireElement, setAlert, setShown } from "./view";

/** What the journal editor's actions need: the workbook and the connected client. */
export interface JournalEditorDeps {
  readonly run: ExcelRun;
  /** The chosen project's client: journals are opened from it. */
  readonly api: LedgerApi;
  readonly project?: TableProject;
  /** The client of the project a journal sheet recorded: Send goes there only. */
  readonly clientFor?: (recorded: string | undefined) => {
    readonly project: TableProject;
    readonly api?: LedgerApi;
  };
  /** The chosen project's journal of this own reference opened on this computer before. */
  readonly recalled?: (reference: string) => Promise<KnownJournal | undefined>;
}

/** The journal editor's actions (src/journalEditor), passed in so the panel stays glue. */
export interface JournalEditorActions {
  openJournal(
    deps: JournalEditorDeps,
    idOrReference: string,
    signal?: AbortSignal,
    options?: { replace?: boolean },
  ): Promise<OpenOutcome>;
  validateActiveJournal(deps: JournalEditorDeps): Promise<ValidateOutcome>;
  sendActiveJournal(
    deps: JournalEditorDeps,
    options: {
      overwrite?: { sheetKey: string; serverUpdatedAt: string };
      signal?: AbortSignal;
    },
  ): Promise<SendOutcome>;
  activeJournalInfo(deps: JournalEditorDeps): Promise<ActiveJournalInfo | null>;
}

export interface JournalPanelOptions {
  readonly active: ActiveConnectionHolder;
  readonly run: ExcelRun;
  readonly editor: JournalEditorActions;
  /**
   * The journal a sheet (by its journal key) shows, and the project it was opened from (from its
   * remembered state), or null.
   */
  readonly journalOfSheet: (
    sheetKey: string,
  ) => Promise<{ readonly journalId: string; readonly project?: string } | null>;
  /** The journals opened on this computer; absent where the host keeps nothing here. */
  readonly recent?: RecentJournalsStore;
}

export interface JournalPanel {
  /** Puts the keyboard focus on the Journal ID or reference field. */
  focus(): void;
  /** Reads the active sheet's journal again and redraws the buttons. */
  refresh(): Promise<void>;
}

/** The control that started an action; the focus returns to it. */
type Trigger = HTMLButtonElement | HTMLInputElement;

export function mountJournalPanel(root: Document, options: JournalPanelOptions): JournalPanel {
  const { active, run, editor } = options;
  const panel = requireElement(root, "journal-panel", HTMLElement);
  const form = requireElement(root, "journal-form", HTMLFormElement);
  const controls = requireElement(root, "journal-controls", HTMLFieldSetElement);
  const hint = requireElement(root, "journal-hint", HTMLElement);
  const reference = requireElement(root, "journal-ref", HTMLInputElement);
  const project = mountProjectChoice(
    root,
    requireElement(root, "journal-project-field", HTMLElement),
    requireElement(root, "journal-project", HTMLSelectElement),
    active,
  );
  const openButton = requireElement(root, "journal-open", HTMLButtonElement);
  const cancelButton = requireElement(root, "journal-cancel", HTMLButtonElement);
  const activeLine = requireElement(root, "journal-active", HTMLElement);
  const validateButton = requireElement(root, "journal-validate", HTMLButtonElement);
  const sendButton = requireElement(root, "journal-send", HTMLButtonElement);
  const readOnlyReason = requireElement(root, "journal-readonly-reason", HTMLElement);
  const stale = requireElement(root, "journal-stale", HTMLElement);
  const reloadButton = requireElement(root, "journal-reload", HTMLButtonElement);
  const overwriteButton = requireElement(root, "journal-overwrite", HTMLButtonElement);
  const overwriteYes = requireElement(root, "journal-overwrite-yes", HTMLButtonElement);
  const status = requireElement(root, "journal-status", HTMLElement);
  const alert = requireElement(root, "journal-error", HTMLElement);

  /** The action running, its abort controller, and whether Cancel was asked for. */
  let action: JournalAction | undefined;
  let controller: AbortController | undefined;
  let cancelling = false;
  /** The active sheet's journal: null when it shows none, undefined when not known. */
  let info: ActiveJournalInfo | null | undefined;
  /**
   * The sheet whose journal was found changed on the server, and the server version the warning
   * showed (an overwrite replaces only that one); undefined when not known.
   */
  let staleSheet: { sheetKey: string; serverUpdatedAt?: string } | undefined;
  const reportView = mountJournalReportView(root, run, () => {
    staleSheet = undefined;
  });
  const { show, hideStale } = reportView;
  const recentJournals = mountRecentJournals(root, {
    active,
    chosen: () => project.connection(),
    recent: options.recent,
    // As typing its ID would.
    onOpen: (journalId, button) => {
      reference.value = journalId;
      markInvalid(reference, undefined);
      void openJournal(button);
    },
  });

  /**
   * The chosen project's client for opening, and every project's for sending: a sheet's journal
   * goes back to the project it came from. Undefined when no project is connected.
   */
  function connection(): JournalEditorDeps | undefined {
    const chosen = chosenConnection();
    if (chosen === undefined) return undefined;
    const { recent } = options;
    const recalled =
      recent === undefined ? {} : { recalled: (typed: string) => recent.recall(chosen, typed) };
    const chosenProject = active.tableProject(chosen.project);
    if (chosenProject === undefined) return { run, api: chosen.api, ...recalled };
    return {
      run,
      api: chosen.api,
      ...recalled,
      project: chosenProject,
      clientFor: (recorded) => {
        const label = active.projectOfRecord(recorded) ?? chosen.project;
        const api = active.get(label)?.api;
        const owner = active.tableProject(label) ?? { label, first: false };
        return { project: owner, ...(api === undefined ? {} : { api }) };
      },
    };
  }

  function chosenConnection(): ActiveConnection | undefined {
    return project.connection() ?? active.current ?? active.all[0];
  }

  function render(): void {
    const state = journalControls({ connected: active.all.length > 0, action, info });
    recentJournals.enable(state.open);
    openButton.disabled = !state.open;
    validateButton.disabled = !state.validate;
    sendButton.disabled = !state.send;
    // Read-only rather than disabled: Enter in the field keeps its focus, so Escape still works.
    reference.readOnly = action !== undefined;
    setShown(cancelButton, state.cancel);
    cancelButton.disabled = !state.cancel || cancelling;
    reportView.enableStaleChoices(state.staleChoices);
    readOnlyReason.textContent = state.readOnlyReason;
    setShown(readOnlyReason, state.readOnlyReason !== "");
    activeLine.textContent = state.activeSheet;
    setShown(activeLine, state.activeSheet !== "");
  }

  /**
   * Reads which journal the active sheet shows. Cheap (one Excel round trip), and only on
   * demand: the pane cannot see the user switch sheets, so it asks when it gets attention back.
   */
  let reading = false;
  let readAgain = false;
  let readGeneration = 0;
  async function refresh(): Promise<void> {
    const deps = connection();
    if (deps === undefined || action !== undefined) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    const generation = ++readGeneration;
    let next: ActiveJournalInfo | null | undefined;
    try {
      next = await editor.activeJournalInfo(deps);
    } catch {
      next = undefined;
    }
    reading = false;
    // An action that started meanwhile reads again when it ends.
    if (generation === readGeneration && action === undefined && active.all.length > 0) {
      info = next;
      render();
    }
    if (readAgain) {
      readAgain = false;
      await refresh();
    }
  }

  /** Where the focus goes after an action that had it (or lost it to a disabled button). */
  function focusAfter(kind: JournalAction, trigger: Trigger, report: JournalReport): void {
    if (report.stale !== undefined) {
      reloadButton.focus();
    } else if (kind === "overwrite" && !stale.hidden) {
      // Not overwritten: the confirmation step closed; the choice is offered again.
      overwriteButton.focus();
    } else if (trigger.closest("[hidden]") === null && !trigger.disabled) {
      trigger.focus();
    } else {
      (sendButton.disabled ? validateButton : sendButton).focus();
    }
  }

  /** Runs one action: busy words, buttons off, Escape armed; then its report, and a fresh read. */
  async function perform(
    kind: JournalAction,
    trigger: Trigger,
    work: (deps: JournalEditorDeps, signal: AbortSignal) => Promise<JournalReport>,
  ): Promise<void> {
    const deps = connection();
    if (deps === undefined || action !== undefined) return;
    const hadFocus = focusIsOnOrLost(root, trigger);
    const running = new AbortController();
    action = kind;
    controller = running;
    cancelling = false;
    readGeneration++;
    setAlert(alert, "");
    markInvalid(reference, undefined);
    reportView.clearLists();
    status.textContent = busyText(kind);
    render();
    if (hadFocus && trigger !== reference && isCancellable(kind)) cancelButton.focus();

    let report: JournalReport;
    try {
      report = await work(deps, running.signal);
    } catch (error) {
      report = describeJournalError(error, kind);
    }
    const focusBack =
      hadFocus && (focusIsOnOrLost(root, cancelButton) || root.activeElement === trigger);
    action = undefined;
    controller = undefined;
    cancelling = false;
    show(report);
    render();
    if (focusBack) focusAfter(kind, trigger, report);
    await refresh();
  }

  function cancel(): void {
    if (controller === undefined || action === undefined || !isCancellable(action)) return;
    if (cancelling) return;
    cancelling = true;
    controller.abort();
    status.textContent = CANCELLING;
    render();
  }

  function setConnected(connected: boolean): void {
    controls.disabled = !connected;
    setShown(hint, !connected);
    if (!connected) {
      controller?.abort();
      info = undefined;
      hideStale();
    }
    render();
    if (connected) void refresh();
  }

  async function openJournal(trigger: Trigger): Promise<void> {
    if (action !== undefined) return;
    const text = reference.value.trim();
    if (text === "") {
      status.textContent = "";
      setAlert(alert, EMPTY_REFERENCE);
      markInvalid(reference, alert.id);
      reference.focus();
      return;
    }
    hideStale();
    await perform("open", trigger, async (deps, signal) => {
      if (project.connection() === undefined) {
        const name = project.selected() ?? active.defaultLabel ?? "The default project";
        return {
          status: "No journal was opened.",
          alert: `${name} is not connected. Connect it on the Connection tab, or choose another project.`,
          changes: [],
          settled: false,
        };
      }
      const outcome = await editor.openJournal(deps, text, signal);
      if (outcome.kind === "opened") {
        info = outcomeInfo(outcome);
        await recentJournals.note(outcome.seen, "opened");
      }
      return describeOpen(outcome, "open", signal.aborted);
    });
  }

  async function validate(): Promise<void> {
    await perform("validate", validateButton, async (deps) =>
      describeValidate(await editor.validateActiveJournal(deps)),
    );
  }

  async function send(): Promise<void> {
    if (action !== undefined) return;
    hideStale();
    await perform("send", sendButton, async (deps, signal) => {
      const outcome = await editor.sendActiveJournal(deps, { signal });
      await noteSent(outcome);
      // The sheet the editor sent from: Reload and Overwrite act on it, whatever is active then.
      if (outcome.kind === "stale" || outcome.kind === "saved-not-redrawn") {
        staleSheet = {
          sheetKey: outcome.sheetKey,
          ...(outcome.kind === "stale" ? { serverUpdatedAt: outcome.serverUpdatedAt } : {}),
        };
      }
      return describeSend(outcome, signal.aborted);
    });
  }

  async function reload(): Promise<void> {
    const warned = staleSheet;
    await perform("reload", reloadButton, async (deps, signal) => {
      const sheet = warned?.sheetKey ?? (await readInfo(deps))?.sheetKey;
      const shown = sheet === undefined ? null : await options.journalOfSheet(sheet);
      if (shown === null) {
        return {
          status: "The journal was not reloaded.",
          alert: "This sheet no longer shows a journal. Open the journal by its ID instead.",
          changes: [],
          settled: false,
        };
      }
      if (signal.aborted) return describeCancelled("reload");
      // From the project the sheet was opened from, whichever the pane has chosen now.
      const owner = deps.clientFor?.(shown.project);
      if (owner !== undefined && owner.api === undefined) {
        return {
          status: "The journal was not reloaded.",
          alert: `This journal belongs to project ${owner.project.label}, which is not connected. Connect it on the Connection tab, then reload.`,
          changes: [],
          settled: false,
        };
      }
      const from =
        owner?.api === undefined ? deps : { ...deps, api: owner.api, project: owner.project };
      // Reload is the one path that replaces the sheet's edits: the user chose it.
      const outcome = await editor.openJournal(from, shown.journalId, signal, { replace: true });
      if (outcome.kind === "opened") {
        info = outcomeInfo(outcome);
        await recentJournals.note(outcome.seen, "opened");
      }
      return describeOpen(outcome, "reload", signal.aborted);
    });
  }

  async function overwrite(): Promise<void> {
    const warned = staleSheet;
    await perform("overwrite", overwriteYes, async (deps, signal) => {
      if (warned?.serverUpdatedAt === undefined) {
        return {
          status: "Not sent.",
          alert: "Send the journal again first: it is not known which server version to overwrite.",
          changes: [],
          settled: false,
        };
      }
      // The sheet that was found stale, and only the server version the warning showed.
      const overwrite = { sheetKey: warned.sheetKey, serverUpdatedAt: warned.serverUpdatedAt };
      const outcome = await editor.sendActiveJournal(deps, { overwrite, signal });
      await noteSent(outcome);
      if (outcome.kind === "stale") {
        staleSheet = { sheetKey: outcome.sheetKey, serverUpdatedAt: outcome.serverUpdatedAt };
      } else if (outcome.kind === "saved-not-redrawn") {
        staleSheet = { sheetKey: outcome.sheetKey };
      }
      return describeSend(outcome, signal.aborted);
    });
  }

  /** A send that read the journal from the server updates its status in the list. */
  async function noteSent(outcome: SendOutcome): Promise<void> {
    if ("seen" in outcome && outcome.seen !== undefined) {
      await recentJournals.note(outcome.seen, "statusSeen");
    }
  }

  async function readInfo(deps: JournalEditorDeps): Promise<ActiveJournalInfo | null | undefined> {
    try {
      return await editor.activeJournalInfo(deps);
    } catch {
      return undefined;
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void openJournal(root.activeElement === reference ? reference : openButton);
  });
  reference.addEventListener("input", () => markInvalid(reference, undefined));
  validateButton.addEventListener("click", () => void validate());
  sendButton.addEventListener("click", () => void send());
  cancelButton.addEventListener("click", cancel);
  reloadButton.addEventListener("click", () => void reload());
  overwriteYes.addEventListener("click", () => void overwrite());

  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (action !== undefined) {
      // An import may run too: Escape here cancels the journal's action, not both.
      if (
        isCancellable(action) &&
        (focusIsOnOrLost(root, panel) || panel.contains(root.activeElement))
      ) {
        event.preventDefault();
        cancel();
      }
      return;
    }
    if (reportView.stepBack()) event.preventDefault();
  });

  // The user may have switched sheets in Excel: look again when the pane gets attention back.
  const view = root.defaultView;
  view?.addEventListener("focus", () => void refresh());
  root.addEventListener("visibilitychange", () => {
    if (root.visibilityState === "visible") void refresh();
  });
  panel.addEventListener("pointerenter", () => void refresh());

  active.subscribe(() => {
    setConnected(active.all.length > 0);
    void recentJournals.refresh();
  });
  requireElement(root, "journal-project", HTMLSelectElement).addEventListener(
    "change",
    () => void recentJournals.refresh(),
  );
  setConnected(active.all.length > 0);
  void recentJournals.refresh();

  return {
    focus: () => reference.focus(),
    refresh,
  };
}

function outcomeInfo(outcome: Extract<OpenOutcome, { kind: "opened" }>): ActiveJournalInfo {
  return {
    sheetKey: outcome.sheetKey,
    sheetName: outcome.sheetName,
    status: outcome.status,
    editable: outcome.editable,
  };
}
