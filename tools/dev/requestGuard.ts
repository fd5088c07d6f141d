// Checks every request to the local preview server before it is served or forwarded. The server
// listens on loopback, but a web page the developer visits can still reach it: by DNS rebinding
// (its own name resolving to 127.0.0.1, so its Host header is its own name) or by a crafted path
// that the forwarding URL would read as another host (`/..//evil:443/x` becomes `//evil:443/x`).

/** Names a loopback listener is reachable by; a browser sends one of these as the Host header. */
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

function hostName(host: string): string {
  const name = host.toLowerCase();
  return name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
}

function isLoopback(name: string): boolean {
  return LOOPBACK_NAMES.includes(name) || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * The Host header values a server listening on `host`:`port` answers to: that address, and the
 * other loopback names when it listens on loopback. Any other name reached it by DNS rebinding.
 */
export function allowedHostHeaders(host: string, port: number): Set<string> {
  const name = hostName(host);
  const names = isLoopback(name) ? [name, ...LOOPBACK_NAMES] : [name];
  const allowed = new Set<string>();
  for (const each of names) {
    allowed.add(`${each}:${port}`);
    // A browser leaves the port out of the Host header when it is the scheme's default.
    if (port === 80) allowed.add(each);
  }
  return allowed;
}

/** True when the request's Host header names the address the server listens on. */
export function hostAllowed(header: string | undefined, allowed: Set<string>): boolean {
  return header !== undefined && allowed.has(header.trim().toLowerCase());
}

/**
 * The path of a request target (still percent-encoded, without its query), or null when it could
 * leave the server's root once decoded or resolved: a target that is not a plain path (an absolute
 * URL, `*`), dot segments, empty segments (`//`), backslashes, NUL, or encoded separators and
 * dots. Browsers resolve dot segments before sending, so only a crafted request carries any of
 * these; it is refused rather than normalised, as no page of the preview needs one.
 */
export function safeRequestPath(target: string | undefined): string | null {
  if (target === undefined || !target.startsWith("/")) return null;
  const end = target.search(/[?#]/);
  const raw = end < 0 ? target : target.slice(0, end);
  // Encoded separators would turn one segment into two after the upstream decodes it.
  if (/%(2f|5c|00)/i.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // A second layer of encoding (%252e) would become dots or separators if decoded again.
  if (/%[0-9a-f]{2}/i.test(decoded)) return null;
  if (/[\\\0]/.test(decoded)) return null;
  const segments = decoded.slice(1).split("/");
  const last = segments.length - 1;
  const escapes = segments.some(
    (segment, i) => segment === "." || segment === ".." || (segment === "" && i < last),
  );
  return escapes ? null : raw;
}
