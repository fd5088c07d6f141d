// The access token remembered on this computer, when the user asks for it: kept per server and
// project identity, so a workbook that names another server never receives a token meant for
// this one, and two projects on one server may use different tokens.

import type { SecretStore } from "./stores";

const TOKEN_KEY_PREFIX = "ledgerSheets.token ";

/**
 * The storage key of the token for a server origin such as `https://api.example.com` and the
 * identity's fingerprint there (src/settings/connectionSettings.ts); without a fingerprint, the
 * key versions before projects used (one token per server), still read as a fallback.
 */
export function tokenKey(origin: string, fingerprint?: string): string {
  return fingerprint === undefined
    ? `${TOKEN_KEY_PREFIX}${origin}`
    : `${TOKEN_KEY_PREFIX}${origin} ${fingerprint}`;
}

/** The token remembered for this project at `origin` (or for `origin` alone), or `undefined`. */
export async function recallToken(
  store: SecretStore,
  origin: string,
  fingerprint?: string,
): Promise<string | undefined> {
  for (const key of fingerprint === undefined
    ? [tokenKey(origin)]
    : [tokenKey(origin, fingerprint), tokenKey(origin)]) {
    const token = await store.get(key);
    if (token !== null && token !== "") return token;
  }
  return undefined;
}

/** Remembers the token for this project at `origin` on this computer (the user ticked the box). */
export async function rememberToken(
  store: SecretStore,
  origin: string,
  token: string,
  fingerprint?: string,
): Promise<void> {
  await store.set(tokenKey(origin, fingerprint), token);
}

/**
 * Forgets the token for this project at `origin` (the box was unticked, or the user
 * disconnected), and the one kept for the whole server by a version before projects.
 */
export async function forgetToken(
  store: SecretStore,
  origin: string,
  fingerprint?: string,
): Promise<void> {
  if (fingerprint !== undefined) await store.remove(tokenKey(origin, fingerprint));
  await store.remove(tokenKey(origin));
}
