// The journal editor's actions, for the task pane: open a journal into its sheet, validate the
// sheet exactly, and send a balanced PATCH — stopping before the request when the sheet is
// invalid, the journal is not DRAFT, or someone changed it meanwhile. A failure never touches
// the user's sheet; an unknown outcome is resolved by reading the journal back.
import { ApiError, isApiError, JournalUpdate, LedgerApi, ManualJournal } from "../api";
import {
  activateSheet,
  activeJournalSheet,
  drawJournal,
  journalWorkbookOverview,
  markProblems,
  readJournalGrid,
} from "../excel/journalSheet";
import type { ExcelRun } from "../excel/run";
import {
  buildJournalUpdate,
  describeConcurrentChange,
  describeServerChanges,
  layoutJournal,
  parseJournalGrid,
} from "../journal";
import {
  JOURNAL_LAYOUT_VERSION,
  JournalLayout,
  JournalSheetState,
  SheetProblem,
} from "../journal/contract";
import type { OpenOutcome, SendOutcome, ValidateOutcome } from "./outcomes";

export interface EditorDeps {
  readonly run: ExcelRun;
  readonly api: LedgerApi;
}

function notDraftReason(status: string): string {
  return `${status} journals cannot be changed; only DRAFT journals can.`;
}

function stateFor(journal: ManualJournal, layout: JournalLayout): JournalSheetState {
  return {
    layoutVersion: JOURNAL_LAYOUT_VERSION,
    journalId: journal.id,
    loadedUpdatedAt: journal.updated_at,
    status: journal.status,
    sheetName: layout.sheetName,
  };
}

/**
 * Draws `journal` and remembers it: on the sheet already showing it (`ownSheet`), or on a new
 * sheet whose name avoids every other sheet, so a user's own sheet is never cleared.
 */
async function show(
  run: ExcelRun,
  journal: ManualJournal,
  ownSheet?: string,
): Promise<JournalLayout> {
  const { sheetNames, states } = await journalWorkbookOverview(run);
  const sheetName = ownSheet ?? sheetOfJournal(states, journal.id);
  const takenSheetNames = sheetNames.filter((name) => name !== sheetName);
  const layout = layoutJournal(journal, { takenSheetNames });
  // The layout names the sheet after the journal; an existing sheet keeps its (user's) name.
  const placed = sheetName === undefined ? layout : { ...layout, sheetName };
  await drawJournal(run, placed, stateFor(journal, placed));
  return placed;
}

function sheetOfJournal(
  states: Readonly<Record<string, JournalSheetState>>,
  journalId: string,
): string | undefined {
  return Object.keys(states).find((name) => states[name]?.journalId === journalId);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
    const { data } = await deps.api.getJournal(idOrReference.trim(), signal ? { signal } : {});
    const editable = data.status === "DRAFT";
    const { states } = await journalWorkbookOverview(deps.run);
    const ownSheet = sheetOfJournal(states, data.id);
    if (ownSheet !== undefined && !options.replace) {
      await activateSheet(deps.run, ownSheet);
      const kept = states[ownSheet];
      return {
        kind: "opened",
        sheetName: ownSheet,
        status: kept?.status ?? data.status,
        editable: (kept?.status ?? data.status) === "DRAFT",
        message:
          `Journal ${data.reference} is already open on sheet “${ownSheet}”; it was left as it is, ` +
          "so any edits there are kept. To load the server's copy instead, delete that sheet and open the journal again.",
      };
    }
    const layout = await show(deps.run, data, ownSheet);
    return {
      kind: "opened",
      sheetName: layout.sheetName,
      status: data.status,
      editable,
      message: editable
        ? `Opened journal ${data.reference} on sheet “${layout.sheetName}”. Edit it there, then Validate or Send to server.`
        : `Opened journal ${data.reference} read-only: ${notDraftReason(data.status)}`,
    };
  } catch (error) {
    return { kind: "failed", message: messageOf(error) };
  }
}

/** The active sheet's journal, if it shows one. */
export async function activeJournalInfo(
  deps: Pick<EditorDeps, "run">,
): Promise<{ sheetName: string; status: string; editable: boolean } | null> {
  const state = await activeJournalSheet(deps.run);
  return state
    ? { sheetName: state.sheetName, status: state.status, editable: state.status === "DRAFT" }
    : null;
}

interface Checked {
  state: JournalSheetState;
  problems: readonly SheetProblem[];
  update: JournalUpdate | null;
}

/** Reads the active journal sheet, checks it, and marks (or clears) problem cells. */
async function check(deps: Pick<EditorDeps, "run">): Promise<Checked | null> {
  const state = await activeJournalSheet(deps.run);
  if (!state) return null;
  const grid = await readJournalGrid(deps.run, state.sheetName);
  const { draft, problems } = parseJournalGrid(grid);
  const addresses = problems.flatMap((p) => (p.address ? [p.address] : []));
  // Problems sit on input cells, whose resting fill is none.
  await markProblems(deps.run, state.sheetName, addresses, () => "input");
  return {
    state,
    problems,
    update: draft && problems.length === 0 ? buildJournalUpdate(draft) : null,
  };
}

const NOT_A_JOURNAL =
  "The active sheet is not a journal opened by Ledger Sheets. Open a journal first, or select its sheet.";

export async function validateActiveJournal(
  deps: Pick<EditorDeps, "run">,
): Promise<ValidateOutcome> {
  const checked = await check(deps);
  if (!checked) return { kind: "not-journal", message: NOT_A_JOURNAL };
  if (checked.problems.length > 0) {
    return {
      kind: "invalid",
      sheetName: checked.state.sheetName,
      problems: checked.problems,
      message: `${checked.problems.length} problem${checked.problems.length === 1 ? "" : "s"} to fix before sending; each is marked in the sheet.`,
    };
  }
  return {
    kind: "valid",
    sheetName: checked.state.sheetName,
    message: "The journal is valid and balanced.",
  };
}

/** Validates, checks the server's copy, sends the PATCH and redraws from the answer. */
export async function sendActiveJournal(
  deps: EditorDeps,
  options: { overwrite?: boolean; signal?: AbortSignal } = {},
): Promise<SendOutcome> {
  const state = await activeJournalSheet(deps.run);
  if (!state) return { kind: "not-journal", message: NOT_A_JOURNAL };
  if (state.status !== "DRAFT") return { kind: "read-only", message: notDraftReason(state.status) };
  const checked = await check(deps);
  if (!checked) return { kind: "not-journal", message: NOT_A_JOURNAL };
  if (!checked.update) {
    return {
      kind: "invalid",
      sheetName: checked.state.sheetName,
      problems: checked.problems,
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
      message: `The journal is now ${current.status} on the server, so it can no longer be changed. Nothing was sent.`,
    };
  }
  const concurrent = describeConcurrentChange(state, current);
  if (concurrent && !options.overwrite) return { kind: "stale", message: concurrent };

  const update = checked.update;
  try {
    const saved = (await deps.api.updateJournal(state.journalId, update, call)).data;
    await show(deps.run, saved, state.sheetName);
    const changes = describeServerChanges(update, saved);
    return {
      kind: "saved",
      changes,
      message: changes.length
        ? `Saved journal ${saved.reference}. The server stored some values differently; the sheet now shows what it stored.`
        : `Saved journal ${saved.reference}; the sheet now shows the server's copy.`,
    };
  } catch (error) {
    if (isApiError(error) && error.outcomeUnknown)
      return await resolveUnknown(deps, state, current, update, error);
    return { kind: "failed", message: `${messageOf(error)} Your sheet was not changed.` };
  }
}

/** After a timeout or lost connection, reads the journal back to tell whether the PATCH applied. */
async function resolveUnknown(
  deps: EditorDeps,
  state: JournalSheetState,
  before: ManualJournal,
  update: JournalUpdate,
  cause: ApiError,
): Promise<SendOutcome> {
  let after: ManualJournal;
  try {
    after = (await deps.api.getJournal(state.journalId)).data;
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
    await show(deps.run, after, state.sheetName);
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
