/**
 * Guards against other web pages: the Host check (DNS rebinding) and the header every state-changing
 * control request must carry (a plain cross-site form POST can set neither header).
 */
import type { IncomingHttpHeaders } from "node:http";
import { DEMO_TOKEN } from "./catalog";
import { ApiError } from "./errors";

/** The header a control request may send instead of the demo token. */
export const CONTROL_HEADER = "x-sandbox-control";

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** Whether `host` (an interface the server is bound to) is a loopback address. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || host.startsWith("127.");
}

/** The host name of a Host header, without its port; brackets kept for IPv6. */
function hostName(header: string): string {
  const name = header.startsWith("[")
    ? header.slice(0, header.indexOf("]") + 1)
    : header.split(":")[0];
  return (name ?? "").toLowerCase();
}

/**
 * Refuses a Host header naming anything but loopback or the bound address: a page on a rebinding
 * domain reaches the server with its own name in Host.
 */
export function checkHost(headers: IncomingHttpHeaders, boundHost: string): void {
  const header = headers.host;
  const bound = boundHost.includes(":") ? `[${boundHost}]` : boundHost;
  const name = header === undefined ? "" : hostName(header);
  if (LOOPBACK_NAMES.has(name) || name === bound.toLowerCase()) return;
  throw new ApiError(
    421,
    "host_not_allowed",
    "The Host header must name 127.0.0.1, localhost, [::1] or the address the sandbox listens on.",
  );
}

/** Control requests that change state need `X-Sandbox-Control: 1` or the demo token. */
export function checkControlHeader(method: string, headers: IncomingHttpHeaders): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  if (headers[CONTROL_HEADER] === "1") return;
  if (headers.authorization === `Bearer ${DEMO_TOKEN}`) return;
  throw new ApiError(
    403,
    "control_header_required",
    `${method} on /__sandbox needs the header X-Sandbox-Control: 1 or Authorization: Bearer ${DEMO_TOKEN}.`,
  );
}
