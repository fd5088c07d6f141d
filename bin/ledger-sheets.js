#!/usr/bin/env node
// The headless export's command (src/cli), compiled by `npm run build:cli` into build/cli.
const path = require("node:path");
const entry = path.join(__dirname, "..", "build", "cli", "src", "cli", "main.js");
let cli;
try {
  cli = require(entry);
} catch (error) {
  if (error && error.code === "MODULE_NOT_FOUND" && String(error.message).includes(entry)) {
    process.stderr.write("ledger-sheets is not built yet: run `npm run build:cli` first.\n");
    process.exit(1);
  }
  throw error;
}
cli.main();
