// The connection in use, held in memory only; nothing here is ever written anywhere. The task
// pane and the custom functions run on one shared-runtime page with one webpack runtime
// (runtimeChunk "single"), so both bundles see this one module and its one holder.

import type { ApiVersion, LedgerApi } from "../api";

export interface ActiveConnection {
  /** The client, which holds the token. */
  readonly api: LedgerApi;
  /** `https://api.example.com`: where the token may be sent. */
  readonly origin: string;
  /** `api.example.com` (with its port, if any), for messages. */
  readonly host: string;
  readonly version: ApiVersion;
  readonly identity: string;
}

export type ActiveConnectionListener = (connection: ActiveConnection | undefined) => void;

/** Holds the current connection and tells listeners when it changes. */
export class ActiveConnectionHolder {
  private connection: ActiveConnection | undefined;
  private readonly listeners = new Set<ActiveConnectionListener>();

  get current(): ActiveConnection | undefined {
    return this.connection;
  }

  set(connection: ActiveConnection | undefined): void {
    this.connection = connection;
    for (const listener of [...this.listeners]) listener(connection);
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  subscribe(listener: ActiveConnectionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The active connection: set by the task pane, read by the LEDGER.* formulas. */
export const activeConnection = new ActiveConnectionHolder();
