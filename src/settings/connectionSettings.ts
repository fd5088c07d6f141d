// Where the connection's address, version and identity are kept. The workbook keeps the address,
// the version and a fingerprint of the identity (the contract makes the identity an API key, and
// anyone who gets the file can read its settings); this computer keeps the connections the user
// made, identity included, beside the remembered tokens. The token is never part of these.

import { utf8Bytes } from "./utf8";
import { API_VERSIONS, ApiVersion } from "../api";
import type { DocumentSettingsStore, SecretStore } from "./stores";

/** The non-secret part of a connection, as this computer keeps it. */
export interface SavedConnection {
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identity: string;
}

/**
 * The connection a workbook names. Written by this version with `identityFingerprint` only; a
 * workbook saved by an earlier version has `identity` in clear instead (read, never written).
 */
export interface WorkbookConnection {
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identity?: string;
  readonly identityFingerprint?: string;
}

/** The workbook setting that holds the {@link WorkbookConnection}. */
export const CONNECTION_SETTING = "ledgerSheets.connection";
/** The key, in the add-in's storage on this computer, of the last connection used. */
export const LAST_CONNECTION_KEY = "ledgerSheets.lastConnection";
/** The key of the connections made on this computer (see {@link rememberConnection}). */
export const KNOWN_CONNECTIONS_KEY = "ledgerSheets.knownConnections";
/** Connections remembered at most, the most recent first. */
export const MAX_KNOWN_CONNECTIONS = 50;

/** Longer texts are not a plausible address or identity (and a workbook may hold anything). */
const MAX_TEXT = 2_000;
const FINGERPRINT = /^sha256:[0-9a-f]{64}$/;

function isText(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_TEXT;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function versionOf(value: unknown): ApiVersion | undefined {
  return API_VERSIONS.find((candidate) => candidate === value);
}

/**
 * Reads a saved connection from untrusted data (storage written by any version): only the
 * three known fields, each of the right type; anything else gives `undefined`.
 */
export function parseSavedConnection(value: unknown): SavedConnection | undefined {
  const fields = record(value);
  if (fields === undefined) return undefined;
  const { apiAddress, version, identity } = fields;
  const known = versionOf(version);
  if (!isText(apiAddress) || !isText(identity) || known === undefined) return undefined;
  return { apiAddress, version: known, identity };
}

/**
 * Reads the connection a workbook names (any version may have written it, or anyone): the
 * address and version, with the identity's fingerprint, or the identity in clear from a workbook
 * saved before fingerprints. Anything else gives `undefined`.
 */
export function parseWorkbookConnection(value: unknown): WorkbookConnection | undefined {
  const fields = record(value);
  if (fields === undefined) return undefined;
  const { apiAddress, version, identity, identityFingerprint } = fields;
  const known = versionOf(version);
  if (!isText(apiAddress) || known === undefined) return undefined;
  if (typeof identityFingerprint === "string" && FINGERPRINT.test(identityFingerprint)) {
    return { apiAddress, version: known, identityFingerprint };
  }
  if (isText(identity)) return { apiAddress, version: known, identity };
  return undefined;
}

/** Exactly the three fields, so nothing else (a token) can ride along into storage. */
function plain(connection: SavedConnection): SavedConnection {
  return {
    apiAddress: connection.apiAddress,
    version: connection.version,
    identity: connection.identity,
  };
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * `sha256:…` of the identity, salted with the address so one identity gives different
 * fingerprints on different servers: enough to recognise a connection this computer made,
 * without the workbook carrying the key itself. WebCrypto: the task pane's and Node's.
 */
export async function identityFingerprint(apiAddress: string, identity: string): Promise<string> {
  const text = `ledger-sheets identity\n${apiAddress}\n${identity}`;
  const digest = await crypto.subtle.digest("SHA-256", utf8Bytes(text));
  return `sha256:${hex(digest)}`;
}

/** The connection this workbook names, if any. */
export async function loadWorkbookConnection(
  store: DocumentSettingsStore,
): Promise<WorkbookConnection | undefined> {
  return parseWorkbookConnection(await store.get(CONNECTION_SETTING));
}

/** What the workbook keeps of a connection: address, version, the identity's fingerprint. */
export async function workbookConnectionOf(
  connection: SavedConnection,
): Promise<WorkbookConnection> {
  return {
    apiAddress: connection.apiAddress,
    version: connection.version,
    identityFingerprint: await identityFingerprint(connection.apiAddress, connection.identity),
  };
}

/** Saves the address, version and identity fingerprint in the workbook (never the token). */
export async function saveWorkbookConnection(
  store: DocumentSettingsStore,
  connection: SavedConnection,
): Promise<void> {
  await store.set(CONNECTION_SETTING, await workbookConnectionOf(plain(connection)));
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

/** The connections made on this computer, the most recent first (the last one used included). */
export async function loadKnownConnections(store: SecretStore): Promise<SavedConnection[]> {
  const known: SavedConnection[] = [];
  const last = await loadLastConnection(store);
  if (last !== undefined) known.push(last);
  const text = await store.get(KNOWN_CONNECTIONS_KEY);
  if (text === null) return known;
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return known;
    for (const entry of list.slice(0, MAX_KNOWN_CONNECTIONS)) {
      const connection = parseSavedConnection(entry);
      if (connection !== undefined) known.push(connection);
    }
  } catch {
    // Unreadable: as if none were known; the next connection rewrites it.
  }
  return known;
}

/**
 * Remembers that the user connected to this (address, identity) on this computer: only such
 * pairs are connected to automatically when a workbook names them.
 */
export async function rememberConnection(
  store: SecretStore,
  connection: SavedConnection,
): Promise<void> {
  const text = await store.get(KNOWN_CONNECTIONS_KEY);
  let earlier: SavedConnection[] = [];
  try {
    const list = text === null ? [] : (JSON.parse(text) as unknown);
    if (Array.isArray(list)) {
      earlier = list.flatMap((entry) => parseSavedConnection(entry) ?? []);
    }
  } catch {
    earlier = [];
  }
  const others = earlier.filter(
    (entry) => entry.apiAddress !== connection.apiAddress || entry.identity !== connection.identity,
  );
  const list = [plain(connection), ...others].slice(0, MAX_KNOWN_CONNECTIONS);
  await store.set(KNOWN_CONNECTIONS_KEY, JSON.stringify(list));
}
