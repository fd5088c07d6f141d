// Every shell block of the README and the docs runs as written, as a reader would paste it into a
// terminal in a clone of the repository (a copy of its files, sharing node_modules, so what the
// blocks build and write never touches the files other tests use): one bash per block that stops
// at the first failing command, with
// the sandbox running (on a free port, named by LEDGER_SHEETS_SANDBOX_PORT as the docs say), no
// stdin, CI=true, and npm kept offline so nothing but this computer's loopback is reached. Blocks
// marked `<!-- docs-run: skip (why) -->` are listed, with their reason, and not run.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ShellBlock, shellBlocks } from "./helpers/docShellBlocks";
import { useSandbox } from "./helpers/sandboxSession";

const ROOT = path.resolve(__dirname, "../..");

/** The repository's files as git tracks them (the working copy of each). */
function trackedFiles(pattern?: string): string[] {
  const args = ["ls-files", ...(pattern === undefined ? [] : [pattern])];
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => file !== "" && existsSync(path.join(ROOT, file)));
}

/** A clone's files in a folder of their own, node_modules shared with this checkout. */
function cloneOfRepository(): string {
  const clone = mkdtempSync(path.join(tmpdir(), "ledger-docs-run-"));
  for (const file of trackedFiles()) cpSync(path.join(ROOT, file), path.join(clone, file));
  symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"), "dir");
  return clone;
}

const MARKDOWN_FILES = trackedFiles("*.md").filter((file) => !file.startsWith("bench/results/"));

const BLOCKS: readonly ShellBlock[] = MARKDOWN_FILES.flatMap((file) =>
  shellBlocks(file, readFileSync(path.join(ROOT, file), "utf8")),
);
const TO_RUN = BLOCKS.filter((block) => block.skipReason === undefined);

/** A reader's shell: no npm script variables, and no node_modules/.bin on the PATH. */
function readerEnvironment(sandboxPort: number): NodeJS.ProcessEnv {
  const pathDirs = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`));
  return {
    PATH: pathDirs.join(path.delimiter),
    HOME: process.env.HOME,
    LANG: "C.UTF-8",
    CI: "true",
    LEDGER_SHEETS_SANDBOX_PORT: String(sandboxPort),
    // Offline: a command that would fetch a package fails here instead of reaching the network.
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

interface Run {
  code: number | null;
  output: string;
}

function runBlock(block: ShellBlock, cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", block.script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

const sandbox = useSandbox({ log: () => undefined });
let clone: string;

beforeAll(async () => {
  clone = cloneOfRepository();
});

afterAll(async () => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

describe("the shell blocks of the README and the docs", () => {
  it("are found, and each one not run says why", () => {
    expect(BLOCKS.filter((block) => block.file === "README.md").length).toBeGreaterThan(3);
    expect(TO_RUN.length).toBeGreaterThan(2);
    for (const block of BLOCKS) {
      if (block.skipReason !== undefined) expect(block.skipReason.length).toBeGreaterThan(10);
    }
  });

  it.each(TO_RUN.map((block) => [`${block.file}:${block.line}`, block] as const))(
    "%s runs as written",
    async (_where, block) => {
      const run = await runBlock(block, clone, readerEnvironment(sandbox().port));
      if (run.code !== 0) {
        throw new Error(`exit code ${run.code} from\n${block.script}\n---\n${run.output}`);
      }
    },
    180_000,
  );
});
