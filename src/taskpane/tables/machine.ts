// The Tables view's state: the workbook's import tables as last listed, what Refresh all, Fetch
// new for all or one row's Refresh / Fetch new is doing to each, and the one status line under
// them. Pure: panel.ts feeds it events and elements.ts draws what view.ts makes of it.
import type { ImportTableEntry } from "../../import/importTablesList";
import type {
  RefreshAllResult,
  RefreshMode,
  TableKey,
  TableProgress,
} from "../../import/refreshAll";
import { only, type Step } from "../shared/step";

export interface TablesState {
  readonly tables: readonly ImportTableEntry[];
  /** The last run's lines by table key: kept after it ends, until the next run starts. */
  readonly progress: Readonly<Record<string, TableProgress>>;
  /** The run of this view going on: all tables, or one (`only`). */
  readonly running: { readonly mode: RefreshMode; readonly only?: TableKey } | null;
  /** Another import runs (the Import form's): the rows' buttons wait for it. */
  readonly busy: boolean;
  readonly cancelling: boolean;
  /** A batch of the run waits for the user to finish editing a cell. */
  readonly waitingForCellEdit: boolean;
  readonly connected: boolean;
  /** The status line: what runs, or how the last run ended. */
  readonly status: string;
  /** Why the last run could not run at all (an alert); "" when none. */
  readonly error: string;
}

export type TablesEvent =
  | { readonly type: "listed"; readonly tables: readonly ImportTableEntry[] }
  | { readonly type: "connected"; readonly connected: boolean }
  | { readonly type: "busy"; readonly busy: boolean }
  | {
      readonly type: "started";
      readonly mode: RefreshMode;
      readonly only?: TableKey;
      /** Started by the clock (the workbook's automatic refresh), not a click. */
      readonly automatic?: boolean;
    }
  | { readonly type: "progress"; readonly tables: readonly TableProgress[] }
  | { readonly type: "cancelling" }
  | { readonly type: "waitingForCellEdit"; readonly waiting: boolean }
  | { readonly type: "finished"; readonly result: RefreshAllResult }
  | { readonly type: "failed"; readonly message: string }
  /** A line for the status outside any run (Go to's answer). */
  | { readonly type: "said"; readonly status: string };

export const INITIAL: TablesState = {
  tables: [],
  progress: {},
  running: null,
  busy: false,
  cancelling: false,
  waitingForCellEdit: false,
  connected: false,
  status: "",
  error: "",
};

/** The key of a table: its project (when the workbook has projects) and its collection. */
export function tableKey(table: TableKey): string {
  return `${table.project ?? ""}\u0000${table.collection}`;
}

function byKey(tables: readonly TableProgress[]): Record<string, TableProgress> {
  return Object.fromEntries(tables.map((table) => [tableKey(table), table]));
}

/** What runs, in words, for the status line while it runs. */
function runningStatus(mode: RefreshMode, label: string | undefined, automatic: boolean): string {
  if (label !== undefined) {
    return mode === "full" ? `Refreshing ${label}…` : `Fetching new records for ${label}…`;
  }
  // A run nobody clicked says what started it.
  if (automatic) {
    return mode === "full"
      ? "Automatic refresh: refreshing every imported table…"
      : "Automatic refresh: fetching new records for every imported table…";
  }
  return mode === "full"
    ? "Refreshing every imported table…"
    : "Fetching new records for every imported table…";
}

export function reduce(state: TablesState, event: TablesEvent): Step<TablesState, never> {
  return only(next(state, event));
}

function next(state: TablesState, event: TablesEvent): TablesState {
  switch (event.type) {
    case "listed":
      return { ...state, tables: event.tables };
    case "connected":
      return { ...state, connected: event.connected };
    case "busy":
      return { ...state, busy: event.busy };
    case "started": {
      if (state.running !== null) return state;
      const only = event.only;
      const label =
        only === undefined
          ? undefined
          : state.tables.find((table) => tableKey(table) === tableKey(only))?.label;
      // A new run clears what the one before said: its lines, its status and its error.
      return {
        ...state,
        running: { mode: event.mode, ...(only === undefined ? {} : { only }) },
        cancelling: false,
        waitingForCellEdit: false,
        progress: {},
        status: runningStatus(event.mode, label, event.automatic === true),
        error: "",
      };
    }
    case "progress":
      return state.running === null ? state : { ...state, progress: byKey(event.tables) };
    case "cancelling":
      return state.running === null || state.cancelling
        ? state
        : { ...state, cancelling: true, status: "Cancelling…" };
    case "waitingForCellEdit":
      return state.running === null ? state : { ...state, waitingForCellEdit: event.waiting };
    case "finished":
      if (state.running === null) return state;
      return {
        ...state,
        running: null,
        cancelling: false,
        waitingForCellEdit: false,
        progress: byKey(event.result.tables),
        status: event.result.message,
      };
    case "failed":
      if (state.running === null) return state;
      return {
        ...state,
        running: null,
        cancelling: false,
        waitingForCellEdit: false,
        status: "",
        error: event.message,
      };
    case "said":
      return state.running === null ? { ...state, status: event.status, error: "" } : state;
  }
}
