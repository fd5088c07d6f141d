// Connecting and disconnecting: checks the form, proves the connection with one real request,
// then keeps the token where the user chose and the rest in the workbook. No DOM, no Office
// globals: the stores and the client options come in, so all of it runs under unit tests.

import { ClientOptions, isApiError, LedgerApi, resolveBaseUrl } from "../api";
import type { ActiveConnection } from "../settings/activeConnection";
import {
  loadStartingConnection,
  loadWorkbookConnection,
  SavedConnection,
  saveLastConnection,
  saveWorkbookConnection,
} from "../settings/connectionSettings";
import { forgetToken, recallToken, rememberToken } from "../settings/rememberedToken";
import type { DocumentSettingsStore, SecretStore } from "../settings/stores";
import {
  checkConnectionForm,
  ConnectionField,
  ConnectionFormValues,
  describeConnectFailure,
  hostOf,
  isApiVersion,
} from "./connectionForm";

export interface SessionStores {
  /** The workbook's settings. */
  readonly workbook: DocumentSettingsStore;
  /** The add-in's storage on this computer; absent where the host has none (remembering is off). */
  readonly device?: SecretStore;
  /** Client options for every request (tests pass a fake fetch). */
  readonly clientOptions?: ClientOptions;
}

/** The connection check is one small request: it should answer fast or fail fast. */
export const CHECK_OPTIONS: Readonly<ClientOptions> = {
  timeoutMs: 15_000,
  retry: { maxAttempts: 2 },
};

export type ConnectOutcome =
  | {
      readonly ok: true;
      readonly connection: ActiveConnection;
      /** Settings that could not be kept (the connection itself works). */
      readonly warnings: readonly string[];
    }
  | {
      readonly ok: false;
      readonly message: string;
      readonly field?: ConnectionField;
      readonly cancelled: boolean;
    };

function problem(error: unknown): string {
  return error instanceof Error && error.message !== "" ? error.message : "no reason given";
}

function sameConnection(a: SavedConnection | undefined, b: SavedConnection): boolean {
  return (
    a !== undefined &&
    a.apiAddress === b.apiAddress &&
    a.version === b.version &&
    a.identity === b.identity
  );
}

/**
 * Connects: checks the form (a bad address is refused before any request), asks the server for
 * one payment to prove address, token and identity, then remembers or forgets the token on this
 * computer as the box says and keeps address, version and identity in the workbook.
 */
export async function connect(
  values: ConnectionFormValues,
  stores: SessionStores,
  signal?: AbortSignal,
): Promise<ConnectOutcome> {
  const check = checkConnectionForm(values);
  if (!check.ok) {
    return { ok: false, message: check.message, field: check.field, cancelled: false };
  }
  const { connection, resolved } = check;
  try {
    const probe = new LedgerApi(connection, { ...stores.clientOptions, ...CHECK_OPTIONS });
    await probe.listPayments({ limit: 1, ...(signal === undefined ? {} : { signal }) });
  } catch (error) {
    return { ok: false, ...describeConnectFailure(error) };
  }

  const warnings: string[] = [];
  const saved: SavedConnection = {
    apiAddress: connection.apiAddress.trim(),
    version: connection.version,
    identity: resolved.identity,
  };
  if (stores.device !== undefined) {
    try {
      if (values.remember) await rememberToken(stores.device, resolved.origin, resolved.token);
      else await forgetToken(stores.device, resolved.origin);
    } catch (error) {
      warnings.push(`The token could not be remembered on this computer: ${problem(error)}`);
    }
    try {
      await saveLastConnection(stores.device, saved);
    } catch {
      // Only a convenience for the next new workbook; the connection works without it.
    }
  }
  try {
    // Unchanged settings are not written again: opening a workbook must not modify it.
    if (!sameConnection(await loadWorkbookConnection(stores.workbook), saved)) {
      await saveWorkbookConnection(stores.workbook, saved);
    }
  } catch (error) {
    warnings.push(
      `The address and identity could not be saved in this workbook: ${problem(error)}`,
    );
  }

  return {
    ok: true,
    connection: {
      api: new LedgerApi(connection, stores.clientOptions),
      origin: resolved.origin,
      host: hostOf(resolved.origin),
      version: resolved.version,
      identity: resolved.identity,
    },
    warnings,
  };
}

/** Disconnects: the token remembered for this server is forgotten too. */
export async function disconnect(
  connection: Pick<ActiveConnection, "origin">,
  stores: SessionStores,
): Promise<void> {
  if (stores.device !== undefined) await forgetToken(stores.device, connection.origin);
}

/** The server origin the form's address points at, if the address is valid. */
export function originOf(apiAddress: string, version: string): string | undefined {
  if (!isApiVersion(version)) return undefined;
  try {
    return new URL(resolveBaseUrl(apiAddress, version)).origin;
  } catch (error) {
    if (isApiError(error)) return undefined;
    throw error;
  }
}

/** Applies the Remember box at once when it is unticked: the token is forgotten. */
export async function rememberChoiceChanged(
  values: Pick<ConnectionFormValues, "apiAddress" | "version" | "remember">,
  stores: SessionStores,
): Promise<void> {
  if (values.remember || stores.device === undefined) return;
  const origin = originOf(values.apiAddress, values.version);
  if (origin !== undefined) await forgetToken(stores.device, origin);
}

export interface RestoredSession {
  /** The form as it was left: address, version and identity; the token if it was remembered. */
  readonly values: ConnectionFormValues;
  /** True when everything needed is present: the pane connects at once, showing that it does. */
  readonly autoConnect: boolean;
}

/**
 * What the form starts with: the workbook's connection (or the last one on this computer) and
 * the token remembered for that very server, if any.
 */
export async function restoreSession(stores: SessionStores): Promise<RestoredSession> {
  const empty: ConnectionFormValues = {
    apiAddress: "",
    version: "v1",
    token: "",
    identity: "",
    remember: false,
  };
  let saved: SavedConnection | undefined;
  try {
    saved =
      stores.device === undefined
        ? await loadWorkbookConnection(stores.workbook)
        : await loadStartingConnection(stores.workbook, stores.device);
  } catch {
    saved = undefined;
  }
  if (saved === undefined) return { values: empty, autoConnect: false };

  const origin = originOf(saved.apiAddress, saved.version);
  let token: string | undefined;
  if (origin !== undefined && stores.device !== undefined) {
    try {
      token = await recallToken(stores.device, origin);
    } catch {
      token = undefined;
    }
  }
  const values: ConnectionFormValues = {
    ...saved,
    token: token ?? "",
    remember: token !== undefined,
  };
  return { values, autoConnect: token !== undefined && checkConnectionForm(values).ok };
}
