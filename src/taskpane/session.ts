// Connecting and disconnecting: checks the form, proves the connection with one real request,
// then keeps the token where the user chose and the rest in the workbook. No DOM, no Office
// globals: the stores and the client options come in, so all of it runs under unit tests.

import {
  ApiConnection,
  ClientOptions,
  isApiError,
  LedgerApi,
  resolveBaseUrl,
  ResolvedConnection,
} from "../api";
import type { ActiveConnection } from "../settings/activeConnection";
import { KnownConnection, startingConnection } from "../settings/autoConnect";
import {
  identityFingerprint,
  loadKnownConnections,
  loadWorkbookConnection,
  rememberConnection,
  SavedConnection,
  saveLastConnection,
  saveWorkbookConnection,
  WorkbookConnection,
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

/** True when the workbook already holds `b` as this version writes it (no identity in clear). */
async function sameConnection(
  a: WorkbookConnection | undefined,
  b: SavedConnection,
): Promise<boolean> {
  return (
    a !== undefined &&
    a.identity === undefined &&
    a.apiAddress === b.apiAddress &&
    a.version === b.version &&
    a.identityFingerprint === (await identityFingerprint(b.apiAddress, b.identity))
  );
}

export interface ConnectOptions {
  readonly signal?: AbortSignal;
  /**
   * True when the pane connects by itself to the connection the workbook names (the user did
   * not click): nothing is written anywhere, since opening a workbook must not modify it.
   */
  readonly automatic?: boolean;
}

/**
 * Connects: checks the form (a bad address is refused before any request), asks the server for
 * one payment to prove address, token and identity, then remembers or forgets the token on this
 * computer as the box says, remembers that this pair was connected to on this computer, and
 * keeps address, version and the identity's fingerprint in the workbook.
 */
export async function connect(
  values: ConnectionFormValues,
  stores: SessionStores,
  options: ConnectOptions = {},
): Promise<ConnectOutcome> {
  const { signal, automatic = false } = options;
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
  if (automatic) return { ok: true, connection: activeOf(connection, resolved, stores), warnings };
  if (stores.device !== undefined) {
    try {
      if (values.remember) await rememberToken(stores.device, resolved.origin, resolved.token);
      else await forgetToken(stores.device, resolved.origin);
    } catch (error) {
      warnings.push(`The token could not be remembered on this computer: ${problem(error)}`);
    }
    try {
      await rememberConnection(stores.device, saved);
    } catch (error) {
      warnings.push(
        `This connection could not be remembered on this computer: ${problem(error)} ` +
          "Opening this workbook will ask you to connect again.",
      );
    }
    try {
      await saveLastConnection(stores.device, saved);
    } catch {
      // Only a convenience for the next new workbook; the connection works without it.
    }
  }
  try {
    // Unchanged settings are not written again; a workbook with the identity in clear (an
    // earlier version's) is rewritten with its fingerprint.
    if (!(await sameConnection(await loadWorkbookConnection(stores.workbook), saved))) {
      await saveWorkbookConnection(stores.workbook, saved);
    }
  } catch (error) {
    warnings.push(
      `The address and identity could not be saved in this workbook: ${problem(error)}`,
    );
  }

  return { ok: true, connection: activeOf(connection, resolved, stores), warnings };
}

function activeOf(
  connection: ApiConnection,
  resolved: ResolvedConnection,
  stores: SessionStores,
): ActiveConnection {
  return {
    api: new LedgerApi(connection, stores.clientOptions),
    origin: resolved.origin,
    host: hostOf(resolved.origin),
    version: resolved.version,
    identity: resolved.identity,
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
  /**
   * True only when the workbook names an (address, identity) pair connected to on this
   * computer and its token is remembered: the pane connects at once, showing that it does.
   */
  readonly autoConnect: boolean;
  /** Why the pane waits for a click although the workbook names a connection. */
  readonly notice?: string;
}

/** Said when a workbook names a connection never made on this computer. */
export const UNKNOWN_CONNECTION_NOTICE =
  "This workbook names a connection not used on this computer, so Ledger Sheets did not " +
  "connect. Check the address and project identity, then select Connect.";

async function knownConnections(device: SecretStore): Promise<KnownConnection[]> {
  const connections = await loadKnownConnections(device);
  return await Promise.all(
    connections.map(async (connection) => ({
      connection,
      fingerprint: await identityFingerprint(connection.apiAddress, connection.identity),
    })),
  );
}

/**
 * What the form starts with, and whether to connect by itself: see src/settings/autoConnect.ts.
 * The token remembered for the form's server is filled in, so connecting takes one click.
 */
export async function restoreSession(stores: SessionStores): Promise<RestoredSession> {
  const empty: ConnectionFormValues = {
    apiAddress: "",
    version: "v1",
    token: "",
    identity: "",
    remember: false,
  };
  let workbook: WorkbookConnection | undefined;
  try {
    workbook = await loadWorkbookConnection(stores.workbook);
  } catch {
    workbook = undefined;
  }
  let known: KnownConnection[] = [];
  if (stores.device !== undefined) {
    try {
      known = await knownConnections(stores.device);
    } catch {
      known = [];
    }
  }
  const start = startingConnection(workbook, known);
  if (start.kind === "none") return { values: empty, autoConnect: false };

  const saved = start.connection;
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
  const autoConnect =
    start.kind === "known" && token !== undefined && checkConnectionForm(values).ok;
  return {
    values,
    autoConnect,
    ...(start.kind === "unknown" ? { notice: UNKNOWN_CONNECTION_NOTICE } : {}),
  };
}
