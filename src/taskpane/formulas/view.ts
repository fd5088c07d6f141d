// What the Formulas panel shows in a state of its machine (machine.ts): Refresh data on or off,
// the status line and alert, the cache time field and its problem. Pure: no DOM.

import type { FormulasPanelState, Written } from "./machine";

export interface FormulasPanelView {
  readonly refreshDisabled: boolean;
  readonly status: Written;
  readonly alert: Written;
  readonly cacheField: Written;
  /** Shown under the field, which is marked invalid, when not "". */
  readonly cacheProblem: string;
}

export function formulasPanelView(state: FormulasPanelState): FormulasPanelView {
  return {
    refreshDisabled: state.refreshing,
    status: state.status,
    alert: state.alert,
    cacheField: state.cacheField,
    cacheProblem: state.cacheProblem,
  };
}
