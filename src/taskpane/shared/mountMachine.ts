// Runs a panel's machine: holds its state, and for each event takes the machine's step, draws the
// new state, then carries out the step's effects in order. The one dispatch loop every panel uses.

import type { Reduce } from "./step";

export interface MachineWiring<S, V, E> {
  readonly reduce: Reduce<S, V, E>;
  readonly initial: S;
  /** Draws `state`; `previous` is the state before the event (the same object when unchanged). */
  readonly render: (state: S, previous: S) => void;
  /** Carries out one effect, after the state it came with is drawn. */
  readonly apply?: (effect: E) => void;
  /** After the effects: what depends on both the state and what the effects did to the page. */
  readonly settled?: (state: S) => void;
}

export interface MountedMachine<S, V> {
  readonly state: S;
  dispatch(event: V): void;
  /** Ignores every later event: the panel is gone, and nothing may be drawn or started. */
  stop(): void;
}

export function mountMachine<S, V, E>(wiring: MachineWiring<S, V, E>): MountedMachine<S, V> {
  let state = wiring.initial;
  let stopped = false;
  return {
    get state() {
      return state;
    },
    dispatch(event: V): void {
      if (stopped) return;
      const previous = state;
      const step = wiring.reduce(state, event);
      state = step.state;
      wiring.render(state, previous);
      for (const effect of step.effects) wiring.apply?.(effect);
      wiring.settled?.(state);
    },
    stop(): void {
      stopped = true;
    },
  };
}
