// Runs once before the browser tests: finds a browser (before the build, so a machine without
// one hears it at once), then builds what they load.
import path from "node:path";
import { buildForBrowserTests } from "./build";
import { FOUND_BROWSER_VARIABLE, findBrowser } from "./findBrowser";

export default async function globalSetup(): Promise<void> {
  const browser = findBrowser(path.resolve(__dirname, "../.."));
  // Test files run in worker processes started after this: they inherit the variable.
  process.env[FOUND_BROWSER_VARIABLE] = JSON.stringify(browser);
  if (process.env["CI"]) console.log(`\nBrowser tests use ${browser.source}`);
  await buildForBrowserTests();
}
