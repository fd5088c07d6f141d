// Builds the add-in (production, as published) and the preview page into build/browser, so the
// browser tests drive exactly what `npm run build` ships.
import path from "node:path";
import webpack from "webpack";

// LEDGER_BROWSER_BUILD lets two working sessions on one machine build side by side.
export const BROWSER_BUILD = path.resolve(
  process.env.LEDGER_BROWSER_BUILD ?? path.resolve(__dirname, "../../build/browser"),
);
export const APP_DIR = path.join(BROWSER_BUILD, "app");
export const PREVIEW_DIR = path.join(BROWSER_BUILD, "preview");

type ConfigFactory = (
  env: Record<string, unknown>,
  argv: { mode: string },
) => webpack.Configuration | Promise<webpack.Configuration>;

function compile(config: webpack.Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString("errors-only")));
      resolve();
    });
  });
}

export async function buildForBrowserTests(): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const app = require("../../webpack.config.js") as ConfigFactory;
  const preview = require("../../webpack.preview.config.js") as ConfigFactory;
  /* eslint-enable @typescript-eslint/no-require-imports */
  await compile(await app({ outDir: APP_DIR }, { mode: "production" }));
  await compile(await preview({ outDir: PREVIEW_DIR }, { mode: "production" }));
}
