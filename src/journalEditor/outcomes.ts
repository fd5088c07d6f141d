// What the journal editor's actions report to the task pane: every outcome a person can act on.
import type { SheetProblem } from "../journal/contract";
import type { JournalSeen } from "../settings/recentJournals";

/**
 * A journal as the server just gave it, for the list of journals opened on this computer, and
 * the project it was read from (its name in the workbook; absent when the workbook has none).
 */
export interface SeenOnServer {
  readonly journal: JournalSeen;
  readonly project?: string;
}

/**
 * `notes`: what the sheet could not show exactly (from the layout) or what the reader did for the
 * user (an account id filled in, a total that leaves out a row). Information, not problems.
 */
export type OpenOutcome =
  | {
      kind: "opened";
      sheetKey: string;
      sheetName: string;
      status: string;
      editable: boolean;
      message: string;
      notes: readonly string[];
      seen: SeenOnServer;
    }
  | { kind: "failed"; message: string };

/** The sheet failed validation: each problem names its cell. */
export interface InvalidSheetOutcome {
  kind: "invalid";
  sheetKey: string;
  sheetName: string;
  problems: readonly SheetProblem[];
  message: string;
  notes: readonly string[];
}

export type ValidateOutcome =
  | { kind: "not-journal"; message: string }
  | { kind: "valid"; sheetName: string; message: string; notes: readonly string[] }
  | InvalidSheetOutcome;

export type SendOutcome =
  | { kind: "not-journal"; message: string }
  /** Not DRAFT (as loaded, or on the server now): nothing was sent. */
  | { kind: "read-only"; message: string; seen?: SeenOnServer }
  /** Local validation failed: nothing was sent. */
  | InvalidSheetOutcome
  /**
   * Someone changed the journal after it was opened: nothing was sent; offer reload or overwrite.
   * An overwrite names this sheet and `serverUpdatedAt`, the version the user was warned about.
   */
  | {
      kind: "stale";
      sheetKey: string;
      sheetName: string;
      serverUpdatedAt: string;
      message: string;
      /** What the server's copy holds differently from the sheet, one sentence each. */
      differences: readonly string[];
    }
  /**
   * Nothing was sent: the update would change what the user did not edit (tax amounts it cannot
   * carry). Ask; a send with `acceptResets` naming this sheet and `serverUpdatedAt` goes ahead.
   */
  | {
      kind: "confirm-resets";
      sheetKey: string;
      sheetName: string;
      serverUpdatedAt: string;
      message: string;
      /** What would change, one sentence each: "Line 2 (account 4100): tax amount 210.00". */
      resets: readonly string[];
      /** The send that asked overwrote this server version: sending anyway overwrites it too. */
      overwriting: boolean;
    }
  /** Saved; the sheet was redrawn from the server's answer. `changes` lists what the server stored differently. */
  | {
      kind: "saved";
      changes: readonly string[];
      message: string;
      notes: readonly string[];
      seen: SeenOnServer;
    }
  /** Saved, but redrawing the sheet failed: the sheet still shows the user's edits; offer Reload. */
  | {
      kind: "saved-not-redrawn";
      sheetKey: string;
      sheetName: string;
      message: string;
      seen: SeenOnServer;
    }
  /** The server refused or the request failed; the sheet is exactly as it was. */
  | { kind: "failed"; message: string }
  /** The request's outcome was unknown; the journal was read back to find out. */
  | { kind: "unknown"; applied: boolean | null; message: string };
