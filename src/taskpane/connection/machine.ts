// The connection panel's state machine: the phase (disconnected, connecting, connected), whether
// the form is open to add a project, the token's visibility, the folded details, the status line
// and the alert. Pure: no DOM. The panel feeds it events and draws what view.ts
// says; the effects tell it what else to do (focus, clear the token, abort the check).

import type { ActiveConnection } from "../../settings/activeConnection";
import type { Step } from "../shared/step";
import { connectingMessage, type ConnectionField } from "./text";

/** A line of text with a serial, so that the same sentence said twice is written twice. */
export type ConnectionPhase =
  | { readonly phase: "disconnected" }
  | { readonly phase: "connecting"; readonly target: string }
  | { readonly phase: "connected"; readonly connection: ActiveConnection };

export interface Said {
  readonly text: string;
  readonly serial: number;
}

export interface ConnectionPanelState {
  readonly phase: ConnectionPhase;
  /** The form is open to add (or connect) a project while another stays connected. */
  readonly adding: boolean;
  /** The workbook showed what it asks for and waits for the user's first connection. */
  readonly awaitingApproval: boolean;
  /** Change unfolded the connected line's details. */
  readonly detailsExpanded: boolean;
  /** The token field shows its text (Show/Hide). */
  readonly tokenShown: boolean;
  /** The status line (a live region). */
  readonly status: Said;
  /** The alert's text; empty: none. */
  readonly alert: string;
  /** The field marked invalid, described by the alert. */
  readonly invalidField?: ConnectionField;
  /**
   * The project name field holds the form's suggestion (from the address), not a name the user
   * typed or the workbook gave: it follows the address as the user types it.
   */
  readonly labelSuggested: boolean;
  /** What the form opened by Add project or a project's Connect is for: its heading. */
  readonly formPurpose?: string;
  /**
   * The pane's own live region, outside the panels: a connection the user asked for moves the
   * pane to the next panel, where the Connection panel's status cannot be seen or heard.
   */
  readonly announcement: Said;
}

export const INITIAL: ConnectionPanelState = {
  phase: { phase: "disconnected" },
  adding: false,
  awaitingApproval: false,
  detailsExpanded: false,
  tokenShown: false,
  status: { text: "", serial: 0 },
  alert: "",
  labelSuggested: true,
  announcement: { text: "", serial: 0 },
};

export type ConnectionEvent =
  /**
   * The saved settings were read; `notice` is what the workbook asks for, if anything;
   * `labelGiven`: the form holds a project's own name.
   */
  | {
      readonly type: "restored";
      readonly notice?: string;
      readonly awaitingApproval: boolean;
      readonly labelGiven: boolean;
    }
  /** The quiet connections at open are over; the workbook's notice is said again. */
  | { readonly type: "restoreFinished"; readonly notice?: string }
  /** One of the workbook's other projects connects quietly, beside `alongside` a connected one. */
  | { readonly type: "quietProjectBegins"; readonly alongside: boolean }
  | { readonly type: "quietProjectEnds" }
  | { readonly type: "connectStarted"; readonly target?: string; readonly quiet: boolean }
  | {
      readonly type: "connectSucceeded";
      readonly project: string;
      /** The connection the summary shows now (the default), if any. */
      readonly shown?: ActiveConnection;
      /** The new connection is the one shown. */
      readonly isShown: boolean;
      readonly warnings: readonly string[];
      readonly quiet: boolean;
    }
  | {
      readonly type: "connectFailed";
      /** The connection still shown, if any. */
      readonly current?: ActiveConnection;
      readonly message: string;
      readonly field?: ConnectionField;
      readonly quiet: boolean;
    }
  | {
      readonly type: "connectCancelled";
      readonly current?: ActiveConnection;
      readonly message: string;
    }
  | { readonly type: "addProjectChosen" }
  /** Cancel in the form opened by Add project or a project's Connect. */
  | { readonly type: "addCancelled" }
  /** A project's own Connect in the list; the form now holds its settings. */
  | {
      readonly type: "projectConnectChosen";
      readonly project: string;
      readonly tokenEmpty: boolean;
      /** Enter new token: the service refused the project's token. */
      readonly newToken?: boolean;
    }
  | {
      readonly type: "disconnected";
      readonly project: string;
      readonly forget: boolean;
      /** No connection is shown any more: the form comes back, empty of its token. */
      readonly formReset: boolean;
      /** The Disconnect beside the summary, in a workbook of one project. */
      readonly onlyProject: boolean;
      /** Not the user's Disconnect: the service refused the token during a run. */
      readonly tokenRefused?: boolean;
    }
  | { readonly type: "tokenNotForgotten" }
  | { readonly type: "rememberDropped" }
  | { readonly type: "sandboxFilled" }
  | { readonly type: "tokenVisibilityToggled" }
  | { readonly type: "detailsToggled" }
  | { readonly type: "fieldEdited"; readonly field: ConnectionField }
  | { readonly type: "madeDefault"; readonly project: string }
  | { readonly type: "makeDefaultFailed" }
  | { readonly type: "removed"; readonly project: string }
  | { readonly type: "removeFailed" }
  | { readonly type: "escape"; readonly focusInForm: boolean; readonly hasCurrent: boolean };

export type FocusTarget = ConnectionField | "connect" | "change" | "nextPanel";

export type ConnectionEffect =
  | { readonly kind: "focus"; readonly target: FocusTarget }
  /** Empty the token field (the token lives in the client only, or was dropped). */
  | { readonly kind: "clearToken" }
  /** Abort the connection check in flight. */
  | { readonly kind: "abortCheck" }
  /** The user's first connection allowed what the workbook asked for. */
  | { readonly kind: "approved" }
  /** Put the name suggested by the form's address in the name field. */
  | { readonly kind: "suggestLabel" }
  /** Fill the form with `project`'s own settings, its token left out. */
  | { readonly kind: "fillProject"; readonly project: string };

export type ConnectionStep = Step<ConnectionPanelState, ConnectionEffect>;

const TOKEN_NOT_FORGOTTEN = "The remembered token could not be removed from this computer.";

/** A new connection may start: none is in flight, and the form is open. */
export function canStartConnect(state: ConnectionPanelState): boolean {
  if (state.phase.phase === "connecting") return false;
  return state.phase.phase !== "connected" || state.adding;
}

/** Events after which the last connection's announcement no longer holds. */
const ENDS_ANNOUNCEMENT: ReadonlySet<ConnectionEvent["type"]> = new Set<ConnectionEvent["type"]>([
  "restored",
  "connectStarted",
  "disconnected",
  "addProjectChosen",
  "projectConnectChosen",
  "madeDefault",
  "removed",
]);

export function reduce(state: ConnectionPanelState, event: ConnectionEvent): ConnectionStep {
  const before =
    ENDS_ANNOUNCEMENT.has(event.type) && state.announcement.text !== ""
      ? { ...state, announcement: { text: "", serial: state.announcement.serial + 1 } }
      : state;
  const step = react(before, event);
  // Each connection starts as one line; Change unfolds it.
  if (step.state.phase.phase !== "connected" && step.state.detailsExpanded) {
    return { ...step, state: { ...step.state, detailsExpanded: false } };
  }
  return step;
}

function say(state: ConnectionPanelState, text: string): Said {
  return { text, serial: state.status.serial + 1 };
}

function stay(state: ConnectionPanelState): ConnectionStep {
  return { state, effects: [] };
}

/** The phase after a check ended without a new connection. */
function phaseAfter(current: ActiveConnection | undefined): ConnectionPhase {
  return current === undefined
    ? { phase: "disconnected" }
    : { phase: "connected", connection: current };
}

function react(state: ConnectionPanelState, event: ConnectionEvent): ConnectionStep {
  switch (event.type) {
    case "restored":
      return stay({
        ...state,
        labelSuggested: !event.labelGiven,
        awaitingApproval: event.awaitingApproval,
        status: event.notice === undefined ? state.status : say(state, event.notice),
      });
    case "restoreFinished":
      return event.notice === undefined
        ? stay(state)
        : stay({ ...state, status: say(state, event.notice) });
    case "quietProjectBegins":
      return stay({ ...state, adding: event.alongside });
    case "quietProjectEnds":
      return stay({ ...state, adding: false });
    case "connectStarted":
      return stay({
        ...withoutProblems(state),
        tokenShown: false,
        phase: { phase: "connecting", target: event.target ?? "the server" },
        status: say(state, connectingMessage(event.target, event.quiet)),
      });
    case "connectSucceeded":
      return connectSucceeded(state, event);
    case "connectFailed":
      return connectFailed(state, event);
    case "connectCancelled":
      return {
        state: { ...state, phase: phaseAfter(event.current), status: say(state, event.message) },
        effects: [{ kind: "focus", target: "connect" }],
      };
    case "disconnected":
      return disconnected(state, event);
    case "escape":
      return escape(state, event);
    case "addCancelled":
      return state.adding && state.phase.phase !== "connecting" ? closeForm(state) : stay(state);
    case "addProjectChosen":
    case "projectConnectChosen":
      return openForm(state, event);
    default:
      return sayOutcome(state, event);
  }
}

/** The outcome of a small action (the list's buttons, Remember, Show, Change), said or shown. */
function sayOutcome(
  state: ConnectionPanelState,
  event: Extract<
    ConnectionEvent,
    {
      type:
        | "tokenNotForgotten"
        | "rememberDropped"
        | "sandboxFilled"
        | "tokenVisibilityToggled"
        | "detailsToggled"
        | "fieldEdited"
        | "madeDefault"
        | "makeDefaultFailed"
        | "removed"
        | "removeFailed";
    }
  >,
): ConnectionStep {
  switch (event.type) {
    case "tokenNotForgotten":
      return stay({ ...state, alert: TOKEN_NOT_FORGOTTEN });
    case "rememberDropped":
      return stay({ ...state, status: say(state, "The token will not be kept on this computer.") });
    case "sandboxFilled":
      return {
        state: {
          ...withoutProblems(state),
          status: say(state, "Sandbox settings filled in. Select Connect to use them."),
        },
        effects: state.labelSuggested ? [{ kind: "suggestLabel" }] : [],
      };
    case "tokenVisibilityToggled":
      return stay({ ...state, tokenShown: !state.tokenShown });
    case "detailsToggled":
      return stay({ ...state, detailsExpanded: !state.detailsExpanded });
    case "fieldEdited":
      return fieldEdited(state, event.field);
    case "madeDefault":
      return stay({
        ...state,
        status: say(state, `${event.project} is now the default project.`),
      });
    case "makeDefaultFailed":
      return stay({
        ...state,
        alert: "The default project could not be saved in this workbook.",
      });
    case "removed":
      return stay({
        ...state,
        status: say(
          state,
          `${event.project} was removed from this workbook. Its sheets stay as they are, and are not refreshed.`,
        ),
      });
    case "removeFailed":
      return stay({ ...state, alert: "The project could not be removed from this workbook." });
  }
}

/** The form opened to add a project, or to connect one of the list. */
function openForm(
  state: ConnectionPanelState,
  event: Extract<ConnectionEvent, { type: "addProjectChosen" | "projectConnectChosen" }>,
): ConnectionStep {
  switch (event.type) {
    case "addProjectChosen":
      return {
        state: {
          ...withoutProblems(state),
          adding: true,
          labelSuggested: true,
          formPurpose: "Add a project",
          status: say(
            state,
            "Enter the new project's address, token and identity, check its name, then select Connect.",
          ),
        },
        effects: [{ kind: "suggestLabel" }, { kind: "focus", target: "apiAddress" }],
      };
    case "projectConnectChosen":
      return {
        state: {
          ...withoutProblems(state),
          adding: true,
          labelSuggested: false,
          formPurpose: `${event.newToken === true ? "New token for" : "Connect"} ${event.project}`,
          status: say(
            state,
            event.newToken === true
              ? `The service refused the token for ${event.project}. Enter a new one, then select Connect.`
              : `Enter the token for ${event.project} if needed, then select Connect.`,
          ),
        },
        effects: [{ kind: "focus", target: event.tokenEmpty ? "token" : "connect" }],
      };
  }
}

/** A field was typed in: its mark goes, and the suggested name follows the address. */
function fieldEdited(state: ConnectionPanelState, field: ConnectionField): ConnectionStep {
  const next = state.invalidField === field ? withoutField(state) : state;
  if (field === "label") return stay({ ...next, labelSuggested: false });
  const follows = state.labelSuggested && field === "apiAddress";
  return { state: next, effects: follows ? [{ kind: "suggestLabel" }] : [] };
}

/** The form opened by Add project or a project's Connect closes; the connections stay. */
function closeForm(state: ConnectionPanelState): ConnectionStep {
  return {
    state: {
      ...withoutPurpose(withoutProblems(state)),
      adding: false,
      status: say(state, "No project was added."),
    },
    effects: [{ kind: "clearToken" }, { kind: "focus", target: "change" }],
  };
}

function withoutPurpose(state: ConnectionPanelState): ConnectionPanelState {
  const { formPurpose: _dropped, ...rest } = state;
  return rest;
}

function withoutField(state: ConnectionPanelState): ConnectionPanelState {
  const { invalidField: _dropped, ...rest } = state;
  return rest;
}

function withoutProblems(state: ConnectionPanelState): ConnectionPanelState {
  return { ...withoutField(state), alert: "" };
}

function connectSucceeded(
  state: ConnectionPanelState,
  event: Extract<ConnectionEvent, { type: "connectSucceeded" }>,
): ConnectionStep {
  // The summary beside Disconnect names server, version and identity; the live region only
  // announces the change (and any setting that could not be kept).
  const effects: ConnectionEffect[] = [{ kind: "clearToken" }];
  const next: ConnectionPanelState = {
    ...withoutPurpose(state),
    adding: false,
    phase: phaseAfter(event.shown),
  };
  if (event.quiet) {
    const which = event.isShown ? "Connected." : `Connected to ${event.project}.`;
    return {
      state: { ...next, status: say(state, [which, ...event.warnings].join(" ")) },
      effects,
    };
  }
  // The pane moves on to the next panel: the Connection panel's status would be hidden there.
  effects.push({ kind: "focus", target: "nextPanel" });
  if (state.awaitingApproval) effects.push({ kind: "approved" });
  const text = [`Connected to project ${event.project}.`, ...event.warnings].join(" ");
  return {
    state: {
      ...next,
      awaitingApproval: false,
      status: say(state, ""),
      announcement: { text, serial: state.announcement.serial + 1 },
    },
    effects,
  };
}

function connectFailed(
  state: ConnectionPanelState,
  event: Extract<ConnectionEvent, { type: "connectFailed" }>,
): ConnectionStep {
  const next: ConnectionPanelState = {
    ...withoutField(state),
    phase: phaseAfter(event.current),
    status: say(state, "Not connected."),
    alert: event.message,
    ...(event.field === undefined ? {} : { invalidField: event.field }),
  };
  if (event.quiet) return stay(next);
  return { state: next, effects: [{ kind: "focus", target: event.field ?? "connect" }] };
}

function disconnected(
  state: ConnectionPanelState,
  event: Extract<ConnectionEvent, { type: "disconnected" }>,
): ConnectionStep {
  let text: string;
  if (event.tokenRefused === true) {
    text = `The service refused the token for ${event.project}, so it is disconnected. Enter a new token to connect it again.`;
  } else if (event.onlyProject) {
    text = event.forget
      ? "Disconnected. The token is no longer kept on this computer. Its recent journals are forgotten too."
      : "Disconnected. Enter the access token to connect again.";
  } else {
    text = event.forget
      ? `Disconnected from ${event.project}. Its token is no longer kept on this computer. Its recent journals are forgotten too.`
      : `Disconnected from ${event.project}.`;
  }
  const next = { ...withoutProblems(state), status: say(state, text) };
  if (!event.formReset) return stay(next);
  // The form comes back with the project just disconnected, never another one of the list.
  return {
    state: {
      ...withoutPurpose(next),
      adding: false,
      labelSuggested: false,
      phase: { phase: "disconnected" },
      tokenShown: false,
    },
    effects: [
      { kind: "fillProject", project: event.project },
      { kind: "clearToken" },
      // A refusal found during a run leaves the keyboard where the user is.
      ...(event.tokenRefused === true ? [] : [{ kind: "focus", target: "token" } as const]),
    ],
  };
}

function escape(
  state: ConnectionPanelState,
  event: Extract<ConnectionEvent, { type: "escape" }>,
): ConnectionStep {
  if (state.phase.phase === "connecting") return { state, effects: [{ kind: "abortCheck" }] };
  // Escape in the form opened by Add project closes it; the connected projects stay.
  if (!state.adding || !event.hasCurrent || !event.focusInForm) return stay(state);
  return closeForm(state);
}
