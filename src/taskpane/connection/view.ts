// What the connection panel shows and enables in a state of its machine (machine.ts).
// Pure: no DOM.

import type { ConnectionPanelState, ConnectionPhase, Said } from "./machine";
import { connectedSummary, type ConnectionField } from "./text";

/** What the connection panel shows in a phase. */
export interface ConnectionView {
  /** The form (address, version, token, identity) is shown. */
  readonly showForm: boolean;
  /** The form's controls are disabled (a check is in flight). */
  readonly formBusy: boolean;
  /** The Connect button's text. */
  readonly connectLabel: string;
  /** The "Connected to …" line; shown with the Disconnect button when present. */
  readonly summary?: string;
}

export function connectionView(state: ConnectionPhase): ConnectionView {
  switch (state.phase) {
    case "disconnected":
      return { showForm: true, formBusy: false, connectLabel: "Connect" };
    case "connecting":
      return { showForm: true, formBusy: true, connectLabel: "Connecting…" };
    case "connected":
      return {
        showForm: false,
        formBusy: false,
        connectLabel: "Connect",
        summary: connectedSummary({
          baseUrl: state.connection.api.baseUrl,
          project: state.connection.project,
        }),
      };
  }
}

/** What the panel shows and enables in a state. */
export interface ConnectionPanelView {
  readonly showForm: boolean;
  /** The form's controls, Connect and Use sandbox are disabled (a check is in flight). */
  readonly formBusy: boolean;
  readonly connectLabel: string;
  /** The connected line with Change and Disconnect; absent: hidden. */
  readonly summary?: string;
  readonly detailsExpanded: boolean;
  readonly tokenShown: boolean;
  readonly status: Said;
  readonly alert: string;
  readonly invalidField?: ConnectionField;
  /** The form's heading and its Cancel, when it opened beside a connected project. */
  readonly formHeading?: string;
  readonly showCancel: boolean;
  /** The pane's live region outside the panels. */
  readonly announcement: Said;
}

export function connectionPanelView(state: ConnectionPanelState): ConnectionPanelView {
  const view = connectionView(state.phase);
  return {
    showForm: view.showForm || state.adding,
    formBusy: view.formBusy,
    connectLabel: view.connectLabel,
    ...(view.summary === undefined ? {} : { summary: view.summary }),
    detailsExpanded: view.summary !== undefined && state.detailsExpanded,
    tokenShown: state.tokenShown,
    status: state.status,
    alert: state.alert,
    ...(state.invalidField === undefined ? {} : { invalidField: state.invalidField }),
    ...(state.adding && state.formPurpose !== undefined ? { formHeading: state.formPurpose } : {}),
    showCancel: state.adding && state.formPurpose !== undefined,
    announcement: state.announcement,
  };
}
