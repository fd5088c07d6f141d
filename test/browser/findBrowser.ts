// Finds a Chromium-family browser for the browser tests, so `npm test` needs nothing but Node:
//   1. CHROMIUM_PATH, when set (an explicit choice; a wrong path is an error, not a fallback);
//   2. an installed Chromium, Chrome or Edge (Debian's /usr/bin/chromium first; on Windows and
//      macOS through playwright's `channel`, which knows where those are installed);
//   3. the Chromium inside the `@sparticuz/chromium` dev dependency (Linux x64 only), unpacked
//      to the temp directory on first use (about 2 s).
// The choice is made once, in the browser tests' global setup, and handed to the test files
// through an environment variable.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** What playwright-core's `chromium.launch` needs to start the browser that was found. */
export interface FoundBrowser {
  readonly executablePath?: string;
  readonly channel?: "chrome" | "msedge";
  /** For the log: where it came from. */
  readonly source: string;
}

/** The variable the global setup hands the choice to the test files in. */
export const FOUND_BROWSER_VARIABLE = "LEDGER_SHEETS_TEST_BROWSER";

const HOW_TO_GET_ONE = [
  "Any one of these works:",
  "  - set CHROMIUM_PATH to a Chromium, Chrome or Edge executable;",
  "  - install one (Debian/Ubuntu: `sudo apt-get install chromium`; or Google Chrome / Microsoft Edge);",
  "  - on Linux x64, `npm ci` installs @sparticuz/chromium, which carries its own Chromium.",
].join("\n");

/** No browser could be found: one message, without a stack trace, saying how to get one. */
export class BrowserNotFound extends Error {
  constructor(reason: string) {
    super(`The browser tests need a Chromium-family browser. ${reason}\n${HOW_TO_GET_ONE}`);
    this.name = "BrowserNotFound";
    this.stack = `${this.name}: ${this.message}`;
  }
}

const LINUX_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/usr/bin/microsoft-edge",
];

/** Where Chrome and Edge install themselves on Windows and macOS, by playwright channel. */
function channelPaths(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): [FoundBrowser["channel"], string][] {
  if (platform === "darwin") {
    return [
      ["chrome", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
      ["msedge", "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge"],
    ];
  }
  if (platform === "win32") {
    const roots = [env["PROGRAMFILES"], env["PROGRAMFILES(X86)"], env["LOCALAPPDATA"]];
    return roots.flatMap((root): [FoundBrowser["channel"], string][] =>
      root
        ? [
            ["chrome", path.join(root, "Google", "Chrome", "Application", "chrome.exe")],
            ["msedge", path.join(root, "Microsoft", "Edge", "Application", "msedge.exe")],
          ]
        : [],
    );
  }
  return [];
}

/** The Chromium the npm package carries, unpacked; null where it has none or is not installed. */
function packagedChromium(root: string): string | null {
  if (process.platform !== "linux" || process.arch !== "x64") return null;
  // The package is an ES module: ask a child Node for the path rather than load it under Jest.
  const script =
    "const { default: chromium } = await import('@sparticuz/chromium');" +
    "process.stdout.write(await chromium.executablePath());";
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  const found = result.status === 0 ? result.stdout.trim() : "";
  return found !== "" && existsSync(found) ? found : null;
}

export interface FindOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  readonly exists?: (file: string) => boolean;
  readonly packaged?: () => string | null;
}

/** The first browser of the order above; throws {@link BrowserNotFound} when there is none. */
export function findBrowser(root: string, options: FindOptions = {}): FoundBrowser {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const exists = options.exists ?? existsSync;
  const explicit = env["CHROMIUM_PATH"];
  if (explicit !== undefined && explicit !== "") {
    if (!exists(explicit)) {
      throw new BrowserNotFound(`CHROMIUM_PATH is set to ${explicit}, which does not exist.`);
    }
    return { executablePath: explicit, source: "CHROMIUM_PATH" };
  }
  if (platform === "linux") {
    const installed = LINUX_PATHS.find((file) => exists(file));
    if (installed) return { executablePath: installed, source: installed };
  }
  for (const [channel, file] of channelPaths(platform, env)) {
    if (exists(file)) return { channel, source: `${channel} (${file})` };
  }
  const packaged = (options.packaged ?? (() => packagedChromium(root)))();
  if (packaged) return { executablePath: packaged, source: `@sparticuz/chromium (${packaged})` };
  throw new BrowserNotFound("None was found on this machine.");
}

/** The browser the global setup found, for the test files. */
export function foundBrowser(): FoundBrowser {
  const saved = process.env[FOUND_BROWSER_VARIABLE];
  if (!saved) {
    throw new BrowserNotFound("The browser tests' global setup did not run (run them with jest).");
  }
  return JSON.parse(saved) as FoundBrowser;
}
