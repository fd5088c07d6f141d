// The access token remembered on this computer, when the user asks for it: kept per server, so
// a workbook that names another server never receives a token meant for this one.

import type { SecretStore } from "./stores";

const TOKEN_KEY_PREFIX = "ledgerSheets.token ";

/** The storage key of the token for a server origin such as `https://api.example.com`. */
export function tokenKey(origin: string): string {
  return `${TOKEN_KEY_PREFIX}${origin}`;
}

/** The token remembered for `origin`, or `undefined`. */
export async function recallToken(store: SecretStore, origin: string): Promise<string | undefined> {
  const token = await store.get(tokenKey(origin));
  return token === null || token === "" ? undefined : token;
}

/** Remembers the token for `origin` on this computer (the user ticked the box). */
export async function rememberToken(
  store: SecretStore,
  origin: string,
  token: string,
): Promise<void> {
  await store.set(tokenKey(origin), token);
}

/** Forgets the token for `origin` (the box was unticked, or the user disconnected). */
export async function forgetToken(store: SecretStore, origin: string): Promise<void> {
  await store.remove(tokenKey(origin));
}
