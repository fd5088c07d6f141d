// The journal editor's actions, for the task pane: open a journal into its sheet, validate the
// sheet exactly, and send a balanced PATCH — stopping before the request when the sheet is
// invalid, the journal is not DRAFT, or someone changed it meanwhile. A failure never touches
// the user's sheet; an unknown outcome is resolved by reading the journal back.
import {
  ApiError,
  isApiError,
  JournalUpdate,
  keepUntouchedAmounts,
  keepUntouchedDate,
  LedgerApi,
  ManualJournal,
} from "../api";
import { drawJournal } from "../excel/journalDrawing";
import {
  activateSheet,
  activeJournalSheet,
  journalSheetByKey,
  journalWorkbookOverview,
  updateJournalSheetState,
} from "../excel/journalSheetStates";
import type { ExcelRun } from "../excel/run";
import type { JournalSheet, SheetRef } from "../settings/journalSheets";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";
import { ownedBy, type TableProject } from "../domain/tableOwnership";
import {
  describeConcurrentChange,
  describeNoLongerDraft,
  describeServerAgainstSheet,
  describeServerChanges,
  journalSheetState,
  taxAmountChanges,
  layoutJournal,
} from "../journal";
import type { JournalSheetState, SheetProblem } from "../journal/contract";
import { notDraftReason } from "../journal/draftOnly";
import type { KnownJournal } from "../journal/ownReference";
import { getJournalOrKnown } from "./knownByReference";
import { resetsToConfirm } from "./resetsToConfirm";
import { checkJournalSheet, type CheckDeps } from "./sheetCheck";
import type { OpenOutcome, SeenOnServer, SendOutcome, ValidateOutcome } from "./outcomes";

export interface EditorDeps {
  readonly run: ExcelRun;
  /** The client journals are opened with (the project the pane has chosen). */
  readonly api: LedgerApi;
  /** The project `api` acts on, when the workbook has projects: its sheets record it. */
  readonly project?: TableProject;
  /**
   * The client of the project a journal sheet recorded (absent: that of a sheet drawn before
   * projects); Send, and the read-back after it, go there only. Absent: `api` for every sheet.
   */
  readonly clientFor?: (recorded: string | undefined) => ProjectClient;
  /**
   * The journal of `api`'s project with this own reference (`JNL-0004`) opened on this
   * computer before, if any: a 404 for that reference then says how to find it.
   */
  readonly recalled?: (reference: string) => Promise<KnownJournal | undefined>;
  /**
   * This computer's journal sheet keys (src/settings/journalSheetKeys.ts): given, only sheets
   * drawn on this computer count as journals, whatever a file's markers say, and new sheets get
   * keys it recognises. Absent: every marked sheet counts.
   */
  readonly sheetKeys?: JournalSheetKeys;
}

/** A project of the workbook, with its client when it is connected. */
export interface ProjectClient {
  readonly project: TableProject;
  readonly api?: LedgerApi;
}

/**
 * The client a sheet's journal is sent with: its own project's. A string says why there is
 * none (that project is not connected).
 */
function clientOfSheet(deps: EditorDeps, state: JournalSheetState): EditorDeps | string {
  if (deps.clientFor === undefined) return deps;
  const client = deps.clientFor(state.project);
  if (client.api === undefined) {
    return (
      `This journal belongs to project ${client.project.label}, which is not connected. ` +
      "Connect it on the Connection tab, then try again. Nothing was sent; your sheet was not changed."
    );
  }
  return { ...deps, api: client.api, project: client.project };
}

function notDraftSentence(status: string): string {
  return `${notDraftReason(status)}.`;
}

/** A journal sheet whose state this version can read. */
type ReadableJournalSheet = JournalSheet & { state: JournalSheetState };

/** A drawn journal: its sheet, and what the drawing could not show exactly. */
type Shown = SheetRef & { readonly notes: readonly string[] };

/**
 * Draws `journal` and remembers it: on the sheet already showing it (`ownSheetKey`, else the
 * sheet whose state names the journal), or on a new sheet whose name avoids every other sheet,
 * so a user's own sheet is never cleared.
 */
async function show(
  run: ExcelRun,
  journal: ManualJournal,
  ownSheetKey?: string,
  project?: TableProject,
  keys?: JournalSheetKeys,
): Promise<Shown> {
  const { sheetNames, journals } = await journalWorkbookOverview(run, keys);
  const own = ownSheetKey ?? sheetOfJournal(journals, journal.id, project)?.sheetKey;
  const ownName = journals.find((sheet) => sheet.sheetKey === own)?.sheetName;
  const takenSheetNames = sheetNames.filter((name) => name !== ownName);
  const layout = layoutJournal(journal, {
    takenSheetNames,
    ...(project === undefined || project.first ? {} : { project: project.label }),
  });
  // The layout names a new sheet after the journal; an existing sheet keeps its (user's) name.
  const state = journalSheetState(journal, layout.sheetName, project?.label);
  const drawn = await drawJournal(run, layout, state, own, keys);
  return { ...drawn, notes: layout.notes ?? [] };
}

/** The readable journal sheet showing `journalId` (a sheet of another layout is never redrawn). */
function sheetOfJournal(
  journals: readonly JournalSheet[],
  journalId: string,
  project: TableProject | undefined,
): ReadableJournalSheet | undefined {
  return journals.find(
    (sheet): sheet is ReadableJournalSheet =>
      sheet.state?.journalId === journalId && ownedBy(sheet.state, project),
  );
}

/** What the server said of `journal`, read through `deps`'s project. */
function seenOf(journal: ManualJournal, deps: Pick<EditorDeps, "project">): SeenOnServer {
  return {
    journal: {
      journalId: journal.id,
      reference: journal.reference,
      transactionReference: journal.transaction_reference,
      status: journal.status,
    },
    ...(deps.project === undefined ? {} : { project: deps.project.label }),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function messagesOf(notices: readonly SheetProblem[]): string[] {
  return notices.map((notice) => notice.message);
}

export interface OpenOptions {
  /** Redraw the journal's existing sheet from the server, discarding its edits (Reload). */
  readonly replace?: boolean;
}

/**
 * `GET /journal/entries/{id or reference}` into its own sheet. When the journal is already open
 * on a sheet, that sheet is activated and left as it is (its edits are the user's work) unless
 * `replace` asks for the server's copy.
 */
export async function openJournal(
  deps: EditorDeps,
  idOrReference: string,
  signal?: AbortSignal,
  options: OpenOptions = {},
): Promise<OpenOutcome> {
  try {
    const typed = idOrReference.trim();
    const { data } = await getJournalOrKnown(deps, typed, signal ? { signal } : {});
    const editable = data.status === "DRAFT";
    const { journals } = await journalWorkbookOverview(deps.run, deps.sheetKeys);
    const own = sheetOfJournal(journals, data.id, deps.project);
    if (own !== undefined && !options.replace) {
      await activateSheet(deps.run, own.sheetKey);
      return {
        kind: "opened",
        sheetKey: own.sheetKey,
        sheetName: own.sheetName,
        status: own.state.status,
        editable: own.state.status === "DRAFT",
        notes: [],
        seen: seenOf(data, deps),
        message:
          `Journal ${data.reference} is already open on sheet “${own.sheetName}”; it was left as it is, ` +
          "so any edits there are kept. To load the server's copy instead, delete that sheet and open the journal again.",
      };
    }
    const shown = await show(deps.run, data, own?.sheetKey, deps.project, deps.sheetKeys);
    return {
      kind: "opened",
      sheetKey: shown.sheetKey,
      sheetName: shown.sheetName,
      status: data.status,
      editable,
      notes: shown.notes,
      seen: seenOf(data, deps),
      message: editable
        ? `Opened journal ${data.reference} on sheet “${shown.sheetName}”. Edit it there, then Validate or Send to server.`
        : `Opened journal ${data.reference} read-only on sheet “${shown.sheetName}”.`,
    };
  } catch (error) {
    return { kind: "failed", message: messageOf(error) };
  }
}

/** The active sheet's journal, if it shows one. */
export async function activeJournalInfo(deps: Pick<EditorDeps, "run" | "sheetKeys">): Promise<{
  sheetKey: string;
  sheetName: string;
  status: string;
  editable: boolean;
  refusal?: string;
} | null> {
  const sheet = await activeJournalSheet(deps.run, deps.sheetKeys);
  if (sheet === null) return null;
  const { sheetKey, sheetName } = sheet;
  return sheet.state === null
    ? { sheetKey, sheetName, status: "", editable: false, refusal: sheet.refusal }
    : {
        sheetKey,
        sheetName,
        status: sheet.state.status,
        editable: sheet.state.status === "DRAFT",
      };
}

const NOT_A_JOURNAL =
  "The active sheet is not a journal opened by Ledger Sheets. Open a journal first, or select its sheet.";

export async function validateActiveJournal(deps: CheckDeps): Promise<ValidateOutcome> {
  const sheet = await activeJournalSheet(deps.run, deps.sheetKeys);
  if (!sheet) return { kind: "not-journal", message: NOT_A_JOURNAL };
  if (sheet.state === null) return { kind: "not-journal", message: sheet.refusal };
  const checked = await checkJournalSheet(deps, { ...sheet, state: sheet.state });
  const notes = messagesOf(checked.notices);
  if (checked.problems.length > 0) {
    return {
      kind: "invalid",
      sheetKey: sheet.sheetKey,
      sheetName: sheet.sheetName,
      problems: checked.problems,
      notes,
      message: `${checked.problems.length} problem${checked.problems.length === 1 ? "" : "s"} to fix before sending; each is marked in the sheet.`,
    };
  }
  return {
    kind: "valid",
    sheetName: sheet.sheetName,
    notes,
    message: "The journal is valid and balanced.",
  };
}

export interface SendOptions {
  readonly signal?: AbortSignal;
  /**
   * Overwrite the server's version after the user confirmed it: the sheet that was found stale
   * (sent whatever sheet is active now) and the server version the warning showed. Sent only
   * while the server still has that version; a newer change is reported again.
   */
  readonly overwrite?: { readonly sheetKey: string; readonly serverUpdatedAt: string };
  /**
   * Send although the update resets what the user did not edit (tax amounts), after the user
   * confirmed it for this sheet and server version; a newer version is asked about again.
   */
  readonly acceptResets?: { readonly sheetKey: string; readonly serverUpdatedAt: string };
}

/**
 * Validates, checks the server's copy, sends the PATCH and redraws from the answer. The sheet is
 * resolved once (the active one, or the one an overwrite names), so the body and the journal it
 * is sent to always come from the same sheet.
 */
export async function sendActiveJournal(
  chosen: EditorDeps,
  options: SendOptions = {},
): Promise<SendOutcome> {
  const sheet = options.overwrite
    ? await journalSheetByKey(chosen.run, options.overwrite.sheetKey, chosen.sheetKeys)
    : await activeJournalSheet(chosen.run, chosen.sheetKeys);
  if (!sheet) return { kind: "not-journal", message: NOT_A_JOURNAL };
  if (sheet.state === null) return { kind: "not-journal", message: sheet.refusal };
  const { state } = sheet;
  // The journal goes to the project it was opened from, whichever the pane has chosen now.
  const deps = clientOfSheet(chosen, state);
  if (typeof deps === "string") return { kind: "failed", message: deps };
  if (state.status !== "DRAFT")
    return { kind: "read-only", message: notDraftSentence(state.status) };
  const checked = await checkJournalSheet(deps, { ...sheet, state });
  const notes = messagesOf(checked.notices);
  if (!checked.update) {
    return {
      kind: "invalid",
      sheetKey: sheet.sheetKey,
      sheetName: sheet.sheetName,
      problems: checked.problems,
      notes,
      message: "Nothing was sent: fix the problems marked in the sheet first.",
    };
  }
  const call = options.signal ? { signal: options.signal } : {};
  let current: ManualJournal;
  try {
    current = (await deps.api.getJournal(state.journalId, call)).data;
  } catch (error) {
    return {
      kind: "failed",
      message: `${messageOf(error)} Nothing was sent; your sheet was not changed.`,
    };
  }
  if (current.status !== "DRAFT") {
    return {
      kind: "read-only",
      message: describeNoLongerDraft(current),
      seen: seenOf(current, deps),
    };
  }
  const concurrent = describeConcurrentChange(state, current);
  if (concurrent) {
    const confirmed = options.overwrite
      ? { ...state, loadedUpdatedAt: options.overwrite.serverUpdatedAt }
      : null;
    // Overwrite only the version the user was warned about: a newer change is reported again.
    if (confirmed === null || describeConcurrentChange(confirmed, current) !== null) {
      return {
        kind: "stale",
        sheetKey: sheet.sheetKey,
        sheetName: sheet.sheetName,
        serverUpdatedAt: current.updated_at,
        message:
          confirmed === null
            ? concurrent
            : `Not overwritten: the journal changed again after the warning. ${concurrent}`,
        differences: describeServerAgainstSheet(
          keepUntouchedDate(checked.update, current),
          current,
        ),
      };
    }
  }

  // The server's copy as just read (the loaded one, unless the user chose to overwrite a newer
  // one): a date the user left alone goes back in the server's own text, time and offset kept,
  // and so does an amount (a JPY amount the server wrote as 150000.00).
  const update = keepUntouchedAmounts(keepUntouchedDate(checked.update, current), current);
  const unseen = resetsToConfirm(
    sheet,
    current,
    options.acceptResets,
    options.overwrite !== undefined,
  );
  if (unseen) return unseen;
  let saved: ManualJournal;
  try {
    saved = (await deps.api.updateJournal(state.journalId, update, call)).data;
  } catch (error) {
    if (isApiError(error) && error.outcomeUnknown)
      return await resolveUnknown(deps, sheet, current, update, error);
    return { kind: "failed", message: `${messageOf(error)} Your sheet was not changed.` };
  }
  // Saved: whatever happens to the redraw, the journal on the server has the user's change.
  const changes = [...describeServerChanges(update, saved), ...taxAmountChanges(current, saved)];
  let shown: Shown;
  try {
    shown = await show(deps.run, saved, sheet.sheetKey, deps.project, deps.sheetKeys);
  } catch (error) {
    return await savedNotRedrawn(deps, sheet, saved, error);
  }
  return {
    kind: "saved",
    seen: seenOf(saved, deps),
    changes,
    notes: [...notes, ...shown.notes],
    message: changes.length
      ? `Saved journal ${saved.reference}. The server stored some values differently; the sheet now shows what it stored.`
      : `Saved journal ${saved.reference}; the sheet now shows the server's copy.`,
  };
}

/**
 * The PATCH applied but the sheet could not be redrawn: remember the saved version (so the next
 * Send does not take the user's own change for someone else's) and say the journal WAS saved.
 */
async function savedNotRedrawn(
  deps: Pick<EditorDeps, "run" | "project" | "sheetKeys">,
  sheet: SheetRef,
  saved: ManualJournal,
  cause: unknown,
): Promise<SendOutcome> {
  let remembered = true;
  try {
    await updateJournalSheetState(deps.run, sheet.sheetKey, {
      loadedUpdatedAt: saved.updated_at,
      status: saved.status,
    });
  } catch {
    remembered = false;
  }
  return {
    kind: "saved-not-redrawn",
    seen: seenOf(saved, deps),
    sheetKey: sheet.sheetKey,
    sheetName: sheet.sheetName,
    message:
      `Journal ${saved.reference} WAS saved on the server, but the sheet “${sheet.sheetName}” ` +
      `could not be redrawn (${messageOf(cause)}), so it still shows your edits. ` +
      "Reload it to see the server's copy." +
      (remembered
        ? ""
        : " Until then, a Send from this sheet will warn that the journal changed on the server."),
  };
}

/** After a timeout or lost connection, reads the journal back to tell whether the PATCH applied. */
async function resolveUnknown(
  deps: EditorDeps,
  sheet: ReadableJournalSheet,
  before: ManualJournal,
  update: JournalUpdate,
  cause: ApiError,
): Promise<SendOutcome> {
  let after: ManualJournal;
  try {
    after = (await deps.api.getJournal(sheet.state.journalId)).data;
  } catch (error) {
    return {
      kind: "unknown",
      applied: null,
      message:
        `${cause.message} Reading the journal back also failed (${messageOf(error)}), so it is not known ` +
        "whether your change was saved. Your sheet was not changed; reload the journal later to check.",
    };
  }
  // The server may round the rate (the contract does not say how), so the rate alone cannot
  // tell whether the update applied; date, currency, description and every line can.
  const { exchange_rate: _rate, ...withoutRate } = update;
  const applied =
    after.updated_at !== before.updated_at &&
    describeServerChanges(withoutRate, after).length === 0;
  if (applied) {
    try {
      await show(deps.run, after, sheet.sheetKey, deps.project, deps.sheetKeys);
    } catch (error) {
      return await savedNotRedrawn(deps, sheet, after, error);
    }
    return {
      kind: "unknown",
      applied: true,
      message:
        "The connection failed after sending, but reading the journal back shows your change was saved. The sheet now shows the server's copy.",
    };
  }
  return {
    kind: "unknown",
    applied: false,
    message:
      after.updated_at === before.updated_at
        ? "The connection failed while sending; reading the journal back shows your change was NOT saved. Your sheet was not changed: send again."
        : "The connection failed while sending, and the journal on the server changed in a different way meanwhile. Your sheet was not changed; compare before sending again.",
  };
}
