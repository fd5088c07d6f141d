// The journal panel's state machine: which action runs, what the active sheet shows, which sheet
// was found changed on the server, and which message the panel shows. Pure: no DOM and no Office,
// so unit tests drive it as the panel does; view.ts says what it shows, elements.ts draws that.

import {
  ActiveJournalInfo,
  busyText,
  CANCELLING,
  EMPTY_REFERENCE,
  isCancellable,
  JournalAction,
  JournalReport,
} from "./text";
import { waitingForCellEditProgress } from "../../import/progressReport";
import { only, type Step } from "../shared/step";

/**
 * The sheet whose journal was found changed on the server, and the server version the warning
 * showed (an overwrite replaces only that one).
 */
export interface StaleSheet {
  readonly sheetKey: string;
  readonly serverUpdatedAt?: string;
}

/**
 * The sheet and server version a send asked about before changing unedited values, and whether
 * that send was an overwrite (sending anyway overwrites the same version).
 */
export interface ResetsAsked {
  readonly sheetKey: string;
  readonly serverUpdatedAt: string;
  readonly overwriting: boolean;
}

/** The status line and the alert, with a count that changes each time one is set (even to the same words, which are then said again). */
export interface PanelMessage {
  readonly status: string;
  readonly alert: string;
  readonly serial: number;
}

export interface JournalPanelState {
  /** Some project is connected. */
  readonly connected: boolean;
  /** The action running, and whether Cancel was asked for. */
  readonly action: JournalAction | undefined;
  readonly cancelling: boolean;
  /** The active sheet's journal: null when it shows none, undefined when not known. */
  readonly info: ActiveJournalInfo | null | undefined;
  readonly stale: StaleSheet | undefined;
  /** The sheet and server version a send would change unedited values of, while the pane asks. */
  readonly resets: ResetsAsked | undefined;
  readonly message: PanelMessage;
  /** The reference field is marked invalid (the alert says why). */
  readonly referenceInvalid: boolean;
  /** Counts the reads of the active sheet and the actions: a read overtaken by either is dropped. */
  readonly readGeneration: number;
  /** A read of the active sheet is under way, and another was asked for meanwhile. */
  readonly reading: boolean;
  readonly readAgain: boolean;
}

export type JournalPanelEvent =
  | { readonly type: "connection"; readonly connected: boolean }
  | { readonly type: "emptyReference" }
  | { readonly type: "referenceEdited" }
  | { readonly type: "started"; readonly action: JournalAction }
  | { readonly type: "cancelRequested" }
  /** A batch of the action starts or stops waiting for the user to finish editing a cell. */
  | { readonly type: "waitingForCellEdit"; readonly waiting: boolean }
  | { readonly type: "opened"; readonly info: ActiveJournalInfo }
  | { readonly type: "staleFound"; readonly stale: StaleSheet }
  | { readonly type: "staleClosed" }
  | { readonly type: "resetsFound"; readonly resets: ResetsAsked }
  | { readonly type: "resetsClosed" }
  | { readonly type: "finished"; readonly report: JournalReport }
  | { readonly type: "readRequested" }
  | {
      readonly type: "readFinished";
      readonly generation: number;
      readonly info: ActiveJournalInfo | null | undefined;
    }
  | { readonly type: "serverVersionKept" }
  | { readonly type: "cellGone"; readonly sheetName: string };

export const SERVER_VERSION_KEPT = "The server version was kept. Your sheet still has your edits.";

export const INITIAL: JournalPanelState = {
  connected: false,
  action: undefined,
  cancelling: false,
  info: undefined,
  stale: undefined,
  resets: undefined,
  message: { status: "", alert: "", serial: 0 },
  referenceInvalid: false,
  readGeneration: 0,
  reading: false,
  readAgain: false,
};

/** True when no action runs and a project is connected: an action may start. */
export function isIdle(state: JournalPanelState): boolean {
  return state.connected && state.action === undefined;
}

function say(
  state: JournalPanelState,
  words: { status?: string; alert?: string },
): JournalPanelState {
  const { message } = state;
  return {
    ...state,
    message: {
      status: words.status ?? message.status,
      alert: words.alert ?? message.alert,
      serial: message.serial + 1,
    },
  };
}

/** The step after `event`: a new state and no effect (the panel does the actions itself). */
export function reduce(
  state: JournalPanelState,
  event: JournalPanelEvent,
): Step<JournalPanelState, never> {
  return only(next(state, event));
}

/** The state after `event`; events that do not apply in `state` leave it as it is. */
function next(state: JournalPanelState, event: JournalPanelEvent): JournalPanelState {
  switch (event.type) {
    case "connection":
      return event.connected
        ? { ...state, connected: true }
        : { ...state, connected: false, info: undefined, stale: undefined, resets: undefined };
    case "emptyReference":
      if (state.action !== undefined) return state;
      return { ...say(state, { status: "", alert: EMPTY_REFERENCE }), referenceInvalid: true };
    case "referenceEdited":
      return state.referenceInvalid ? { ...state, referenceInvalid: false } : state;
    case "started":
      return start(state, event.action);
    case "cancelRequested":
      if (state.action === undefined || !isCancellable(state.action) || state.cancelling) {
        return state;
      }
      return { ...say(state, { status: CANCELLING }), cancelling: true };
    case "waitingForCellEdit":
      if (state.action === undefined || state.cancelling) return state;
      return say(state, {
        status: event.waiting ? waitingForCellEditProgress() : busyText(state.action),
      });
    case "opened":
      return { ...state, info: event.info };
    case "staleFound":
      return { ...state, stale: event.stale };
    case "staleClosed":
      return state.stale === undefined ? state : { ...state, stale: undefined };
    case "resetsFound":
      return { ...state, resets: event.resets };
    case "resetsClosed":
      return state.resets === undefined ? state : { ...state, resets: undefined };
    case "finished":
      if (state.action === undefined) return state;
      return {
        ...say(state, { status: event.report.status, alert: event.report.alert }),
        action: undefined,
        cancelling: false,
      };
    case "readRequested":
      return readRequested(state);
    case "readFinished":
      return readFinished(state, event.generation, event.info);
    case "serverVersionKept":
      return say(state, { status: SERVER_VERSION_KEPT });
    case "cellGone":
      return say(state, {
        alert: `The sheet “${event.sheetName}” is gone; validate the journal again.`,
      });
  }
}

function start(state: JournalPanelState, action: JournalAction): JournalPanelState {
  if (!isIdle(state)) return state;
  return {
    ...say(state, { status: busyText(action), alert: "" }),
    action,
    cancelling: false,
    referenceInvalid: false,
    readGeneration: state.readGeneration + 1,
  };
}

/** A read starts when none is under way; else one more is owed when it ends. */
function readRequested(state: JournalPanelState): JournalPanelState {
  if (!isIdle(state)) return state;
  if (state.reading) return { ...state, readAgain: true };
  return { ...state, reading: true, readAgain: false, readGeneration: state.readGeneration + 1 };
}

/** A read's answer counts unless an action started meanwhile (it reads again when it ends). */
function readFinished(
  state: JournalPanelState,
  generation: number,
  info: ActiveJournalInfo | null | undefined,
): JournalPanelState {
  const done = { ...state, reading: false };
  const current = generation === state.readGeneration && isIdle(state);
  return current ? { ...done, info } : done;
}
