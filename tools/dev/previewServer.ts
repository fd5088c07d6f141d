// Serves the preview page: the built task pane (from a folder, or proxied from the https dev
// server) beside the in-memory workbook. The task pane page is served as built, except that its
// office.js <script> points at the fake host instead of Microsoft's CDN. It forwards only to the
// one origin it was given, with the certificate checked, and answers only to its own address.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { rootCertificates } from "node:tls";
import { allowedHostHeaders, hostAllowed, safeRequestPath } from "./requestGuard";

export const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

export interface PreviewServerOptions {
  host: string;
  port: number;
  /** Folder with preview.html, preview.js and fake-office.js. */
  previewDir: string;
  /** Folder with the built add-in (taskpane.html, functions.js, ...), or ... */
  appDir?: string;
  /** ... the origin of the dev server to fetch it from, e.g. https://localhost:3000. */
  appOrigin?: string;
  /**
   * The certificate authority (PEM) that signed appOrigin's certificate, trusted besides the
   * public ones: the dev server's is a local development CA that Node does not know.
   */
  appOriginCa?: string | Buffer;
  /**
   * The sandbox the preview uses (e.g. http://127.0.0.1:4010/v1): the task pane page is served
   * naming it, so Use sandbox fills in the address actually served.
   */
  sandboxAddress?: string;
  /** Where each refused request is reported; console.warn when absent. */
  log?: (line: string) => void;
}

export interface RunningPreview {
  url: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

/** Microsoft's Excel client, copied beside the preview page from @microsoft/office-js. */
export const EXCEL_CLIENT_JS = "excel-web-16.00.js";

/**
 * The task pane page with the fake host in place of the CDN's office.js: Microsoft's Excel
 * client first (it builds and serializes every batch), then the fake Office host that answers it.
 */
export function withFakeOffice(html: string): string {
  const at = html.indexOf(OFFICE_JS_CDN);
  const end = at < 0 ? -1 : html.indexOf("</script>", at);
  if (end < 0) {
    throw new Error(
      "taskpane.html does not load office.js from the CDN; the preview cannot swap it.",
    );
  }
  const close = end + "</script>".length;
  const officeTag = html.slice(0, close).slice(html.lastIndexOf("<script", at));
  const clientTag = officeTag.replace(OFFICE_JS_CDN, EXCEL_CLIENT_JS);
  return (
    html.slice(0, close - officeTag.length) +
    clientTag +
    '<script src="fake-office.js"></script>' +
    html.slice(close)
  );
}

const SANDBOX_META = /<meta name="ledger-sheets-sandbox" content="[^"]*"\s*\/?>/;

function attributeText(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** The task pane page naming `address` as the sandbox Use sandbox fills in. */
export function withSandboxAddress(html: string, address: string): string {
  const meta = `<meta name="ledger-sheets-sandbox" content="${attributeText(address)}" />`;
  if (SANDBOX_META.test(html)) return html.replace(SANDBOX_META, () => meta);
  const head = html.indexOf("<head>");
  if (head < 0) throw new Error("taskpane.html has no <head> to name the sandbox in.");
  const at = head + "<head>".length;
  return html.slice(0, at) + meta + html.slice(at);
}

/** A safe file path inside `root` for a URL path, or null. */
function fileIn(root: string, urlPath: string): string | null {
  const decoded = decodeURIComponent(urlPath);
  const full = path.resolve(root, `.${decoded}`);
  if (!full.startsWith(path.resolve(root) + path.sep)) return null;
  return existsSync(full) && statSync(full).isFile() ? full : null;
}

/** The https origin to forward to, refused at start when it is anything more than an origin. */
export function upstreamOrigin(appOrigin: string): URL {
  const url = new URL(appOrigin);
  if (url.protocol !== "https:" || url.username || url.password || url.search || url.hash) {
    throw new Error(`appOrigin must be an https origin, not ${appOrigin}.`);
  }
  if (url.pathname !== "/") throw new Error(`appOrigin must have no path: ${appOrigin}.`);
  return url;
}

function fetchUpstream(
  origin: URL,
  ca: (string | Buffer)[] | undefined,
  safePath: string,
): Promise<{ status: number; body: Buffer }> {
  // The path only ever replaces the pathname of the configured origin: it cannot name a host.
  const target = new URL(origin.href);
  target.pathname = safePath;
  if (target.origin !== origin.origin) {
    return Promise.reject(new Error(`refused to forward outside ${origin.origin}`));
  }
  return new Promise((resolve, reject) => {
    const request = https.get(
      target,
      { ...(ca ? { ca } : {}), rejectUnauthorized: true },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 502, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on("error", reject);
  });
}

export async function startPreviewServer(options: PreviewServerOptions): Promise<RunningPreview> {
  if (!options.appDir && !options.appOrigin) throw new Error("Give appDir or appOrigin.");
  const upstream = options.appOrigin ? upstreamOrigin(options.appOrigin) : null;
  const ca = options.appOriginCa ? [...rootCertificates, options.appOriginCa] : undefined;
  const log = options.log ?? ((line: string) => console.warn(line));
  // Filled once listening: the port may be 0 until then.
  let allowedHosts = new Set<string>();
  const send = (
    response: http.ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
  ): void => {
    response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
    response.end(body);
  };

  const refuse = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    status: number,
    reason: string,
  ): void => {
    // JSON quoting keeps a crafted target or Host from writing lines of its own into the log.
    const target = JSON.stringify(request.url ?? "");
    const host = JSON.stringify(request.headers.host ?? "");
    log(`Preview server refused ${request.method ?? "?"} ${target} (Host ${host}): ${reason}`);
    send(response, status, "text/plain; charset=utf-8", `${reason}\n`);
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      if (!hostAllowed(request.headers.host, allowedHosts)) {
        // 421: this server is not the one that name points to (a rebinding page's own name).
        return refuse(request, response, 421, "Misdirected request: unknown Host header.");
      }
      const urlPath = safeRequestPath(request.url);
      if (urlPath === null) {
        return refuse(request, response, 400, "Bad request: the path leaves the server's root.");
      }
      const route = urlPath === "/" ? "/preview.html" : urlPath;
      const type = TYPES[path.extname(route)] ?? "application/octet-stream";
      const own = fileIn(options.previewDir, route);
      if (own) {
        response.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
        createReadStream(own).pipe(response);
        return;
      }
      let body: Buffer | null = null;
      if (options.appDir) {
        const file = fileIn(options.appDir, route);
        body = file ? readFileSync(file) : null;
      } else if (upstream) {
        const answer = await fetchUpstream(upstream, ca, route);
        body = answer.status === 200 ? answer.body : null;
      }
      if (body === null) return send(response, 404, "text/plain; charset=utf-8", "Not found");
      if (route === "/taskpane.html") {
        const page = withFakeOffice(body.toString("utf8"));
        const { sandboxAddress } = options;
        return send(
          response,
          200,
          type,
          sandboxAddress === undefined ? page : withSandboxAddress(page, sandboxAddress),
        );
      }
      send(response, 200, type, body);
    })().catch((error: unknown) => {
      send(response, 502, "text/plain; charset=utf-8", `Preview server: ${String(error)}`);
    });
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = allowedHostHeaders(options.host, port);
  return {
    url: `http://${options.host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
