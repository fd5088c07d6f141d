// `npm start`: runs the add-in against the built-in sandbox. Starts the sandbox API and the https
// dev server, then sideloads into Excel where the platform allows; on Linux it says how to sideload
// and keeps serving until stopped (Ctrl+C or `npm stop`).
import { ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import { caCertificatePath } from "office-addin-dev-certs/lib/defaults";
import { startPreviewServer } from "./previewServer";
import { portInUse } from "./previewWithSandbox";
import {
  clearDevProcesses,
  DevProcesses,
  endProcessGroup,
  loadDevProcesses,
  PROJECT_ROOT,
  saveDevProcesses,
} from "./devProcesses";

interface StartOptions {
  document?: string;
  sideload: boolean;
  sandboxPort: number;
  devServerPort: number;
  previewPort: number;
}

const USAGE = `Usage: npm start [-- --document <Excel on the web URL>] [--no-sideload]`;

function parseArgs(argv: string[]): StartOptions {
  const ports = devPorts.devPorts();
  const options: StartOptions = {
    sideload: true,
    sandboxPort: ports.sandbox,
    devServerPort: ports.devServer,
    previewPort: ports.preview,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--document") options.document = argv[++i];
    else if (arg === "--no-sideload") options.sideload = false;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Unknown option ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (options.document !== undefined && !/^https:\/\//.test(options.document)) {
    console.error("--document needs the https address of a workbook in Excel on the web.");
    process.exit(2);
  }
  return options;
}

function startChild(name: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true, // its own process group, so stopping ends webpack's workers too
  });
  child.on("exit", (code, signal) => {
    if (!shuttingDown) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
      shutdown(1);
    }
  });
  return child;
}

/** Polls the dev server until the task pane page answers (its certificate may be untrusted). */
async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const request = https.get(url, { rejectUnauthorized: false, timeout: 2000 }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      });
      request.on("error", () => resolve(false));
      request.on("timeout", () => request.destroy());
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The dev server did not serve ${url} within ${timeoutMs / 1000} s.`);
}

type DevPorts = typeof import("../../scripts/dev-ports");
/** scripts/dev-ports.js: the ports, from the environment or package.json's config. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time
const devPorts = require(path.join(PROJECT_ROOT, "scripts/dev-ports.js")) as DevPorts;

type ManifestUrls = typeof import("../../scripts/manifest-urls");
/** scripts/manifest-urls.js, loaded from the project (it is plain CommonJS, outside tools/). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a path known only at run time
const manifestUrls = require(path.join(PROJECT_ROOT, "scripts/manifest-urls.js")) as ManifestUrls;

/** The manifest npm start sideloads: manifest.xml with its URLs on the dev server's port. */
const DEV_MANIFEST = path.join(PROJECT_ROOT, "build", "manifest.dev.xml");

function writeDevManifest(port: number): void {
  const xml = readFileSync(path.join(PROJECT_ROOT, "manifest.xml"), "utf8");
  mkdirSync(path.dirname(DEV_MANIFEST), { recursive: true });
  writeFileSync(DEV_MANIFEST, manifestUrls.manifestForDevServer(xml, port));
}

function sideload(platform: "desktop" | "web", options: StartOptions): boolean {
  const args = [
    path.join(PROJECT_ROOT, "node_modules/office-addin-debugging/cli.js"),
    "start",
    DEV_MANIFEST,
    platform,
    "--dev-server-port",
    String(options.devServerPort),
    "--no-debug",
    ...(options.document ? ["--document", options.document] : []),
  ];
  const result = spawnSync(process.execPath, args, { cwd: PROJECT_ROOT, stdio: "inherit" });
  return result.status === 0;
}

/** Serves the preview page (task pane beside an in-memory workbook) from the dev server's build. */
async function startPreview(options: StartOptions): Promise<string> {
  const build = spawnSync(
    process.execPath,
    [
      path.join(PROJECT_ROOT, "node_modules/webpack/bin/webpack.js"),
      "-c",
      "webpack.preview.config.js",
      "--mode",
      "development",
    ],
    { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (build.status !== 0) throw new Error("The preview page did not build.");
  const preview = await startPreviewServer({
    host: "127.0.0.1",
    port: options.previewPort,
    appOrigin: `https://localhost:${options.devServerPort}`,
    // The dev server's certificate is signed by this development CA (scripts/dev-certs.js), which
    // exists once the dev server answers: trusting it keeps the certificate check on.
    appOriginCa: readFileSync(caCertificatePath),
    previewDir: path.join(PROJECT_ROOT, "dist-preview"),
    sandboxAddress: devPorts.sandboxApiAddress(options.sandboxPort),
  });
  return preview.url;
}

function explainManualSideload(options: StartOptions, reason: string): void {
  const page = `https://localhost:${options.devServerPort}/taskpane.html`;
  console.log(
    [
      "",
      `Excel was not started: ${reason}`,
      "The add-in keeps being served, so you can see it or load it by hand:",
      `  • In any browser, without Excel: the preview at http://127.0.0.1:${options.previewPort}/`,
      "    shows the task pane beside an in-memory workbook (choose Use sandbox, then Connect).",
      "  • Excel on the web: open a workbook, choose Home > Add-ins > More Add-ins > Upload My Add-in,",
      `    and upload ${DEV_MANIFEST}`,
      "    (or run: npm start -- --document <the workbook's https address>).",
      "  • Excel on Windows or Mac: run npm start there; it sideloads automatically.",
      `  Task pane page: ${page} (trust the development certificate first if the browser warns).`,
      "",
    ].join("\n"),
  );
}

let shuttingDown = false;
const children: ChildProcess[] = [];
let state: DevProcesses = { startPid: process.pid };

function shutdown(code: number): void {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) endProcessGroup(child.pid);
  if (state.sideloaded) {
    spawnSync(
      process.execPath,
      [path.join(PROJECT_ROOT, "node_modules/office-addin-debugging/cli.js"), "stop", DEV_MANIFEST],
      { cwd: PROJECT_ROOT, stdio: "inherit" },
    );
  }
  clearDevProcesses();
  process.exit(code);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const previous = loadDevProcesses();
  if (previous && endProcessGroup(previous.startPid)) {
    console.log("Stopped the previous npm start.");
    await new Promise((r) => setTimeout(r, 1000));
  }
  process.on("SIGINT", () => shutdown(0));
  process.on("SIGTERM", () => shutdown(0));

  for (const [name, port, variable] of [
    ["sandbox", options.sandboxPort, devPorts.DEV_PORTS.sandbox.variable],
    ["dev server", options.devServerPort, devPorts.DEV_PORTS.devServer.variable],
    ["preview", options.previewPort, devPorts.DEV_PORTS.preview.variable],
  ] as const) {
    if (await portInUse(port)) {
      console.error(
        `Port ${port} (${name}) is already in use. Stop what runs there, or choose another ` +
          `port: ${variable}=<port> npm start`,
      );
      process.exit(1);
    }
  }

  writeDevManifest(options.devServerPort);
  const sandbox = startChild("The sandbox", [
    path.join(PROJECT_ROOT, "build/node/sandbox/cli.js"),
    "--port",
    String(options.sandboxPort),
  ]);
  const devServer = startChild("The dev server", [
    path.join(PROJECT_ROOT, "node_modules/webpack/bin/webpack.js"),
    "serve",
    "--mode",
    "development",
  ]);
  children.push(sandbox, devServer);
  state = { startPid: process.pid, sandboxPid: sandbox.pid, devServerPid: devServer.pid };
  saveDevProcesses(state);

  const page = `https://localhost:${options.devServerPort}/taskpane.html`;
  await waitForPage(page, 180_000);
  console.log(`Add-in served at ${page}`);
  console.log(
    `Sandbox API at http://127.0.0.1:${options.sandboxPort}/v1 — token demo-token, identity demo-company`,
  );

  const platform = options.document ? "web" : process.platform === "linux" ? null : "desktop";
  if (!options.sideload) {
    await startPreview(options);
    explainManualSideload(options, "--no-sideload was given.");
  } else if (platform === null) {
    await startPreview(options);
    explainManualSideload(
      options,
      "Excel cannot be sideloaded on Linux (there is no desktop Excel here).",
    );
  } else if (sideload(platform, options)) {
    state.sideloaded = platform;
    saveDevProcesses(state);
  } else {
    explainManualSideload(options, "office-addin-debugging could not sideload the add-in.");
  }
  console.log("Serving until stopped: press Ctrl+C here, or run npm stop.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  shutdown(1);
});
