// The command line's transport on node:http: what the API client needs of fetch (status,
// headers, body, cancel, no redirects), over a real loopback server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { nodeFetch } from "../../../src/cli/nodeFetch";
import { JsonNumber, LedgerApi, type FetchInit } from "../../../src/api";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let base = "";
let handler: Handler = (_request, response) => response.end();

beforeAll(async () => {
  server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (chunk: Buffer) => parts.push(chunk));
    request.on("end", () => handler(request, response, Buffer.concat(parts).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function init(overrides: Partial<FetchInit> = {}): FetchInit {
  return {
    method: "GET",
    headers: { Accept: "application/json" },
    signal: new AbortController().signal,
    redirect: "error",
    ...overrides,
  };
}

describe("nodeFetch", () => {
  it("sends the method, headers and body, and gives the status, headers and text", async () => {
    handler = (request, response, body) => {
      response.setHeader("X-Seen", `${request.method} ${request.headers["identity"]} ${body}`);
      response.setHeader("Content-Type", "application/json; charset=utf-8");
      response.statusCode = 201;
      response.end('{"name":"Zoë 🧾"}');
    };
    const response = await nodeFetch(
      `${base}/journals`,
      init({ method: "PATCH", headers: { identity: "demo" }, body: '{"a":1}' }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("x-seen")).toBe('PATCH demo {"a":1}');
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Retry-After")).toBeNull();
    expect(await response.text()).toBe('{"name":"Zoë 🧾"}');
  });

  it("decodes a gzip answer", async () => {
    handler = (request, response) => {
      expect(request.headers["accept-encoding"]).toContain("gzip");
      response.setHeader("Content-Encoding", "gzip");
      response.end(gzipSync(JSON.stringify({ data: "x".repeat(100_000) })));
    };
    const response = await nodeFetch(`${base}/invoices`, init());
    expect(JSON.parse(await response.text())).toEqual({ data: "x".repeat(100_000) });
  });

  it("stops reading an answer past the cap, counting decoded bytes", async () => {
    handler = (_request, response) => {
      response.setHeader("Content-Encoding", "gzip");
      response.end(gzipSync("y".repeat(2_000_000)));
    };
    const response = await nodeFetch(`${base}/invoices`, init());
    expect(response.cappedText).toBeDefined();
    expect(await response.cappedText?.(1_000_000)).toBeNull();
  });

  it("refuses a redirect rather than follow it with the token", async () => {
    handler = (_request, response) => {
      response.statusCode = 302;
      response.setHeader("Location", "http://elsewhere.example/");
      response.end();
    };
    await expect(nodeFetch(`${base}/invoices`, init())).rejects.toThrow(/redirect/);
  });

  it("joins an answer sent in two parts, split inside a character and inside a 20-digit amount", async () => {
    const body = Buffer.from(
      '{"status":true,"message":"ok","last_id":null,"keyset":null,' +
        '"data":[{"id":"Zoë","total":12345678901234567890.12}]}',
    );
    const splitAt = body.indexOf("ë") + 1; // between the two bytes of ë
    const secondAt = body.indexOf("5678901234567890");
    let sendRest!: () => void;
    handler = (_request, response) => {
      response.setHeader("Content-Length", String(body.length));
      response.write(body.subarray(0, splitAt));
      sendRest = () => {
        response.write(body.subarray(splitAt, secondAt));
        response.end(body.subarray(secondAt));
      };
    };
    const api = new LedgerApi(
      { apiAddress: `${base}/v1`, version: "v1", token: "t0ken", identity: "demo" },
      {
        fetch: async (url, fetchInit) => {
          const response = await nodeFetch(url, fetchInit);
          // The first part has reached the client with the headers; the rest leaves only now.
          sendRest();
          return response;
        },
      },
    );
    const page = await api.listCollectionPage("/invoices");
    expect(page.data).toEqual([{ id: "Zoë", total: new JsonNumber("12345678901234567890.12") }]);
  });

  it("rejects with the signal's reason when cancelled while the body is coming", async () => {
    let first!: () => void;
    const firstChunkSent = new Promise<void>((resolve) => (first = resolve));
    handler = (_request, response) => {
      response.setHeader("Content-Length", "100");
      response.write("{", () => first());
    };
    const controller = new AbortController();
    const response = await nodeFetch(`${base}/invoices`, init({ signal: controller.signal }));
    const text = response.text();
    await firstChunkSent;
    const reason = new Error("stopped by the user");
    controller.abort(reason);
    await expect(text).rejects.toBe(reason);
  });

  it("rejects with the signal's reason when cancelled before the answer", async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    const pending = nodeFetch(`${base}/invoices`, init({ signal: controller.signal }));
    controller.abort("cancelled");
    await expect(pending).rejects.toBe("cancelled");
  });

  it("fails as a network error when nothing listens at the address", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(nodeFetch(`http://127.0.0.1:${port}/invoices`, init())).rejects.toThrow(TypeError);
  });
});
