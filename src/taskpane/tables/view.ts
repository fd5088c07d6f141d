// What the Tables view shows in a state of its machine (machine.ts): the rows, the status line,
// which buttons work. Pure: no DOM.
import type { ImportTableEntry } from "../../import/importTablesList";
import { waitingForCellEditProgress } from "../../import/progressReport";
import type { TableProgress } from "../../import/refreshAll";
import { tableKey, type TablesState } from "./machine";

/** What one row shows: the table as listed and, during or after a run, its line from the run. */
export interface TableRowState {
  readonly key: string;
  readonly entry: ImportTableEntry;
  readonly progress?: TableProgress;
}

/** The status line to show: while a batch waits for a cell edit, that, with what runs kept. */
export function tablesStatus(state: TablesState): string {
  return state.running !== null && state.waitingForCellEdit && !state.cancelling
    ? waitingForCellEditProgress()
    : state.status;
}

/** The rows to draw: the listed tables, each with its line from the current or last run. */
export function tableRows(state: TablesState): TableRowState[] {
  return state.tables.map((entry) => {
    const key = tableKey(entry);
    const progress = state.progress[key];
    return { key, entry, ...(progress === undefined ? {} : { progress }) };
  });
}

/** Whether Refresh all, Fetch new for all and the rows' buttons may be used now. */
export function canStart(state: TablesState): boolean {
  return state.connected && state.running === null && !state.busy && state.tables.length > 0;
}

/** Whether the one Cancel is shown, and usable. */
export function cancelState(state: TablesState): { shown: boolean; enabled: boolean } {
  return { shown: state.running !== null, enabled: state.running !== null && !state.cancelling };
}
