// What a fetch of new records says: the status line above its table and its closing message,
// from plain facts about what was added, so every wording can be checked without Excel.
import type { ImportTableIds } from "../excel/importTableIds";
import type { PrependResult } from "../excel/prependRows";
import { count } from "../util/plural";
import { stamp } from "../util/stamp";
import { viewKeptNote } from "./tableNotes";

/** Said with every fetch of new records: what it cannot see, and what to use instead. */
export const NEW_ONLY_CAVEAT =
  "Changes to records already in the table are not fetched; Import fetches the whole list again.";

/** What a fetch of new records says: one sentence, and those that explain it. */
export interface NewRowsMessage {
  readonly headline: string;
  readonly details: readonly string[];
  /** The headline and its details as one text. */
  readonly message: string;
}

/** What the rows' insert did, when the table was there to take them. */
export type NewRowsAdded = Extract<PrependResult, { kind: "added" }>;

/** "1 was" / "3 were". */
function were(n: number): string {
  return n === 1 ? "was" : "were";
}

/**
 * The status line of a table that got new rows at its top, given its rows afterwards, the rows
 * added, the new records another update had already put there and whether its filters and sort were applied again.
 */
export function newRowsStatus(
  label: string,
  source: string,
  when: Date,
  tableName: string,
): (rows: number, written: number, there: number, viewKept: boolean) => string {
  const at = stamp(when);
  return (rows, written, there, viewKept) => {
    const others =
      there === 0 ? "" : `, ${there.toLocaleString("en-US")} more already added by another update`;
    const filters = viewKept ? ` · ${viewKeptNote(tableName)}` : "";
    return `${label} · ${count(rows, "record")} · ${count(written, "new record")} added ${at} from ${source}${others} · earlier rows as of the last full refresh${filters}`;
  };
}

/** The closing message of a fetch of new records that reached its table. */
export function newRowsMessage(
  label: string,
  added: NewRowsAdded,
  requests: number,
  notes: readonly string[],
  textCells = "",
  /** One row of the linked table, "line": how its rows are counted. */
  linkedNoun = "row",
): NewRowsMessage {
  const asked = count(requests, "request");
  const what =
    added.added > 0
      ? `Added ${count(added.added, "new record")} at the top of table “${added.tableName}” (${asked}); it now has ${count(added.rows, "record")}`
      : added.alreadyThere > 0
        ? `Added no records to table “${added.tableName}” (${asked}); it has ${count(added.rows, "record")}`
        : added.notAdded > 0
          ? `Added no records to table “${added.tableName}” (${asked})`
          : `No new ${label} since the table was last updated (${asked})`;
  const headline = textCells === "" ? `${what}.` : `${what}; ${textCells}.`;
  const others =
    added.alreadyThere === 0
      ? []
      : [
          `${count(added.alreadyThere, "new record")} ${were(added.alreadyThere)} already there, added by another update meanwhile.`,
        ];
  const stopped =
    added.notAdded === 0
      ? []
      : [
          `The table's first rows changed while the new records went in (another update or an edit), so ${count(added.notAdded, "new record")} ${were(added.notAdded)} not added rather than risk adding ${added.notAdded === 1 ? "it" : "them"} twice or out of order; use Fetch new again.`,
        ];
  const blocked =
    added.statusBlocked === null
      ? []
      : [
          `The table's status line was not updated: ${added.statusBlocked.reason === "no room" ? "there is no room for it above the table" : `${added.statusBlocked.address} holds your data`}.`,
        ];
  const linked = added.linked;
  const linkedRows =
    linked === null || linked.added === 0
      ? []
      : [
          `Their ${count(linked.added, linkedNoun)} went in at the top of table “${linked.tableName}”, which now has ${count(linked.rows, "row")}.`,
        ];
  const details = [
    ...others,
    ...stopped,
    ...linkedRows,
    NEW_ONLY_CAVEAT,
    ...blocked,
    ...(added.viewKept ? [viewKeptNote(added.tableName)] : []),
    ...notes,
  ];
  return { headline, details, message: [headline, ...details].join(" ") };
}

/** A table that only new records can be fetched into: it has an ID column and a full import. */
export type KnownTable = Extract<ImportTableIds, { kind: "ids" }>;

/** The table, when only new records can be fetched into it; otherwise why not. */
export function tableForNewRows(
  table: ImportTableIds,
  label: string,
  idHeader: string,
): KnownTable | { readonly why: string } {
  if (table.kind === "no-table") return { why: `there is no ${label} table yet` };
  if (table.kind === "no-id-column") {
    return { why: `table “${table.tableName}” has no “${idHeader}” column to match records by` };
  }
  if (table.status?.startsWith("PARTIAL")) {
    return { why: `table “${table.tableName}” holds a partial import` };
  }
  // New records are those above the newest one the table holds, found as its first row.
  if (table.sorted) {
    return {
      why: `table “${table.tableName}” is sorted, so its first row is not the newest record it holds`,
    };
  }
  return table;
}

/** The closing message of a fetch that fell back to a full refresh, given the refresh's. */
export function fullRefreshMessage(
  label: string,
  why: string,
  refreshed: Pick<NewRowsMessage, "headline" | "details" | "message">,
): NewRowsMessage {
  const because = `Fetching only new records was not possible (${why}), so ${label} were refreshed in full.`;
  return {
    headline: `${refreshed.headline.replace(/\.$/, "")}; refreshed in full, as only new records could not be fetched.`,
    details: [because, ...refreshed.details],
    message: `${because} ${refreshed.message}`,
  };
}
