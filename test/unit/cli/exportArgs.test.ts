// The export's command line and credentials: what it accepts, what it refuses and why, and where
// the token may come from (never an argument).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiError } from "../../../src/api";
import { parseExportArgs, readCredentials, UsageError } from "../../../src/cli/exportArgs";
import { EXIT, exitCodeOf } from "../../../src/cli/main";
import { SpoolError } from "../../../src/cli/spool";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "export-args-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("parseExportArgs()", () => {
  it("takes a collection, payments or all, a workbook, a folder with a format, or stdout", () => {
    expect(parseExportArgs(["export", "invoices", "--out", "a.xlsx"])).toEqual({
      collections: ["invoices"],
      out: "a.xlsx",
      format: "xlsx",
      quiet: false,
      full: false,
    });
    expect(
      parseExportArgs(["export", "Credit notes", "--out=exports", "--format", "CSV", "-q"]),
    ).toMatchObject({ collections: ["credit-notes"], out: "exports", format: "csv", quiet: true });
    expect(parseExportArgs(["export", "all", "--out", "c.xlsx"]).collections).toHaveLength(7);
    expect(
      parseExportArgs([
        "export",
        "invoices",
        "--out",
        "-",
        "--format=jsonl",
        "--table",
        "invoice_lines",
      ]),
    ).toMatchObject({ out: "-", format: "jsonl", table: "invoice_lines" });
    expect(
      parseExportArgs([
        "export",
        "all",
        "--out",
        "x",
        "--format",
        "parquet",
        "--since-last",
        "state.json",
        "--full",
        "--project",
        "acme",
        "--retries",
        "5",
        "--max-retry-after",
        "120",
        "--timeout",
        "10",
      ]),
    ).toMatchObject({
      sinceLast: "state.json",
      full: true,
      project: "acme",
      retries: 5,
      maxRetryAfterSeconds: 120,
      timeoutSeconds: 10,
    });
  });

  it("refuses a token on the command line, whatever the spelling, and says where it goes", () => {
    for (const argv of [
      ["export", "invoices", "--out", "a.xlsx", "--token", "t"],
      ["export", "invoices", "--out", "a.xlsx", "--token=t"],
      ["export", "invoices", "--Access-Token", "t"],
    ]) {
      expect(() => parseExportArgs(argv)).toThrow(/Set LEDGER_SHEETS_TOKEN or use --config FILE/);
    }
  });

  it("refuses what it cannot do, with the usage", () => {
    expect(() => parseExportArgs(["import", "invoices"])).toThrow(UsageError);
    expect(() => parseExportArgs(["export", "journals", "--out", "a.xlsx"])).toThrow(
      /^Name a collection to export, or all\.\n/,
    );
    expect(() => parseExportArgs(["export", "invoices"])).toThrow(/--out is required/);
    expect(() => parseExportArgs(["export", "invoices", "--out", "a.ods"])).toThrow(
      /--out names a folder: add --format parquet, csv or jsonl/,
    );
    expect(() => parseExportArgs(["export", "invoices", "--out", "a.parquet"])).toThrow(
      /--out names the folder the files go in/,
    );
    expect(() =>
      parseExportArgs(["export", "invoices", "--out", "-", "--format", "parquet"]),
    ).toThrow(/takes --format csv or --format jsonl/);
    expect(() => parseExportArgs(["export", "all", "--out", "-", "--format", "csv"])).toThrow(
      /writes one table/,
    );
    expect(() => parseExportArgs(["export", "invoices", "--out", "a.xlsx", "--full"])).toThrow(
      /--full goes with --since-last/,
    );
    expect(() =>
      parseExportArgs(["export", "invoices", "--out", "a.xlsx", "--retries", "x"]),
    ).toThrow(/--retries takes a whole number/);
    expect(() => parseExportArgs(["export", "invoices", "--out", "a.xlsx", "--fast"])).toThrow(
      /^Argument 5 is not one this command takes/,
    );
    // An argument's text is never repeated: it may be a secret typed in the wrong place.
    for (const argv of [
      ["export", "s3cret", "--out", "a.xlsx"],
      ["export", "invoices", "--out", "s3cret.ods"],
      ["export", "invoices", "--out", "a.xlsx", "--api-key=s3cret"],
    ]) {
      expect(() => parseExportArgs(argv)).toThrow(UsageError);
      expect(() => parseExportArgs(argv)).not.toThrow(/s3cret/);
    }
  });
});

describe("readCredentials()", () => {
  const env = {
    LEDGER_SHEETS_API_ADDRESS: "https://api.example.com/v1",
    LEDGER_SHEETS_TOKEN: "env-token",
    LEDGER_SHEETS_IDENTITY: "acme",
  };

  it("reads the environment, and the config file where the environment is silent", async () => {
    expect(await readCredentials(env, undefined, () => undefined)).toEqual({
      apiAddress: "https://api.example.com/v1",
      version: "v1",
      token: "env-token",
      identity: "acme",
    });
    const config = join(dir, "config.json");
    writeFileSync(
      config,
      JSON.stringify({ token: "file-token", identity: "other", version: "rc-1" }),
    );
    chmodSync(config, 0o600);
    const warnings: string[] = [];
    expect(
      await readCredentials(
        { LEDGER_SHEETS_API_ADDRESS: "https://api.example.com/v1", LEDGER_SHEETS_IDENTITY: "acme" },
        config,
        (message) => warnings.push(message),
      ),
    ).toEqual({
      apiAddress: "https://api.example.com/v1",
      version: "rc-1",
      token: "file-token",
      identity: "acme",
    });
    expect(warnings).toEqual([]);
  });

  it("warns when a config file with a token is readable by others", async () => {
    if (process.platform === "win32") return;
    const config = join(dir, "open.json");
    writeFileSync(config, JSON.stringify({ token: "file-token" }));
    chmodSync(config, 0o644);
    const warnings: string[] = [];
    await readCredentials(env, config, (message) => warnings.push(message));
    expect(warnings).toEqual([
      `Warning: ${config} holds a token and other users of this machine may read it (chmod 600 ${config}).`,
    ]);
  });

  it("names what is missing or wrong", async () => {
    await expect(readCredentials({}, undefined, () => undefined)).rejects.toThrow(
      "Missing LEDGER_SHEETS_API_ADDRESS, LEDGER_SHEETS_TOKEN, LEDGER_SHEETS_IDENTITY (set in the environment or in --config as apiAddress, token, identity).",
    );
    await expect(
      readCredentials({ ...env, LEDGER_SHEETS_API_VERSION: "v2" }, undefined, () => undefined),
    ).rejects.toThrow("The API version must be v1 or rc-1, not “v2”.");
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "[1,2]");
    await expect(readCredentials(env, bad, () => undefined)).rejects.toThrow(
      /is not a JSON object/,
    );
    await expect(readCredentials(env, join(dir, "none.json"), () => undefined)).rejects.toThrow(
      /cannot be read/,
    );
  });
});

describe("several projects in one config file", () => {
  const write = (name: string, value: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    chmodSync(path, 0o600);
    return path;
  };
  const config = () =>
    write("projects.json", {
      apiAddress: "https://api.example.com/v1",
      token: "shared-token",
      projects: {
        acme: { identity: "acme-ltd" },
        beta: { identity: "beta-gmbh", token: "beta-token", version: "rc-1" },
      },
    });

  it("takes the project --project names, the top level shared by all", async () => {
    expect(await readCredentials({}, config(), () => undefined, "acme")).toEqual({
      apiAddress: "https://api.example.com/v1",
      version: "v1",
      token: "shared-token",
      identity: "acme-ltd",
    });
    expect(await readCredentials({}, config(), () => undefined, "beta")).toEqual({
      apiAddress: "https://api.example.com/v1",
      version: "rc-1",
      token: "beta-token",
      identity: "beta-gmbh",
    });
  });

  it("asks for --project when there are several, and names the ones there are", async () => {
    await expect(readCredentials({}, config(), () => undefined)).rejects.toThrow(
      /lists several projects \(acme, beta\): choose one with --project NAME/,
    );
    await expect(readCredentials({}, config(), () => undefined, "gamma")).rejects.toThrow(
      /has no project of that name \(it has acme, beta\)/,
    );
    const single = write("single.json", { apiAddress: "https://api.example.com/v1" });
    await expect(readCredentials({}, single, () => undefined, "acme")).rejects.toThrow(
      /has no "projects": leave out --project/,
    );
  });
});

describe("exit codes and file names", () => {
  it("maps failures to codes a scheduler can act on", () => {
    expect(exitCodeOf(new UsageError("x"))).toBe(EXIT.usage);
    expect(exitCodeOf(new ApiError("auth", "x"))).toBe(EXIT.auth);
    expect(exitCodeOf(new ApiError("forbidden", "x"))).toBe(EXIT.auth);
    for (const kind of ["network", "timeout", "server", "rate-limited"] as const) {
      expect(exitCodeOf(new ApiError(kind, "x"))).toBe(EXIT.unreachable);
    }
    expect(exitCodeOf(new ApiError("not-found", "x"))).toBe(EXIT.api);
    expect(exitCodeOf(new ApiError("config", "x"))).toBe(EXIT.usage);
    expect(exitCodeOf(Object.assign(new Error("x"), { code: "ENOSPC" }))).toBe(EXIT.write);
    // A full temporary folder is not --out's failure.
    const full = Object.assign(new Error("no space left"), { code: "ENOSPC" });
    expect(exitCodeOf(new SpoolError(full))).toBe(EXIT.spool);
    expect(new SpoolError(full).message).toMatch(
      /^The temporary folder .* could not hold the rows/,
    );
    expect(exitCodeOf(new Error("x"))).toBe(EXIT.unexpected);
  });
});
