/** The sandbox HTTP server: request pipeline (CORS, faults, routing, auth, errors) and lifecycle. */
import { TokenGrants } from "./auth";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { SandboxState } from "./context";
import { CorsPolicy, isPreflight, PREFLIGHT_HEADERS } from "./cors";
import { CursorSigner } from "./cursor";
import { ApiError, errorBody } from "./errors";
import { FaultController, faultSettingsError } from "./faults";
import { checkControlHeader, checkHost } from "./guard";
import { JournalBook } from "./journals";
import { ListChanges } from "./listChanges";
import { RecordMemo } from "./seed/records";
import { journalLimits, recordCounts, resolveOptions, type SandboxOptions } from "./options";
import {
  emptyResponse,
  errorResponse,
  jsonResponse,
  writeResponse,
  type SandboxResponse,
} from "./response";
import { isApiPath, matchRoute, preflightMethods } from "./router";

export type { SandboxOptions } from "./options";

export interface SandboxStats {
  /** Every request, API and control alike (preflights included). */
  requests: number;
  /** Requests to the API routes (/v1, /rc-1), preflights and OPTIONS not counted. */
  apiRequests: number;
  /** API requests received and not yet answered (or dropped) right now. */
  apiInFlight: number;
  /** The most API requests there were in flight at once: what a client's bound is checked by. */
  apiPeakInFlight: number;
  /** Unexpected exceptions turned into 500s; bad input must never add to this. Never reset. */
  internalErrors: number;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 */
  origin: string;
  port: number;
  /** origin + "/v1"; the release candidate is origin + "/rc-1". */
  baseUrl: string;
  stats(): SandboxStats;
  /**
   * Starts the counts anew: requests and API requests to 0, the peak to the requests in flight
   * now. `internalErrors` is kept: a reset must not hide a sandbox bug.
   */
  resetStats(): void;
  /** Resolves when the next API request arrives: a test's sign that a client is under way. */
  nextApiRequest(): Promise<void>;
  /** Stops listening and destroys every open socket (keep-alive, hung or in flight). */
  close(): Promise<void>;
}

/** No response at all: the connection was dropped or is left hanging on purpose. */
const NO_RESPONSE = Symbol("no response");
type Outcome = SandboxResponse | typeof NO_RESPONSE;

/** A body that starts like a real answer and stops mid-value. */
const MALFORMED_JSON = '{"status": true, "message": "Records retrieved", "data": [{"id": ';

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(options);
  const faults = new FaultController(resolved.paymentsPagination);
  try {
    faults.update({
      latencyMs: resolved.latencyMs,
      failEvery: resolved.failEvery,
      rateLimitEvery: resolved.rateLimitEvery,
    });
    if (resolved.faults !== null) faults.update(resolved.faults);
  } catch (error) {
    throw faultSettingsError(error);
  }

  let lastNow = 0;
  const state: SandboxState = {
    seed: resolved.seed,
    counts: recordCounts(resolved),
    listChanges: new ListChanges(resolved.keepRecords ? new RecordMemo() : undefined),
    numberProbes: resolved.numberProbes,
    signer: new CursorSigner(),
    journals: new JournalBook(resolved.journalLines),
    journalLimits: journalLimits(resolved),
    faults,
    tokens: new TokenGrants(),
    now: () => (lastNow = Math.max(Date.now(), lastNow + 1)),
  };
  const cors = new CorsPolicy(resolved.allowOrigins, resolved.loopbackOrigins);
  const lifetime = new AbortController();
  const sockets = new Set<Socket>();
  const stats: SandboxStats = {
    requests: 0,
    apiRequests: 0,
    apiInFlight: 0,
    apiPeakInFlight: 0,
    internalErrors: 0,
  };
  const resetStats = (): void => {
    stats.requests = 0;
    stats.apiRequests = 0;
    stats.apiPeakInFlight = stats.apiInFlight;
  };

  let apiRequestWaiters: (() => void)[] = [];
  const nextApiRequest = (): Promise<void> =>
    new Promise((resolve) => {
      apiRequestWaiters.push(resolve);
    });

  /** Counts an API request in flight until its response ends or its connection closes. */
  function trackInFlight(res: ServerResponse): void {
    const waiters = apiRequestWaiters;
    apiRequestWaiters = [];
    for (const resolve of waiters) resolve();
    stats.apiRequests += 1;
    stats.apiInFlight += 1;
    stats.apiPeakInFlight = Math.max(stats.apiPeakInFlight, stats.apiInFlight);
    res.once("close", () => {
      stats.apiInFlight -= 1;
    });
  }
  const log = resolved.log;

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<Outcome> {
    const method = req.method ?? "GET";
    const rawUrl = req.url ?? "/";
    checkHost(req.headers, resolved.host);
    const { rawPath, segments, query } = parseTarget(rawUrl);
    if (segments.includes("__sandbox")) checkControlHeader(method, req.headers);

    const origin = req.headers.origin;
    if (isPreflight(method, req.headers) && origin !== undefined) {
      if (!cors.isAllowed(origin)) {
        throw new ApiError(
          403,
          "origin_not_allowed",
          "This origin may not call the sandbox; start it with --allow-origin to add it.",
        );
      }
      return emptyResponse(204, {
        "Access-Control-Allow-Methods": preflightMethods(segments),
        ...PREFLIGHT_HEADERS,
      });
    }

    if (segments.length === 2 && segments[0] === "__sandbox" && segments[1] === "stats") {
      return statsRoute(method);
    }

    let applyThenDrop = false;
    if (isApiPath(segments) && method !== "OPTIONS") {
      trackInFlight(res);
      const decision = faults.decide(method, rawUrl);
      if (decision.delayMs > 0) {
        await sleep(decision.delayMs, undefined, { signal: lifetime.signal });
      }
      const outcome = decision.outcome;
      switch (outcome.kind) {
        case "drop":
          req.socket.destroy();
          return NO_RESPONSE;
        case "hang":
          return NO_RESPONSE;
        case "malformed":
          return {
            status: 200,
            headers: { "Content-Type": "application/json; charset=utf-8" },
            body: MALFORMED_JSON,
          };
        case "respond":
          throw outcome.error;
        case "throw":
          throw new Error('Injected exception (sandbox fault action "throw")');
        case "apply-then-drop":
          applyThenDrop = true;
          break;
        case "pass":
          break;
      }
    }

    const match = matchRoute(segments);
    if (!match) throw notFound(method, rawPath);
    const allowed = [...Object.keys(match.methods), "OPTIONS"].join(", ");
    if (method === "OPTIONS") return emptyResponse(204, { Allow: allowed });
    const handler = match.methods[method];
    if (!handler) {
      throw new ApiError(
        405,
        "method_not_allowed",
        `${method} is not allowed on ${rawPath}; allowed: ${allowed}.`,
        [],
        {
          Allow: allowed,
        },
      );
    }

    const ctx = { req, query, params: match.params, state };
    if (!applyThenDrop) return handler(ctx);
    try {
      await handler(ctx);
    } finally {
      req.socket.destroy();
    }
    return NO_RESPONSE;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    stats.requests += 1;
    let outcome: Outcome;
    try {
      outcome = await dispatch(req, res);
    } catch (error) {
      if (lifetime.signal.aborted || req.socket.destroyed) return;
      if (error instanceof ApiError) outcome = errorResponse(error);
      else {
        stats.internalErrors += 1;
        log?.(
          `internal error on ${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`,
        );
        outcome = jsonResponse(
          500,
          errorBody(
            "internal_error",
            "The sandbox hit an unexpected error; this is a sandbox bug.",
          ),
        );
      }
    }
    if (outcome === NO_RESPONSE || res.destroyed) return;
    writeResponse(res, outcome, cors.responseHeaders(req.headers));
    log?.(
      `${req.method} ${req.url} ${outcome.status} ${Math.round(performance.now() - started)}ms`,
    );
  }

  /**
   * GET /__sandbox/stats: the counts as JSON, for a client in another process (the benchmark);
   * DELETE starts them anew. The counts include this request itself in `requests` only.
   */
  function statsRoute(method: string): SandboxResponse {
    if (method === "GET") return jsonResponse(200, { ...stats });
    if (method === "DELETE") {
      resetStats();
      return emptyResponse(204);
    }
    throw new ApiError(
      405,
      "method_not_allowed",
      `${method} is not allowed on /__sandbox/stats; allowed: GET, DELETE.`,
      [],
      { Allow: "GET, DELETE" },
    );
  }

  const server = createServer(
    {
      headersTimeout: resolved.headersTimeoutMs,
      requestTimeout: resolved.requestTimeoutMs,
      // Node checks the two timeouts this often (30 s by default), so short ones take effect.
      connectionsCheckingInterval: Math.min(1_000, resolved.headersTimeoutMs),
    },
    (req, res) => {
      void handle(req, res);
    },
  );
  server.maxConnections = resolved.maxConnections;
  // An idle kept-alive connection is closed by the client, never by the server on a timer: a
  // server's close can reach a socket the client has just picked for its next request
  // (ECONNRESET). A keep-alive timeout, however long, is no cure: Node announces it
  // ("Keep-Alive: timeout=N") and Node's fetch then keeps the socket N - 1 s, a margin a busy
  // machine's late timers eat. With none announced, each client closes by its own clock (Node's
  // fetch after 4 s); the long inactivity limit only reaps sockets a vanished client left open.
  server.keepAliveTimeout = 0;
  server.timeout = 10 * 60_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // A client that vanishes mid-request is not a server error.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(resolved.port, resolved.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = resolved.host.includes(":") ? `[${resolved.host}]` : resolved.host;
  const origin = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    origin,
    port,
    baseUrl: `${origin}/v1`,
    stats: () => ({ ...stats }),
    resetStats,
    nextApiRequest,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        lifetime.abort();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Splits the request target; path segments are percent-decoded one by one, so %2F stays inside. */
function parseTarget(rawUrl: string): {
  rawPath: string;
  segments: string[];
  query: URLSearchParams;
} {
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt >= 0 ? rawUrl.slice(0, queryAt) : rawUrl;
  const query = new URLSearchParams(queryAt >= 0 ? rawUrl.slice(queryAt + 1) : "");
  // An absolute-form or "*" target names no route here.
  if (!rawPath.startsWith("/")) return { rawPath, segments: [""], query };
  try {
    return { rawPath, segments: rawPath.slice(1).split("/").map(decodeURIComponent), query };
  } catch {
    throw new ApiError(400, "invalid_path", "The request path has invalid percent-encoding.");
  }
}

function notFound(method: string, path: string): ApiError {
  const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path;
  return new ApiError(
    404,
    "not_found",
    `There is no ${method} ${shown} in the API; paths start with /v1 or /rc-1.`,
  );
}
