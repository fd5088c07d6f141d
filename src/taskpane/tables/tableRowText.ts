// A Tables row's words beyond its line: what its state opens (the last update's details, with
// the cells they name), its properties, and what Remove did. Pure.
import { COLLECTIONS } from "../../domain/collections";
import type { ImportTableEntry } from "../../import/importTablesList";
import type { TableProgress } from "../../import/refreshAll";
import type { StopTrackingOutcome } from "../../excel/stopTracking";
import { localTime } from "../../util/localTime";
import { count } from "../../util/plural";
import { describeImportResult } from "../import/text";
import type { MessageDetail, PanelMessage } from "../shared/messageArea";

/** How a row's state is drawn: fine, something to read, or something to act on. */
export type StateTone = "fine" | "warning" | "error";

/** The tone of a state word (tableStateWord's). */
export function stateTone(word: string): StateTone {
  if (word === "warnings") return "warning";
  if (word === "failed" || word === "partial") return "error";
  return "fine";
}

/**
 * What a row's state opens: the last run's sentence and details (each record with cells kept as
 * text, with Go to per cell) when this pane saw it end, else the status line the table's record
 * keeps from its last import.
 */
export function tableDetails(entry: ImportTableEntry, progress?: TableProgress): MessageDetail[] {
  if (progress?.ended !== undefined) {
    const end = describeImportResult(progress.ended);
    return [{ text: end.message }, ...(end.outcome === "finished" ? end.details : [])];
  }
  if (progress !== undefined && progress.state !== "running" && progress.state !== "waiting") {
    return [{ text: progress.message }];
  }
  return entry.status === undefined
    ? [{ text: "Its last update's words were not recorded: refresh it to see them again." }]
    : [{ text: entry.status }];
}

export interface TableProperty {
  readonly name: string;
  readonly value: string;
}

function when(iso: string | undefined, timeZone: string | undefined): string | undefined {
  if (iso === undefined) return undefined;
  return localTime(new Date(iso), timeZone === undefined ? {} : { timeZone }) ?? undefined;
}

/**
 * A table's properties: its project, list, API path, table and sheet, rows, and when its rows
 * were last refreshed in full and new records last fetched.
 */
export function tableProperties(
  entry: ImportTableEntry,
  facts: { readonly project: string; readonly path: string; readonly timeZone?: string },
): TableProperty[] {
  const list = COLLECTIONS.find((info) => info.id === entry.collection)?.label ?? entry.collection;
  const full = when(entry.fullRefresh, facts.timeZone);
  const latest = when(entry.refreshed, facts.timeZone);
  const fetchedNew =
    full === undefined
      ? "not recorded"
      : entry.refreshed === entry.fullRefresh || latest === undefined
        ? "none since the last full refresh"
        : latest;
  return [
    { name: "Project", value: entry.project ?? facts.project },
    { name: "List", value: list },
    { name: "API path", value: facts.path },
    { name: "Table", value: `${entry.tableName} on sheet ${entry.sheetName}` },
    { name: "Rows", value: count(entry.rows, "row") },
    { name: "Last full refresh", value: full ?? "not recorded" },
    { name: "Last Fetch new", value: fetchedNew },
  ];
}

/** What Remove says: the table is no longer updated, and what became of it. */
export function removedMessage(label: string, outcome: StopTrackingOutcome): PanelMessage {
  if (outcome.kind === "gone") {
    return {
      tone: "warning",
      text: `${label} was not removed: its table is no longer in this workbook under the name listed. The list was read again.`,
    };
  }
  const [first, ...linked] = outcome.tables;
  const also = linked.length === 0 ? "" : ` (with ${linked.join(", ")})`;
  const kept = outcome.kept.map(
    ({ table, columns }) =>
      `Table ${table} was kept: it holds your column${columns.length === 1 ? "" : "s"} ${columns.map((c) => `“${c}”`).join(", ")}; delete it yourself if you no longer need it.`,
  );
  const deleted =
    outcome.deleted.length === 0
      ? ""
      : ` Deleted table${outcome.deleted.length === 1 ? "" : "s"} ${outcome.deleted.join(", ")}; the sheets' other cells are as they were.`;
  const stays =
    outcome.deleted.length === 0 && kept.length === 0 ? " Its table stays as it is." : "";
  return {
    tone: kept.length > 0 ? "warning" : "success",
    text: `${label} is no longer updated${also}: Refresh all leaves table ${first ?? label} alone.${stays}${deleted}`,
    ...(kept.length === 0 ? {} : { details: kept.map((text) => ({ text })) }),
  };
}
