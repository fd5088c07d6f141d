// What the journal panel shows in a state of its machine (machine.ts): the buttons on or off, the
// field, the lines about the active sheet. Pure: no DOM.

import type { JournalPanelState } from "./machine";
import { journalControls, type JournalControls } from "./text";

/** What the panel's controls are: the buttons on or off, the field, the lines about the sheet. */
export interface JournalPanelControls extends JournalControls {
  /** Cancel is shown ({@link JournalControls.cancel}) but off once it was pressed. */
  readonly cancelEnabled: boolean;
  /** The reference field is read-only while an action runs. */
  readonly referenceReadOnly: boolean;
}

export function journalPanelControls(state: JournalPanelState): JournalPanelControls {
  const controls = journalControls(state);
  return {
    ...controls,
    cancelEnabled: controls.cancel && !state.cancelling,
    referenceReadOnly: state.action !== undefined,
  };
}
