// Runs the production webpack build once into a temporary folder and lists what it emitted.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import webpack from "webpack";

export interface BuildOutput {
  dir: string;
  files: Set<string>; // paths relative to dir, with forward slashes
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [rel];
  });
}

export async function buildProduction(publicUrl: string): Promise<BuildOutput> {
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-sheets-build-"));
  process.env.LEDGER_SHEETS_PUBLIC_URL = publicUrl;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configFactory = require("../../webpack.config.js") as (
    env: Record<string, unknown>,
    argv: { mode: string },
  ) => Promise<webpack.Configuration>;
  const config = await configFactory({ outDir: dir }, { mode: "production" });
  await new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString("errors-only")));
      resolve();
    });
  });
  return { dir, files: new Set(listFiles(dir)) };
}
