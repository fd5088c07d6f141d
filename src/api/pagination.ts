// Walks paginated lists page by page as async iterators, and stops loudly if a server would make it loop.

import { ApiError } from "./errors";
import { isJsonNumber, isJsonObject, JsonValue, stringifyJson } from "./json";
import type { CollectionParams, CursorParams, PaymentsParams } from "./ledgerApi";
import type { RetryEvent } from "./retry";
import { SeenSet } from "./seenSet";
import type { CollectionPage, PaymentsPage } from "./types";
import { afterQueuedWork } from "../util/afterQueuedWork";

/** What {@link iterateCollection} needs: a {@link LedgerApi}, or a fake in tests. */
export interface CollectionSource {
  listCollectionPage(path: string, params: CollectionParams): Promise<CollectionPage>;
}

/** What {@link iteratePayments} needs: a {@link LedgerApi}, or a fake in tests. */
export interface PaymentsSource {
  listPayments(params: PaymentsParams): Promise<PaymentsPage>;
}

export interface WalkOptions {
  /** Stops the walk: the pending request is cancelled and the iterator throws `aborted`. */
  signal?: AbortSignal;
  onRetry?: (event: RetryEvent) => void;
  /**
   * How many pages the walk requests beyond the one its caller holds, so the server works while
   * the caller works on a page. Default 1: page k+1's request leaves as page k is handed out.
   * 0 requests each page only when the caller asks for it. With more, pages arrive and wait for
   * the caller (one request at a time: each page names the next). Pages requested ahead are
   * cancelled when the caller stops early.
   */
  pagesAhead?: number;
}

/**
 * The kinds of key the loop guard keeps apart: the same text as a string id, a number id or a
 * record's content is three different keys.
 */
const STRING_ID = 0;
const NUMBER_ID = 1;
const CONTENT = 2;

/**
 * Adds a record to `seen` by its stable identity: its `id`, or its whole content; true when it
 * had not been seen before.
 */
function addRecord(seen: SeenSet, record: JsonValue): boolean {
  if (isJsonObject(record)) {
    const id = record["id"];
    if (typeof id === "string") return seen.add(id, STRING_ID);
    // A JsonNumber id keeps its digits: 9007199254740993 and ...992 are different records.
    if (isJsonNumber(id)) return seen.add(String(id), NUMBER_ID);
  }
  return seen.add(canonicalJson(record), CONTENT);
}

/** JSON text with object keys sorted, so equal records give equal text. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(",")}}`;
  }
  return stringifyJson(value);
}

/**
 * Remembers the cursors and records of a walk, so that a server that repeats itself cannot
 * keep a client looping forever (or silently duplicate rows). Both are kept in a
 * {@link SeenSet}, so the guard's memory is bounded however long the collection.
 */
class LoopGuard {
  private readonly cursors = new SeenSet();
  private readonly records = new SeenSet();
  private pages = 0;
  private fetched = 0;

  constructor(private readonly listing: string) {}

  /**
   * Checks a page that has just arrived; throws a `pagination` ApiError when it would loop.
   * Returns how many of the page's records had not been seen before.
   */
  check(records: readonly JsonValue[], lastId: string | null, keyset: string | null): number {
    this.pages += 1;
    // Each key is looked up once, and added as it is: if the page is refused the walk ends there.
    let fresh = 0;
    for (const record of records) if (addRecord(this.records, record)) fresh += 1;
    if (records.length > 0 && fresh === 0) {
      throw this.failure(`page ${this.pages} held only records it had already sent`);
    }
    if (lastId !== null) {
      if (records.length === 0) {
        throw this.failure(`page ${this.pages} was empty but not marked as the last`);
      }
      if (!this.cursors.add(JSON.stringify([lastId, keyset]))) {
        throw this.failure(`page ${this.pages} repeated a page cursor it had already sent`);
      }
    }
    this.fetched += fresh;
    return fresh;
  }

  private failure(what: string): ApiError {
    return new ApiError(
      "pagination",
      `While listing ${this.listing}, the server's ${what}. The walk was stopped so it cannot ` +
        `loop forever; the ${this.fetched} records fetched before that page may be incomplete. ` +
        "Report this to the service's support.",
    );
  }
}

function abortedWalk(listing: string): ApiError {
  return new ApiError("aborted", `Cancelled: listing ${listing} was stopped.`);
}

/**
 * Runs a walk: fetches the first page, then follows each page's cursor until there is none,
 * up to `options.pagesAhead` pages beyond the one the caller holds.
 * `next` gives the request for the page after `page`, or null when `page` is the last.
 */
async function* walk<P>(
  listing: string,
  options: WalkOptions,
  first: (signal: AbortSignal) => Promise<P>,
  next: (page: P, signal: AbortSignal) => Promise<P> | null,
): AsyncGenerator<P, void, undefined> {
  const caller = options.signal;
  if (caller?.aborted) throw abortedWalk(listing);
  // Our own controller also cancels the pages ahead when the caller stops iterating early.
  const controller = new AbortController();
  const ahead = new PagesAhead<P>(options.pagesAhead ?? 1, controller.signal, first, next);
  const onAbort = (): void => {
    controller.abort(caller?.reason);
    ahead.wake();
  };
  caller?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      // A cancel wins over the pages waiting: the caller asked for no more of them.
      if (caller?.aborted) throw abortedWalk(listing);
      const taken = ahead.take();
      if (taken === "wait") {
        await ahead.arrival();
        continue;
      }
      if (taken === "end") return;
      if (ahead.nextIsOnItsWay()) {
        // The request must leave before the caller's work on this page, not after it: its
        // steps up to the socket are queued work, which the caller's synchronous shaping of
        // the page would otherwise hold back (some 4 ms a page of 50 invoices with lines).
        // With pages waiting, the caller has work enough until it leaves.
        await afterQueuedWork();
        if (caller?.aborted) throw abortedWalk(listing);
      }
      yield taken.page;
    }
  } finally {
    caller?.removeEventListener("abort", onAbort);
    controller.abort();
  }
}

/**
 * The pages of one walk requested ahead of its caller: one request in flight at a time, sent
 * while fewer than `depth` pages lie beyond the one the caller holds (a caller waiting for a
 * page holds the page it waits for). A failure is kept until the pages before it are taken.
 */
class PagesAhead<P> {
  private readonly arrived: P[] = [];
  private requested = 0;
  private taken = 0;
  private waiting = false;
  private inFlight = false;
  private sent = false;
  /** The last page that arrived, whose cursor the next request follows; null before the first. */
  private latest: { readonly page: P } | null = null;
  private ended = false;
  private failure: { readonly error: unknown } | null = null;
  private wakeCaller: (() => void) | null = null;

  constructor(
    private readonly depth: number,
    private readonly signal: AbortSignal,
    private readonly first: (signal: AbortSignal) => Promise<P>,
    private readonly next: (page: P, signal: AbortSignal) => Promise<P> | null,
  ) {}

  /** The next page, or "wait" (call {@link arrival}), or "end"; throws a failure in its turn. */
  take(): { readonly page: P } | "wait" | "end" {
    const page = this.arrived.shift();
    if (page !== undefined) {
      this.waiting = false;
      this.taken += 1;
      this.request();
      return { page };
    }
    if (this.failure) throw this.failure.error;
    this.waiting = true;
    this.request();
    return this.ended && !this.inFlight ? "end" : "wait";
  }

  /**
   * True when a request was sent since the last page was taken and no page waits: the caller's
   * next page is the one requested.
   */
  nextIsOnItsWay(): boolean {
    const sent = this.sent;
    this.sent = false;
    return sent && this.arrived.length === 0;
  }

  /** Resolves when a page or a failure arrives, or on {@link wake}. */
  arrival(): Promise<void> {
    return new Promise((resolve) => (this.wakeCaller = resolve));
  }

  wake(): void {
    this.wakeCaller?.();
    this.wakeCaller = null;
  }

  private request(): void {
    if (this.inFlight || this.ended || this.failure || this.signal.aborted) return;
    const held = this.taken + (this.waiting ? 1 : 0);
    if (this.requested >= held + this.depth) return;
    const pending = this.latest
      ? this.next(this.latest.page, this.signal)
      : this.first(this.signal);
    if (pending === null) {
      this.ended = true;
      this.wake();
      return;
    }
    this.requested += 1;
    this.inFlight = true;
    this.sent = true;
    void pending.then(
      (page) => {
        this.inFlight = false;
        this.latest = { page };
        this.arrived.push(page);
        // The next request leaves before the caller is woken for this page.
        this.request();
        this.wake();
      },
      (error: unknown) => {
        this.inFlight = false;
        this.failure = { error };
        this.wake();
      },
    );
  }
}

export interface CollectionWalkOptions extends WalkOptions {
  /** Records per page, sent as `size`. Default 50, the server's maximum. */
  size?: number;
}

/**
 * Every page of a cursor-paginated collection such as `/invoices`, newest first.
 *
 * The first request has no cursor; each later one passes the previous page's `last_id` and
 * `keyset` back unchanged; the walk ends at the page whose `last_id` is null. It fails with a
 * `pagination` ApiError, rather than looping or duplicating rows, when the server repeats a
 * cursor, sends a page of records it already sent, or sends an empty page that is not the last.
 */
export function iterateCollection(
  api: CollectionSource,
  path: string,
  options: CollectionWalkOptions = {},
): AsyncGenerator<CollectionPage, void, undefined> {
  const size = options.size ?? 50;
  const guard = new LoopGuard(path);
  const request = (cursor: CursorParams, signal: AbortSignal) =>
    api
      .listCollectionPage(path, {
        size,
        ...cursor,
        signal,
        ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
      })
      .then((page) => {
        guard.check(page.data, page.lastId, page.keyset);
        return page;
      });
  return walk(
    path,
    options,
    (signal) => request({}, signal),
    (page, signal) =>
      page.lastId === null
        ? null
        : // The parser guarantees a string keyset whenever last_id is a string.
          request({ lastId: page.lastId, keyset: page.keyset ?? "" }, signal),
  );
}

/** A page of the payments walk with an honest account of how much has been fetched. */
export interface PaymentsBatch {
  readonly page: PaymentsPage;
  /** Distinct payments fetched so far, this page included. */
  readonly fetched: number;
  /** The number of payments the server reports (`count` of this page). */
  readonly count: number;
  /** True on the final batch of the walk. */
  readonly last: boolean;
  /** True when `fetched` reaches `count`. On the last batch, false means the list is partial. */
  readonly complete: boolean;
}

export interface PaymentsWalkOptions extends WalkOptions {
  /** Payments per request, sent as `limit`. Default 50. */
  pageSize?: number;
}

/**
 * Every payment the server will give, page by page. The contract does not say how the payments
 * list pages: when an answer carries a string `last_id` and `keyset`, they are followed like a
 * collection's cursor (with the same loop checks); when it carries none, that page is the last.
 * Each batch reports `fetched`, `count` and `complete`, so a partial list is never passed off as
 * whole ({@link describePaymentsBatch}).
 */
export async function* iteratePayments(
  api: PaymentsSource,
  options: PaymentsWalkOptions = {},
): AsyncGenerator<PaymentsBatch, void, undefined> {
  const limit = options.pageSize ?? 50;
  const guard = new LoopGuard("payments");
  const request = (cursor: CursorParams, signal: AbortSignal) =>
    api
      .listPayments({
        limit,
        ...cursor,
        signal,
        ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
      })
      .then((page) => {
        const fresh = guard.check(
          page.data.map((payment): JsonValue => ({ id: payment.id })),
          page.lastId,
          page.keyset,
        );
        return { page, fresh };
      });
  let fetched = 0;
  const pages = walk(
    "payments",
    options,
    (signal) => request({}, signal),
    ({ page }, signal) =>
      page.lastId === null || page.keyset === null
        ? null
        : request({ lastId: page.lastId, keyset: page.keyset }, signal),
  );
  for await (const { page, fresh } of pages) {
    // Distinct payments only: a page that repeats some earlier ones does not count them twice.
    fetched += fresh;
    const last = page.lastId === null || page.keyset === null;
    yield { page, fetched, count: page.count, last, complete: fetched >= page.count };
  }
}

/** A sentence for the UI: "Fetched all 45 payments." or "Fetched 20 of 45 payments: …". */
export function describePaymentsBatch(batch: PaymentsBatch): string {
  if (batch.complete) return `Fetched all ${batch.fetched} payments.`;
  if (!batch.last) return `Fetched ${batch.fetched} of ${batch.count} payments so far.`;
  return (
    `Fetched ${batch.fetched} of ${batch.count} payments: ` +
    "the server offers no way to fetch more."
  );
}
