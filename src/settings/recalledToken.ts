// A token this computer filled into the connection form belongs to one server and one identity:
// the ones it was remembered for (src/settings/rememberedToken.ts). Once the form names another
// server or identity, sending it would hand it to an address it was never given for ("our API
// moved, use this address" in a sheet is enough to ask for that edit), so the form drops it.
// Pure.

/** Where a recalled token may go: its server's origin and the identity it was kept under. */
export interface RecalledFor {
  readonly origin: string;
  readonly identity: string;
}

/**
 * True while the form still names the server and identity the token was recalled for.
 * `origin` is undefined while the address typed is not one the add-in accepts.
 */
export function recalledTokenStays(
  recalled: RecalledFor,
  origin: string | undefined,
  identity: string,
): boolean {
  return origin === recalled.origin && identity.trim() === recalled.identity.trim();
}
