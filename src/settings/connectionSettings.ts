// The connections this computer knows: address, version and identity of each connection the
// user made here with "Remember token" ticked, kept in the add-in's storage on this computer
// beside the tokens, the most recent first. The workbook never holds an identity (the contract
// makes it an API key, and anyone who gets the file can read its settings); the token is never
// part of these.

import { API_VERSIONS, ApiVersion } from "../api";
import type { SecretStore } from "./stores";

/** The non-secret part of a connection, as this computer keeps it. */
export interface SavedConnection {
  readonly apiAddress: string;
  readonly version: ApiVersion;
  readonly identity: string;
}

/** The key of the connections known on this computer (see {@link rememberConnection}). */
export const KNOWN_CONNECTIONS_KEY = "ledgerSheets.knownConnections";
/** Connections remembered at most, the most recent first. */
export const MAX_KNOWN_CONNECTIONS = 50;

/** Longer texts are not a plausible address or identity (and storage may hold anything). */
const MAX_TEXT = 2_000;

export function isText(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_TEXT;
}

export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function versionOf(value: unknown): ApiVersion | undefined {
  return API_VERSIONS.find((candidate) => candidate === value);
}

/**
 * Reads a saved connection from untrusted data: only the three known fields, each of the right
 * type; anything else gives `undefined`.
 */
export function parseSavedConnection(value: unknown): SavedConnection | undefined {
  const fields = record(value);
  if (fields === undefined) return undefined;
  const { apiAddress, version, identity } = fields;
  const known = versionOf(version);
  if (!isText(apiAddress) || !isText(identity) || known === undefined) return undefined;
  return { apiAddress, version: known, identity };
}

/** Exactly the three fields, so nothing else (a token) can ride along into storage. */
export function plainConnection(connection: SavedConnection): SavedConnection {
  return {
    apiAddress: connection.apiAddress,
    version: connection.version,
    identity: connection.identity,
  };
}

/** Same address and identity (the version may differ). */
export function samePair(a: SavedConnection, b: SavedConnection): boolean {
  return a.apiAddress === b.apiAddress && a.identity === b.identity;
}

async function readList(store: SecretStore): Promise<SavedConnection[]> {
  const text = await store.get(KNOWN_CONNECTIONS_KEY);
  if (text === null) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .slice(0, MAX_KNOWN_CONNECTIONS)
      .flatMap((entry) => parseSavedConnection(entry) ?? []);
  } catch {
    // Unreadable: as if none were known; the next remembered connection rewrites it.
    return [];
  }
}

/** The connections known on this computer, the most recent first. */
export async function loadKnownConnections(store: SecretStore): Promise<SavedConnection[]> {
  return await readList(store);
}

/**
 * Remembers a connection the user made here with "Remember token" ticked, as the most recent.
 * Gives the connections that no longer fit, whose tokens must go with them
 * (src/settings/deviceMemory.ts): a token nothing lists would stay on this computer for good.
 */
export async function rememberConnection(
  store: SecretStore,
  connection: SavedConnection,
): Promise<SavedConnection[]> {
  const others = (await readList(store)).filter((entry) => !samePair(entry, connection));
  const all = [plainConnection(connection), ...others];
  await store.set(KNOWN_CONNECTIONS_KEY, JSON.stringify(all.slice(0, MAX_KNOWN_CONNECTIONS)));
  return all.slice(MAX_KNOWN_CONNECTIONS);
}

/** Forgets the (address, identity) pair on this computer. */
export async function forgetConnection(
  store: SecretStore,
  connection: SavedConnection,
): Promise<void> {
  const list = await readList(store);
  const left = list.filter((entry) => !samePair(entry, connection));
  if (left.length === list.length) return;
  if (left.length === 0) await store.remove(KNOWN_CONNECTIONS_KEY);
  else await store.set(KNOWN_CONNECTIONS_KEY, JSON.stringify(left));
}
