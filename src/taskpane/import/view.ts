// What the import panel shows and enables in a state of its machine (machine.ts). Pure: no DOM.

import type { ImportPanelState, ProgressBarView } from "./machine";

/** What the panel shows and enables in a state. */
export interface ImportPanelView {
  /** The whole form is disabled, and the hint "Connect to import" shown. */
  readonly controlsDisabled: boolean;
  readonly hintShown: boolean;
  /** Import, Fetch new, Collection and Project are disabled while anything runs. */
  readonly startDisabled: boolean;
  /** Cancel belongs to this panel's own import, not to Refresh all. */
  readonly cancelShown: boolean;
  readonly cancelDisabled: boolean;
  readonly bar: ProgressBarView;
  readonly counts?: string;
}

export function importPanelView(state: ImportPanelState): ImportPanelView {
  return {
    controlsDisabled: !state.connected,
    hintShown: !state.connected,
    startDisabled: state.running !== null,
    cancelShown: state.running === "one",
    cancelDisabled: state.running !== "one" || state.cancelling,
    bar: state.bar,
    ...(state.counts === undefined ? {} : { counts: state.counts }),
  };
}
