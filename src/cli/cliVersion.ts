// The command's version: package.json's, found from where the command runs (compiled into
// build/cli, or from the sources under a test runner).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function cliVersion(): string {
  for (let folder = __dirname; ; folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === "ledger-sheets" && typeof manifest.version === "string") {
        return manifest.version;
      }
    } catch {
      // No package.json here: look in the folder above.
    }
    if (dirname(folder) === folder) return "unknown";
  }
}
