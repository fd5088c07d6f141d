import {
  ApiError,
  type CollectionPage,
  type CollectionParams,
  type JournalResponse,
  type PaymentsPage,
  type PaymentsParams,
} from "../../../src/api";
import { FormulaError, LedgerFormulas, type FormulaApi } from "../../../src/formulas";
import { FakeTime } from "../api/fakeTime";
import { seededJournal } from "../journal/seededJournals";
import { collectionRecords, payments } from "../sheets/sandboxRecords";

/** An API that answers from the sandbox's seed and records what it was asked. */
class RecordingApi implements FormulaApi {
  readonly paths: string[] = [];
  readonly sizes: (number | undefined)[] = [];
  readonly limits: (number | undefined)[] = [];
  /** The most payments one answer holds, as a server caps `limit`; no cursor either way. */
  paymentsCap = Number.POSITIVE_INFINITY;
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
    const end = Math.min(start + size, 137);
    return {
      data: collectionRecords("invoices", start, end),
      lastId: end < 137 ? String(end) : null,
      keyset: end < 137 ? "k" : "",
      status: true,
      message: "OK",
    };
  }

  async listPayments(params: PaymentsParams): Promise<PaymentsPage> {
    this.limits.push(params.limit);
    const limit = Math.min(params.limit ?? 20, this.paymentsCap);
    return {
      data: payments(0, Math.min(limit, 45)),
      page: 1,
      count: 45,
      pages: 1,
      status: true,
      message: "OK",
      lastId: null,
      keyset: null,
    };
  }

  async getJournal(id: string): Promise<JournalResponse> {
    if (this.failWith !== undefined) throw this.failWith;
    return { status: true, message: "OK", data: seededJournal(id) };
  }
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
