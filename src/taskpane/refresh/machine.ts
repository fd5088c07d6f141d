// When the next automatic refresh runs, as a pure state machine over an injected time: it runs
// only while the workbook's choice is on, the pane is shown and a project is connected on this
// device (it never connects: a workbook's setting is only a claim), never beside another action
// (that tick is skipped and said), and after a failed run it waits longer each time instead of
// asking again at the same pace; a refused token stops it until the connection changes.
// autoRefreshTimer.ts arms the real timer from `nextAt` and starts the runs the steps ask for;
// view.ts says it.
import type { AutoRefreshMode, AutoRefreshSetting } from "../../settings/autoRefresh";
import type { RefreshAllEnd } from "../import/importRun";
import { only, type Step } from "../shared/step";

/** How a run ended: done (cancelled included), failed, or the service refused the token. */
export type AutoRefreshOutcome = "done" | "failed" | "refused";

export interface AutoRefreshState {
  readonly setting: AutoRefreshSetting;
  readonly connected: boolean;
  /** The task pane is open (its page runs on while closed, in the shared runtime). */
  readonly shown: boolean;
  /** When the next run is due (ms since the epoch); null while none is planned. */
  readonly nextAt: number | null;
  readonly running: boolean;
  /** Failed runs in a row: each doubles the wait, up to the longest. */
  readonly failures: number;
  /** The service refused the token: no run until the connection changes. */
  readonly stopped: boolean;
  /** When the last due run was skipped because another action ran; null when it was not. */
  readonly skippedAt: number | null;
}

export type AutoRefreshEvent =
  | { readonly type: "setting"; readonly setting: AutoRefreshSetting; readonly now: number }
  /** The connections changed (connected, disconnected, connected again). */
  | { readonly type: "connections"; readonly connected: boolean; readonly now: number }
  | { readonly type: "shown"; readonly shown: boolean; readonly now: number }
  /** The timer fired; `busy`: another action runs now. */
  | { readonly type: "due"; readonly busy: boolean; readonly now: number }
  | { readonly type: "ended"; readonly outcome: AutoRefreshOutcome; readonly now: number };

/** Start a run now, in this mode. */
export interface AutoRefreshRun {
  readonly kind: "run";
  readonly mode: AutoRefreshMode;
}

export type AutoRefreshStep = Step<AutoRefreshState, AutoRefreshRun>;

export const INITIAL: AutoRefreshState = {
  setting: { kind: "off" },
  connected: false,
  shown: true,
  nextAt: null,
  running: false,
  failures: 0,
  stopped: false,
  skippedAt: null,
};

const MINUTE = 60_000;
/** The longest wait after failures: an hour, or the interval when that is longer. */
const LONGEST_BACKOFF = 60 * MINUTE;

/** The wait before the next run: the interval, doubled for each failure in a row, capped. */
export function delayAfter(minutes: number, failures: number): number {
  const interval = minutes * MINUTE;
  if (failures === 0) return interval;
  return Math.max(interval, Math.min(interval * 2 ** failures, LONGEST_BACKOFF));
}

function minutesOf(state: AutoRefreshState): number | null {
  return state.setting.kind === "on" ? state.setting.choice.minutes : null;
}

/** Whether runs may be planned at all now. */
export function autoRefreshActive(state: AutoRefreshState): boolean {
  return state.setting.kind === "on" && state.connected && state.shown && !state.stopped;
}

/** Plans the next run from `now` when runs may be planned and none is; drops it otherwise. */
function planned(state: AutoRefreshState, now: number): AutoRefreshState {
  const minutes = minutesOf(state);
  if (!autoRefreshActive(state) || minutes === null) return { ...state, nextAt: null };
  if (state.running || state.nextAt !== null) return state;
  return { ...state, nextAt: now + delayAfter(minutes, state.failures) };
}

const still = (state: AutoRefreshState): AutoRefreshStep => only(state);

export function reduce(state: AutoRefreshState, event: AutoRefreshEvent): AutoRefreshStep {
  switch (event.type) {
    case "setting":
      // A new choice starts its interval afresh.
      return still(
        planned(
          { ...state, setting: event.setting, nextAt: null, failures: 0, skippedAt: null },
          event.now,
        ),
      );
    case "connections":
      // Connecting again is the user's act: a refused token may have been replaced.
      return still(planned({ ...state, connected: event.connected, stopped: false }, event.now));
    case "shown":
      // Closed: nothing is planned; opened again: a whole interval from then.
      return still(planned({ ...state, shown: event.shown, nextAt: null }, event.now));
    case "due":
      return due(state, event.busy, event.now);
    case "ended":
      return still(ended(state, event.outcome, event.now));
  }
}

function due(state: AutoRefreshState, busy: boolean, now: number): AutoRefreshStep {
  const minutes = minutesOf(state);
  if (!autoRefreshActive(state) || state.running || minutes === null) return still(state);
  if (state.nextAt === null || now < state.nextAt) return still(state);
  if (busy) {
    return still({ ...state, skippedAt: now, nextAt: now + minutes * MINUTE });
  }
  const mode = state.setting.kind === "on" ? state.setting.choice.mode : "new";
  return {
    state: { ...state, running: true, nextAt: null, skippedAt: null },
    effects: [{ kind: "run", mode }],
  };
}

function ended(
  state: AutoRefreshState,
  outcome: AutoRefreshOutcome,
  now: number,
): AutoRefreshState {
  if (!state.running) return state;
  const after: AutoRefreshState = {
    ...state,
    running: false,
    nextAt: null,
    failures: outcome === "failed" ? state.failures + 1 : 0,
    stopped: outcome === "refused",
  };
  return planned(after, now);
}

/** How an automatic run ended, for its schedule: a refused token stops it, a failure slows it. */
export function outcomeOfRun(end: RefreshAllEnd | null): AutoRefreshOutcome {
  if (end === null) return "done";
  if (end.outcome === "failed") return "failed";
  const tables = end.result.tables;
  if (tables.some((table) => table.failure === "auth")) return "refused";
  return tables.some((table) => table.state === "failed") ? "failed" : "done";
}
