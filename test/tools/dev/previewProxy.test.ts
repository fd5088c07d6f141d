// The preview server in proxy mode (as `npm start` runs it, fetching the task pane from the https
// dev server): it forwards only to that origin, with its certificate checked, and answers only to
// its own address. A recording https server on loopback stands for any other host: no request
// may reach it, however the path is written.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateCertificates } from "office-addin-dev-certs/lib/generate";
import {
  OFFICE_JS_CDN,
  RunningPreview,
  startPreviewServer,
} from "../../../tools/dev/previewServer";
import { safeRequestPath } from "../../../tools/dev/requestGuard";

interface Recorder {
  port: number;
  /** TCP connections opened to it: any at all means a request left for it. */
  connections: number;
  /** Paths of the HTTP requests it answered. */
  paths: string[];
  close(): Promise<void>;
}

/** An https server on loopback that answers every path and records what reached it. */
async function recorder(tls: { cert: Buffer; key: Buffer }, answer: (path: string) => string) {
  const sockets = new Set<Socket>();
  const record: Recorder = { port: 0, connections: 0, paths: [], close: async () => {} };
  const server = https.createServer(tls, (request, response) => {
    record.paths.push(request.url ?? "");
    response.writeHead(200, { "Content-Type": "text/plain" });
    response.end(answer(request.url ?? ""));
  });
  server.on("connection", (socket: Socket) => {
    record.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  record.port = (server.address() as AddressInfo).port;
  record.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return record;
}

/** A GET with the request target sent exactly as written (fetch() would resolve `..` first). */
function rawGet(
  port: number,
  target: string,
  host = `127.0.0.1:${port}`,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: target, method: "GET", headers: { Host: host } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const root = mkdtempSync(path.join(tmpdir(), "preview-proxy-test-"));
const previewDir = path.join(root, "preview");
const certs = {
  ca: path.join(root, "certs", "ca.crt"),
  cert: path.join(root, "certs", "localhost.crt"),
  key: path.join(root, "certs", "localhost.key"),
};
let devServer: Recorder;
let elsewhere: Recorder;
let preview: RunningPreview;
const logged: string[] = [];

beforeAll(async () => {
  mkdirSync(previewDir);
  writeFileSync(path.join(previewDir, "preview.html"), "<h1>preview</h1>");
  // A development CA and a localhost certificate it signs, as scripts/dev-certs.js makes them.
  const quiet = jest.spyOn(console, "log").mockImplementation(() => {});
  await generateCertificates(certs.ca, certs.cert, certs.key, 1, ["127.0.0.1", "localhost"]);
  quiet.mockRestore();
  const tls = { cert: readFileSync(certs.cert), key: readFileSync(certs.key) };
  devServer = await recorder(tls, (target) =>
    target === "/taskpane.html" ? `<script src="${OFFICE_JS_CDN}"></script>` : "// functions",
  );
  elsewhere = await recorder(tls, () => "secret from another host");
  preview = await startPreviewServer({
    host: "127.0.0.1",
    port: 0,
    previewDir,
    appOrigin: `https://localhost:${devServer.port}`,
    appOriginCa: readFileSync(certs.ca),
    log: (line) => logged.push(line),
  });
}, 30_000);

afterAll(async () => {
  await preview?.close();
  await devServer?.close();
  await elsewhere?.close();
});

beforeEach(() => {
  devServer.paths.length = 0;
  elsewhere.connections = 0;
  elsewhere.paths.length = 0;
  logged.length = 0;
});

describe("the preview proxy", () => {
  it("forwards an ordinary request to the dev server, its certificate checked", async () => {
    const answer = await rawGet(preview.port, "/functions.js");
    expect(answer).toEqual({ status: 200, body: "// functions" });
    expect(devServer.paths).toEqual(["/functions.js"]);
    const pane = await fetch(`${preview.url}taskpane.html`);
    expect(await pane.text()).toBe(
      '<script src="excel-web-16.00.js"></script><script src="fake-office.js"></script>',
    );
    expect(logged).toEqual([]);
  });

  it.each([
    "/..//127.0.0.1:PORT/steal",
    "/../..//127.0.0.1:PORT/steal",
    "/%2e%2e//127.0.0.1:PORT/steal",
    "/%2E%2E/%2F127.0.0.1:PORT/steal",
    "/a/..%2f..%2f/127.0.0.1:PORT/steal",
    "/%2f%2f127.0.0.1:PORT/steal",
    "//127.0.0.1:PORT/steal",
    "/.%2e/%252e%252e//127.0.0.1:PORT/steal",
    "/..\\/127.0.0.1:PORT/steal",
    "https://127.0.0.1:PORT/steal",
  ])("refuses %s, and no request leaves for that host", async (written) => {
    const answer = await rawGet(preview.port, written.replace("PORT", String(elsewhere.port)));
    expect(elsewhere.connections).toBe(0);
    expect(elsewhere.paths).toEqual([]);
    expect(devServer.paths).toEqual([]);
    expect(answer.status).toBe(400);
    expect(answer.body).not.toMatch(/secret/);
    expect(logged).toEqual([expect.stringContaining("refused GET")]);
  });

  it("refuses a Host header that is not its own address (DNS rebinding), without forwarding", async () => {
    const answer = await rawGet(preview.port, "/functions.js", `rebind.example:${preview.port}`);
    expect(answer.status).toBe(421);
    expect(devServer.paths).toEqual([]);
    expect(logged).toEqual([expect.stringContaining('Host "rebind.example')]);
  });

  it("answers to its loopback names", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
      const answer = await rawGet(preview.port, "/", `${host}:${preview.port}`);
      expect(answer).toEqual({ status: 200, body: "<h1>preview</h1>" });
    }
  });

  it("refuses a dev server whose certificate it cannot verify", async () => {
    const unverified = await startPreviewServer({
      host: "127.0.0.1",
      port: 0,
      previewDir,
      appOrigin: `https://localhost:${devServer.port}`,
      log: (line) => logged.push(line),
    });
    try {
      const answer = await rawGet(unverified.port, "/functions.js");
      expect(answer.status).toBe(502);
      expect(answer.body).not.toMatch(/functions/);
      // The TLS handshake failed before any HTTP request was sent.
      expect(devServer.paths).toEqual([]);
    } finally {
      await unverified.close();
    }
  });

  it("takes only an https origin to forward to", async () => {
    for (const appOrigin of [
      "http://localhost:3000",
      "https://localhost:3000/some/path",
      "https://user:pass@localhost:3000",
    ]) {
      await expect(
        startPreviewServer({ host: "127.0.0.1", port: 0, previewDir, appOrigin }),
      ).rejects.toThrow(/appOrigin/);
    }
  });
});

describe("safeRequestPath()", () => {
  it("keeps the paths a browser sends, query aside", () => {
    expect(safeRequestPath("/")).toBe("/");
    expect(safeRequestPath("/assets/logo%20filled.png")).toBe("/assets/logo%20filled.png");
    expect(safeRequestPath("/dir/")).toBe("/dir/");
    expect(safeRequestPath("/preview.html?paneWidth=360&next=//x/../y")).toBe("/preview.html");
  });

  it("refuses what is not a path, and malformed encodings", () => {
    for (const target of [undefined, "", "*", "x/y", "/%zz", "/a%00b", "/.", "/a/./b"]) {
      expect(safeRequestPath(target)).toBeNull();
    }
  });
});
