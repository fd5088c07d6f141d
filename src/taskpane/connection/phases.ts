// The connection panel's phases, and what each one shows.

import type { ActiveConnection } from "../../settings/activeConnection";
import { connectedSummary } from "./text";

export type ConnectionPhase =
  | { readonly phase: "disconnected" }
  | { readonly phase: "connecting"; readonly target: string }
  | { readonly phase: "connected"; readonly connection: ActiveConnection };

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

/** The status line while a check is in flight. */
export function connectingMessage(target: string | undefined, quiet: boolean): string {
  const where = target === undefined ? "the server" : target;
  return quiet ? `Reconnecting to ${where}…` : `Connecting to ${where}…`;
}
