// The API client's transport in Node, on node:http and node:https with kept-alive connections.
//
// Node's global fetch (undici) is JavaScript on the caller's thread: web streams, events and
// abort signals cost about 2 ms of CPU per 55 KB page, more than reading the JSON. In a browser
// fetch is the browser's own native code, so the task pane keeps it; the command line, which
// exports hundreds of thousands of records, reads each answer here as plain bytes instead.
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";
import type { FetchInit, FetchLike, FetchResponseLike } from "../api";

// Idle sockets of a keep-alive agent are unref'd: they never keep the process alive.
const agents = {
  "http:": new HttpAgent({ keepAlive: true }),
  "https:": new HttpsAgent({ keepAlive: true }),
};

/** Statuses fetch treats as a redirect: with `redirect: "error"` it refuses them. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The body decoded as its Content-Encoding says (the request offers gzip, deflate and br). */
function decodedBody(response: IncomingMessage): Readable {
  switch (response.headers["content-encoding"]?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return response.pipe(createGunzip());
    case "deflate":
      return response.pipe(createInflate());
    case "br":
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

/** A header by name, any case; several values joined as fetch joins them. */
function headerOf(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The body as text, or null once it passes `maxBytes` (decoded bytes; the rest is not read).
 * Rejects with the signal's reason when the call is cancelled mid-body.
 */
function readText(
  response: IncomingMessage,
  signal: AbortSignal,
  maxBytes: number,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const body = decodedBody(response);
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onAbort = (): void => {
      reject(signal.reason);
      response.destroy();
      body.destroy();
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    const settle = (): void => signal.removeEventListener("abort", onAbort);
    body.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) {
        settle();
        response.destroy();
        body.destroy();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    body.on("end", () => {
      settle();
      // An answer of one chunk (most pages) is decoded where it lies rather than copied first.
      const [only] = chunks;
      resolve(
        chunks.length === 1 && only !== undefined
          ? only.toString("utf8")
          : Buffer.concat(chunks, bytes).toString("utf8"),
      );
    });
    const fail = (error: Error): void => {
      settle();
      body.destroy();
      reject(error);
    };
    body.on("error", fail);
    // A connection lost mid-body: the decoder is not told, so the response is listened to too.
    if (body !== response) response.on("error", fail);
    response.on("aborted", () => fail(new Error("The connection closed before the answer ended.")));
  });
}

/** A fetch-like call on node:http(s): headers, status and the body as capped text. */
export const nodeFetch: FetchLike = (url: string, init: FetchInit) =>
  new Promise<FetchResponseLike>((resolve, reject) => {
    const { signal } = init;
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const target = new URL(url);
    const protocol = target.protocol === "https:" ? "https:" : "http:";
    const send = protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(target, {
      method: init.method,
      headers: { "Accept-Encoding": "gzip, deflate, br", ...init.headers },
      agent: agents[protocol],
    });
    const onAbort = (): void => {
      reject(signal.reason);
      request.destroy();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      reject(new TypeError("fetch failed", { cause: error }));
    });
    request.on("response", (response) => {
      signal.removeEventListener("abort", onAbort);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        reject(new TypeError(`fetch failed: redirect (${status}) refused`));
        return;
      }
      const headers = { get: (name: string) => headerOf(response, name) };
      resolve({
        status,
        headers,
        text: async () => (await readText(response, signal, Infinity)) ?? "",
        cappedText: (maxBytes: number) => readText(response, signal, maxBytes),
      });
    });
    request.end(init.body);
  });
