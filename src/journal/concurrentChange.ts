// Whether the journal changed on the server since its sheet was drawn, and what can honestly be
// said about who changed it (the API records no `updated_by`).

import type { ManualJournal } from "../api/types";
import { localTime, type LocalTimeOptions } from "../util/localTime";
import type { JournalSheetState } from "./contract";

/**
 * Null when `current` (just read from the server) has the `updated_at` the sheet was drawn
 * from; otherwise a message saying when it changed, what is known of who (its approver when it
 * was approved meanwhile, else its author, named as such), and what the user can do.
 */
export function describeConcurrentChange(
  loaded: JournalSheetState,
  current: ManualJournal,
  zone: LocalTimeOptions = {},
): string | null {
  if (sameInstant(loaded.loadedUpdatedAt, current.updated_at)) return null;
  const [changedAt, openedAt] = distinctTimes(current.updated_at, loaded.loadedUpdatedAt, zone);
  const parts = [
    `Someone changed this journal (${current.reference}) on the server at ${changedAt}, ` +
      `after you opened it (you opened the version of ${openedAt}).`,
  ];
  const draft = current.status === "DRAFT";
  if (current.status !== loaded.status) {
    const approval =
      current.approved_by === null
        ? ""
        : ` (approved by ${current.approved_by}` +
          `${current.approved_at === null ? "" : ` at ${timeOf(current.approved_at, zone)}`})`;
    parts.push(
      `It is now ${current.status}${approval}` +
        `${draft ? "" : ", so it can no longer be changed"}.`,
    );
  }
  parts.push(
    `The server does not record who changes a journal; it was created by ${current.created_by}.`,
  );
  parts.push(
    draft
      ? "Reload it to see the change, or overwrite it with your sheet."
      : "Reload it to see the change.",
  );
  return parts.join(" ");
}

/**
 * The journal is no longer DRAFT on the server: its status, who approved it and when (or, when
 * the server names no approver, when it last changed), and that nothing was sent.
 */
export function describeNoLongerDraft(current: ManualJournal, zone: LocalTimeOptions = {}): string {
  const who =
    current.approved_by !== null
      ? ` (approved by ${current.approved_by}` +
        `${current.approved_at === null ? "" : ` at ${timeOf(current.approved_at, zone)}`})`
      : ` (changed at ${timeOf(current.updated_at, zone)})`;
  return (
    `Journal ${current.reference} is now ${current.status} on the server${who}, so it can no ` +
    "longer be changed. Nothing was sent."
  );
}

function sameInstant(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(x) && x === y;
}

/**
 * `2026-02-01 11:15:00 GMT+1`, to the second, in the reader's zone (as the pane shows every
 * time); text that is not a date-time as it is.
 */
function timeOf(text: string, zone: LocalTimeOptions, milliseconds = false): string {
  return localTime(new Date(Date.parse(text)), { ...zone, seconds: true, milliseconds }) ?? text;
}

/** Both times to the second, or to the millisecond when seconds would make them look equal. */
function distinctTimes(a: string, b: string, zone: LocalTimeOptions): [string, string] {
  const coarse: [string, string] = [timeOf(a, zone), timeOf(b, zone)];
  return coarse[0] === coarse[1] ? [timeOf(a, zone, true), timeOf(b, zone, true)] : coarse;
}
