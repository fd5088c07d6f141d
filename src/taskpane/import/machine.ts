// The import panel's state machine: connected or not, what runs (this import, Refresh all or
// nothing), a Cancel asked for, the progress bar and the counts. Pure: no DOM. The panel feeds
// it events and draws what view.ts says; the effects say what the panel's one message
// area shows (a start replaces whatever the action before said), and when a run must be
// cancelled.

import type { ImportProgress } from "../../import/importTypes";
import type { RunningKind } from "./importRun";
import { ImportEnd, importEndMessage } from "./text";
import { progressBarState, progressText } from "../shared/progressView";
import type { PanelMessage } from "../shared/messageArea";
import type { Step } from "../shared/step";

/** The progress bar as drawn. */
export interface ProgressBarView {
  readonly shown: boolean;
  /** aria-valuenow and aria-valuemax; absent: removed (no total known, or none yet). */
  readonly valueNow?: number;
  readonly valueMax?: number;
  readonly indeterminate: boolean;
  /** The fill's CSS width; absent: the stylesheet's (an indeterminate bar). */
  readonly width?: string;
  readonly valueText?: string;
}

export interface ImportPanelState {
  readonly connected: boolean;
  readonly running: RunningKind;
  /** Cancel was selected for the running import. */
  readonly cancelling: boolean;
  readonly bar: ProgressBarView;
  /** "120 records · 3 pages"; absent: the line is hidden. */
  readonly counts?: string;
}

export const INITIAL: ImportPanelState = {
  connected: false,
  running: null,
  cancelling: false,
  bar: { shown: false, indeterminate: false },
};

/** Why Import or Fetch new did not start. */
export type ImportRefusal =
  /** The chosen project (absent: the default, unnamed) is not connected. */
  | { readonly reason: "notConnected"; readonly project?: string }
  /** The collection's path under Collection paths is invalid. */
  | { readonly reason: "badPath"; readonly collection: string };

export type ImportEvent =
  | { readonly type: "connectionChanged"; readonly connected: boolean }
  | { readonly type: "runningChanged"; readonly running: RunningKind }
  | { readonly type: "refused"; readonly refusal: ImportRefusal }
  /** Collection paths had something to say (a path it could not save, say). */
  | { readonly type: "pathsAlert"; readonly message: string }
  | { readonly type: "started"; readonly progress: ImportProgress }
  | { readonly type: "progressed"; readonly progress: ImportProgress }
  | { readonly type: "ended"; readonly end: ImportEnd; readonly last: ImportProgress }
  /** Cancel or Escape; `accepted`: a run was there to cancel. */
  | { readonly type: "cancelAsked"; readonly accepted: boolean };

export type ImportEffect =
  /** The message area says `text`: at once, or (`now` false) throttled while pages arrive. */
  | { readonly kind: "say"; readonly text: string; readonly now: boolean }
  /** The message area shows an outcome (replacing anything said before). */
  | { readonly kind: "show"; readonly message: PanelMessage }
  /** Cancel whatever runs (the connection went away). */
  | { readonly kind: "cancelRun" };

export type ImportStep = Step<ImportPanelState, ImportEffect>;

export function refusalMessage(refusal: ImportRefusal): string {
  if (refusal.reason === "badPath") {
    // The field itself shows the rule; the message says where to look.
    return `Correct the ${refusal.collection} path under Collection paths, then import again.`;
  }
  const name = refusal.project ?? "The default project";
  return `${name} is not connected. Connect it on the Connection tab, or choose another project.`;
}

export function reduce(state: ImportPanelState, event: ImportEvent): ImportStep {
  switch (event.type) {
    case "connectionChanged":
      return {
        state: { ...state, connected: event.connected },
        effects: event.connected ? [] : [{ kind: "cancelRun" }],
      };
    case "runningChanged": {
      const next = { ...state, running: event.running, cancelling: false };
      if (event.running !== "all") return { state: next, effects: [] };
      // Refresh all is the next action: this import's bar and counts are no longer about it.
      const { counts: _counts, ...rest } = next;
      return { state: { ...rest, bar: { shown: false, indeterminate: false } }, effects: [] };
    }
    case "refused":
      return { state, effects: [showError(refusalMessage(event.refusal))] };
    case "pathsAlert":
      return { state, effects: [showError(event.message)] };
    case "started":
      return progressed(state, event.progress, true);
    case "progressed":
      return progressed(state, event.progress, false);
    case "ended":
      return ended(state, event.end, event.last);
    case "cancelAsked":
      if (!event.accepted) return { state, effects: [] };
      return {
        state: { ...state, cancelling: true },
        effects: [{ kind: "say", text: "Cancelling the import…", now: true }],
      };
  }
}

function showError(text: string): ImportEffect {
  return { kind: "show", message: { tone: "error", text } };
}

function progressed(state: ImportPanelState, progress: ImportProgress, now: boolean): ImportStep {
  const bar = progressBarState(progress);
  const drawn: ProgressBarView =
    bar.valueNow === undefined || bar.valueMax === undefined
      ? { shown: true, indeterminate: true, valueText: bar.valueText }
      : {
          shown: true,
          indeterminate: false,
          valueNow: bar.valueNow,
          valueMax: bar.valueMax,
          width: `${Math.round((bar.fraction ?? 0) * 1000) / 10}%`,
          valueText: bar.valueText,
        };
  return {
    state: { ...state, bar: drawn, counts: progressText(progress) },
    effects: [{ kind: "say", text: progress.message, now }],
  };
}

/** The bar after the end: full when complete, otherwise left where it stopped. */
function stoppedBar(
  bar: ProgressBarView,
  complete: boolean,
  last: ImportProgress,
): ProgressBarView {
  if (complete) {
    const records = last.total ?? last.records;
    return { ...bar, indeterminate: false, valueNow: records, valueMax: records, width: "100%" };
  }
  if (bar.valueNow === undefined) return { ...bar, indeterminate: false, width: "0%" };
  return { ...bar, indeterminate: false };
}

function ended(state: ImportPanelState, end: ImportEnd, last: ImportProgress): ImportStep {
  const complete = end.outcome === "finished" && end.complete;
  const next = { ...state, counts: progressText(last), bar: stoppedBar(state.bar, complete, last) };
  // One message, a failure's included: said once, not as a status and again as an alert.
  return { state: next, effects: [{ kind: "show", message: importEndMessage(end) }] };
}
