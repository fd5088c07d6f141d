/** Bearer token and `identity` header checks; tokens are compared in constant time, never echoed. */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { DEMO_TOKEN, IDENTITIES, type IdentityName, isIdentityName } from "./catalog";
import { ApiError } from "./errors";

/**
 * The tokens one server accepts, each opening every identity: the demo token until a test
 * revokes it (a service that withdrew a token) or issues another (the new token a user enters).
 */
export class TokenGrants {
  private digests: Buffer[] = [digestOf(DEMO_TOKEN)];

  accepts(token: string): boolean {
    const presented = digestOf(token);
    // Every digest is compared, so the time taken does not say which one matched.
    return this.digests.reduce((found, each) => timingSafeEqual(each, presented) || found, false);
  }

  /** Revokes then issues; the tokens are kept only as digests. */
  change(revoke: readonly string[], issue: readonly string[]): void {
    const revoked = revoke.map(digestOf);
    this.digests = this.digests.filter((each) => !revoked.some((gone) => gone.equals(each)));
    for (const token of issue) if (!this.accepts(token)) this.digests.push(digestOf(token));
  }

  /** Back to the demo token alone. */
  reset(): void {
    this.digests = [digestOf(DEMO_TOKEN)];
  }

  get count(): number {
    return this.digests.length;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

function digestOf(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

function unauthenticated(
  code: "missing_token" | "invalid_token" | "missing_identity",
  message: string,
): ApiError {
  const challenge =
    code === "invalid_token"
      ? 'Bearer realm="ledger-sandbox", error="invalid_token"'
      : 'Bearer realm="ledger-sandbox"';
  return new ApiError(401, code, message, [], { "WWW-Authenticate": challenge });
}

/** Returns the project the request acts on, or throws the 401/403 that explains why not. */
export function authenticate(headers: IncomingHttpHeaders, grants: TokenGrants): IdentityName {
  const authorization = headers.authorization;
  if (authorization === undefined || authorization.trim() === "") {
    throw unauthenticated(
      "missing_token",
      'The Authorization header is missing; send "Authorization: Bearer <token>".',
    );
  }
  if (/^Bearer\s*$/i.test(authorization)) {
    throw unauthenticated(
      "missing_token",
      "The Authorization header names the Bearer scheme but no token.",
    );
  }
  const match = BEARER.exec(authorization);
  if (!match || match[1] === undefined) {
    throw unauthenticated(
      "invalid_token",
      'The Authorization header must use the Bearer scheme: "Authorization: Bearer <token>".',
    );
  }
  const identityHeader = headers.identity;
  const identity = Array.isArray(identityHeader) ? identityHeader.join(",") : identityHeader;
  if (identity === undefined || identity.trim() === "") {
    throw unauthenticated(
      "missing_identity",
      "The identity header is missing; it names the project to act on.",
    );
  }

  // Fixed-length digests are compared, so the time taken does not depend on how much of a
  // guess matched.
  if (!grants.accepts(match[1])) {
    throw unauthenticated("invalid_token", "The bearer token is not valid.");
  }

  if (!isIdentityName(identity) || !IDENTITIES.includes(identity)) {
    throw new ApiError(
      403,
      "unknown_identity",
      `The token does not give access to a project with identity "${truncate(identity)}".`,
    );
  }
  return identity;
}

function truncate(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}
