// The words of the Recent journals list: each journal's fields as shown, and when its status
// was read. Pure: no DOM, no Office.

import type { RecentJournal } from "../settings/recentJournals";

/** A listed journal as its row shows it. */
export interface RecentJournalRow {
  readonly journalId: string;
  readonly reference: string;
  /** The transaction reference, or words saying it has none. */
  readonly transactionReference: string;
  /** `DRAFT, as of today at 09:41`: the status as last read, and when. */
  readonly status: string;
  readonly project: string;
}

function twoDigits(n: number): string {
  return String(n).padStart(2, "0");
}

function localDay(time: Date): string {
  return `${time.getFullYear()}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())}`;
}

/** `today at 09:41`, or `on 2026-11-24 at 16:05`, in this computer's time zone. */
export function whenText(iso: string, now: Date): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return "at an unknown time";
  const clock = `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
  const day = localDay(time);
  return day === localDay(now) ? `today at ${clock}` : `on ${day} at ${clock}`;
}

export function recentJournalRow(entry: RecentJournal, now: Date): RecentJournalRow {
  const reference = entry.reference !== "" ? entry.reference : entry.journalId;
  return {
    journalId: entry.journalId,
    reference,
    transactionReference:
      entry.transactionReference !== "" ? entry.transactionReference : "No transaction reference",
    status: `${entry.status !== "" ? entry.status : "Status unknown"}, as of ${whenText(entry.statusAt, now)}`,
    project: entry.projectLabel,
  };
}

export const RECENT_EMPTY =
  "No journal of this project has been opened on this computer yet. Each journal you open is listed here, to open again in one click.";
