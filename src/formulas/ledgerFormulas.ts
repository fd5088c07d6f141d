// The network-backed LEDGER formulas over the connected API: PAYMENTS, LIST, JOURNAL and
// JOURNAL.FIELD. Every request goes through one shared pool (coalescing, a short cache, bounded
// concurrency, a pause on 429); each call answers a spilled table or a cell value, or throws a
// FormulaError.

import {
  isApiError,
  iterateCollection,
  iteratePayments,
  systemClock,
  timerSleep,
  type Clock,
  type CollectionSource,
  type JournalResponse,
  type JsonRecord,
  type LedgerApi,
  type Payment,
  type PaymentsBatch,
  type PaymentsSource,
  type RetryEvent,
  type Sleep,
} from "../api";
import type { CollectionId } from "../domain/collections";
import type { CellValue } from "../sheets";
import { groupDigits } from "../sheets/textCells";
import { ConcurrencyLimit } from "./concurrencyLimit";
import {
  journalReferenceOf,
  listCollectionOf,
  namesNestedList,
  nestedListRequestOf,
  projectNameOf,
  recordCountOf,
  type NestedListRequest,
} from "./formulaArguments";
import { badArgument, FormulaError, formulaErrorOf, notConnected } from "./formulaError";
import {
  collectionTable,
  collectionTableSize,
  journalLinesTable,
  nestedListTable,
  paymentsTable,
  paymentsTableSize,
  sizeCutRow,
  withShortfallRow,
  type Shortfall,
  type SpilledTable,
} from "./formulaTables";
import { journalFieldOf, journalFieldValue } from "./journalFields";
import { FORMULA_RESULT_BUDGET_BYTES } from "../domain/excelLimits";
import { fitResult } from "./resultSize";
import { SharedRequests } from "./sharedRequests";
import { DEFAULT_CACHE_TTL_MS } from "../domain/formulaCache";
import { sameLabel } from "../domain/projectLabels";
import { KnownJournal, ownReferenceMessage } from "../journal/ownReference";

/** What the formulas need of the API client (a LedgerApi, or a fake in tests). */
export type FormulaApi = CollectionSource & PaymentsSource & Pick<LedgerApi, "getJournal">;

/** A connected project as the formulas see it. */
export interface FormulaConnection {
  readonly api: FormulaApi;
  /** The project's name in the workbook: answers are kept per project. */
  readonly project?: string;
}

/** Requests at once when none is configured: what a browser sends to one host in parallel. */
export const DEFAULT_MAX_CONCURRENT = 6;

/** Records per request: the cursor lists' maximum page size. */
const PAGE_SIZE = 50;

export interface LedgerFormulasOptions {
  /**
   * The client of the project named (ignoring case), or of the default project when none is
   * named; undefined when that project is not connected.
   */
  readonly connection: (project?: string) => FormulaConnection | undefined;
  /** The workbook's project names, to tell an unknown name from one not connected. */
  readonly projectNames?: () => readonly string[];
  /** The API path of a cursor collection (configurable per workbook in the task pane). */
  readonly collectionPath?: (id: CollectionId) => string;
  /**
   * The journal of the project (its name; undefined: the default's) with this own reference
   * (`JNL-0004`) opened on this computer before, if any: a 404 for it then says how to find it.
   */
  readonly recalled?: (
    project: string | undefined,
    reference: string,
  ) => Promise<KnownJournal | undefined>;
  /** How long answers are kept; a function is read on every call (a workbook setting). */
  readonly cacheTtlMs?: number | (() => number);
  readonly maxConcurrent?: number;
  readonly clock?: Clock;
  readonly sleep?: Sleep;
}

export interface CallOptions {
  /** Excel's cancellation of this cell's calculation. */
  readonly signal?: AbortSignal;
}

/** The payments a PAYMENTS call shows, and why they are fewer than asked when they are. */
interface PaymentsAnswer {
  readonly payments: readonly Payment[];
  readonly shortfall?: Shortfall;
  /** Fetching stopped once the table could show no more (see {@link FORMULA_RESULT_BUDGET_BYTES}). */
  readonly stoppedAtSize?: boolean;
}

/** The records a LIST call fetched, and whether it stopped fetching at the size cap. */
interface RecordsAnswer {
  readonly records: readonly JsonRecord[];
  readonly stoppedAtSize: boolean;
}

/**
 * LEDGER.LIST of a nested list ("invoice lines"): the items of the records fetched, cut to fit
 * with a row saying so; an argument that names no list the records hold is an error.
 */
function nestedListResult(
  records: readonly JsonRecord[],
  request: NestedListRequest,
  stoppedAtSize: boolean,
): SpilledTable {
  const { label } = request.collection;
  const table = nestedListTable(records, label, (key) => namesNestedList(request, key));
  if (table === null) {
    throw badArgument(
      records.length === 0
        ? `There are no ${label.toLowerCase()}, so no lines of them either.`
        : `${label} hold no list named “${request.name}”.`,
    );
  }
  const rows = table.length - 1;
  const cutRow = sizeCutRow({
    noun: `${label.toLowerCase()}' items`,
    fetched: rows,
    instead: fewerRecords,
  });
  return fitResult(table, cutRow, { incomplete: stoppedAtSize }).table;
}

/** What a LIST or PAYMENTS table cut at the size cap suggests instead. */
function fewerRecords(shown: number): string {
  return (
    "For the whole list, use Import in the Ledger Sheets task pane, which is built for large " +
    `lists${shown > 0 ? `, or ask for at most ${groupDigits(shown)} records` : ""}.`
  );
}

/** What a JOURNAL table cut at the size cap suggests instead. */
const WHOLE_JOURNAL =
  "LEDGER.JOURNAL.FIELD gives the journal's total debit and total credit. To see every line, " +
  "open the journal in the task pane's Journal panel.";

export class LedgerFormulas {
  readonly limit: ConcurrencyLimit;
  private readonly paymentLists: SharedRequests<PaymentsAnswer>;
  private readonly recordLists: SharedRequests<RecordsAnswer>;
  private readonly journals: SharedRequests<JournalResponse>;

  constructor(private readonly options: LedgerFormulasOptions) {
    const clock = options.clock ?? systemClock;
    this.limit = new ConcurrencyLimit(
      options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
      clock,
      options.sleep ?? timerSleep,
    );
    const shared = { ttlMs: options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS, limit: this.limit, clock };
    this.paymentLists = new SharedRequests(shared);
    this.recordLists = new SharedRequests(shared);
    this.journals = new SharedRequests(shared);
  }

  /** Forgets every cached answer: the next calculation of each formula asks the server again. */
  clear(): void {
    this.paymentLists.clear();
    this.recordLists.clear();
    this.journals.clear();
  }

  /**
   * For a new connection: forgets every answer and lifts a 429 pause, which the old server asked
   * for (Refresh data only clears: the server that asked to wait is still the one in use).
   */
  reset(): void {
    this.clear();
    this.limit.resume();
  }

  /**
   * LEDGER.PAYMENTS([limit]). The first request asks for all `limit` payments at once: the
   * contract does not say the list pages by cursor, so a smaller first page could be all there is.
   * When the server's pages end short of `limit` while its `count` says it has more, the table
   * ends with a row saying so (see {@link withShortfallRow}) rather than passing as whole. A table
   * too large for a formula's result is cut with a row saying so too ({@link sizeCutRow}), and a
   * cursor is not followed once no more payments could be shown.
   */
  async payments(limit: unknown, call: CallOptions = {}, project?: unknown): Promise<SpilledTable> {
    return await this.guard(async () => {
      const count = recordCountOf(limit, "limit");
      const { api, key } = this.client(project);
      const answer = await this.paymentLists.get(
        `${key}|payments|${count}`,
        async (signal) => {
          const found: Payment[] = [];
          let last: PaymentsBatch | undefined;
          const walk = iteratePayments(api, {
            pageSize: count,
            pagesAhead: 0,
            signal,
            onRetry: this.onRetry,
          });
          const seen = new Set<string>();
          const size = paymentsTableSize();
          for await (const batch of walk) {
            // A page may repeat payments of an earlier one: each is shown once.
            const fresh = batch.page.data.filter((payment) => !seen.has(payment.id));
            for (const payment of fresh) seen.add(payment.id);
            found.push(...fresh);
            last = batch;
            if (found.length >= count) break;
            size.add(fresh);
            // The payments so far already overflow the result: later pages could not be shown.
            if (!batch.last && size.bytes > FORMULA_RESULT_BUDGET_BYTES) {
              return { payments: found, stoppedAtSize: true };
            }
          }
          const payments = found.slice(0, count);
          const wanted = Math.min(count, last?.count ?? 0);
          if (last === undefined || payments.length >= wanted) return { payments };
          const shortfall: Shortfall = {
            shown: payments.length,
            wanted,
            total: last.count,
            noun: "payments",
          };
          return { payments, shortfall };
        },
        call.signal,
      );
      const table = paymentsTable(answer.payments);
      const fitted = fitResult(
        table,
        sizeCutRow({
          noun: "payments",
          fetched: answer.payments.length,
          ...(answer.stoppedAtSize === true ? { askedFor: count } : {}),
          ...(answer.shortfall === undefined ? {} : { shortfall: answer.shortfall }),
          instead: fewerRecords,
        }),
        { incomplete: answer.stoppedAtSize === true },
      );
      if (fitted.cut || answer.shortfall === undefined) return fitted.table;
      return withShortfallRow(table, answer.shortfall);
    });
  }

  /**
   * LEDGER.LIST(collection, [max_records]). Follows the cursor until it has `max_records`, the
   * collection ends, or the records so far would already make a result too large for a formula
   * (later pages could not be shown); a table cut to size ends with a row saying so.
   */
  async list(
    collection: unknown,
    maxRecords: unknown,
    call: CallOptions = {},
    project?: unknown,
  ): Promise<SpilledTable> {
    return await this.guard(async () => {
      // "invoice lines": the lines of the newest invoices, one row each, as the linked sheet.
      const nested = nestedListRequestOf(collection);
      const info = nested?.collection ?? listCollectionOf(collection);
      const count = recordCountOf(maxRecords, "max_records");
      const { api, key } = this.client(project);
      const path = this.options.collectionPath?.(info.id) ?? info.defaultPath;
      const answer = await this.recordLists.get(
        `${key}|list|${path}|${count}`,
        async (signal): Promise<RecordsAnswer> => {
          const found: JsonRecord[] = [];
          const size = collectionTableSize(info.label);
          const walk = iterateCollection(api, path, {
            size: Math.min(count, PAGE_SIZE),
            pagesAhead: 0,
            signal,
            onRetry: this.onRetry,
          });
          for await (const page of walk) {
            found.push(...page.data);
            if (found.length >= count) break;
            size.add(page.data);
            // The records so far already overflow the result: later pages could not be shown.
            if (page.lastId !== null && size.bytes > FORMULA_RESULT_BUDGET_BYTES) {
              return { records: found, stoppedAtSize: true };
            }
          }
          return { records: found.slice(0, count), stoppedAtSize: false };
        },
        call.signal,
      );
      const { records, stoppedAtSize } = answer;
      if (nested) return nestedListResult(records, nested, stoppedAtSize);
      const cutRow = sizeCutRow({
        noun: info.label.toLowerCase(),
        fetched: records.length,
        ...(stoppedAtSize ? { askedFor: count } : {}),
        instead: fewerRecords,
      });
      const table = (shown: readonly JsonRecord[]) => collectionTable(shown, info.label);
      const fitted = fitResult(table(records), cutRow, { incomplete: stoppedAtSize });
      if (!fitted.cut || fitted.shown === records.length) return fitted.table;
      // Columns that only the records cut off had would stay empty: shape the shown ones alone.
      const shown = records.slice(0, fitted.shown);
      return fitResult(table(shown), cutRow, { incomplete: true }).table;
    });
  }

  /** LEDGER.JOURNAL(id_or_reference): the journal's lines, cut with a row saying so if too large. */
  async journal(
    reference: unknown,
    call: CallOptions = {},
    project?: unknown,
  ): Promise<SpilledTable> {
    return await this.guard(async () => {
      const journal = await this.readJournal(journalReferenceOf(reference), call, project);
      const lines = journal.data.lines;
      const cutRow = sizeCutRow({
        noun: "lines",
        fetched: lines.length,
        instead: () => WHOLE_JOURNAL,
      });
      return fitResult(journalLinesTable(lines, journal.data.currency_code), cutRow).table;
    });
  }

  /** LEDGER.JOURNAL.FIELD(id_or_reference, field). */
  async journalField(
    reference: unknown,
    field: unknown,
    call: CallOptions = {},
    project?: unknown,
  ): Promise<CellValue> {
    return await this.guard(async () => {
      const id = journalReferenceOf(reference);
      const wanted = journalFieldOf(field);
      const journal = await this.readJournal(id, call, project);
      return journalFieldValue(journal.data, wanted);
    });
  }

  private async readJournal(
    id: string,
    call: CallOptions,
    project: unknown,
  ): Promise<JournalResponse> {
    const { api, key, label } = this.client(project);
    try {
      return await this.journals.get(
        `${key}|journal|${id}`,
        (signal) => api.getJournal(id, { signal, onRetry: this.onRetry }),
        call.signal,
      );
    } catch (error) {
      if (isApiError(error) && error.kind === "not-found") {
        const known = await this.recalled(label, id);
        if (known !== undefined) throw new FormulaError("#N/A", ownReferenceMessage(id, known));
      }
      throw error;
    }
  }

  /** The journal of this own reference opened on this computer, if the storage says so. */
  private async recalled(
    project: string | undefined,
    reference: string,
  ): Promise<KnownJournal | undefined> {
    try {
      return await this.options.recalled?.(project, reference);
    } catch {
      // This computer's storage did not answer: the service's own answer stands.
      return undefined;
    }
  }

  /**
   * The client of the project the formula names (its last argument), or of the default one, and
   * the key its answers are kept under: answers of one project never show for another.
   */
  private client(project: unknown): {
    api: FormulaApi;
    key: string;
    label: string | undefined;
  } {
    const named = projectNameOf(project);
    const connection = this.options.connection(named);
    if (connection === undefined) {
      if (named === undefined) throw notConnected();
      const names = this.options.projectNames?.() ?? [];
      if (names.some((name) => sameLabel(name, named))) {
        throw new FormulaError(
          "#N/A",
          `The project “${named}” is not connected. Connect it in the Ledger Sheets task pane.`,
        );
      }
      throw badArgument(
        `This workbook has no project named “${named}”.` +
          (names.length === 0
            ? " Connect in the Ledger Sheets task pane."
            : ` Its projects: ${names.join(", ")}.`),
      );
    }
    const label = connection.project ?? named;
    const key = (label ?? "").toLowerCase();
    return { api: this.paced(connection.api), key, label };
  }

  /** A 429 the client waits out holds back every request not yet sent, for as long as asked. */
  private readonly onRetry = (event: RetryEvent): void => {
    if (event.reason.kind === "rate-limited") this.limit.pauseFor(event.delayMs);
  };

  /**
   * The API with every request held while a 429 pause is in force: a list's later pages too,
   * not just a task's first request. A 429 the client gives up on (a Retry-After too long to
   * wait, the last attempt) pauses the pool as well: the server asked every cell to wait.
   */
  private paced(api: FormulaApi): FormulaApi {
    const send = async <T>(request: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
      await this.limit.unpaused(signal);
      try {
        return await request();
      } catch (error) {
        if (
          isApiError(error) &&
          error.kind === "rate-limited" &&
          error.retryAfterMs !== undefined
        ) {
          this.limit.pauseFor(error.retryAfterMs);
        }
        throw error;
      }
    };
    return {
      listCollectionPage: (path, params) =>
        send(() => api.listCollectionPage(path, params), params.signal),
      listPayments: (params) => send(() => api.listPayments(params), params.signal),
      getJournal: (id, options) => send(() => api.getJournal(id, options), options?.signal),
    };
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw formulaErrorOf(error);
    }
  }
}
