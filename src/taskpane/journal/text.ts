// The journal panel's words and button states: what each action's outcome says, which buttons
// work for the active sheet, and why Send is off. Pure: no DOM, no Office.

import { isApiError } from "../../api/index";
import { notDraftReason } from "../../journal/draftOnly";
import type {
  InvalidSheetOutcome,
  OpenOutcome,
  SendOutcome,
  ValidateOutcome,
} from "../../journalEditor/outcomes";

/** What the journal editor says about the active sheet (null: it shows no journal). */
export interface ActiveJournalInfo {
  /** The journal sheet's key (src/settings/journalMarkers.ts), which survives renames and reopening. */
  readonly sheetKey: string;
  readonly sheetName: string;
  readonly status: string;
  readonly editable: boolean;
  /** Set when the sheet was drawn by another version of the add-in: why it cannot be sent. */
  readonly refusal?: string;
}

/** The panel's actions: one runs at a time. */
export type JournalAction = "open" | "reload" | "validate" | "send" | "overwrite";

/** Open and send (also reload and overwrite) take a signal; Escape or Cancel aborts them. */
export function isCancellable(action: JournalAction): boolean {
  return action !== "validate";
}

/** The status line while an action runs (no spinner: the words say it). */
export function busyText(action: JournalAction): string {
  switch (action) {
    case "open":
      return "Opening the journal…";
    case "reload":
      return "Reloading the journal from the server…";
    case "validate":
      return "Validating…";
    case "send":
      return "Sending…";
    case "overwrite":
      return "Overwriting the server version…";
  }
}

export const CANCELLING = "Cancelling…";

export const EMPTY_REFERENCE = "Enter a journal ID or transaction reference, then open it.";

/** Why Send is off for a journal that is not a draft (the sheet says it as the journal's reason). */
function sendOffReason(status: string): string {
  return `${notDraftReason(status)}.`;
}

/**
 * The line that names the active sheet's journal, or says there is none. It does not say
 * read-only: the line under Send says so, with the reason, once.
 */
export function activeSheetText(info: ActiveJournalInfo | null | undefined): string {
  if (info === undefined) return "";
  if (info === null) return "The active sheet shows no journal. Open one, or select its sheet.";
  const status = info.status.trim() === "" ? "" : ` · ${info.status.trim()}`;
  return `Active sheet: ${info.sheetName}${status}`;
}

export interface JournalControlsInput {
  readonly connected: boolean;
  /** The action running, if any. */
  readonly action: JournalAction | undefined;
  /** The active sheet's journal; null when it shows none, undefined when not known (yet). */
  readonly info: ActiveJournalInfo | null | undefined;
}

export interface JournalControls {
  readonly open: boolean;
  readonly validate: boolean;
  readonly send: boolean;
  /** Cancel is shown (an open or a send is in flight). */
  readonly cancel: boolean;
  /** The stale box's buttons (reload, overwrite and its confirmation) work. */
  readonly staleChoices: boolean;
  /**
   * Shown under Send when it is off because the journal cannot be sent ("Read-only: …"); ""
   * otherwise. The one place the panel gives the reason.
   */
  readonly readOnlyReason: string;
  /** The active sheet's journal, or "" when not known. */
  readonly activeSheet: string;
}

/**
 * Which controls work. Validate and Send are off while the active sheet is known to show no
 * journal (the pane reads it again when the user switches sheets, and when it gets attention
 * back); while that is not known they stay on, and the editor says what is wrong. Send is also
 * off for a journal known not to be editable.
 */
export function journalControls(input: JournalControlsInput): JournalControls {
  const { connected, action, info } = input;
  const idle = connected && action === undefined;
  const journal = info !== null;
  const readOnly = info !== null && info !== undefined && !info.editable;
  const reason = readOnly ? `Read-only: ${info.refusal ?? sendOffReason(info.status)}` : "";
  return {
    open: idle,
    validate: idle && journal,
    send: idle && journal && !readOnly,
    cancel: connected && action !== undefined && isCancellable(action),
    staleChoices: idle,
    readOnlyReason: reason,
    activeSheet: connected ? activeSheetText(info) : "",
  };
}

/** `Problems (1)`, `Problems (12)`. */
export function problemsHeading(count: number): string {
  return `Problems (${count})`;
}

/** A problem as the pane lists it: its words, and the cell to go to when it has one. */
export interface ListedProblem {
  readonly message: string;
  /**
   * The sheet (by its journal key, which survives a rename; its name for the tooltip) and "F12",
   * or null for a problem of the whole journal.
   */
  readonly cell: {
    readonly sheetKey: string;
    readonly sheetName: string;
    readonly address: string;
  } | null;
}

/** What the panel shows after an action. */
export interface JournalReport {
  /** The status line (a polite live region). */
  readonly status: string;
  /** The error box (an alert); "" clears it. */
  readonly alert: string;
  /** The problems to list; undefined leaves the list as it is. */
  readonly problems?: readonly ListedProblem[];
  /** What the server stored differently from what was sent. */
  readonly changes: readonly string[];
  /** Notes to list: what the sheet could not show exactly, what the reader did for the user. */
  readonly notes?: readonly string[];
  /** The journal was saved but its sheet not redrawn: the box offering Reload (only) says this. */
  readonly reloadOffer?: string;
  /** Someone changed the journal on the server: the box offering reload or overwrite says this. */
  readonly stale?: string;
  /** With `stale`: what the server's copy holds differently from the sheet. */
  readonly staleDifferences?: readonly string[];
  /** Sending would change what the user did not edit: the box asking first says this. */
  readonly resets?: string;
  /** With `resets`: what sending would change, one sentence each. */
  readonly resetList?: readonly string[];
  /**
   * The sheet was redrawn or the server's journal changed: an earlier offer to reload or
   * overwrite no longer applies.
   */
  readonly settled: boolean;
}

const UNCHANGED = "Your sheet was not changed.";

/** The text ending with a full stop (or its own ! or ?). */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** The message, with "Your sheet was not changed." added unless it says so already. */
export function withSheetUnchanged(message: string): string {
  const trimmed = message.trim();
  if (trimmed.toLowerCase().includes(UNCHANGED.toLowerCase())) return trimmed;
  if (trimmed === "") return UNCHANGED;
  return `${sentence(trimmed)} ${UNCHANGED}`;
}

/** `Saved. …` with the editor's sentence, not saying "Saved" twice. */
export function savedText(message: string): string {
  const trimmed = message.trim();
  if (/^saved\b/i.test(trimmed)) return trimmed;
  return trimmed === "" ? "Saved." : `Saved. ${trimmed}`;
}

function listedProblems(
  { sheetKey, sheetName }: { readonly sheetKey: string; readonly sheetName: string },
  problems: readonly { readonly message: string; readonly address: string | null }[],
): ListedProblem[] {
  return problems.map(({ message, address }) => ({
    message,
    cell: address === null ? null : { sheetKey, sheetName, address },
  }));
}

/**
 * Open, or reload from the server (the same request; a failure is worded for each). A failure
 * after the user cancelled is no error: its message goes to the status line, not the alert.
 */
export function describeOpen(
  outcome: OpenOutcome,
  action: "open" | "reload" = "open",
  cancelled = false,
): JournalReport {
  if (outcome.kind === "opened") {
    return {
      status: outcome.message,
      alert: "",
      problems: [],
      changes: [],
      notes: outcome.notes,
      settled: true,
    };
  }
  if (cancelled) return { status: outcome.message, alert: "", changes: [], settled: false };
  return {
    status: action === "reload" ? "The journal was not reloaded." : "The journal was not opened.",
    alert: outcome.message,
    changes: [],
    settled: false,
  };
}

/** A sheet that failed validation, whether Validate or Send found it: its problems, each listed. */
function invalidReport(outcome: InvalidSheetOutcome): JournalReport {
  return {
    status: outcome.message,
    alert: "",
    problems: listedProblems(outcome, outcome.problems),
    changes: [],
    notes: outcome.notes,
    settled: false,
  };
}

export function describeValidate(outcome: ValidateOutcome): JournalReport {
  switch (outcome.kind) {
    case "not-journal":
      return { status: "Not validated.", alert: outcome.message, changes: [], settled: false };
    case "valid":
      return {
        status: outcome.message,
        alert: "",
        problems: [],
        changes: [],
        notes: outcome.notes,
        settled: false,
      };
    case "invalid":
      return invalidReport(outcome);
  }
}

/**
 * Send, or overwrite the server version (a send with `overwrite`). A failure after the user
 * cancelled goes to the status line; an unknown outcome stays an alert, cancelled or not.
 */
export function describeSend(outcome: SendOutcome, cancelled = false): JournalReport {
  switch (outcome.kind) {
    case "not-journal":
    case "read-only":
      return { status: "Not sent.", alert: outcome.message, changes: [], settled: false };
    case "invalid":
      return invalidReport(outcome);
    case "stale":
      return {
        status: "Not sent: the journal was changed on the server.",
        alert: "",
        problems: [],
        changes: [],
        stale: outcome.message,
        staleDifferences: outcome.differences,
        settled: false,
      };
    case "confirm-resets":
      return {
        status: "Not sent yet: sending would change values you did not edit.",
        alert: "",
        problems: [],
        changes: [],
        resets: outcome.message,
        resetList: outcome.resets,
        settled: false,
      };
    case "saved":
      return {
        status: savedText(outcome.message),
        alert: "",
        problems: [],
        changes: [...outcome.changes],
        notes: outcome.notes,
        settled: true,
      };
    case "saved-not-redrawn":
      return {
        status: "Saved, but the sheet was not redrawn.",
        alert: "",
        problems: [],
        changes: [],
        reloadOffer: outcome.message,
        settled: true,
      };
    case "failed":
      if (cancelled) {
        return {
          status: withSheetUnchanged(outcome.message),
          alert: "",
          changes: [],
          settled: false,
        };
      }
      return {
        status: "Not sent.",
        alert: withSheetUnchanged(outcome.message),
        changes: [],
        settled: false,
      };
    case "unknown":
      return {
        status: "The server's answer did not arrive.",
        alert: outcome.message,
        problems: [],
        changes: [],
        settled: true,
      };
  }
}

function isCancelled(error: unknown): boolean {
  if (isApiError(error)) return error.kind === "aborted";
  return error instanceof Error && error.name === "AbortError";
}

const STOPPED: Record<JournalAction, string> = {
  open: "Opening the journal stopped.",
  reload: "Reloading the journal stopped.",
  validate: "Validation stopped.",
  send: "Sending stopped.",
  overwrite: "Overwriting stopped.",
};

const CANCELLED: Record<JournalAction, string> = {
  open: "Opening cancelled.",
  reload: "Reload cancelled.",
  validate: "Validation cancelled.",
  send: "Sending cancelled.",
  overwrite: "Overwrite cancelled.",
};

/** An action stopped by Escape or Cancel before the editor began it. */
export function describeCancelled(action: JournalAction): JournalReport {
  return { status: CANCELLED[action], alert: "", changes: [], settled: false };
}

/**
 * An action that threw instead of reporting an outcome. The editor reports its own failures, so
 * this is unexpected: say what stopped, and claim nothing about the sheet or the server.
 */
export function describeJournalError(error: unknown, action: JournalAction): JournalReport {
  if (isCancelled(error)) return describeCancelled(action);
  const detail =
    error instanceof Error && error.message !== "" ? error.message : "an unexpected error";
  return {
    status: STOPPED[action],
    alert: `${sentence(`The journal editor stopped: ${detail}`)} Try again.`,
    changes: [],
    settled: false,
  };
}
