import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { parseCliArgs } from "../../../tools/sandbox/cli-args";
import { DEMO_HEADERS, send } from "../../integration/helpers/sandbox-http";

const ROOT = path.resolve(__dirname, "../../..");
/** A private output folder, so this test neither needs nor disturbs build/node. */
const OUT_DIR = path.join(ROOT, "build/test-sandbox-cli");
const CLI = path.join(OUT_DIR, "sandbox/cli.js");

/**
 * Compiles tools/sandbox with tsconfig.node.json's compiler options, file by file. The sources use
 * isolatedModules, so this emits what `tsc -p tsconfig.node.json` emits; type checking is left to
 * `npm run typecheck`, which keeps this beforeAll to about a second.
 */
function compileSandbox(): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.node.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.node.json did not parse");
  const sources = config.fileNames.filter((file) =>
    file.includes(`${path.sep}tools${path.sep}sandbox${path.sep}`),
  );
  expect(sources).toContain(path.join(ROOT, "tools/sandbox/cli.ts"));
  for (const file of sources) {
    const output = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: config.options,
      fileName: file,
      reportDiagnostics: true,
    });
    if (output.diagnostics?.length) {
      throw new Error(
        `${file}: ${ts.flattenDiagnosticMessageText(output.diagnostics[0]?.messageText, "\n")}`,
      );
    }
    const target = path
      .join(OUT_DIR, path.relative(path.join(ROOT, "tools"), file))
      .replace(/\.ts$/, ".js");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, output.outputText);
  }
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI, ...args], { env: { ...process.env, PORT: "", ...env } });
}

function finish(child: ChildProcessWithoutNullStreams): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with the base URL from the ready line. */
function readyLine(
  child: ChildProcessWithoutNullStreams,
): Promise<{ line: string; baseUrl: string }> {
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /^Ledger Sheets sandbox listening on (http:\/\/127\.0\.0\.1:\d+\/v1).*$/m.exec(
        seen,
      );
      if (match?.[1]) resolve({ line: match[0], baseUrl: match[1] });
    });
    child.on("close", (code) => reject(new Error(`exited with ${code} before ready: ${seen}`)));
  });
}

beforeAll(compileSandbox, 60_000);

describe("sandbox CLI (compiled)", () => {
  test("--port 0 prints a ready line with the real port, the rc URL and the demo credentials; SIGTERM stops it cleanly", async () => {
    const child = run(["--port", "0"]);
    const done = finish(child);
    const { line, baseUrl } = await readyLine(child);
    expect(baseUrl).not.toMatch(/:0\//);
    expect(line).toContain(`(release candidate: ${baseUrl.replace(/\/v1$/, "/rc-1")})`);

    const reply = await send(`${baseUrl}/invoices?size=2`, { headers: DEMO_HEADERS });
    expect(reply.status).toBe(200);

    child.kill("SIGTERM");
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Demo credentials: .*demo-token.*demo-company.*other-company/);
    expect(result.stdout).toContain("GET /v1/invoices?size=2 200");
    expect(result.stderr).toBe("");
  });

  test("flags reach the server: record counts, payments pagination; PORT comes from the environment", async () => {
    const child = run(["--invoices", "7", "--payments-pagination", "none", "--quiet"], {
      PORT: "0",
    });
    const done = finish(child);
    const { baseUrl } = await readyLine(child);
    const invoices = await send(`${baseUrl}/invoices?size=50`, { headers: DEMO_HEADERS });
    expect((invoices.body as { data: unknown[] }).data).toHaveLength(7);
    const payments = await send(`${baseUrl}/payments`, { headers: DEMO_HEADERS });
    expect(payments.body).not.toHaveProperty("last_id");
    child.kill("SIGINT");
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("GET /v1/");
  });

  test("--faults sets any fault at start: here every 2nd GET answers 503", async () => {
    const child = run([
      "--port",
      "0",
      "--quiet",
      "--faults",
      '{"failEvery":{"n":2,"method":"GET"}}',
    ]);
    const done = finish(child);
    const { baseUrl } = await readyLine(child);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await send(`${baseUrl}/invoices?size=1`, { headers: DEMO_HEADERS })).status);
    }
    expect(statuses).toEqual([200, 503, 200, 503]);
    child.kill("SIGINT");
    expect((await done).code).toBe(0);
  });

  test("--help prints the usage and exits 0", async () => {
    const result = await finish(run(["--help"]));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("--payments-pagination");
    expect(result.stdout).toContain("--allow-origin");
  });

  test.each([
    [["--bogus"], /unknown flag "--bogus"/],
    [["--port", "abc"], /--port needs a whole number/],
    [["--port"], /--port needs a value/],
    [["--invoices", "-5"], /--invoices needs a whole number/],
    [["--payments-pagination", "offset"], /"cursor" or "none"/],
    [["--fail-status", "503"], /--fail-status needs --fail-every/],
    [["--allow-origin", "localhost:3000"], /--allow-origin needs an origin/],
    [["--faults", "{latency:1}"], /--faults needs JSON/],
    [["--faults", '{"failEvery":{"n":0}}'], /--faults: failEvery.n/],
  ])("invalid flags %p exit with code 2 and say why", async (args, message) => {
    const result = await finish(run(args));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe("parseCliArgs()", () => {
  test("--records sets every list; a specific count flag wins whatever the order", () => {
    const parsed = parseCliArgs(["--invoices", "9", "--records=5"]);
    expect(parsed).toMatchObject({
      kind: "run",
      options: { records: { invoices: 9, receipts: 5, bills: 5, payments: 5, "credit-notes": 5 } },
    });
  });

  test("fault flags become start options", () => {
    const parsed = parseCliArgs([
      "--latency",
      "25",
      "--fail-every",
      "5",
      "--fail-status",
      "500",
      "--rate-limit-every",
      "3",
      "--retry-after",
      "2",
      "--allow-origin",
      "null",
      "--allow-origin",
      "https://example.org",
    ]);
    expect(parsed).toMatchObject({
      kind: "run",
      options: {
        latencyMs: 25,
        failEvery: { n: 5, status: 500 },
        rateLimitEvery: { n: 3, retryAfterSeconds: 2 },
        allowOrigins: ["null", "https://example.org"],
      },
    });
  });

  test("--journal-lines adds the large journal; 1 line or too many is a flag error", () => {
    expect(parseCliArgs(["--journal-lines", "10000"])).toMatchObject({
      kind: "run",
      options: { journalLines: 10_000 },
    });
    expect(parseCliArgs([])).not.toMatchObject({ options: { journalLines: expect.anything() } });
    expect(parseCliArgs(["--journal-lines", "1"])).toMatchObject({ kind: "error" });
    expect(parseCliArgs(["--journal-lines", "100001"])).toMatchObject({ kind: "error" });
  });

  test("--faults passes its JSON on as the start faults", () => {
    const faults = { next: [{ method: "PATCH", status: 422, message: "Not balanced" }] };
    expect(parseCliArgs(["--faults", JSON.stringify(faults)])).toMatchObject({
      kind: "run",
      options: { faults },
    });
  });

  test("--port beats PORT; PORT beats the default 4010", () => {
    expect(parseCliArgs([], {})).toMatchObject({ options: { port: 4010 } });
    expect(parseCliArgs([], { PORT: "5000" })).toMatchObject({ options: { port: 5000 } });
    expect(parseCliArgs(["--port", "6000"], { PORT: "5000" })).toMatchObject({
      options: { port: 6000 },
    });
    expect(parseCliArgs([], { PORT: "x" })).toMatchObject({ kind: "error" });
  });

  test("LEDGER_SHEETS_SANDBOX_PORT, then npm's config.sandbox_port, come after PORT", () => {
    const env = { LEDGER_SHEETS_SANDBOX_PORT: "5100", npm_package_config_sandbox_port: "5200" };
    expect(parseCliArgs([], env)).toMatchObject({ options: { port: 5100 } });
    expect(parseCliArgs([], { ...env, PORT: "5000" })).toMatchObject({ options: { port: 5000 } });
    expect(parseCliArgs([], { npm_package_config_sandbox_port: "5200" })).toMatchObject({
      options: { port: 5200 },
    });
    expect(parseCliArgs([], { LEDGER_SHEETS_SANDBOX_PORT: "nope" })).toMatchObject({
      kind: "error",
      message: expect.stringContaining("LEDGER_SHEETS_SANDBOX_PORT") as unknown,
    });
  });
});
