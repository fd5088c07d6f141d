import {
  ApiError,
  isJsonObject,
  type CollectionPage,
  type CollectionParams,
  type JournalLine,
  type JournalResponse,
  type JsonRecord,
  type Payment,
  type PaymentsPage,
  type PaymentsParams,
} from "../../../src/api";
import {
  FormulaError,
  JOURNAL_LINE_HEADERS,
  LedgerFormulas,
  collectionTable,
  journalLinesTable,
  paymentsTable,
  resultBytes,
  type FormulaApi,
} from "../../../src/formulas";
import {
  EXCEL_PAYLOAD_LIMIT_BYTES,
  FORMULA_RESULT_BUDGET_BYTES,
} from "../../../src/domain/excelLimits";
import { DEFAULT_SEED, OVERSIZED_TEXT } from "../../../tools/sandbox";
import { collectionPage } from "../../../tools/sandbox/seed/records";
import { FakeTime } from "../api/fakeTime";
import { seededJournal } from "../journal/seededJournals";
import { collectionRecords, payments } from "../sheets/sandboxRecords";

/** An API that answers from the sandbox's seed and records what it was asked. */
class RecordingApi implements FormulaApi {
  readonly paths: string[] = [];
  readonly sizes: (number | undefined)[] = [];
  readonly limits: (number | undefined)[] = [];
  /** The records of every collection, in the server's order. */
  records: readonly JsonRecord[] = collectionRecords("invoices", 0, 137);
  /** The payments the server has; it reports their number as `count`. */
  paymentList: readonly Payment[] = payments(0, 45);
  /** The most payments one answer holds, as a server caps `limit`. */
  paymentsCap = Number.POSITIVE_INFINITY;
  /** Whether a payments answer short of the end carries a cursor to the next. */
  paymentsCursor = false;
  /** The lines of every journal read, in place of its seeded lines. */
  journalLines: readonly JournalLine[] | undefined;
  failWith: ApiError | Error | undefined;
  /** Called before answering, as the client does before a retry wait. */
  beforeAnswer: ((params: CollectionParams) => void) | undefined;

  async listCollectionPage(path: string, params: CollectionParams): Promise<CollectionPage> {
    this.paths.push(path);
    this.sizes.push(params.size);
    this.beforeAnswer?.(params);
    if (this.failWith !== undefined) throw this.failWith;
    const size = params.size ?? 20;
    const start = params.lastId === undefined ? 0 : Number(params.lastId);
    const end = Math.min(start + size, this.records.length);
    const more = end < this.records.length;
    return {
      data: this.records.slice(start, end),
      lastId: more ? String(end) : null,
      keyset: more ? "k" : "",
      status: true,
      message: "OK",
    };
  }

  async listPayments(params: PaymentsParams): Promise<PaymentsPage> {
    this.limits.push(params.limit);
    const start = params.lastId === undefined ? 0 : Number(params.lastId);
    const limit = Math.min(params.limit ?? 20, this.paymentsCap);
    const end = Math.min(start + limit, this.paymentList.length);
    const more = this.paymentsCursor && end < this.paymentList.length;
    return {
      data: this.paymentList.slice(start, end),
      page: 1,
      count: this.paymentList.length,
      pages: 1,
      status: true,
      message: "OK",
      lastId: more ? String(end) : null,
      keyset: more ? "k" : null,
    };
  }

  async getJournal(id: string): Promise<JournalResponse> {
    if (this.failWith !== undefined) throw this.failWith;
    const journal = seededJournal(id);
    const lines = this.journalLines ?? journal.lines;
    return { status: true, message: "OK", data: { ...journal, lines } };
  }
}

/** `length` characters of text that says which record it belongs to. */
function longText(label: string, length: number): string {
  return `${label}: `.padEnd(length, "Quarterly maintenance, support and on-site visits. ");
}

/**
 * `count` of the sandbox's invoices, each with a 1,000-character reference and a 1,500-character
 * memo (and a long first line, shown as the count of lines): about 5 MB as a table, over what
 * Excel takes from a formula.
 */
function longInvoices(count: number): JsonRecord[] {
  const key = { seed: DEFAULT_SEED, identity: "demo-company", list: "invoices", count } as const;
  const records = JSON.parse(JSON.stringify(collectionPage(key, 0, count))) as JsonRecord[];
  return records.map((record, index) => {
    const lines = Array.isArray(record["lines"]) ? record["lines"] : [];
    const [first, ...rest] = lines;
    const line = isJsonObject(first) ? first : {};
    return {
      ...record,
      reference: longText(`Invoice ${index}`, 1000),
      // Lines show as a count in LIST: a long text of the record's own keeps the size.
      memo: longText(`Memo of ${index}`, 1500),
      lines: [{ ...line, description: longText(`Line of ${index}`, 1000) }, ...rest],
    };
  });
}

/** `count` payments, each with a `length`-character reference, made from the seeded ones. */
function longPayments(count: number, length: number): Payment[] {
  const seeded = payments(0, 45);
  return Array.from({ length: count }, (_, index) => {
    const payment = seeded[index % seeded.length] as Payment;
    return {
      ...payment,
      id: `payment-${index}`,
      payment_reference: longText(`Payment ${index}`, length),
    };
  });
}

/** What Excel receives: the JSON text of the table, in UTF-8. */
function jsonBytes(table: unknown): number {
  return Buffer.byteLength(JSON.stringify(table), "utf8");
}

/** Thousands with commas, as the tables write counts. */
function grouped(count: number): string {
  return count.toLocaleString("en-US");
}

function formulas(api: RecordingApi | undefined, time = new FakeTime()): LedgerFormulas {
  return new LedgerFormulas({
    connection: () => (api === undefined ? undefined : { api }),
    collectionPath: (id) => (id === "credit-notes" ? "/creditnotes" : `/${id}`),
    clock: time.clock,
    sleep: time.sleep,
  });
}

/** What the client does when a 429 asks it to wait `delayMs` before retrying: it tells onRetry. */
function tellToWait(params: CollectionParams, delayMs: number): void {
  const reason = new ApiError("rate-limited", "The server is limiting requests (429).", {
    status: 429,
  });
  params.onRetry?.({ attempt: 1, maxAttempts: 4, delayMs, reason });
}

async function failure(promise: Promise<unknown>): Promise<FormulaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error("expected a FormulaError");
}

describe("LedgerFormulas", () => {
  it("reads a collection from the path set for it in the workbook", async () => {
    const api = new RecordingApi();
    await formulas(api).list("Credit notes", 5);
    expect(api.paths).toEqual(["/creditnotes"]);
  });

  it("asks for no more records than it returns: small counts ask for small pages", async () => {
    const api = new RecordingApi();
    const rows = await formulas(api).list("invoices", 7);
    expect(rows).toHaveLength(8);
    expect(api.sizes).toEqual([7]);
    const payments = await formulas(api).payments(3);
    expect(payments).toHaveLength(4);
    expect(api.limits).toEqual([3]);
  });

  it("asks for all the payments wanted in its first request, past the cursor lists' 50", async () => {
    const api = new RecordingApi();
    const rows = await formulas(api).payments(null);
    expect(api.limits).toEqual([100]);
    expect(rows).toHaveLength(1 + 45);
    expect(rows.at(-1)?.[0]).not.toMatch(/Incomplete/);
  });

  it("ends PAYMENTS with a row saying so when the server has more but no way to fetch them", async () => {
    const api = new RecordingApi();
    api.paymentsCap = 20;
    const rows = await formulas(api).payments(30);
    expect(api.limits).toEqual([30]);
    expect(rows).toHaveLength(1 + 20 + 1);
    const last = rows.at(-1) ?? [];
    expect(last[0]).toBe("Incomplete: 20 of 30 payments");
    expect(last[(rows[0] ?? []).indexOf("Notes")]).toBe(
      "The server reports 45 payments but sent only 20, with no way to ask for the rest (no " +
        "next-page cursor). Totals over this table leave out 10 payments.",
    );
    expect(last.slice(1, -1).every((cell) => cell === "")).toBe(true);
  });

  it("adds no such row when the server holds fewer payments than asked for", async () => {
    const api = new RecordingApi();
    api.paymentsCap = 45;
    const rows = await formulas(api).payments(2000);
    expect(rows).toHaveLength(1 + 45);
  });

  it("stops following the cursor at max_records, without fetching a page ahead", async () => {
    const api = new RecordingApi();
    const rows = await formulas(api).list("invoices", 100);
    expect(rows).toHaveLength(101);
    expect(api.sizes).toEqual([50, 50]);
  });

  it("holds back new requests for as long as a 429 asked", async () => {
    const time = new FakeTime();
    const api = new RecordingApi();
    const service = formulas(api, time);
    let told = false;
    api.beforeAnswer = (params) => {
      if (told) return;
      told = true;
      tellToWait(params, 5_000);
    };
    await time.run(service.list("invoices", 1));
    const next = service.list("invoices", 2);
    await time.advance(4_999);
    expect(api.sizes).toEqual([1]);
    await time.advance(1);
    await next;
    expect(api.sizes).toEqual([1, 2]);
  });

  it("holds back every request when the client gives up on a 429 whose Retry-After is too long", async () => {
    const time = new FakeTime();
    const api = new RecordingApi();
    const service = formulas(api, time);
    // What the client throws, without a retry callback, for Retry-After: 120.
    api.failWith = new ApiError("rate-limited", "The server is limiting requests (429).", {
      status: 429,
      retryAfterMs: 120_000,
    });
    const refused = await failure(time.run(service.list("invoices", 1)));
    expect(refused.code).toBe("#N/A");
    api.failWith = undefined;
    const next = service.list("invoices", 2);
    await time.advance(119_999);
    expect(api.sizes).toEqual([1]);
    await time.advance(1);
    await next;
    expect(api.sizes).toEqual([1, 2]);
  });

  it("holds back a list's later pages during a 429 pause, not only its first request", async () => {
    const time = new FakeTime();
    const api = new RecordingApi();
    const service = formulas(api, time);
    let told = false;
    api.beforeAnswer = (params) => {
      if (told) return;
      told = true;
      // Another cell's request is told to wait while this list is between its pages.
      tellToWait(params, 5_000);
    };
    const pending = service.list("invoices", 120);
    await time.flush();
    expect(api.sizes).toEqual([50]);
    await time.advance(4_999);
    expect(api.sizes).toEqual([50]);
    await time.advance(1);
    expect(await pending).toHaveLength(1 + 120);
    expect(api.sizes).toEqual([50, 50, 50]);
  });

  it("reset() lifts a 429 pause, for a new connection; clear() does not", async () => {
    const time = new FakeTime();
    const api = new RecordingApi();
    const service = formulas(api, time);
    service.limit.pauseFor(60_000);
    service.clear();
    const held = service.list("invoices", 1);
    await time.flush();
    expect(api.sizes).toEqual([]);
    await time.advance(60_000);
    await held;
    expect(api.sizes).toEqual([1]);
    service.limit.pauseFor(60_000);
    service.reset();
    await service.list("invoices", 2);
    expect(api.sizes).toEqual([1, 2]);
  });

  it("says to connect in the task pane when there is no connection", async () => {
    const error = await failure(formulas(undefined).journal("TRX-2026-0001"));
    expect([error.code, error.message]).toEqual([
      "#N/A",
      "Connect in the Ledger Sheets task pane.",
    ]);
  });

  it("checks the arguments before asking the server", async () => {
    const api = new RecordingApi();
    const error = await failure(formulas(api).list("orders", 5));
    expect(error.code).toBe("#VALUE!");
    expect(api.paths).toEqual([]);
  });

  it("shows a bug of its own without internals", async () => {
    const api = new RecordingApi();
    api.failWith = new TypeError("Cannot read properties of undefined (reading 'x')");
    const error = await failure(formulas(api).journal("JNL-0001"));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).not.toMatch(/undefined|TypeError/);
    expect(error.message).toMatch(/Refresh data/);
  });

  it("answers a journal's own reference with the transaction reference of one opened on this computer", async () => {
    const api = new RecordingApi();
    api.failWith = new ApiError("not-found", "No journal “JNL-0004” was found (404).");
    const asked: (string | undefined)[][] = [];
    const service = new LedgerFormulas({
      connection: (project) => ({ api, project: project ?? "Acme" }),
      recalled: async (project, reference) => {
        asked.push([project, reference]);
        return reference.toUpperCase() === "JNL-0004"
          ? { journalId: "mj_4", reference: "JNL-0004", transactionReference: "TRX-2026-0004" }
          : undefined;
      },
    });
    const error = await failure(service.journal("jnl-0004"));
    expect([error.code, error.message]).toEqual([
      "#N/A",
      "jnl-0004 is a journal's own reference, which the service cannot look up: it finds a " +
        "journal by its ID or its transaction reference. Journal JNL-0004 was opened on this " +
        "computer before: use its transaction reference TRX-2026-0004 instead.",
    ]);
    // JOURNAL.FIELD says the same, for the project it names.
    const field = await failure(service.journalField("JNL-0004", "status", {}, "Other"));
    expect(field.message).toMatch(/use its transaction reference TRX-2026-0004 instead\.$/);
    expect(asked).toEqual([
      ["Acme", "jnl-0004"],
      ["Other", "JNL-0004"],
    ]);
    // Not opened here, or storage that fails: the service's own answer.
    api.failWith = new ApiError("not-found", "No journal “JNL-0005” was found (404).");
    expect((await failure(service.journal("JNL-0005"))).message).toBe(
      "No journal “JNL-0005” was found (404).",
    );
    const failing = new LedgerFormulas({
      connection: () => ({ api }),
      recalled: () => Promise.reject(new Error("storage")),
    });
    expect((await failure(failing.journal("JNL-0004"))).message).toMatch(/^No journal/);
  });

  it("clear() makes the next call ask again", async () => {
    const api = new RecordingApi();
    const service = formulas(api);
    await service.list("bills", 1);
    await service.list("bills", 1);
    expect(api.paths).toHaveLength(1);
    service.clear();
    await service.list("bills", 1);
    expect(api.paths).toHaveLength(2);
  });
});

describe("LedgerFormulas: results too large for a cell formula", () => {
  function notesOf(rows: unknown[][]): unknown {
    return rows.at(-1)?.[(rows[0] ?? []).indexOf("Notes")];
  }

  it("cuts LIST of 2,000 records with 1,000-character texts under the cap, ending with a row saying so", async () => {
    const api = new RecordingApi();
    api.records = longInvoices(2000);
    expect(resultBytes(collectionTable(api.records, "Invoices"))).toBeGreaterThan(
      EXCEL_PAYLOAD_LIMIT_BYTES,
    );
    const rows = await formulas(api).list("invoices", 2000);
    expect(resultBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(jsonBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    const shown = rows.length - 2;
    const fetched = api.sizes.length * 50;
    const id = rows[0]!.indexOf("ID");
    expect(id).toBeGreaterThan(0); // ids come after what people read
    expect(rows.slice(1, -1).map((row) => row[id])).toEqual(
      api.records.slice(0, shown).map((record) => record["id"]),
    );
    expect(rows.at(-1)?.[0]).toBe(
      `Incomplete: ${grouped(shown)} of ${grouped(fetched)} invoices fetched`,
    );
    expect(notesOf(rows)).toBe(
      "The invoices fetched would make a result too large for a cell formula (Excel takes at " +
        `most 5 MB; this table stops at 4 MB), so fetching stopped at ${grouped(fetched)} of ` +
        `the 2,000 asked for. Totals over this table leave out at least ${fetched - shown} ` +
        "invoices. For the whole list, use Import in the Ledger Sheets task pane, which is " +
        `built for large lists, or ask for at most ${grouped(shown)} records.`,
    );
    expect(
      rows
        .at(-1)
        ?.slice(1, -1)
        .every((cell) => cell === ""),
    ).toBe(true);
  });

  it("stops following the cursor at the first page whose records could not all be shown", async () => {
    const api = new RecordingApi();
    api.records = longInvoices(2000);
    await formulas(api).list("invoices", 2000);
    const pages = api.sizes.length;
    expect(pages).toBeLessThan(40);
    expect(
      resultBytes(collectionTable(api.records.slice(0, (pages - 1) * 50), "Invoices")),
    ).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(
      resultBytes(collectionTable(api.records.slice(0, pages * 50), "Invoices")),
    ).toBeGreaterThan(FORMULA_RESULT_BUDGET_BYTES);
  });

  it("gives the whole table, with no such row, when asked for as many records as it showed", async () => {
    const api = new RecordingApi();
    api.records = longInvoices(2000);
    const service = formulas(api);
    const cut = await service.list("invoices", 2000);
    const shown = cut.length - 2;
    const whole = await service.list("invoices", shown);
    expect(whole).toEqual(collectionTable(api.records.slice(0, shown), "Invoices"));
  });

  it("leaves lists under the cap as they were", async () => {
    const api = new RecordingApi();
    const service = formulas(api);
    expect(await service.list("invoices", 100)).toEqual(
      collectionTable(api.records.slice(0, 100), "Invoices"),
    );
    expect(await service.payments(45)).toEqual(paymentsTable(api.paymentList));
    expect(await service.journal("JNL-0001")).toEqual(
      journalLinesTable(seededJournal("JNL-0001").lines),
    );
  });

  it("cuts JOURNAL with many long descriptions, keeping each cut to Excel's 32,767 characters", async () => {
    const api = new RecordingApi();
    const template = seededJournal("JNL-0001").lines[0] as JournalLine;
    api.journalLines = Array.from({ length: 200 }, (_, index) => ({
      ...template,
      id: `line-${index}`,
      description: OVERSIZED_TEXT,
    }));
    expect(resultBytes(journalLinesTable(api.journalLines))).toBeGreaterThan(
      EXCEL_PAYLOAD_LIMIT_BYTES,
    );
    const rows = await formulas(api).journal("JNL-0001");
    expect(resultBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(rows[0]).toEqual([...JOURNAL_LINE_HEADERS]);
    const shown = rows.length - 2;
    expect(shown).toBeGreaterThan(100);
    const description = (rows[0] ?? []).indexOf("Description");
    const notes = (rows[0] ?? []).indexOf("Notes");
    for (const row of rows.slice(1, -1)) {
      expect(row[description]).toBe(OVERSIZED_TEXT.slice(0, 32_767));
      expect(row[notes]).toBe("Description truncated to 32,767 characters (of 40,000)");
    }
    expect(rows.at(-1)?.[0]).toBe(`Incomplete: ${shown} of 200 lines`);
    expect(notesOf(rows)).toBe(
      "All 200 lines would make a result too large for a cell formula (Excel takes at most " +
        `5 MB; this table stops at 4 MB). Totals over this table leave out ${200 - shown} lines. ` +
        "LEDGER.JOURNAL.FIELD gives the journal's total debit and total credit. To see every " +
        "line, open the journal in the task pane's Journal panel.",
    );
  });

  it("cuts PAYMENTS by bytes when one answer holds them all", async () => {
    const api = new RecordingApi();
    api.paymentList = longPayments(2000, 2500);
    expect(resultBytes(paymentsTable(api.paymentList))).toBeGreaterThan(EXCEL_PAYLOAD_LIMIT_BYTES);
    const rows = await formulas(api).payments(2000);
    expect(api.limits).toEqual([2000]);
    expect(resultBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    const shown = rows.length - 2;
    const id = rows[0]!.indexOf("Payment ID");
    expect(rows.slice(1, -1).map((row) => row[id])).toEqual(
      api.paymentList.slice(0, shown).map((payment) => payment.id),
    );
    expect(rows.at(-1)?.[0]).toBe(`Incomplete: ${grouped(shown)} of 2,000 payments`);
    expect(notesOf(rows)).toMatch(
      /^All 2,000 payments would make a result too large for a cell formula .* leave out [\d,]+ payments\. For the whole list, use Import in the Ledger Sheets task pane, .* or ask for at most [\d,]+ records\.$/,
    );
  });

  it("stops following the payments cursor once no more payments could be shown", async () => {
    const api = new RecordingApi();
    api.paymentList = longPayments(2000, 2500);
    api.paymentsCap = 100;
    api.paymentsCursor = true;
    const rows = await formulas(api).payments(2000);
    expect(api.limits.length).toBeLessThan(20);
    const fetched = api.limits.length * 100;
    expect(resultBytes(paymentsTable(api.paymentList.slice(0, fetched)))).toBeGreaterThan(
      FORMULA_RESULT_BUDGET_BYTES,
    );
    expect(resultBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(rows.at(-1)?.[0]).toBe(
      `Incomplete: ${grouped(rows.length - 2)} of ${grouped(fetched)} payments fetched`,
    );
  });

  it("says both why PAYMENTS is short: the server's cap and the size cap", async () => {
    const api = new RecordingApi();
    api.paymentList = longPayments(2000, 5000);
    api.paymentsCap = 1000;
    const rows = await formulas(api).payments(1500);
    const shown = rows.length - 2;
    expect(resultBytes(rows)).toBeLessThanOrEqual(FORMULA_RESULT_BUDGET_BYTES);
    expect(rows.at(-1)?.[0]).toBe(`Incomplete: ${shown} of 1,500 payments`);
    expect(notesOf(rows)).toMatch(
      new RegExp(
        "^All 1,000 payments received would make a result too large .*\\. The server reports " +
          "2,000 payments but sent only 1,000, with no way to ask for the rest \\(no next-page " +
          `cursor\\)\\. Totals over this table leave out ${1500 - shown} payments\\. `,
      ),
    );
  });
});
