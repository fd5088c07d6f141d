// Every shell block of the README and the docs runs as written, as a reader would paste it into a
// terminal in the repository: one bash per block that stops at the first failing command, with
// the sandbox running (on a free port, named by LEDGER_SHEETS_SANDBOX_PORT as the docs say), no
// stdin, CI=true, and npm kept offline so nothing but this computer's loopback is reached. Blocks
// marked `<!-- docs-run: skip (why) -->` are listed, with their reason, and not run.
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { RunningSandbox, startSandbox } from "../../tools/sandbox";
import { ShellBlock, shellBlocks } from "./helpers/docShellBlocks";

const ROOT = path.resolve(__dirname, "../..");

const MARKDOWN_FILES = execFileSync("git", ["ls-files", "*.md"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => file !== "" && !file.startsWith("bench/results/"));

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

function runBlock(block: ShellBlock, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-o", "pipefail", "-c", block.script], {
      cwd: ROOT,
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

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, log: () => undefined });
});

afterAll(async () => {
  await sandbox?.close();
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
      const before = new Set(readdirSync(ROOT));
      try {
        const run = await runBlock(block, readerEnvironment(sandbox.port));
        if (run.code !== 0) {
          throw new Error(`exit code ${run.code} from\n${block.script}\n---\n${run.output}`);
        }
      } finally {
        // What a block writes beside the README (invoices.xlsx) goes again.
        for (const name of readdirSync(ROOT)) {
          if (!before.has(name)) rmSync(path.join(ROOT, name), { recursive: true, force: true });
        }
      }
    },
    180_000,
  );
});
