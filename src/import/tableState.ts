// How an import's end is recorded with its table, for the Tables view. Pure.
import type { ImportTableState } from "../settings/importTables";
import type { ImportOutcome } from "./importSummary";

/** The recorded state of a table an import ended with `outcome`; `notes`: cells kept as text. */
export function tableStateOf(outcome: ImportOutcome, notes: boolean): ImportTableState {
  switch (outcome) {
    case "complete":
      return notes ? "warnings" : "complete";
    case "partial":
    case "cancelled":
      return "partial";
    case "failed":
      return "failed";
  }
}
