// A journal's own reference (`JNL-0004`, which names its sheet): the service finds a journal by
// its ID or its transaction reference only. What the add-in knows of a journal by its own
// reference, and what a formula says when asked for one the add-in knows.

/** A journal the add-in knows by its own reference. */
export interface KnownJournal {
  readonly journalId: string;
  readonly reference: string;
  /** "" when it has none: then its ID finds it. */
  readonly transactionReference: string;
}

function findsBy(known: KnownJournal): string {
  return known.transactionReference !== ""
    ? `its transaction reference ${known.transactionReference}`
    : `its ID ${known.journalId}`;
}

/**
 * The answer to `typed`, a journal's own reference, for the journal opened on this computer
 * before by it (the task pane opens such a journal; a formula can only say what finds it).
 */
export function ownReferenceMessage(typed: string, known: KnownJournal): string {
  return (
    `${typed} is a journal's own reference, which the service cannot look up: it finds a ` +
    `journal by its ID or its transaction reference. Journal ${known.reference} was opened on ` +
    `this computer before: use ${findsBy(known)} instead.`
  );
}
