// What a journal sheet remembers (which journal, which version of it, which layout) and the check
// that a remembered state read back from the workbook has that shape and a layout we can read.

import type { ManualJournal } from "../api/types";
import { currencyMinorUnits } from "../money";
import type { Result } from "../util/result";
import { JOURNAL_LAYOUT_VERSION, JournalSheetState, KnownAccount, ProblemMark } from "./contract";

/** What a sheet drawn from `journal` should remember. */
export function journalSheetState(
  journal: ManualJournal,
  sheetName: string,
  project?: string,
): JournalSheetState {
  return {
    layoutVersion: JOURNAL_LAYOUT_VERSION,
    journalId: journal.id,
    loadedUpdatedAt: journal.updated_at,
    status: journal.status,
    sheetName,
    ...(project === undefined ? {} : { project }),
    accounts: distinctAccounts(journal),
    amountPlaces: currencyMinorUnits(journal.currency_code ?? "").places,
    reference: journal.reference,
    transactionReference: journal.transaction_reference,
  };
}

/** Each account of the journal's lines once. */
function distinctAccounts(journal: ManualJournal): KnownAccount[] {
  const byId = new Map<string, KnownAccount>();
  for (const line of journal.lines) {
    if (byId.has(line.account_id)) continue;
    byId.set(line.account_id, {
      accountId: line.account_id,
      accountCode: line.account_code,
      accountName: line.account_name,
    });
  }
  return [...byId.values()];
}

/** Accounts as saved; entries of another shape are dropped (they only help resolve codes). */
function readAccounts(value: unknown): KnownAccount[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { accountId, accountCode, accountName } = item as Record<string, unknown>;
    return typeof accountId === "string" &&
      typeof accountCode === "string" &&
      typeof accountName === "string"
      ? [{ accountId, accountCode, accountName }]
      : [];
  });
}

/** A remembered state as read back: usable, or refused with a sentence for the user. */
export type SheetStateReading = Result<{ state: JournalSheetState }>;

/**
 * Checks a state read from the workbook's settings. A state of any other layout version is
 * refused rather than guessed at: the reader's rules belong to one layout, and a wrong guess
 * could send wrong amounts.
 */
export function readJournalSheetState(value: unknown, sheetName: string): SheetStateReading {
  const reopen =
    `The sheet “${sheetName}” was drawn by another version of Ledger Sheets, so it cannot be ` +
    "validated or sent. Your edits are still on it: open the journal again (it opens on a new " +
    "sheet) and copy them across.";
  if (typeof value !== "object" || value === null) return { ok: false, message: reopen };
  const record = value as Record<string, unknown>;
  if (record.layoutVersion !== JOURNAL_LAYOUT_VERSION) return { ok: false, message: reopen };
  const { journalId, loadedUpdatedAt, status, project, reference, transactionReference } = record;
  const { amountPlaces } = record;
  if (
    typeof journalId !== "string" ||
    journalId === "" ||
    typeof loadedUpdatedAt !== "string" ||
    typeof status !== "string"
  ) {
    return { ok: false, message: reopen };
  }
  const marked = readMarks(record.marked);
  const accounts = readAccounts(record.accounts);
  return {
    ok: true,
    state: {
      layoutVersion: JOURNAL_LAYOUT_VERSION,
      journalId,
      loadedUpdatedAt,
      status,
      // The sheet's current name: the user may have renamed it since the state was saved.
      sheetName,
      ...(marked.length > 0 ? { marked } : {}),
      ...(typeof project === "string" && project !== "" ? { project } : {}),
      ...(accounts.length > 0 ? { accounts } : {}),
      ...(Number.isInteger(amountPlaces) && (amountPlaces as number) >= 0
        ? { amountPlaces: amountPlaces as number }
        : {}),
      ...(typeof reference === "string" ? { reference } : {}),
      ...(typeof transactionReference === "string" ? { transactionReference } : {}),
    },
  };
}

/** Marks as saved; a mark from before fills were remembered (a bare address) restores to none. */
function readMarks(value: unknown): ProblemMark[] {
  if (!Array.isArray(value)) return [];
  const marks: ProblemMark[] = [];
  for (const item of value as unknown[]) {
    if (typeof item === "string") marks.push({ address: item, fill: null });
    else if (typeof item === "object" && item !== null) {
      const { address, fill } = item as Record<string, unknown>;
      if (typeof address === "string" && (fill === null || typeof fill === "string")) {
        marks.push({ address, fill });
      }
    }
  }
  return marks;
}
