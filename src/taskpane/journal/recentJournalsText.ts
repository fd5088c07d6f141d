// The words of the Recent journals list: each journal's fields as shown, and when its status
// was read. Pure: no DOM, no Office.

import type { RecentJournal } from "../../settings/recentJournals";
import { localWhen, type LocalTimeOptions } from "../../util/localTime";

/** A listed journal as its row shows it. */
export interface RecentJournalRow {
  readonly journalId: string;
  readonly reference: string;
  /** The transaction reference, or words saying it has none. */
  readonly transactionReference: string;
  /** `DRAFT, as of today at 09:41 GMT+1`: the status as last read, and when. */
  readonly status: string;
  readonly project: string;
}

/**
 * `today at 09:41 GMT+1`, or `on 2026-11-24 at 16:05 GMT+1`: in this computer's time zone (a
 * test names one), with its name.
 */
export function whenText(iso: string, now: Date, zone: LocalTimeOptions = {}): string {
  return localWhen(new Date(iso), now, zone) ?? "at an unknown time";
}

export function recentJournalRow(
  entry: RecentJournal,
  now: Date,
  zone: LocalTimeOptions = {},
): RecentJournalRow {
  const reference = entry.reference !== "" ? entry.reference : entry.journalId;
  return {
    journalId: entry.journalId,
    reference,
    transactionReference:
      entry.transactionReference !== "" ? entry.transactionReference : "No transaction reference",
    status: `${entry.status !== "" ? entry.status : "Status unknown"}, as of ${whenText(entry.statusAt, now, zone)}`,
    project: entry.projectLabel,
  };
}

export const RECENT_EMPTY =
  "No journal of this project has been opened on this computer yet. Each journal you open is listed here, to open again in one click.";
