/** Bearer token and `identity` header checks; tokens are compared in constant time, never echoed. */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { DEMO_TOKEN, IDENTITIES, type IdentityName, isIdentityName } from "./catalog";
import { ApiError } from "./errors";

/** Which identities each token opens. */
const GRANTS: ReadonlyArray<{ digest: Buffer; identities: readonly IdentityName[] }> = [
  { digest: digestOf(DEMO_TOKEN), identities: IDENTITIES },
];

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
export function authenticate(headers: IncomingHttpHeaders): IdentityName {
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

  // Compare fixed-length digests so the time taken does not depend on how much of a guess matched.
  const presented = digestOf(match[1]);
  const grant = GRANTS.find((candidate) => timingSafeEqual(candidate.digest, presented));
  if (!grant) throw unauthenticated("invalid_token", "The bearer token is not valid.");

  if (!isIdentityName(identity) || !grant.identities.includes(identity)) {
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
