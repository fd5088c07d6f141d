// The Formulas panel's state machine: Refresh data (running or not, and the panel's status line
// and alert, which the list's Insert writes too) and the cache time field (the value shown, the
// value saved, whether the user typed, and what is wrong with it). Pure: no DOM. The panel feeds
// it events and draws what view.ts says; the one effect saves a new cache time.

import { checkCacheSecondsInput, DEFAULT_CACHE_SECONDS } from "../../settings/formulaCacheTime";
import { only, type Step } from "../shared/step";
import { CACHE_UNREADABLE, REFRESH_FAILED, REFRESHED, REFRESHING } from "./text";

/** A line the panel writes; `serial` changes each time it is written, even with the same words. */
export interface Written {
  readonly text: string;
  readonly serial: number;
}

export interface FormulasPanelState {
  readonly refreshing: boolean;
  readonly status: Written;
  readonly alert: Written;
  /** What the cache time field holds: the saved seconds, or what the user typed. */
  readonly cacheField: Written;
  /** The seconds saved (or being saved) in the workbook. */
  readonly seconds: number;
  /** The user changed the field: a late read of the workbook must not write over it. */
  readonly edited: boolean;
  /** Why the field's value is not used; "" when it is. */
  readonly cacheProblem: string;
}

export type FormulasPanelEvent =
  | { readonly type: "cacheRead"; readonly seconds: number }
  | { readonly type: "cacheUnreadable" }
  | { readonly type: "cacheTyped"; readonly value: string }
  | { readonly type: "cacheUnsaved"; readonly message: string }
  | { readonly type: "refreshStarted" }
  | { readonly type: "refreshEnded"; readonly ok: boolean }
  /** The formula list's Insert said something, in the status line or the alert. */
  | { readonly type: "said"; readonly text: string }
  | { readonly type: "alerted"; readonly text: string };

/** Save this cache time in the workbook. */
export interface SaveCacheSeconds {
  readonly kind: "saveCacheSeconds";
  readonly seconds: number;
}

export const INITIAL: FormulasPanelState = {
  refreshing: false,
  status: { text: "", serial: 0 },
  alert: { text: "", serial: 0 },
  cacheField: { text: String(DEFAULT_CACHE_SECONDS), serial: 0 },
  seconds: DEFAULT_CACHE_SECONDS,
  edited: false,
  cacheProblem: "",
};

const written = (before: Written, text: string): Written => ({ text, serial: before.serial + 1 });

export function reduce(
  state: FormulasPanelState,
  event: FormulasPanelEvent,
): Step<FormulasPanelState, SaveCacheSeconds> {
  switch (event.type) {
    case "cacheRead":
      // A value typed meanwhile wins; it is saved on its own.
      if (state.edited) return only(state);
      return only({
        ...state,
        seconds: event.seconds,
        cacheField: written(state.cacheField, String(event.seconds)),
      });
    case "cacheUnreadable":
      return only({ ...state, cacheProblem: CACHE_UNREADABLE });
    case "cacheTyped":
      return cacheTyped(state, event.value);
    case "cacheUnsaved":
      return only({ ...state, cacheProblem: event.message });
    case "refreshStarted":
      return only({
        ...state,
        refreshing: true,
        alert: written(state.alert, ""),
        status: written(state.status, REFRESHING),
      });
    case "refreshEnded":
      return only(
        event.ok
          ? { ...state, refreshing: false, status: written(state.status, REFRESHED) }
          : {
              ...state,
              refreshing: false,
              status: written(state.status, ""),
              alert: written(state.alert, REFRESH_FAILED),
            },
      );
    case "said":
      return only({ ...state, status: written(state.status, event.text) });
    case "alerted":
      return only({ ...state, alert: written(state.alert, event.text) });
  }
}

function cacheTyped(
  state: FormulasPanelState,
  value: string,
): Step<FormulasPanelState, SaveCacheSeconds> {
  const check = checkCacheSecondsInput(value);
  const typed = { ...state, edited: true };
  if (!check.ok) return only({ ...typed, cacheProblem: check.message });
  const shown = {
    ...typed,
    cacheProblem: "",
    cacheField: written(state.cacheField, String(check.seconds)),
  };
  if (check.seconds === state.seconds) return only(shown);
  return {
    state: { ...shown, seconds: check.seconds },
    effects: [{ kind: "saveCacheSeconds", seconds: check.seconds }],
  };
}
