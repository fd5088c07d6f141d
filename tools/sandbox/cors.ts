/** CORS: which browser origins may call the sandbox, and the headers that say so. */
import type { IncomingHttpHeaders } from "node:http";

/** The add-in's dev server; any other loopback origin is allowed by the host rule below. */
export const DEFAULT_ALLOWED_ORIGIN = "https://localhost:3000";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1"]);

export class CorsPolicy {
  private readonly extras: ReadonlySet<string>;

  constructor(
    extraOrigins: readonly string[],
    /** False: loopback origins are not allowed by host (a service that knows only its list). */
    private readonly loopback = true,
  ) {
    this.extras = new Set(extraOrigins);
  }

  isAllowed(origin: string): boolean {
    if (origin === DEFAULT_ALLOWED_ORIGIN || this.extras.has(origin)) return true;
    if (!this.loopback) return false;
    // "null" (sandboxed iframes, file://) stays out unless listed explicitly.
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const isWeb = url.protocol === "http:" || url.protocol === "https:";
    return isWeb && url.origin === origin && LOOPBACK_HOSTS.has(url.hostname);
  }

  /** Headers for an ordinary response; nothing beyond Vary for a disallowed or absent origin. */
  responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
    const origin = headers.origin;
    if (origin === undefined || !this.isAllowed(origin)) return { Vary: "Origin" };
    return {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Expose-Headers": "Retry-After",
      Vary: "Origin",
    };
  }
}

export function isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return method === "OPTIONS" && headers["access-control-request-method"] !== undefined;
}

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Headers": "Authorization, identity, Content-Type, X-Sandbox-Control",
  "Access-Control-Max-Age": "600",
};
