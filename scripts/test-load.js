// `npm run test:load`: the suite three times in a row while every core is kept busy, as `stress -c N`
// would: a test that leans on timing it does not control fails here long before it flakes in CI.
// Arguments go on to jest (`npm run test:load -- test/integration/functions.test.ts`); `--runs N`
// changes the number of runs; `--jest-only` runs jest without npm test's typecheck (which never
// flakes, and takes minutes on a busy machine), for checking a few files quickly. Prints one
// summary line per run and exits 1 if any run failed.
// Plain Node with no dependencies.
const { spawn } = require("node:child_process");
const os = require("node:os");
const path = require("node:path");

const root = path.resolve(__dirname, "..");

/**
 * A busy process: spins in slices of 100 ms, looking up between them so that it ends once this
 * script is gone (its IPC channel closes), however this script ended.
 */
const SPIN = `
process.on("disconnect", () => process.exit(0));
(function spin() {
  const end = Date.now() + 100;
  while (Date.now() < end);
  setImmediate(spin);
})();
`;

function parseArgs(argv) {
  const jestArgs = [];
  let runs = 3;
  let jestOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const inline = /^--runs=(.*)$/.exec(arg);
    if (arg === "--jest-only") jestOnly = true;
    else if (arg === "--runs" || inline) {
      const value = inline ? inline[1] : argv[++i];
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) {
        console.error(`--runs takes a whole number of runs, 1 or more (got ${value}).`);
        process.exit(2);
      }
    } else jestArgs.push(arg);
  }
  return { runs, jestArgs, jestOnly };
}

function startLoad(count) {
  const busy = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ["-e", SPIN], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    child.on("error", (error) => console.error(`A busy process failed to start: ${error.message}`));
    busy.push(child);
  }
  return {
    stop() {
      for (const child of busy) {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
    },
  };
}

/** Jest's "Tests:" line ("Tests: 1 failed, 2478 passed, 2479 total"), or null when it printed none. */
function testCounts(output) {
  // eslint-disable-next-line no-control-regex -- jest colours its summary
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").filter((line) => /^Tests:\s/.test(line));
  const last = lines.at(-1);
  if (last === undefined) return null;
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(last)?.[1] ?? 0);
  return {
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    total: count("total"),
  };
}

/** One `npm test` (or `npx jest`), its output passed through and kept for the summary. */
function runSuite(jestArgs, jestOnly, onChild) {
  return new Promise((resolve) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const [command, args] = jestOnly
      ? [process.platform === "win32" ? "npx.cmd" : "npx", ["jest", ...jestArgs]]
      : [npm, ["test", ...(jestArgs.length > 0 ? ["--", ...jestArgs] : [])]];
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["inherit", "pipe", "pipe"],
      shell: process.platform === "win32",
      // A process group of its own, so that stopping it reaches npm's scripts and jest's workers.
      detached: process.platform !== "win32",
    });
    onChild(child);
    let tail = "";
    const keep = (chunk, out) => {
      out.write(chunk);
      // Jest prints its summary last; the end of the output is enough to find it.
      tail = (tail + chunk.toString()).slice(-20_000);
    };
    child.stdout.on("data", (chunk) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk) => keep(chunk, process.stderr));
    child.on("error", (error) => {
      resolve({ code: 1, seconds: 0, counts: null, error: error.message });
    });
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ code: code ?? 1, signal, seconds, counts: testCounts(tail) });
    });
  });
}

function describeRun(index, run) {
  const counts = run.counts
    ? `${run.counts.passed} passed, ${run.counts.failed} failed${run.counts.skipped > 0 ? `, ${run.counts.skipped} skipped` : ""} of ${run.counts.total}`
    : "no test summary (the typecheck or jest itself failed)";
  const verdict = run.code === 0 ? "ok" : `FAILED (exit ${run.signal ?? run.code})`;
  return `Run ${index + 1}: ${verdict}; ${counts}; ${run.seconds.toFixed(1)} s wall time`;
}

async function main() {
  const { runs, jestArgs, jestOnly } = parseArgs(process.argv.slice(2));
  const what = jestOnly ? "jest" : "npm test";
  const cores =
    typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const load = startLoad(cores);
  let current;
  const stopSuite = () => {
    if (current === undefined || current.exitCode !== null || current.signalCode !== null) return;
    try {
      if (process.platform === "win32") current.kill("SIGTERM");
      else process.kill(-current.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  // Whatever ends this script, the busy processes and a suite still running end with it.
  process.on("exit", () => {
    load.stop();
    stopSuite();
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => process.exit(128 + os.constants.signals[signal]));
  }

  console.log(
    `test:load: ${cores} busy process${cores === 1 ? "" : "es"}, ${runs} run${runs === 1 ? "" : "s"} of ${what}${jestArgs.length > 0 ? ` (jest ${jestArgs.join(" ")})` : ""}.`,
  );
  const results = [];
  for (let i = 0; i < runs; i++) {
    console.log(`\ntest:load: run ${i + 1} of ${runs}`);
    results.push(await runSuite(jestArgs, jestOnly, (child) => (current = child)));
    current = undefined;
  }
  load.stop();

  console.log(
    `\ntest:load: ${runs} run${runs === 1 ? "" : "s"} of ${what} with ${cores} busy process${cores === 1 ? "" : "es"}`,
  );
  results.forEach((run, index) => console.log(describeRun(index, run)));
  const failed = results.filter((run) => run.code !== 0).length;
  console.log(failed === 0 ? "All runs passed." : `${failed} of ${runs} runs failed.`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
