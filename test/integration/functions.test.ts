// The LEDGER.* custom functions as Excel calls them: registered through CustomFunctions.associate
// exactly as the build's metadata loader does, called with invocation objects, against the
// sandbox over real HTTP on loopback.
import path from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { type FetchLike } from "../../src/api";
import { FakeExcelHost, installFakeOffice } from "../../tools/excel-emulator";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";
import { FORMULA_RESULT_BUDGET_BYTES } from "../../src/domain/excelLimits";
import { JOURNAL_LINE_HEADERS, NOT_CONNECTED_MESSAGE } from "../../src/formulas";
import { ConcurrencyLimit } from "../../src/formulas/concurrencyLimit";
import * as functions from "../../src/functions/functions";
import { ledgerFormulas, workbookSettings } from "../../src/functions/formulaRuntime";
import { activeConnection } from "../../src/settings/activeConnection";
import {
  DEFAULT_CACHE_SECONDS,
  FORMULA_CACHE_SETTING,
  saveFormulaCacheSeconds,
} from "../../src/settings/formulaCacheTime";
import {
  AWKWARD_ACCOUNT_NUMBER,
  DEMO_TOKEN,
  OVERSIZED_TEXT,
  RunningSandbox,
} from "../../tools/sandbox";
import { PAYMENT_COLUMN_SPECS, dateTimeToSerial } from "../../src/sheets";
import { clearFaults, readStats, restartStats, setFaults } from "./helpers/sandboxControl";
import { demoApi, useSandbox } from "./helpers/sandboxSession";

type Row = unknown[];
interface Invocation {
  onCanceled?: () => void;
}

const sandbox = useSandbox();
let host: FakeExcelHost;

/** HTTP requests in flight from the client, when each started, and each status with its time. */
const traffic = { inFlight: 0, starts: [] as number[], statuses: [] as [number, number][] };
let idleWaiters: (() => void)[] = [];

/** Resolves once no request of the client is in flight. */
function trafficIdle(): Promise<void> {
  if (traffic.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => idleWaiters.push(resolve));
}

const countingFetch: FetchLike = async (url, init) => {
  traffic.inFlight += 1;
  traffic.starts.push(Date.now());
  try {
    const response = await fetch(url, init);
    traffic.statuses.push([response.status, Date.now()]);
    return response;
  } finally {
    traffic.inFlight -= 1;
    if (traffic.inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
};

/**
 * When the formulas' request pool began each pause, i.e. when the client had read a 429 and
 * acted on it: "no request until Retry-After" counts from there, not from the 429's arrival,
 * which on a busy machine can come well before the client has read the response.
 */
const pauses: number[] = [];
const pauseFor = ConcurrencyLimit.prototype.pauseFor;
jest.spyOn(ConcurrencyLimit.prototype, "pauseFor").mockImplementation(function (
  this: ConcurrencyLimit,
  ms: number,
) {
  pauses.push(Date.now());
  pauseFor.call(this, ms);
});

function connect(
  options: { token?: string; identity?: string; server?: RunningSandbox; fetch?: FetchLike } = {},
): void {
  const server = options.server ?? sandbox();
  const { token, identity } = options;
  const api = demoApi(server, {
    token,
    identity,
    options: { fetch: options.fetch ?? countingFetch },
  });
  activeConnection.set({
    api,
    origin: server.origin,
    host: new URL(server.origin).host,
    apiAddress: server.baseUrl,
    version: "v1",
    identity: options.identity ?? "demo-company",
    project: options.identity ?? "demo-company",
  });
}

/** A call as Excel makes it: the registered function, its arguments, then the invocation. */
function call(id: string, ...args: unknown[]): Promise<unknown> {
  const invocation: Invocation = {};
  return Promise.resolve(host.callCustomFunction(id, ...args, invocation));
}

async function table(id: string, ...args: unknown[]): Promise<Row[]> {
  const result = await call(id, ...args);
  expect(Array.isArray(result)).toBe(true);
  const rows = result as Row[];
  for (const row of rows) expect(row).toHaveLength((rows[0] ?? []).length);
  return rows;
}

async function cellError(
  id: string,
  ...args: unknown[]
): Promise<{ code: string; message: string }> {
  try {
    await call(id, ...args);
  } catch (error) {
    const { code, message, name } = error as { code: string; message: string; name: string };
    expect(name).toBe("CustomFunctions.Error");
    expect(message).not.toContain(DEMO_TOKEN);
    return { code, message };
  }
  throw new Error(`${id} answered instead of failing`);
}

/** A formatted number value's number (the value its cell holds); any other value as it is. */
function plain(value: unknown): unknown {
  return typeof value === "object" && value !== null && "basicValue" in value
    ? (value as { basicValue: unknown }).basicValue
    : value;
}

/** The format a formatted number value carries, or undefined. */
function formatOf(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && "numberFormat" in value
    ? String((value as { numberFormat: unknown }).numberFormat)
    : undefined;
}

/** The values of the column headed `header`, formatted numbers as their number. */
function column(rows: Row[], header: string): Row {
  return formattedColumn(rows, header).map(plain);
}

/** The column headed `header` as the function returned it. */
function formattedColumn(rows: Row[], header: string): Row {
  const index = (rows[0] ?? []).indexOf(header);
  expect(index).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]);
}

async function faults(body: object | null): Promise<void> {
  await (body === null ? clearFaults(sandbox()) : setFaults(sandbox(), body));
}

beforeAll(async () => {
  host = new OfficeJsExcelHost();
  const globals = installFakeOffice(globalThis, host);
  // What the metadata plugin's loader appends to functions.js, one associate call per function.
  const metadata = await generateCustomFunctionsMetadata(
    [path.resolve(__dirname, "../../src/functions/functions.ts")],
    true,
  );
  expect(metadata.errors).toEqual([]);
  const implementations = functions as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const item of metadata.associate) {
    globals.CustomFunctions.associate(item.id, implementations[item.functionName] as never);
  }
});

afterAll(async () => {
  activeConnection.set(undefined);
});

beforeEach(async () => {
  await faults(null);
  connect();
  ledgerFormulas.clear();
  traffic.starts = [];
  traffic.statuses = [];
});

describe("LEDGER.PAYMENTS", () => {
  it("spills a header row and one row per payment, with numbers, date serials and text", async () => {
    const rows = await table("PAYMENTS", null);
    expect(rows[0]).toEqual([
      ...PAYMENT_COLUMN_SPECS.map((spec) => spec.header).slice(0, -1),
      "Notes",
    ]);
    expect(rows).toHaveLength(1 + 45); // the sandbox's 45 payments, under the default 100
    const amounts = column(rows, "Amount");
    expect(amounts[0]).toEqual(expect.any(Number));
    // More digits than a cell holds: kept as exact text, and the Notes column says why.
    expect(amounts[1]).toBe("98765432109876.54");
    expect(column(rows, "Notes")[1]).toMatch(/Amount kept as text/);
    expect(column(rows, "Payment date (UTC)").every((value) => typeof value === "number")).toBe(
      true,
    );
    // The host takes formatted numbers (CustomFunctionsRuntime 1.4, ExcelApi 1.16): dates show
    // as dates and amounts with their decimals, as on the Payments sheet.
    expect(formattedColumn(rows, "Amount")[0]).toEqual({
      type: "FormattedNumber",
      basicValue: amounts[0],
      numberFormat: "#,##0.00",
    });
    expect(new Set(formattedColumn(rows, "Payment date (UTC)").map(formatOf))).toEqual(
      new Set(["yyyy-mm-dd hh:mm:ss"]),
    );
    expect(column(rows, "Destination account number")[0]).toBe(AWKWARD_ACCOUNT_NUMBER);
    expect(column(rows, "Payment ID").every((value) => typeof value === "string")).toBe(true);
  });

  it("returns as many payments as the limit asks for, in one request", async () => {
    const before = sandbox().stats().requests;
    const rows = await table("PAYMENTS", 10);
    expect(rows).toHaveLength(11);
    expect(sandbox().stats().requests - before).toBe(1);
  });

  it("refuses a limit past the cap, pointing to the task pane import", async () => {
    expect(await cellError("PAYMENTS", 5000)).toEqual({
      code: "#VALUE!",
      message:
        "A formula brings in at most 2,000 records. For more, use Import in the Ledger Sheets task pane.",
    });
  });
});

describe("LEDGER.PAYMENTS against a server with 250 payments", () => {
  const large = useSandbox({ records: { payments: 250 } });

  async function inMode(paymentsPagination: "cursor" | "none"): Promise<void> {
    await setFaults(large(), { paymentsPagination });
    connect({ server: large() });
  }

  it("brings in the default 100 in one request, also from a server that sends no cursor", async () => {
    await inMode("none");
    const before = large().stats().requests;
    const rows = await table("PAYMENTS", null);
    expect(rows).toHaveLength(1 + 100);
    expect(large().stats().requests - before).toBe(1);
    expect(new Set(column(rows, "Payment ID")).size).toBe(100);
  });

  it("says on a last row that the list is incomplete when the server caps it and sends no cursor", async () => {
    await inMode("none");
    const rows = await table("PAYMENTS", 150);
    // The sandbox caps limit at 100; with no cursor there is no way to the other 50.
    expect(rows).toHaveLength(1 + 100 + 1);
    const last = rows.at(-1) ?? [];
    expect(last[0]).toBe("Incomplete: 100 of 150 payments");
    expect(column(rows, "Notes").at(-1)).toMatch(
      /^The server reports 250 payments but sent only 100, .* leave out 50 payments\.$/,
    );
  });

  it("follows the cursor past the server's cap when there is one, with no such row", async () => {
    await inMode("cursor");
    const before = large().stats().requests;
    const rows = await table("PAYMENTS", 150);
    expect(rows).toHaveLength(1 + 150);
    expect(large().stats().requests - before).toBe(2);
    expect(new Set(column(rows, "Payment ID")).size).toBe(150);
  });
});

describe("LEDGER.LIST", () => {
  it("follows the cursor up to max_records, 50 records a request", async () => {
    const before = sandbox().stats().requests;
    const rows = await table("LIST", "Invoices", 120);
    expect(rows).toHaveLength(1 + 120);
    expect(sandbox().stats().requests - before).toBe(3);
    // What people read first; the ids after.
    expect(rows[0]?.slice(0, 2)).toEqual(["Invoice number", "Reference"]);
    expect(new Set(column(rows, "ID")).size).toBe(120);
    expect(
      column(rows, "Total")
        .slice(2, 6)
        .every((value) => typeof value === "number"),
    ).toBe(true);
    const issued = column(rows, "Issue date");
    expect(issued.every((value) => typeof value === "number")).toBe(true);
    expect(formattedColumn(rows, "Issue date").every((v) => formatOf(v) === "yyyy-mm-dd")).toBe(
      true,
    );
  });

  it("shows invoice lines as their count, and lists them with their invoice's number and id", async () => {
    const invoices = await table("LIST", "invoices", 5);
    const counts = column(invoices, "Lines");
    expect(counts.every((value) => typeof value === "number" && value >= 1)).toBe(true);
    const lines = await table("LIST", "invoice lines", 5);
    expect(lines[0]?.[0]).toBe("Invoice number");
    expect(lines).toHaveLength(1 + counts.reduce((sum: number, n) => sum + Number(n), 0));
    const ids = column(invoices, "ID");
    expect(new Set(column(lines, "Invoice ID"))).toEqual(new Set(ids));
    expect(column(lines, "Invoice number")[0]).toBe(column(invoices, "Invoice number")[0]);
  });

  it("stops at the end of the collection, below max_records", async () => {
    const rows = await table("LIST", "credit notes", 2000);
    expect(rows).toHaveLength(1 + 23);
  });

  it("takes forgiving spellings of the collection", async () => {
    const spelled = await table("LIST", "Credit-Notes", 5);
    ledgerFormulas.clear();
    expect(await table("LIST", "creditnote", 5)).toEqual(spelled);
  });

  it("names the collections it knows when the name is unknown", async () => {
    expect(await cellError("LIST", "purchase orders", null)).toEqual({
      code: "#VALUE!",
      message:
        "There is no collection “purchase orders”. Use one of: invoices, receipts, bills, " +
        "credit notes, debit notes, expenses.",
    });
  });

  it("refuses a max_records that is not a whole number", async () => {
    expect(await cellError("LIST", "bills", 2.5)).toEqual({
      code: "#VALUE!",
      message: "max_records must be a whole number from 1 to 2,000, not “2.5”.",
    });
  });
});

describe("results too large for a cell formula", () => {
  const large = useSandbox({ records: { invoices: 2000 } });

  /**
   * The sandbox's answers with longer texts than it seeds, as a server holding long texts sends
   * them: `rewrite` changes the `data` of each successful answer whose URL contains `path`.
   */
  function longerTexts(path: string, rewrite: (data: unknown) => unknown): FetchLike {
    return async (url, init) => {
      const response = await countingFetch(url, init);
      if (!url.includes(path) || response.status !== 200) return response;
      const body = JSON.parse(await response.text()) as { data: unknown };
      const text = JSON.stringify({ ...body, data: rewrite(body.data) });
      return { status: response.status, headers: response.headers, text: async () => text };
    };
  }

  function padded(label: string): string {
    return `${label}: `.padEnd(1000, "Quarterly maintenance, support and on-site visits. ");
  }

  /**
   * Each invoice's reference, a memo and its first line's description made 1,000 characters
   * long (LIST shows the lines as their count).
   */
  function longInvoices(data: unknown): unknown {
    type Invoice = { id: string; lines: { description: string }[] };
    return (data as Invoice[]).map((invoice) => ({
      ...invoice,
      reference: padded(`Invoice ${invoice.id}`),
      memo: padded(`Memo of ${invoice.id}`),
      lines: invoice.lines.map((line, index) =>
        index === 0 ? { ...line, description: padded(`Line of ${invoice.id}`) } : line,
      ),
    }));
  }

  function utf8Bytes(rows: Row[]): number {
    return Buffer.byteLength(JSON.stringify(rows), "utf8");
  }

  it("shows 2,000 invoices of ordinary length whole", async () => {
    connect({ server: large() });
    const rows = await table("LIST", "invoices", 2000);
    expect(rows).toHaveLength(1 + 2000);
    expect(String(rows.at(-1)?.[0])).not.toMatch(/^Incomplete/);
    expect(utf8Bytes(rows)).toBeLessThan(FORMULA_RESULT_BUDGET_BYTES);
  }, 60_000); // 2,000 records through office.js: more than 20 s on a busy machine

  it("cuts 2,000 invoices with 1,000-character texts under the cap, stops fetching and says so", async () => {
    connect({ server: large(), fetch: longerTexts("/invoices", longInvoices) });
    const before = large().stats().apiRequests;
    const rows = await table("LIST", "invoices", 2000);
    const requests = large().stats().apiRequests - before;
    expect(utf8Bytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(rows[0]?.[0]).toBe("Invoice number");
    expect(requests).toBeLessThan(40);
    const shown = (rows.length - 2).toLocaleString("en-US");
    const fetched = (requests * 50).toLocaleString("en-US");
    expect(rows.at(-1)?.[0]).toBe(`Incomplete: ${shown} of ${fetched} invoices fetched`);
    expect(column(rows, "Notes").at(-1)).toMatch(
      new RegExp(
        "^The invoices fetched would make a result too large for a cell formula .* use Import " +
          `in the Ledger Sheets task pane, .* or ask for at most ${shown} records\\.$`,
      ),
    );
    expect(String(column(rows, "Reference")[0])).toHaveLength(1000);
  }, 60_000); // 2,000 records through office.js: more than 20 s on a busy machine

  it("cuts a journal of 200 lines with 40,000-character descriptions, each cut to 32,767", async () => {
    type Journal = { lines: { description: string | null }[] };
    const manyLongLines = (data: unknown): unknown => {
      const journal = data as Journal;
      const lines = Array.from({ length: 200 }, (_, index) => ({
        ...journal.lines[index % journal.lines.length],
        id: `line-${index}`,
        description: OVERSIZED_TEXT,
      }));
      return { ...journal, lines };
    };
    connect({ fetch: longerTexts("/journal/entries/", manyLongLines) });
    const rows = await table("JOURNAL", "TRX-2026-0001");
    expect(rows[0]).toEqual([...JOURNAL_LINE_HEADERS]);
    expect(utf8Bytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    const shown = rows.length - 2;
    expect(shown).toBeGreaterThan(100);
    expect(column(rows, "Description").slice(0, -1)).toEqual(
      new Array(shown).fill(OVERSIZED_TEXT.slice(0, 32_767)),
    );
    expect(rows.at(-1)?.[0]).toBe(`Incomplete: ${shown} of 200 lines`);
    expect(column(rows, "Notes").at(-1)).toMatch(
      /LEDGER\.JOURNAL\.FIELD gives the journal's total/,
    );
  });
});

describe("LEDGER.JOURNAL and LEDGER.JOURNAL.FIELD", () => {
  it("spills a journal's lines under their headers, read by transaction reference", async () => {
    const rows = await table("JOURNAL", "TRX/2026 0003 adj");
    expect(rows[0]).toEqual([...JOURNAL_LINE_HEADERS]);
    expect(rows).toHaveLength(1 + 8);
    for (const value of [...column(rows, "Debit"), ...column(rows, "Credit")]) {
      expect(typeof value).toBe("number");
    }
    expect(column(rows, "Account code").every((value) => typeof value === "string")).toBe(true);
  });

  it("gives one header value each, typed", async () => {
    const journal = (await call("JOURNAL.FIELD", "TRX-2026-0002", "transaction date")) as number;
    expect(typeof journal).toBe("number");
    expect(await call("JOURNAL.FIELD", "TRX-2026-0002", "Status")).toBe("DRAFT");
    expect(await call("JOURNAL.FIELD", "TRX-2026-0002", "currency")).toBe("EUR");
    expect(await call("JOURNAL.FIELD", "TRX-2026-0002", "rate")).toBe(1.08);
    const debit = await call("JOURNAL.FIELD", "TRX-2026-0002", "total debit");
    expect(debit).toEqual(expect.any(Number));
    expect(await call("JOURNAL.FIELD", "TRX-2026-0002", "Total Credit")).toBe(debit);
    expect(await call("JOURNAL.FIELD", "TRX-2026-0005", "total debit")).toBe("98765432109876.54");
    expect(journal).toBeGreaterThan(dateTimeToSerial("2020-01-01T00:00:00Z") ?? 0);
  });

  it("says a journal is unknown with #N/A", async () => {
    const error = await cellError("JOURNAL", "TRX-9999");
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(
      /^No journal “TRX-9999” was found \(404\)\. Check it, or use the journal's transaction reference/,
    );
    // A journal's own reference, which names its sheet, cannot be looked up: the message says
    // what to use instead.
    expect((await cellError("JOURNAL", "JNL-0001")).message).toContain(
      "use the journal's transaction reference (such as TRX-2026-0001) or its ID",
    );
  });

  it("lists the fields when the field is unknown", async () => {
    const error = await cellError("JOURNAL.FIELD", "TRX-2026-0001", "colour");
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^There is no journal field “colour”\. Use one of: status, /);
  });

  it("asks for a journal when the reference is empty", async () => {
    expect(await cellError("JOURNAL", "")).toEqual({
      code: "#VALUE!",
      message: "Enter a journal id or transaction reference, for example “TRX-2026-0001”.",
    });
  });
});

describe("errors a person can act on", () => {
  it("asks to connect in the task pane when there is no connection", async () => {
    activeConnection.set(undefined);
    for (const [id, args] of [
      ["PAYMENTS", [null]],
      ["LIST", ["invoices", null]],
      ["JOURNAL", ["TRX-2026-0001"]],
      ["JOURNAL.FIELD", ["TRX-2026-0001", "status"]],
    ] as const) {
      expect(await cellError(id, ...args)).toEqual({
        code: "#N/A",
        message: NOT_CONNECTED_MESSAGE,
      });
    }
    expect(NOT_CONNECTED_MESSAGE).toBe("Connect in the Ledger Sheets task pane.");
  });

  it("says the token was refused, without ever showing it", async () => {
    connect({ token: "s3cret-token-value" });
    const error = await cellError("PAYMENTS", 1);
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe(
      "The server refused the access token (401). Reconnect in the Ledger Sheets task pane with " +
        "a valid token.",
    );
    expect(error.message).not.toContain("s3cret-token-value");
  });

  it("answers for the new connection once it changes, not from the cache", async () => {
    expect((await cellError("JOURNAL.FIELD", "TRX-2026-1001", "status")).code).toBe("#N/A");
    connect({ identity: "other-company" });
    expect(await call("JOURNAL.FIELD", "TRX-2026-1001", "status")).toBe("DRAFT");
  });
});

describe("the sandbox's server-side counts", () => {
  it("counts API requests in flight and their peak, and starts anew on DELETE /__sandbox/stats", async () => {
    // Each request held a second: the three sent together are all at the server at once, even
    // when a busy machine delivers them tens of milliseconds apart.
    await faults({ latencyMs: 1_000 });
    await restartStats(sandbox());
    await Promise.all([
      table("LIST", "bills", 1),
      table("LIST", "bills", 2),
      table("LIST", "bills", 3),
    ]);
    const counts = await readStats(sandbox());
    expect(counts).toMatchObject({ apiRequests: 3, apiInFlight: 0, apiPeakInFlight: 3 });
    // The control requests (DELETE, then this GET) count as requests, not as API requests.
    expect(counts.requests).toBe(4);
  });
});

describe("DECIMALSUM and BALANCED", () => {
  it("work offline, through the registered functions", async () => {
    activeConnection.set(undefined);
    expect(await call("DECIMALSUM", [[[0.1], [0.2]], [[""]]])).toBe(0.3);
    // Excel passes null for the currency left out.
    expect(await call("BALANCED", [[0.1], [0.2]], [[0.3]], null)).toBe(true);
    expect(await call("BALANCED", [[150]], [[149.99]], null)).toBe(false);
    expect(await call("BALANCED", [[1.05]], [[1.05]], "KWD")).toBe(true);
    expect(await call("DECIMALSUM", [[[1.05], [2.02]], "KWD"])).toBe(3.07);
    expect(await cellError("DECIMALSUM", [[["12,50"]]])).toEqual({
      code: "#VALUE!",
      message:
        "Row 1, column 1 of the values: “12,50” is not an amount: use a point for decimals and " +
        "no thousands separators, like 1234.50.",
    });
  });
});

describe("many cells at once", () => {
  it("keeps answers for the time saved in the workbook's settings, 0 keeping none", async () => {
    // As the task pane's Formulas panel saves it: in Excel.SettingCollection.
    try {
      await saveFormulaCacheSeconds(workbookSettings, 0);
      expect(host.workbook.settings.get(FORMULA_CACHE_SETTING)).toBe(0);
      const before = sandbox().stats().requests;
      await table("PAYMENTS", 3);
      await table("PAYMENTS", 3);
      expect(sandbox().stats().requests - before).toBe(2);
      await saveFormulaCacheSeconds(workbookSettings, DEFAULT_CACHE_SECONDS);
      await table("PAYMENTS", 3);
      await table("PAYMENTS", 3);
      expect(sandbox().stats().requests - before).toBe(3);
    } finally {
      await saveFormulaCacheSeconds(workbookSettings, DEFAULT_CACHE_SECONDS);
    }
  });

  it("1,000 identical calls in flight send one request and all get the answer", async () => {
    await faults({ latencyMs: 50 });
    const before = sandbox().stats().requests;
    const calls = Array.from({ length: 1000 }, () => table("LIST", "invoices", 20));
    const results = await Promise.all(calls);
    expect(sandbox().stats().requests - before).toBe(1);
    expect(
      results.every((rows) => rows.length === 21 && rows[1]?.[0] === results[0]?.[1]?.[0]),
    ).toBe(true);
  });

  it("100 distinct calls send 100 requests, at most 6 at a time", async () => {
    await faults({ latencyMs: 30 });
    sandbox().resetStats();
    const calls = [
      ...Array.from({ length: 50 }, (_, i) => table("LIST", "invoices", i + 1)),
      ...Array.from({ length: 50 }, (_, i) => table("LIST", "receipts", i + 1)),
    ];
    const results = await Promise.all(calls);
    expect(results.map((rows) => rows.length)).toEqual([
      ...Array.from({ length: 50 }, (_, i) => i + 2),
      ...Array.from({ length: 50 }, (_, i) => i + 2),
    ]);
    // Counted by the server, which sees what actually arrives at once.
    const seen = sandbox().stats();
    expect(seen.apiRequests).toBe(100);
    expect(seen.apiPeakInFlight).toBeLessThanOrEqual(6);
    expect(seen.apiPeakInFlight).toBeGreaterThan(1);
  });

  it("a failed request settles every cell waiting on it with the same error", async () => {
    await faults({ latencyMs: 30, next: [{ method: "GET", status: 500 }] });
    const before = sandbox().stats().requests;
    const errors = await Promise.all(
      Array.from({ length: 1000 }, () => cellError("JOURNAL", "TRX-2026-0001")),
    );
    expect(sandbox().stats().requests - before).toBe(1);
    expect(new Set(errors.map((error) => `${error.code} ${error.message}`)).size).toBe(1);
    expect(errors[0]?.code).toBe("#N/A");
    expect(errors[0]?.message).toMatch(/\(500\)/);
    // Failures are not kept: the next calculation asks again.
    expect(await table("JOURNAL", "TRX-2026-0001")).toHaveLength(3);
  });

  it("after a 429 starts no request until Retry-After has passed", async () => {
    await faults({ latencyMs: 20, next: [{ method: "GET", status: 429, retryAfterSeconds: 1 }] });
    pauses.length = 0;
    const calls = Array.from({ length: 20 }, (_, i) => table("LIST", "bills", i + 1));
    const results = await Promise.all(calls);
    expect(results.map((rows) => rows.length)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(traffic.statuses.some(([status]) => status === 429)).toBe(true);
    const at = pauses[0] ?? 0;
    expect(at).toBeGreaterThan(0);
    // Requests already in flight finish; once the client has read the 429, none starts until
    // the wait ends.
    const early = traffic.starts.filter((start) => start > at && start < at + 1000);
    expect(early).toEqual([]);
    expect(traffic.starts.filter((start) => start >= at + 1000).length).toBeGreaterThan(0);
  });

  it("after a 429 too long for the client to wait, sends nothing until Retry-After has passed", async () => {
    await faults({ next: [{ method: "GET", status: 429, retryAfterSeconds: 120 }] });
    const refused = await cellError("LIST", "bills", 1);
    expect(refused).toEqual({
      code: "#N/A",
      message: "The server is limiting requests (429). Try again in 120 s.",
    });
    const sent = sandbox().stats().requests;
    const invocation: Invocation = {};
    const waiting = Promise.resolve(host.callCustomFunction("LIST", "bills", 2, invocation));
    const settled = waiting.then(
      () => "answered",
      () => "failed",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await Promise.race([settled, Promise.resolve("waiting")])).toBe("waiting");
    expect(sandbox().stats().requests).toBe(sent);
    invocation.onCanceled?.();
    await expect(waiting).rejects.toMatchObject({ code: "#N/A" });
    expect(sandbox().stats().requests).toBe(sent);
    // The next test connects anew, which lifts the pause (see formulaRuntime.ts).
  });

  it("holds a list's later pages during a 429 pause that began between its pages", async () => {
    await faults({
      latencyMs: 100,
      next: [{ method: "GET", pathContains: "receipts", status: 429, retryAfterSeconds: 1 }],
    });
    const before = sandbox().stats().requests;
    pauses.length = 0;
    const [invoices, receipts] = await Promise.all([
      table("LIST", "invoices", 120),
      table("LIST", "receipts", 5),
    ]);
    expect(invoices).toHaveLength(1 + 120);
    expect(receipts).toHaveLength(1 + 5);
    // Three pages of invoices, the refused receipts request and its retry.
    expect(sandbox().stats().requests - before).toBe(5);
    const at = pauses[0] ?? 0;
    expect(at).toBeGreaterThan(0);
    // A page requested before the 429 was read may go; none after, until 1 s.
    expect(traffic.starts.filter((start) => start > at && start < at + 1000)).toEqual([]);
  });

  it("a cancelled calculation stops its request", async () => {
    await faults({ next: [{ method: "GET", action: "hang" }] });
    const arrived = sandbox().nextApiRequest();
    const invocation: Invocation = {};
    const pending = Promise.resolve(
      host.callCustomFunction("JOURNAL", "TRX-2026-0002", invocation),
    );
    await arrived; // the request is at the server, which holds it unanswered
    expect(traffic.inFlight).toBe(1);
    invocation.onCanceled?.();
    await expect(pending).rejects.toMatchObject({ code: "#N/A" });
    // The server never answers: only the cancellation can end the request.
    await trafficIdle();
    expect(traffic.inFlight).toBe(0);
  });
});
