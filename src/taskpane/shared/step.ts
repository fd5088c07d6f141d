// What every panel's machine returns for an event: the next state, and the effects the panel
// must carry out (focus a field, cancel a run, say a sentence). A machine stays pure: it names an
// effect, the panel does it.

export interface Step<S, E> {
  readonly state: S;
  readonly effects: readonly E[];
}

/** A panel machine's transition: `machine.ts`'s `reduce`. */
export type Reduce<S, V, E> = (state: S, event: V) => Step<S, E>;

/** The step of a machine whose event only changes its state. */
export function only<S>(state: S): Step<S, never> {
  return { state, effects: [] };
}
