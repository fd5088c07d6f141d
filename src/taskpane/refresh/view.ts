// What the automatic refresh shows in a state of its machine (machine.ts): the caption under the
// choice. Pure: no DOM.
import type { AutoRefreshState } from "./machine";

/** Formats a time for the caption: `at 10:35 GMT+1`, or `on 2026-11-27 at 10:35 GMT+1`. */
export type WhenText = (at: number, now: number) => string;

/** The line under the choice: when the next run is, or why none runs. */
export function autoRefreshCaption(state: AutoRefreshState, now: number, when: WhenText): string {
  const { setting } = state;
  if (setting.kind === "invalid") {
    return "This workbook's automatic refresh setting is not one the add-in offers, so it is off.";
  }
  if (setting.kind === "off") return "";
  if (state.stopped) {
    return "Automatic refresh stopped: the service refused the token. Connect again to resume it.";
  }
  if (!state.connected) {
    return "Automatic refresh waits for a connected project: it never connects by itself. Connect on the Connection tab to start it.";
  }
  if (!state.shown) return "Automatic refresh is paused while the pane is closed.";
  if (state.running) return "Automatic refresh running…";
  if (state.nextAt === null) return "";
  const next = `Next refresh ${when(state.nextAt, now)}.`;
  if (state.skippedAt !== null) {
    return `Skipped the refresh ${when(state.skippedAt, now)}: another action was running. ${next}`;
  }
  if (state.failures > 0) return `The last automatic refresh failed. ${next}`;
  return next;
}
