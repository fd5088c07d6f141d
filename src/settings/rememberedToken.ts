// The access token remembered on this computer, when the user asks for it: kept per server
// origin and identity key (src/settings/deviceKey.ts), so a workbook that names another server
// or project never receives a token meant for this one. The key is made here from the identity
// the user typed or this computer knows, never read from a workbook.

import type { SecretStore } from "./stores";

const TOKEN_KEY_PREFIX = "ledgerSheets.token ";

/** The storage key of the token for `https://api.example.com` and an identity's key there. */
export function tokenKey(origin: string, identityKey: string): string {
  return `${TOKEN_KEY_PREFIX}${origin} ${identityKey}`;
}

/** The token remembered for this project at `origin`, or `undefined`. */
export async function recallToken(
  store: SecretStore,
  origin: string,
  identityKey: string,
): Promise<string | undefined> {
  const token = await store.get(tokenKey(origin, identityKey));
  return token === null || token === "" ? undefined : token;
}

/** Remembers the token for this project at `origin` on this computer (the user ticked the box). */
export async function rememberToken(
  store: SecretStore,
  origin: string,
  identityKey: string,
  token: string,
): Promise<void> {
  await store.set(tokenKey(origin, identityKey), token);
}

/** Forgets the token for this project at `origin`. */
export async function forgetToken(
  store: SecretStore,
  origin: string,
  identityKey: string,
): Promise<void> {
  await store.remove(tokenKey(origin, identityKey));
}
