// The accounting API's endpoints as typed methods: payments, journals and cursor-paginated collections.

import {
  ApiConnection,
  ApiVersion,
  ClientOptions,
  resolveConnection,
  resolveOptions,
} from "./config";
import { ApiError, configError } from "./errors";
import { HttpClient } from "./http";
import { journalUpdateBody } from "./journalUpdateBody";
import { parseCollectionPage, parseJournalResponse, parsePaymentsPage } from "./parse";
import type { RetryEvent } from "./retry";
import type { CollectionPage, JournalResponse, JournalUpdate, PaymentsPage } from "./types";

/** Options every call takes. */
export interface CallOptions {
  /** Cancels the call at any point, also while waiting to retry; it then fails as `aborted`. */
  signal?: AbortSignal;
  /** Called before each retry wait of this call (in addition to the client's own hook). */
  onRetry?: (event: RetryEvent) => void;
}

/**
 * The cursor of the page to fetch: both tokens exactly as the previous response gave them, or
 * neither for the first page. The tokens are opaque: never parse or build them.
 */
export type CursorParams =
  { lastId: string; keyset: string } | { lastId?: undefined; keyset?: undefined };

export type PaymentsParams = CallOptions &
  CursorParams & {
    /** The number of payments to return (sent as `limit`); the server's default when absent. */
    limit?: number;
  };

export type CollectionParams = CallOptions &
  CursorParams & {
    /** The number of records per page (sent as `size`); the server uses 20 by default, at most 50. */
    size?: number;
  };

/** A collection path such as `/invoices` or `/credit-notes`: plain segments, nothing else. */
const COLLECTION_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/**
 * Checks a configurable collection path: it must start with `/`, and hold only plain segments
 * (letters, digits, `-`, `_`, `.`, `~`), no `..`, no query or fragment. A trailing slash is
 * dropped. Throws a `config` ApiError otherwise.
 */
export function checkCollectionPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (!COLLECTION_PATH.test(trimmed)) {
    throw configError(
      `The collection path must look like /invoices: a “/” followed by letters, digits or dashes, ` +
        `without “..”, “?” or “#”.`,
    );
  }
  return trimmed;
}

function checkCount(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
    throw configError(`The ${name} must be a whole number of at least 1.`);
  }
}

function cursorQuery(params: CursorParams): Array<[string, string]> {
  const { lastId, keyset } = params;
  if (lastId === undefined && keyset === undefined) return [];
  if (typeof lastId !== "string" || typeof keyset !== "string") {
    throw new TypeError("A page cursor needs both lastId and keyset, as the server sent them.");
  }
  return [
    ["last_id", lastId],
    ["keyset", keyset],
  ];
}

/** Shows user-given text (an id) in a message, shortened. */
function quoted(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`;
}

function journalPath(idOrReference: string): string {
  if (idOrReference.trim() === "") {
    throw new ApiError("validation", "Enter a journal id or transaction reference.");
  }
  // "." and ".." would be read as path steps by URL parsers, even when percent-encoded.
  if (idOrReference === "." || idOrReference === "..") {
    throw new ApiError("validation", `${quoted(idOrReference)} is not a journal id.`);
  }
  // Transaction references may contain "/", "?", "#" or spaces: each must stay one path segment.
  return `/journal/entries/${encodeURIComponent(idOrReference)}`;
}

/**
 * The client of the accounting API for one connection (server, version, token, project).
 *
 * Every method sends the Authorization and identity headers, fails with an {@link ApiError}
 * (whose message never contains the token), can be cancelled with `signal`, and returns records
 * checked against the contract (a `malformed-response` error names the first field that is not
 * as promised). GETs are retried on network errors, 429, 502, 503 and 504; updates never are.
 */
export class LedgerApi {
  /** The resolved base URL, e.g. `https://api.example.com/rc-1`. */
  readonly baseUrl: string;
  readonly version: ApiVersion;
  /** The decimals the server keeps of amounts and rates (two unless the options say otherwise). */
  readonly serviceDecimals: number;
  private readonly http: HttpClient;

  /** Throws a `config` ApiError when the connection or the options cannot work. */
  constructor(connection: ApiConnection, options: ClientOptions = {}) {
    const resolved = resolveConnection(connection);
    const resolvedOptions = resolveOptions(options);
    this.http = new HttpClient(resolved, resolvedOptions);
    this.serviceDecimals = resolvedOptions.serviceDecimals;
    this.baseUrl = resolved.baseUrl;
    this.version = resolved.version;
  }

  /** `GET /payments`: one page of payments, with the server's `page`, `count` and `pages`. */
  async listPayments(params: PaymentsParams = {}): Promise<PaymentsPage> {
    checkCount("payments limit", params.limit);
    const query: Array<[string, string]> = [];
    if (params.limit !== undefined) query.push(["limit", String(params.limit)]);
    query.push(...cursorQuery(params));
    return await this.http.send({
      method: "GET",
      path: "/payments",
      query,
      subject: {
        action: "list payments",
        notFound:
          `The payments list was not found (404) at ${this.baseUrl}/payments. ` +
          "Check the API address and version.",
      },
      parse: parsePaymentsPage,
      ...callOptions(params),
    });
  }

  /** `GET /journal/entries/{id}`: a journal by its `id` or its `transaction_reference`. */
  async getJournal(idOrReference: string, options: CallOptions = {}): Promise<JournalResponse> {
    return await this.http.send({
      method: "GET",
      path: journalPath(idOrReference),
      subject: {
        action: `read journal ${quoted(idOrReference)}`,
        notFound:
          `No journal ${quoted(idOrReference)} was found (404). Check it, or use the ` +
          "journal's transaction reference (such as TRX-2026-0001) or its ID.",
      },
      parse: parseJournalResponse,
      ...callOptions(options),
    });
  }

  /**
   * `PATCH /journal/entries/{id}`: replaces the date, currency, rate, description and lines of
   * a DRAFT journal; returns the journal as saved. The update is checked first (a `validation`
   * error, nothing sent). Never retried: after a timeout, a lost connection or a cancel in
   * flight, the error has `outcomeUnknown: true` and the journal must be reloaded to see whether
   * the change was saved.
   */
  async updateJournal(
    id: string,
    update: JournalUpdate,
    options: CallOptions = {},
  ): Promise<JournalResponse> {
    const path = journalPath(id);
    const body = this.http.guard(() => journalUpdateBody(update));
    return await this.http.send({
      method: "PATCH",
      path,
      body,
      subject: {
        action: `update journal ${quoted(id)}`,
        notFound: `No journal ${quoted(id)} was found (404). It may have been deleted; check the id.`,
        reloadWhat: "the journal",
      },
      parse: parseJournalResponse,
      ...callOptions(options),
    });
  }

  /**
   * `GET <path>` of a cursor-paginated collection such as `/invoices`: one page of records
   * (objects of unknown schema) with the opaque `last_id` and `keyset` of the next page.
   */
  async listCollectionPage(path: string, params: CollectionParams = {}): Promise<CollectionPage> {
    const collection = checkCollectionPath(path);
    checkCount("page size", params.size);
    const query: Array<[string, string]> = [];
    if (params.size !== undefined) query.push(["size", String(params.size)]);
    query.push(...cursorQuery(params));
    return await this.http.send({
      method: "GET",
      path: collection,
      query,
      subject: {
        action: `list ${collection}`,
        notFound:
          `The collection ${collection} was not found (404) at ${this.baseUrl}. ` +
          "Check the collection path, the API address and the version.",
      },
      parse: parseCollectionPage,
      ...callOptions(params),
    });
  }
}

function callOptions(options: CallOptions): CallOptions {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
  };
}
