/** Responses as plain values, so a fault can decide to send, drop or corrupt one. */
import type { ServerResponse } from "node:http";
import { ApiError, errorBody } from "./errors";

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  /** Serialized body; empty for 204. */
  body: string;
}

export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): SandboxResponse {
  return {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(value),
  };
}

export function emptyResponse(
  status: number,
  headers: Record<string, string> = {},
): SandboxResponse {
  return { status, headers, body: "" };
}

export function errorResponse(error: ApiError): SandboxResponse {
  return jsonResponse(error.status, errorBody(error.code, error.message, error.details), {
    ...error.headers,
  });
}

/** Writes a response; every answer is uncacheable because the data changes under tests. */
export function writeResponse(
  res: ServerResponse,
  response: SandboxResponse,
  extraHeaders: Record<string, string>,
): void {
  const headers: Record<string, string | number> = {
    ...extraHeaders,
    ...response.headers,
    "Cache-Control": "no-store",
  };
  if (response.status !== 204) headers["Content-Length"] = Buffer.byteLength(response.body);
  res.writeHead(response.status, headers);
  res.end(response.status === 204 ? undefined : response.body);
}
