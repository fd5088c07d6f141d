// The LEDGER.* functions as built for publishing: the generated functions.json (what Excel reads
// to offer them), the shared-runtime page that loads them, and, in Chromium, the functions seeing
// the task pane's connection and the Refresh data button.
import { readFileSync } from "node:fs";
import path from "node:path";
import { APP_DIR } from "./build";
import { BrowserSession, callFunction, connected, openPreview, showTab } from "./harness";

interface Parameter {
  name: string;
  description?: string;
  type?: string;
  optional?: boolean;
  repeating?: boolean;
  dimensionality?: string;
}

interface FunctionMetadata {
  id: string;
  name: string;
  description: string;
  parameters: Parameter[];
  result: { type?: string; dimensionality?: string };
  options?: { cancelable?: boolean; volatile?: boolean; stream?: boolean };
}

function metadata(): FunctionMetadata[] {
  const text = readFileSync(path.join(APP_DIR, "functions.json"), "utf8");
  return (JSON.parse(text) as { functions: FunctionMetadata[] }).functions;
}

/** What Excel must be told about each function: parameters as name:type[flags], the result. */
const EXPECTED: Record<string, { parameters: string[]; result: string; cancelable: boolean }> = {
  VERSION: { parameters: [], result: "string scalar", cancelable: false },
  PAYMENTS: {
    parameters: ["limit:number optional", "project:string optional"],
    result: "any matrix",
    cancelable: true,
  },
  LIST: {
    parameters: ["collection:string", "max_records:number optional", "project:string optional"],
    result: "any matrix",
    cancelable: true,
  },
  JOURNAL: {
    parameters: ["id_or_reference:string", "project:string optional"],
    result: "any matrix",
    cancelable: true,
  },
  "JOURNAL.FIELD": {
    parameters: ["id_or_reference:string", "field:string", "project:string optional"],
    result: "any scalar",
    cancelable: true,
  },
  DECIMALSUM: {
    parameters: ["values:any matrix repeating"],
    result: "any scalar",
    cancelable: false,
  },
  BALANCED: {
    parameters: ["debits:any matrix", "credits:any matrix", "currency:string optional"],
    result: "boolean scalar",
    cancelable: false,
  },
};

function describeParameter(parameter: Parameter): string {
  return [
    `${parameter.name}:${parameter.type ?? "any"}`,
    parameter.dimensionality === "matrix" ? "matrix" : "",
    parameter.optional ? "optional" : "",
    parameter.repeating ? "repeating" : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
}

describe("functions.json of the production build", () => {
  it("declares exactly the LEDGER functions, each under its own name", () => {
    const functions = metadata();
    expect(functions.map((fn) => fn.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const fn of functions) expect(fn.name).toBe(fn.id);
  });

  it.each(Object.entries(EXPECTED))(
    "declares %s with its parameters and result",
    (id, expected) => {
      const fn = metadata().find((candidate) => candidate.id === id);
      expect(fn).toBeDefined();
      if (fn === undefined) return;
      expect(fn.parameters.map(describeParameter)).toEqual(expected.parameters);
      expect(
        `${fn.result.type ?? "any"} ${fn.result.dimensionality === "matrix" ? "matrix" : "scalar"}`,
      ).toBe(expected.result);
      expect(fn.options?.cancelable ?? false).toBe(expected.cancelable);
      // Never volatile: a cache and Refresh data instead of a request on every recalculation.
      expect(fn.options?.volatile ?? false).toBe(false);
    },
  );

  it("describes every function and every parameter for Excel's formula autocomplete", () => {
    for (const fn of metadata()) {
      expect(fn.description.length).toBeGreaterThan(20);
      for (const parameter of fn.parameters) {
        expect(parameter.description?.length ?? 0).toBeGreaterThan(10);
      }
    }
  });
});

describe("the shared-runtime page", () => {
  it("loads one webpack runtime before the task pane and the functions", () => {
    const page = readFileSync(path.join(APP_DIR, "taskpane.html"), "utf8");
    const scripts = [...page.matchAll(/<script[^>]*src="?([^"\s>]+)"?/g)].map((m) => m[1]);
    // old-web-view.js first: ES5, it tells IE11 users why the pane cannot start.
    expect(scripts.filter((src) => !src?.startsWith("https://"))).toEqual([
      "old-web-view.js",
      "runtime.js",
      "taskpane.js",
      "functions.js",
    ]);
  });

  it("keeps the module registry in runtime.js only, so both bundles share one of each module", () => {
    const runtime = readFileSync(path.join(APP_DIR, "runtime.js"), "utf8");
    const functions = readFileSync(path.join(APP_DIR, "functions.js"), "utf8");
    // A chunk without a runtime only pushes its modules onto the shared chunk list.
    expect(runtime).toContain("webpackChunk");
    expect(functions).toMatch(/^[^]{0,200}webpackChunk/);
  });
});

describe("in the task pane's runtime (Chromium, preview host)", () => {
  let session: BrowserSession;
  /** The sandbox's line for each request it answered ("GET /v1/payments?limit=3 200 4ms"). */
  const answered: string[] = [];
  /**
   * Requests for exactly this list: what a formula sends. Counting every API request would also
   * count the pane's own, which a busy machine may delay into the middle of a test.
   */
  const requestsFor = (target: string): number =>
    answered.filter((line) => line.startsWith(`GET ${target} `)).length;

  beforeAll(async () => {
    session = await openPreview({ sandbox: { log: (line) => answered.push(line) } });
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  it("asks to connect in the task pane until it is connected", async () => {
    await session.pane.locator("#connection-panel").waitFor({ state: "visible" });
    expect(await callFunction(session, "JOURNAL.FIELD", ["TRX-2026-0001", "status"])).toEqual({
      ok: false,
      name: "CustomFunctions.Error",
      code: "#N/A",
      message: "Connect in the Ledger Sheets task pane.",
    });
    expect(await callFunction(session, "DECIMALSUM", [[[[0.1], [0.2]]]])).toEqual({
      ok: true,
      value: 0.3,
    });
  });

  it("uses the task pane's connection once connected", async () => {
    await connected(session);
    expect(await callFunction(session, "JOURNAL.FIELD", ["TRX-2026-0001", "status"])).toEqual({
      ok: true,
      value: "DRAFT",
    });
    const table = await callFunction(session, "LIST", ["debit notes", 5]);
    expect(table.ok && Array.isArray(table.value) ? table.value.length : 0).toBe(6);
  });

  it("Refresh data makes the next calculation ask the server again", async () => {
    const { pane } = session;
    const PAYMENTS_3 = "/v1/payments?limit=3";
    await callFunction(session, "PAYMENTS", [3]);
    expect(requestsFor(PAYMENTS_3)).toBe(1);
    await callFunction(session, "PAYMENTS", [3]);
    expect(requestsFor(PAYMENTS_3)).toBe(1);
    await showTab(session, "Formulas");
    await pane.getByRole("button", { name: "Refresh data" }).click();
    await pane
      .locator("#refresh-status")
      .getByText(/recalculating with fresh data/)
      .waitFor();
    await callFunction(session, "PAYMENTS", [3]);
    expect(requestsFor(PAYMENTS_3)).toBe(2);
  });

  it("keeps answers for the time set in the Formulas panel, 0 keeping none", async () => {
    const { pane } = session;
    const field = pane.getByLabel("Keep answers for (seconds)");
    expect(await field.inputValue()).toBe("30");
    await field.fill("ten");
    await field.press("Tab");
    await pane
      .getByText("Enter a whole number of seconds from 0 to 600 (0 keeps nothing).")
      .waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("0");
    await field.press("Tab");
    await pane.locator("#formula-cache-seconds-error").waitFor({ state: "hidden" });
    const PAYMENTS_4 = "/v1/payments?limit=4";
    await callFunction(session, "PAYMENTS", [4]);
    await callFunction(session, "PAYMENTS", [4]);
    expect(requestsFor(PAYMENTS_4)).toBe(2);
    await field.fill("");
    await field.press("Tab");
    expect(await field.inputValue()).toBe("30");
    // The default is saved as no setting at all: the formulas read it on every call.
    await session.page.waitForFunction(
      (key) =>
        (
          window as unknown as {
            ledgerFakeHost: { workbook: { settings: Map<string, unknown> } };
          }
        ).ledgerFakeHost.workbook.settings.get(key) === undefined,
      "ledgerSheets.formulaCacheSeconds",
    );
    await callFunction(session, "PAYMENTS", [4]);
    await callFunction(session, "PAYMENTS", [4]);
    expect(requestsFor(PAYMENTS_4)).toBe(3);
  });
});
