// The journal panel's actions without their buttons: open, validate, send, reload and overwrite,
// each from the journal editor's outcome to the report the panel shows. No DOM: what the panel
// must remember (the journal opened, the sheet found stale) goes to its state machine as events.

import type { LedgerApi } from "../../api/index";
import type { ExcelRun } from "../../excel/run";
import type { TableProject } from "../../domain/tableOwnership";
import type { KnownJournal } from "../../journal/ownReference";
import type {
  OpenOutcome,
  SeenOnServer,
  SendOutcome,
  ValidateOutcome,
} from "../../journalEditor/outcomes";
import type { JournalPanelEvent, ResetsAsked, StaleSheet } from "./machine";
import {
  ActiveJournalInfo,
  describeCancelled,
  describeOpen,
  describeSend,
  describeValidate,
  JournalReport,
} from "./text";
import type { JournalSheetKeys } from "../../settings/journalSheetKeys";
import type { LineAccountChoices, LineAccountDeps } from "../../journalEditor/lineAccounts";

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
  /** This computer's journal sheet keys: only a sheet drawn here counts as a journal. */
  readonly sheetKeys?: JournalSheetKeys;
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
      acceptResets?: { sheetKey: string; serverUpdatedAt: string };
      signal?: AbortSignal;
    },
  ): Promise<SendOutcome>;
  activeJournalInfo(deps: JournalEditorDeps): Promise<ActiveJournalInfo | null>;
  lineAccountChoices(deps: LineAccountDeps): Promise<LineAccountChoices | null>;
  putLineAccount(
    deps: LineAccountDeps,
    choices: LineAccountChoices,
    accountId: string,
  ): Promise<{ readonly put: boolean; readonly message: string }>;
}

/** The journal a sheet (by its key) shows, and the project it was opened from, or null. */
export type JournalOfSheet = (
  sheetKey: string,
) => Promise<{ readonly journalId: string; readonly project?: string } | null>;

/** What one running action works with. */
export interface ActionRun {
  readonly editor: JournalEditorActions;
  readonly deps: JournalEditorDeps;
  readonly signal: AbortSignal;
  /** Tells the panel's state machine what the action found. */
  readonly dispatch: (event: JournalPanelEvent) => void;
  /** Notes a journal as the server answered for it in the journals opened on this computer. */
  readonly note: (seen: SeenOnServer, how: "opened" | "statusSeen") => Promise<void>;
}

function notDone(status: string, alert: string): JournalReport {
  return { status, alert, changes: [], settled: false };
}

/** Opens a journal by its ID or reference; `unconnected` names the chosen project when it is not connected. */
export async function openAction(
  run: ActionRun,
  text: string,
  unconnected: string | undefined,
): Promise<JournalReport> {
  if (unconnected !== undefined) {
    return notDone(
      "No journal was opened.",
      `${unconnected} is not connected. Connect it on the Connection tab, or choose another project.`,
    );
  }
  const outcome = await run.editor.openJournal(run.deps, text, run.signal);
  await noteOpened(run, outcome);
  return describeOpen(outcome, "open", run.signal.aborted);
}

export async function validateAction(run: ActionRun): Promise<JournalReport> {
  return describeValidate(await run.editor.validateActiveJournal(run.deps));
}

export async function sendAction(run: ActionRun): Promise<JournalReport> {
  const outcome = await run.editor.sendActiveJournal(run.deps, { signal: run.signal });
  await noteSent(run, outcome);
  return describeSend(outcome, run.signal.aborted);
}

/**
 * Sends after the user accepted what the send changes unedited (`accepted`: the sheet and server
 * version asked about); a journal changed since is asked about again.
 */
export async function sendAcceptingResets(
  run: ActionRun,
  accepted: ResetsAsked | undefined,
): Promise<JournalReport> {
  run.dispatch({ type: "resetsClosed" });
  const version = accepted && {
    sheetKey: accepted.sheetKey,
    serverUpdatedAt: accepted.serverUpdatedAt,
  };
  const options =
    version === undefined
      ? {}
      : { acceptResets: version, ...(accepted?.overwriting ? { overwrite: version } : {}) };
  const outcome = await run.editor.sendActiveJournal(run.deps, { ...options, signal: run.signal });
  await noteSent(run, outcome);
  return describeSend(outcome, run.signal.aborted);
}

/** Reloads the journal of the sheet found stale (`warned`), else of the active sheet. */
export async function reloadAction(
  run: ActionRun,
  warned: StaleSheet | undefined,
  journalOfSheet: JournalOfSheet,
): Promise<JournalReport> {
  const { deps, signal } = run;
  const sheet = warned?.sheetKey ?? (await readInfo(run))?.sheetKey;
  const shown = sheet === undefined ? null : await journalOfSheet(sheet);
  if (shown === null) {
    return notDone(
      "The journal was not reloaded.",
      "This sheet no longer shows a journal. Open the journal by its ID instead.",
    );
  }
  if (signal.aborted) return describeCancelled("reload");
  // From the project the sheet was opened from, whichever the pane has chosen now.
  const owner = deps.clientFor?.(shown.project);
  if (owner !== undefined && owner.api === undefined) {
    return notDone(
      "The journal was not reloaded.",
      `This journal belongs to project ${owner.project.label}, which is not connected. Connect it on the Connection tab, then reload.`,
    );
  }
  const from =
    owner?.api === undefined ? deps : { ...deps, api: owner.api, project: owner.project };
  // Reload is the one path that replaces the sheet's edits: the user chose it.
  const outcome = await run.editor.openJournal(from, shown.journalId, signal, { replace: true });
  await noteOpened(run, outcome);
  return describeOpen(outcome, "reload", signal.aborted);
}

/** Sends the sheet found stale over the server version the warning showed, and only that one. */
export async function overwriteAction(
  run: ActionRun,
  warned: StaleSheet | undefined,
): Promise<JournalReport> {
  if (warned?.serverUpdatedAt === undefined) {
    return notDone(
      "Not sent.",
      "Send the journal again first: it is not known which server version to overwrite.",
    );
  }
  const overwrite = { sheetKey: warned.sheetKey, serverUpdatedAt: warned.serverUpdatedAt };
  const outcome = await run.editor.sendActiveJournal(run.deps, { overwrite, signal: run.signal });
  await noteSent(run, outcome);
  return describeSend(outcome, run.signal.aborted);
}

async function noteOpened(run: ActionRun, outcome: OpenOutcome): Promise<void> {
  if (outcome.kind !== "opened") return;
  run.dispatch({
    type: "opened",
    info: {
      sheetKey: outcome.sheetKey,
      sheetName: outcome.sheetName,
      status: outcome.status,
      editable: outcome.editable,
    },
  });
  await run.note(outcome.seen, "opened");
}

/**
 * A send that read the journal from the server updates its status in the list. The sheet it
 * sent from, when found stale or saved but not redrawn: Reload and Overwrite act on it, whatever
 * sheet is active then.
 */
async function noteSent(run: ActionRun, outcome: SendOutcome): Promise<void> {
  if ("seen" in outcome && outcome.seen !== undefined) {
    await run.note(outcome.seen, "statusSeen");
  }
  if (outcome.kind === "stale") {
    const { sheetKey, serverUpdatedAt } = outcome;
    run.dispatch({ type: "staleFound", stale: { sheetKey, serverUpdatedAt } });
  } else if (outcome.kind === "confirm-resets") {
    const { sheetKey, serverUpdatedAt, overwriting } = outcome;
    run.dispatch({ type: "resetsFound", resets: { sheetKey, serverUpdatedAt, overwriting } });
  } else if (outcome.kind === "saved-not-redrawn") {
    run.dispatch({ type: "staleFound", stale: { sheetKey: outcome.sheetKey } });
  }
}

/** The active sheet's journal, or undefined when it cannot be read. */
export async function readInfo(run: {
  readonly editor: JournalEditorActions;
  readonly deps: JournalEditorDeps;
}): Promise<ActiveJournalInfo | null | undefined> {
  try {
    return await run.editor.activeJournalInfo(run.deps);
  } catch {
    return undefined;
  }
}
