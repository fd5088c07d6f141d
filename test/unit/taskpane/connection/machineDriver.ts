// What the connection machine's tests share: a connection to show, and a driver that runs events.
import { LedgerApi } from "../../../../src/api/index";
import type { ActiveConnection } from "../../../../src/settings/activeConnection";
import {
  ConnectionEffect,
  ConnectionEvent,
  INITIAL,
  reduce,
} from "../../../../src/taskpane/connection/machine";

export const ACME: ActiveConnection = {
  api: new LedgerApi({
    apiAddress: "https://api.example.com/v1",
    version: "v1",
    token: "t",
    identity: "acme",
  }),
  origin: "https://api.example.com",
  host: "api.example.com",
  apiAddress: "https://api.example.com/v1",
  version: "v1",
  identity: "acme",
  project: "Acme",
};

/** Runs `events` from `state`; returns the last state and every effect, in order. */
export function drive(events: readonly ConnectionEvent[], state = INITIAL) {
  const effects: ConnectionEffect[] = [];
  for (const event of events) {
    const step = reduce(state, event);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}
