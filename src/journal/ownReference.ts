// What to say when a journal's own reference (`JNL-0004`, which names its sheet) was asked for:
// the service finds a journal by its ID or its transaction reference only. When the add-in knows
// that journal (open in the workbook, or opened on this computer before), the sentence gives
// the key that finds it.

/** A journal the add-in knows by its own reference. */
export interface KnownJournal {
  readonly journalId: string;
  readonly reference: string;
  /** "" when it has none: then its ID finds it. */
  readonly transactionReference: string;
}

/** Where the add-in knows it from. */
export type KnownWhere =
  { readonly openOnSheet: string } | { readonly openedBefore: true; readonly inPane: boolean };

function findsBy(known: KnownJournal): string {
  return known.transactionReference !== ""
    ? `its transaction reference ${known.transactionReference}`
    : `its ID ${known.journalId}`;
}

/** The answer to `typed`, a journal's own reference, for the journal the add-in knows by it. */
export function ownReferenceMessage(typed: string, known: KnownJournal, where: KnownWhere): string {
  const lead =
    `${typed} is a journal's own reference, which the service cannot look up: it finds a ` +
    "journal by its ID or its transaction reference.";
  if ("openOnSheet" in where) {
    return `${lead} Journal ${known.reference} is open on sheet “${where.openOnSheet}”; open it by ${findsBy(known)}.`;
  }
  return where.inPane
    ? `${lead} Journal ${known.reference} was opened on this computer before; open it by ` +
        `${findsBy(known)}, or with its Open button under Recent journals.`
    : `${lead} Journal ${known.reference} was opened on this computer before: use ` +
        `${findsBy(known)} instead.`;
}
