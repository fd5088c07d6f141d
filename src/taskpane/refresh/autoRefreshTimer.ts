// Runs the automatic refresh's machine (machine.ts) against a clock: one timer armed for the next run's time, re-armed
// whenever the plan changes, the run started when it fires and its outcome fed back. The clock
// is injected (the page's own timers in the pane; a test's manual clock in unit tests).
import type { AutoRefreshMode, AutoRefreshSetting } from "../../settings/autoRefresh";
import { mountMachine } from "../shared/mountMachine";
import {
  INITIAL,
  reduce,
  type AutoRefreshEvent,
  type AutoRefreshOutcome,
  type AutoRefreshState,
} from "./machine";

export interface AutoRefreshClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AutoRefreshTimerOptions {
  readonly clock: AutoRefreshClock;
  /** Whether another action runs now (an import, Fetch new, Refresh all). */
  readonly busy: () => boolean;
  /** Runs Refresh all or Fetch new for all; resolves with how it ended. */
  readonly run: (mode: AutoRefreshMode) => Promise<AutoRefreshOutcome>;
  /** Every change of the state (the caption is drawn from it). */
  readonly changed: (state: AutoRefreshState) => void;
}

export interface AutoRefreshTimer {
  readonly state: AutoRefreshState;
  setting(setting: AutoRefreshSetting): void;
  connections(connected: boolean): void;
  shown(shown: boolean): void;
  /** Stops the timer for good (the pane goes away). */
  dispose(): void;
}

/** The page's own clock. */
export const pageClock: AutoRefreshClock = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startAutoRefreshTimer(options: AutoRefreshTimerOptions): AutoRefreshTimer {
  const { clock } = options;
  let handle: unknown = null;
  let armedFor: number | null = null;
  let disposed = false;
  const machine = mountMachine({
    reduce,
    initial: INITIAL,
    render: (state: AutoRefreshState, previous: AutoRefreshState) => {
      arm(state);
      if (state !== previous) options.changed(state);
    },
    apply: (effect) => void runOnce(effect.mode),
  });

  function arm(state: AutoRefreshState): void {
    if (state.nextAt === armedFor) return;
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
    armedFor = state.nextAt;
    if (armedFor === null || disposed) return;
    handle = clock.setTimeout(
      () => {
        handle = null;
        armedFor = null;
        dispatch({ type: "due", busy: options.busy(), now: clock.now() });
      },
      Math.max(0, armedFor - clock.now()),
    );
  }

  function dispatch(event: AutoRefreshEvent): void {
    machine.dispatch(event);
  }

  async function runOnce(mode: AutoRefreshMode): Promise<void> {
    let outcome: AutoRefreshOutcome;
    try {
      outcome = await options.run(mode);
    } catch {
      outcome = "failed";
    }
    dispatch({ type: "ended", outcome, now: clock.now() });
  }

  return {
    get state() {
      return machine.state;
    },
    setting: (setting) => dispatch({ type: "setting", setting, now: clock.now() }),
    connections: (connected) => dispatch({ type: "connections", connected, now: clock.now() }),
    shown: (shown) => dispatch({ type: "shown", shown, now: clock.now() }),
    dispose: () => {
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
      disposed = true;
      machine.stop();
    },
  };
}
