// The order in which the browser tests look for a browser, with the file system and the npm
// package replaced: an explicit path, an installed browser, the packaged Chromium, then one
// clear message.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BrowserNotFound, findBrowser } from "../../browser/findBrowser";

const ROOT = "/repo";
const none = (): boolean => false;
const only =
  (...files: string[]) =>
  (file: string): boolean =>
    files.includes(file);

describe("findBrowser()", () => {
  test("CHROMIUM_PATH wins, and a wrong one is an error rather than a silent fallback", () => {
    const env = { CHROMIUM_PATH: "/opt/chrome/chrome" };
    expect(
      findBrowser(ROOT, {
        env,
        platform: "linux",
        exists: only("/opt/chrome/chrome", "/usr/bin/chromium"),
      }),
    ).toEqual({ executablePath: "/opt/chrome/chrome", source: "CHROMIUM_PATH" });
    expect(() =>
      findBrowser(ROOT, { env, platform: "linux", exists: only("/usr/bin/chromium") }),
    ).toThrow("CHROMIUM_PATH is set to /opt/chrome/chrome, which does not exist.");
  });

  test("an installed Chromium, Chrome or Edge comes before the packaged one", () => {
    const packaged = jest.fn(() => "/tmp/chromium");
    expect(
      findBrowser(ROOT, {
        env: {},
        platform: "linux",
        exists: only("/usr/bin/google-chrome"),
        packaged,
      }),
    ).toEqual({ executablePath: "/usr/bin/google-chrome", source: "/usr/bin/google-chrome" });
    expect(packaged).not.toHaveBeenCalled();
    expect(
      findBrowser(ROOT, {
        env: {},
        platform: "darwin",
        exists: only("/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge"),
        packaged,
      }),
    ).toMatchObject({ channel: "msedge" });
    expect(
      findBrowser(ROOT, {
        env: { PROGRAMFILES: "C:\\Program Files" },
        platform: "win32",
        exists: (file) => file.endsWith("chrome.exe"),
        packaged,
      }),
    ).toMatchObject({ channel: "chrome" });
  });

  test("with nothing installed, the Chromium the npm package carries", () => {
    expect(
      findBrowser(ROOT, {
        env: {},
        platform: "linux",
        exists: none,
        packaged: () => "/tmp/chromium",
      }),
    ).toEqual({ executablePath: "/tmp/chromium", source: "@sparticuz/chromium (/tmp/chromium)" });
  });

  const linuxX64 = process.platform === "linux" && process.arch === "x64";
  (linuxX64 ? test : test.skip)(
    "the packaged Chromium is really there: the dev dependency unpacks it (Linux x64)",
    () => {
      const found = findBrowser(path.resolve(__dirname, "../../.."), {
        env: {},
        platform: "linux",
        exists: (file) => file.startsWith(os.tmpdir()) && existsSync(file),
      });
      expect(found.source).toMatch(/^@sparticuz\/chromium/);
      expect(existsSync(found.executablePath ?? "")).toBe(true);
    },
    60_000,
  );

  test("with no browser at all, one message that says how to get one, and no stack trace", () => {
    let caught: unknown;
    try {
      findBrowser(ROOT, { env: {}, platform: "linux", exists: none, packaged: () => null });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BrowserNotFound);
    const error = caught as Error;
    expect(error.message).toContain("None was found on this machine.");
    expect(error.message).toContain("set CHROMIUM_PATH");
    expect(error.message).toContain("@sparticuz/chromium");
    expect(error.stack).toBe(`BrowserNotFound: ${error.message}`);
  });
});
