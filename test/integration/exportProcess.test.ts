// The export as a scheduler runs it: a separate process (bin/ledger-sheets.js over the compiled
// CLI), its exit code, and Ctrl+C (SIGINT) leaving no file under the target's name or beside it.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DEMO_TOKEN } from "../../tools/sandbox";
import { useSandbox } from "./helpers/sandboxSession";

const ROOT = join(__dirname, "..", "..");
const sandbox = useSandbox({ latencyMs: 30, records: { invoices: 3_000, expenses: 1 } });
let dir: string;

interface RunOptions {
  readonly onStart?: (child: ReturnType<typeof spawn>) => void;
  readonly env?: Record<string, string>;
  /** The process's file size limit in 1 KiB blocks (`ulimit -f`). */
  readonly fileSizeLimit?: number;
}

function run(args: string[], options: RunOptions | RunOptions["onStart"] = {}) {
  const {
    onStart,
    env = {},
    fileSizeLimit,
  } = typeof options === "function" ? { onStart: options } : options;
  const bin = [join(ROOT, "bin", "ledger-sheets.js"), ...args];
  const [command, argv] =
    fileSizeLimit === undefined
      ? [process.execPath, bin]
      : ["/bin/sh", ["-c", `ulimit -f ${fileSizeLimit}; exec "$0" "$@"`, process.execPath, ...bin]];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, argv, {
      env: {
        PATH: process.env["PATH"] ?? "",
        LEDGER_SHEETS_API_ADDRESS: sandbox().baseUrl,
        LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
        LEDGER_SHEETS_IDENTITY: "demo-company",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    onStart?.(child);
  });
}

beforeAll(async () => {
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(ROOT, "tsconfig.cli.json"),
  ]);
  dir = mkdtempSync(join(tmpdir(), "export-process-"));
}, 120_000);

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("bin/ledger-sheets.js", () => {
  it("exports and exits 0, quiet but for its summary when not on a terminal", async () => {
    const { out } = folders("bills");
    const result = await run(["export", "bills", "--out", out, "--format", "csv"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    // Bills and their lines: a file each, named after its table.
    expect(result.stdout).toMatch(
      /^Exported 58 records to .*bills\.csv, .*bill_lines\.csv in [\d.]+ s\.\n$/,
    );
    expect(readdirSync(out).sort()).toEqual(["bill_lines.csv", "bills.csv"]);
  });

  it("leaves no file when stopped with Ctrl+C, and exits 130", async () => {
    const out = join(dir, "stopped.xlsx");
    // Once its first request arrives the export is under way, its Ctrl+C handler in place.
    const result = await run(["export", "invoices", "--out", out], (child) => {
      void sandbox()
        .nextApiRequest()
        .then(() => child.kill("SIGINT"));
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("Interrupted: no file was written.");
    expect(readdirSync(dir).filter((name) => name.includes("stopped"))).toEqual([]);
  });

  it("stops its Parquet encoders with Ctrl+C too, leaving no file", async () => {
    const { out } = folders("stopped-parquet");
    // Well into the walk: its encoding workers are running and must stop with it.
    let requests = 0;
    const result = await run(
      ["export", "invoices", "--out", out, "--format", "parquet"],
      (child) => {
        const count = (): void => {
          void sandbox()
            .nextApiRequest()
            .then(() => {
              requests += 1;
              if (requests < 50) count();
              else child.kill("SIGINT");
            });
        };
        count();
      },
    );
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("Interrupted: no file was written.\n");
    expect(readdirSync(out)).toEqual([]);
  });

  it("takes SIGHUP (a closed terminal) as Ctrl+C: no partial file and no spool left", async () => {
    const { out, tmp } = folders("hangup");
    let seen: string[] = [];
    // Three requests in, the lines of the first pages are in the spool and the workbook begun.
    const result = await run(["export", "invoices", "--out", join(out, "hangup.xlsx")], {
      env: { TMPDIR: tmp },
      onStart: (child) => {
        void sandbox()
          .nextApiRequest()
          .then(() => sandbox().nextApiRequest())
          .then(() => sandbox().nextApiRequest())
          .then(() => {
            seen = [...readdirSync(out), ...readdirSync(tmp)];
            child.kill("SIGHUP");
          });
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe("Interrupted: no file was written.\n");
    expect(seen).toEqual([
      expect.stringMatching(/^\.hangup\.xlsx\.partial-/),
      expect.stringMatching(/^ledger-sheets-export-/),
    ]);
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("writes one table to a pipe with --out -, for the reader at its other end", async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "bin", "ledger-sheets.js"), "export", "bills", "--out", "-", "--format", "jsonl"],
      {
        env: {
          PATH: process.env["PATH"] ?? "",
          LEDGER_SHEETS_API_ADDRESS: sandbox().baseUrl,
          LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
          LEDGER_SHEETS_IDENTITY: "demo-company",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const reader = createInterface({ input: child.stdout! });
    const ids: string[] = [];
    for await (const line of reader) ids.push((JSON.parse(line) as { id: string }).id);
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    expect(ids).toHaveLength(58);
    expect(new Set(ids).size).toBe(58);
    // The lines table, as CSV, to another reader.
    const lines = await run([
      "export",
      "bills",
      "--out",
      "-",
      "--format",
      "csv",
      "--table",
      "bill_lines",
    ]);
    expect(lines.code).toBe(0);
    expect(lines.stdout.split("\r\n")[0]).toBe(
      "\uFEFFbill_id,line_number,currency_code,description,quantity,unit_price,amount,other_fields",
    );
  });
});

/** A folder of its own for one test's files, and one to serve as the process's TMPDIR. */
function folders(name: string): { out: string; tmp: string } {
  const out = join(dir, name);
  const tmp = join(dir, `${name}-tmp`);
  mkdirSync(out);
  mkdirSync(tmp);
  return { out, tmp };
}

describe("bin/ledger-sheets.js never reports a false success", () => {
  it.each([
    [["x.xlsx"], "The folder of --out does not exist.\n"],
    [["x", "--format", "csv"], "The folder that would hold --out's folder does not exist.\n"],
  ])(
    "refuses --out in a folder that does not exist (%s) with exit 2, before any request",
    async ([name, ...format], message) => {
      const { tmp } = folders(`missing-${name}`);
      sandbox().resetStats();
      const result = await run(
        ["export", "invoices", "--out", join(dir, "no", "such", name!), ...format],
        { env: { TMPDIR: tmp } },
      );
      expect(result).toEqual({ code: 2, stdout: "", stderr: message });
      expect(sandbox().stats().apiRequests).toBe(0);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );

  // (An .xlsx meets the limit in its spool first: exit 9, tested below.)
  it.each([
    ["big", "--format", "csv"],
    ["big", "--format", "parquet"],
  ])(
    "fails with exit 7 when a write fails part-way (%s), leaving no file, partial or spool",
    async (_name, ...format) => {
      const { out, tmp } = folders(`efbig-${format.join("")}`);
      // 3,000 invoices take far more than 64 KiB.
      const result = await run(["export", "invoices", "--out", out, ...format], {
        env: { TMPDIR: tmp },
        fileSizeLimit: 64,
      });
      expect(result.code).toBe(7);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(
        /^The export could not be written to --out: EFBIG: file too large/,
      );
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(readdirSync(out)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );
});

describe("bin/ledger-sheets.js tells a temporary folder's failure from --out's", () => {
  it("exits 9 when TMPDIR cannot take the spool, naming the temporary folder, leaving nothing", async () => {
    const { out } = folders("no-tmp");
    const result = await run(["export", "invoices", "--out", join(out, "x.xlsx")], {
      env: { TMPDIR: join(dir, "no-such-tmp") },
    });
    expect(result.code).toBe(9);
    expect(result.stderr).toMatch(
      /^The temporary folder .*no-such-tmp could not hold the rows waiting for their worksheet \(ENOENT/,
    );
    expect(result.stderr).toMatch(
      /point TMPDIR at a folder with room; nothing was written to --out\.\n$/,
    );
    expect(readdirSync(out)).toEqual([]);
  });
});

describe("bin/ledger-sheets.js in a folder other users can write to", () => {
  it("writes its partial file under a random name, exclusively and for its owner only", async () => {
    const { out } = folders("partial");
    const target = join(out, "shared.xlsx");
    let seen: { name: string; mode: number }[] = [];
    const result = await run(["export", "invoices", "--out", target], (child) => {
      void sandbox()
        .nextApiRequest()
        .then(() => {
          seen = readdirSync(out).map((name) => ({
            name,
            mode: lstatSync(join(out, name)).mode & 0o777,
          }));
          child.kill("SIGINT");
        });
    });
    expect(result.code).toBe(130);
    expect(seen).toEqual([
      { name: expect.stringMatching(/^\.shared\.xlsx\.partial-[0-9a-f]{16}$/), mode: 0o600 },
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it("neither writes through a symlink nor reuses a file planted at a partial file's name", async () => {
    const { out } = folders("planted");
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "keep me");
    const target = join(out, "receipts.csv");
    // Receipts: one file (bills would bring their lines in a file of their own).
    const result = await run(["export", "receipts", "--out", out, "--format", "csv"], (child) => {
      // The names a partial file of this process could once have had.
      symlinkSync(victim, join(out, `.receipts.csv.partial-${child.pid}`));
    });
    expect(result.code).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    const written = lstatSync(target);
    expect(written.isFile()).toBe(true);
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.uid).toBe(process.getuid?.());
    expect(readFileSync(target, "utf8")).toMatch(/^\uFEFF/);
    // The planted link is left alone, beside the export.
    expect(readdirSync(out).sort()).toEqual([
      expect.stringMatching(/^\.receipts\.csv\.partial-\d+$/),
      "receipts.csv",
    ]);
  });

  it("replaces a symlink at the target's name rather than writing through it", async () => {
    const { out } = folders("linked");
    const victim = join(dir, "victim-2.txt");
    writeFileSync(victim, "keep me");
    const target = join(out, "linked.xlsx");
    symlinkSync(victim, target);
    expect((await run(["export", "bills", "--out", target])).code).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(lstatSync(target).isFile()).toBe(true);
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });
});

describe("bin/ledger-sheets.js with a config file others could change", () => {
  function config(name: string, mode: number): string {
    const path = join(dir, name);
    writeFileSync(
      path,
      JSON.stringify({
        apiAddress: sandbox().baseUrl,
        token: DEMO_TOKEN,
        identity: "demo-company",
      }),
    );
    chmodSync(path, mode);
    return path;
  }
  const noCredentials = {
    LEDGER_SHEETS_API_ADDRESS: "",
    LEDGER_SHEETS_TOKEN: "",
    LEDGER_SHEETS_IDENTITY: "",
  };

  it.each([
    ["group", 0o620],
    ["world", 0o602],
  ])("refuses a %s-writable config file with exit 2, before any request", async (_who, mode) => {
    const path = config(`writable-${mode}.json`, mode);
    sandbox().resetStats();
    const result = await run(
      ["export", "bills", "--out", join(dir, "never.xlsx"), "--config", path],
      { env: noCredentials },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `The config file ${path} can be changed by other users of this machine, who could send the token elsewhere; not used (chmod go-w ${path}).\n`,
    );
    expect(sandbox().stats().apiRequests).toBe(0);
    expect(existsSync(join(dir, "never.xlsx"))).toBe(false);
  });

  it("refuses a config file owned by another user (when the test may give one away)", async () => {
    const path = config("foreign.json", 0o600);
    if (process.getuid?.() !== 0) return; // only root can give a file to someone else
    chownSync(path, 65534, 65534);
    const result = await run(
      ["export", "bills", "--out", join(dir, "never.xlsx"), "--config", path],
      { env: noCredentials },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `The config file ${path} belongs to another user, who could send the token elsewhere; not used.\n`,
    );
  });

  it("takes a config file only its owner can change", async () => {
    const path = config("own.json", 0o600);
    const result = await run(
      ["export", "bills", "--out", join(dir, "own.xlsx"), "--config", path],
      {
        env: noCredentials,
      },
    );
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, "own.xlsx"))).toBe(true);
  });
});

describe("bin/ledger-sheets.js messages", () => {
  let hostile: Server;
  let hostileUrl: string;
  beforeAll(async () => {
    // A server whose error text tries to write the clipboard (OSC 52) and to print a forged
    // success line over the real one (CR, CSI erase line, a C1 CSI).
    hostile = createServer((_request, response) => {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          message:
            "Bad\u001b]52;c;ZXZpbA==\u0007 request\r\u001b[2KExported 9 records to x.xlsx\u009b31m\u202e",
        }),
      );
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => hostile.close(() => resolve()));
  });

  it("shows a server's text without its escape sequences or control characters", async () => {
    const result = await run(["export", "bills", "--out", join(dir, "hostile.xlsx")], {
      env: { LEDGER_SHEETS_API_ADDRESS: hostileUrl },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Bad request");
    // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
    expect(result.stderr.trimEnd()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("Exported"))).toEqual([]);
  });

  it("never repeats an unknown argument, which may be a secret", async () => {
    const result = await run([
      "export",
      "bills",
      "--out",
      join(dir, "never.xlsx"),
      "--api-token=SECRET123",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Argument 5 is not one this command takes/);
    expect(result.stderr).not.toContain("SECRET123");
    const collection = await run(["export", "SECRET456", "--out", join(dir, "never.xlsx")]);
    expect(collection.code).toBe(2);
    expect(collection.stderr).not.toContain("SECRET456");
  });

  it.each([["--help"], ["-h"], ["export", "--help"], ["help"]])(
    "prints the usage to stdout and exits 0 for %s",
    async (...args) => {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^usage: ledger-sheets export /);
      // Every exit code a scheduler may meet, with its meaning.
      for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 130]) {
        expect(result.stdout).toMatch(new RegExp(`^  ${code} +\\S`, "m"));
      }
    },
  );

  it("loads exceljs only for an .xlsx export", async () => {
    // A preloaded probe that says at exit whether exceljs was ever loaded.
    const probe = join(dir, "exceljs-probe.js");
    writeFileSync(
      probe,
      `process.on("exit", () => process.stderr.write(Object.keys(require.cache).some((path) => path.includes("/node_modules/exceljs/")) ? "exceljs loaded\\n" : "exceljs not loaded\\n"));`,
    );
    const loaded = async (args: string[]) => {
      const child = spawn(
        process.execPath,
        ["-r", probe, join(ROOT, "bin", "ledger-sheets.js"), ...args],
        {
          env: {
            PATH: process.env["PATH"] ?? "",
            LEDGER_SHEETS_API_ADDRESS: sandbox().baseUrl,
            LEDGER_SHEETS_TOKEN: DEMO_TOKEN,
            LEDGER_SHEETS_IDENTITY: "demo-company",
          },
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise((resolve) => child.on("exit", resolve));
      return stderr.trim().split("\n").pop();
    };
    const { out } = folders("loads");
    expect(await loaded(["export", "receipts", "--out", out, "--format", "csv", "--quiet"])).toBe(
      "exceljs not loaded",
    );
    expect(await loaded(["export", "receipts", "--out", join(out, "r.xlsx"), "--quiet"])).toBe(
      "exceljs loaded",
    );
  });

  it("prints its version for --version", async () => {
    const version = (
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }
    ).version;
    expect(await run(["--version"])).toEqual({
      code: 0,
      stdout: `ledger-sheets ${version}\n`,
      stderr: "",
    });
  });

  it("counts in the singular for one", async () => {
    const { out } = folders("one");
    const result = await run(["export", "expenses", "--out", out, "--format", "csv"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Exported 1 record to /);
  });
});
