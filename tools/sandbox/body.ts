/** Request bodies: media type check, size limit and strict JSON decoding. */
import type { IncomingMessage } from "node:http";
import { MAX_BODY_BYTES } from "./catalog";
import { ApiError } from "./errors";

/** 415 unless the body is declared as JSON (UTF-8 when a charset is given). */
export function requireJsonContentType(req: IncomingMessage): void {
  const header = req.headers["content-type"] ?? "";
  const [mediaType = "", ...params] = header.split(";").map((part) => part.trim().toLowerCase());
  const charset = params.find((param) => param.startsWith("charset="))?.slice("charset=".length);
  const utf8 = charset === undefined || charset === "utf-8" || charset === '"utf-8"';
  if (mediaType === "application/json" && utf8) return;
  throw new ApiError(
    415,
    "unsupported_media_type",
    `The request body must be sent as Content-Type: application/json${header ? ` (got "${header.slice(0, 80)}")` : " (the header is missing)"}.`,
  );
}

/**
 * Reads the whole body. Past the limit it keeps draining (so the client can read our 413 instead of
 * seeing a reset) but stores nothing; far past it, it gives up on the connection.
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit * 16) {
      req.destroy();
      break;
    }
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) {
    throw new ApiError(
      413,
      "payload_too_large",
      `The request body is ${size > limit * 16 ? "far " : ""}larger than the ${limit}-byte limit.`,
    );
  }
  return Buffer.concat(chunks);
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** 400 `invalid_json` for empty, non-UTF-8 or unparsable bodies. */
export function parseJson(body: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid UTF-8 text.");
  }
  if (text.trim() === "")
    throw new ApiError(400, "invalid_json", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : "parse error";
    throw new ApiError(400, "invalid_json", `The request body is not valid JSON (${reason}).`);
  }
}
