// The Tables view's words: a table's facts, its state, and its line while a run goes and after.
// Pure.
import type { ImportTableEntry } from "../../import/importTablesList";
import type { TableProgress } from "../../import/refreshAll";
import { count } from "../../util/plural";
import { localTime } from "../../util/localTime";

const NUMBER = new Intl.NumberFormat("en-US");

/** What follows the table's name in its line, e.g. "1,200 records…" or "done: Imported …". */
export function tableProgressLine(table: TableProgress): string {
  switch (table.state) {
    case "waiting":
      return "waiting";
    case "running":
      return table.records > 0 ? `${NUMBER.format(table.records)} records…` : "starting…";
    case "done":
      return `done: ${table.message}`;
    case "partial":
      return `partial: ${table.message}`;
    case "cancelled":
      return `cancelled: ${table.message}`;
    case "failed":
      return `failed: ${table.message}`;
  }
}

/** When a table was last refreshed, in the reader's own time with the zone named. */
function refreshedAt(iso: string, timeZone?: string): string {
  const shown = localTime(new Date(iso), timeZone === undefined ? {} : { timeZone });
  return shown ?? "at an unknown time";
}

/** The state a row shows: its run's failure, else what the table's record says. */
export function tableStateWord(entry: ImportTableEntry, progress?: TableProgress): string {
  if (progress?.state === "failed") return "failed";
  switch (entry.state) {
    case "complete":
      return "complete";
    case "warnings":
      return "warnings";
    case "partial":
      return "partial";
    case "failed":
      return "failed";
    case undefined:
      return "state unknown";
  }
}

/**
 * The row's facts under its name: "Acme · 144 rows · refreshed 2026-11-26 09:05 GMT+2"; the
 * project is named only when `projects` (the view's tables') are more than one. A linked table
 * its import also writes follows its rows: "144 rows, and 336 on sheet Invoice lines".
 */
export function tableFacts(entry: ImportTableEntry, projects: number, timeZone?: string): string {
  const linked = (entry.linked ?? []).map(
    (each) => `, and ${NUMBER.format(each.rows)} on sheet ${each.sheetName}`,
  );
  const parts = [
    ...(entry.project === undefined || projects < 2 ? [] : [entry.project]),
    `${count(entry.rows, "row")}${linked.join("")}`,
    ...refreshTimes(entry, timeZone),
  ];
  return parts.join(" · ");
}

/**
 * When the table was refreshed; after Fetch new, also when its existing rows were, since Fetch
 * new never updates them: "new records 27 Nov … · existing rows refreshed 25 Nov …".
 */
function refreshTimes(entry: ImportTableEntry, timeZone?: string): string[] {
  const { refreshed, fullRefresh } = entry;
  if (refreshed === undefined) return ["last refresh not recorded"];
  if (fullRefresh === undefined || fullRefresh === refreshed) {
    return [`refreshed ${refreshedAt(refreshed, timeZone)}`];
  }
  return [
    `new records ${refreshedAt(refreshed, timeZone)}`,
    `existing rows refreshed ${refreshedAt(fullRefresh, timeZone)}`,
  ];
}
