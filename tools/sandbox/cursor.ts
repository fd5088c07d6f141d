/**
 * Opaque, unforgeable cursor tokens. `last_id` carries a masked position and an HMAC binding it
 * to the identity and list; `keyset` is an HMAC binding it to that same `last_id`. The key is
 * random per server, so tokens do not survive a restart.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IdentityName, ListName } from "./catalog";
import { ApiError } from "./errors";

export interface CursorTokens {
  last_id: string;
  keyset: string;
}

const MAC_BYTES = 16;
const LAST_ID_PATTERN = /^[A-Za-z0-9_-]{27}$/; // base64url of 4 + 16 bytes
const KEYSET_PATTERN = /^[A-Za-z0-9_-]{22}$/; // base64url of 16 bytes

export class CursorSigner {
  constructor(private readonly key: Buffer = randomBytes(32)) {}

  /** Tokens for a page that delivered records up to (not including) `position`. */
  mint(identity: IdentityName, list: ListName, position: number): CursorTokens {
    const body = Buffer.alloc(4);
    body.writeUInt32BE((position ^ this.mask(identity, list)) >>> 0);
    const lastId = Buffer.concat([body, this.mac("last_id", identity, list, position)]);
    return {
      last_id: lastId.toString("base64url"),
      keyset: this.mac("keyset", identity, list, position).toString("base64url"),
    };
  }

  /** The position a valid token pair resumes from; a 400 `invalid_cursor` otherwise. */
  verify(identity: IdentityName, list: ListName, lastId: string, keyset: string): number {
    if (!LAST_ID_PATTERN.test(lastId)) throw invalidCursor("last_id");
    if (!KEYSET_PATTERN.test(keyset)) throw invalidCursor("keyset");
    const raw = Buffer.from(lastId, "base64url");
    // Spare low bits in the last base64 character would otherwise let two spellings pass.
    if (raw.toString("base64url") !== lastId) throw invalidCursor("last_id");
    if (Buffer.from(keyset, "base64url").toString("base64url") !== keyset) {
      throw invalidCursor("keyset");
    }
    const position = (raw.readUInt32BE(0) ^ this.mask(identity, list)) >>> 0;
    if (!timingSafeEqual(raw.subarray(4), this.mac("last_id", identity, list, position))) {
      throw invalidCursor("last_id");
    }
    const expectedKeyset = this.mac("keyset", identity, list, position);
    if (!timingSafeEqual(Buffer.from(keyset, "base64url"), expectedKeyset)) {
      throw invalidCursor("keyset");
    }
    return position;
  }

  private mac(kind: string, identity: string, list: string, position: number): Buffer {
    return createHmac("sha256", this.key)
      .update(`${kind}\u001f${identity}\u001f${list}\u001f${position}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }

  /** Hides the position from anyone decoding the token; the MAC is what makes it trustworthy. */
  private mask(identity: string, list: string): number {
    return createHmac("sha256", this.key)
      .update(`mask\u001f${identity}\u001f${list}`)
      .digest()
      .readUInt32BE(0);
  }
}

export function invalidCursor(field: "last_id" | "keyset"): ApiError {
  return new ApiError(
    400,
    "invalid_cursor",
    "The last_id and keyset do not form a valid cursor for this list; pass back the pair from the previous response unchanged.",
    [{ field, message: "is not a cursor this server issued for this list and identity" }],
  );
}
