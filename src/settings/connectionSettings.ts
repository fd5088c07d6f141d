// Where the connection's address, version and identity are kept: in the workbook, and as the
// last connection used on this computer. The token is never part of these settings.

import { API_VERSIONS, ApiVersion } from "../api";
import type { DocumentSettingsStore, SecretStore } from "./stores";

/** The non-secret part of a connection. */
export interface SavedConnection {
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identity: string;
}

/** The workbook setting that holds the {@link SavedConnection}. */
export const CONNECTION_SETTING = "ledgerSheets.connection";
/** The key, in the add-in's storage on this computer, of the last connection used. */
export const LAST_CONNECTION_KEY = "ledgerSheets.lastConnection";

/** Longer texts are not a plausible address or identity (and a workbook may hold anything). */
const MAX_TEXT = 2_000;

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_TEXT;
}

/**
 * Reads a saved connection from untrusted data (a workbook or storage written by any version):
 * only the three known fields, each of the right type; anything else gives `undefined`.
 */
export function parseSavedConnection(value: unknown): SavedConnection | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { apiAddress, version, identity } = value as Record<string, unknown>;
  if (!isText(apiAddress) || !isText(identity)) return undefined;
  const known = API_VERSIONS.find((candidate) => candidate === version);
  if (known === undefined) return undefined;
  return { apiAddress, version: known, identity };
}

/** Exactly the three fields, so nothing else (a token) can ride along into storage. */
function plain(connection: SavedConnection): SavedConnection {
  return {
    apiAddress: connection.apiAddress,
    version: connection.version,
    identity: connection.identity,
  };
}

/** The connection saved in this workbook, if any. */
export async function loadWorkbookConnection(
  store: DocumentSettingsStore,
): Promise<SavedConnection | undefined> {
  return parseSavedConnection(await store.get(CONNECTION_SETTING));
}

/** Saves the address, version and identity in the workbook (never the token). */
export async function saveWorkbookConnection(
  store: DocumentSettingsStore,
  connection: SavedConnection,
): Promise<void> {
  await store.set(CONNECTION_SETTING, plain(connection));
}

/** The last connection used on this computer, if any and readable. */
export async function loadLastConnection(store: SecretStore): Promise<SavedConnection | undefined> {
  const text = await store.get(LAST_CONNECTION_KEY);
  if (text === null) return undefined;
  try {
    return parseSavedConnection(JSON.parse(text));
  } catch {
    return undefined;
  }
}

export async function saveLastConnection(
  store: SecretStore,
  connection: SavedConnection,
): Promise<void> {
  await store.set(LAST_CONNECTION_KEY, JSON.stringify(plain(connection)));
}

/**
 * The connection to show when the task pane opens: the workbook's own, else the last one used
 * on this computer (so a new workbook starts where the user left off), else none.
 */
export async function loadStartingConnection(
  workbook: DocumentSettingsStore,
  device: SecretStore,
): Promise<SavedConnection | undefined> {
  return (await loadWorkbookConnection(workbook)) ?? (await loadLastConnection(device));
}
