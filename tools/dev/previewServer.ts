// Serves the preview page: the built task pane (from a folder, or proxied from the https dev
// server) beside the in-memory workbook. The task pane page is served as built, except that its
// office.js <script> points at the fake host instead of Microsoft's CDN.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";

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

/** A safe file path inside `root` for a URL path, or null. */
function fileIn(root: string, urlPath: string): string | null {
  const decoded = decodeURIComponent(urlPath);
  const full = path.resolve(root, `.${decoded}`);
  if (!full.startsWith(path.resolve(root) + path.sep)) return null;
  return existsSync(full) && statSync(full).isFile() ? full : null;
}

function fetchUpstream(origin: string, urlPath: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      new URL(urlPath, origin),
      { rejectUnauthorized: false }, // the dev server's own certificate, on this machine
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
  const send = (
    response: http.ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
  ): void => {
    response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
    response.end(body);
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const urlPath = new URL(request.url ?? "/", "http://preview").pathname;
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
      } else if (options.appOrigin) {
        const upstream = await fetchUpstream(options.appOrigin, route);
        body = upstream.status === 200 ? upstream.body : null;
      }
      if (body === null) return send(response, 404, "text/plain; charset=utf-8", "Not found");
      if (route === "/taskpane.html") {
        return send(response, 200, type, withFakeOffice(body.toString("utf8")));
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
