// Runs before `npm start` and `npm test`: on a fresh clone (or after package-lock.json changed)
// it installs the pinned dependencies with `npm ci`, so the quick start is just two commands.
// Plain Node with no dependencies, since it runs before any are installed.
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const lockfile = path.join(root, "package-lock.json");
const installed = path.join(root, "node_modules", ".package-lock.json");

function needsInstall() {
  if (!fs.existsSync(installed)) return "dependencies are not installed yet";
  if (fs.statSync(lockfile).mtimeMs > fs.statSync(installed).mtimeMs) {
    return "package-lock.json changed since the last install";
  }
  return null;
}

const reason = needsInstall();
if (reason) {
  console.log(`Running npm ci: ${reason}.`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    console.error("npm ci failed; see its output above.");
    process.exit(result.status || 1);
  }
}
