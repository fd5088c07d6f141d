// The export's walk: each list through the add-in's API client and pagination, each page's
// records turned into rows of the list's fixed tables and handed to the writers as they come, so
// no file waits for the end of the list. Each record once: a record whose id came already (the
// list changed during the walk, so positions moved) is left out and counted. With a bookmark
// (--since-last), a cursor list is read only down to the newest record of the previous run: the
// contract has lists newest first.
import {
  iterateCollection,
  iteratePayments,
  type CollectionSource,
  type JsonRecord,
  type PaymentsSource,
} from "../api";
import { collectionInfo, type CollectionId } from "../domain/collections";
import { exportListOf, type ExportList } from "../export/exportLists";
import { ListRows, type ExportRow, type RowProblem } from "../export/exportRows";
import { exportValueOf } from "../export/exportValues";
import type { TableWriter } from "./tableOutput";

/** The newest record of a list's run, where the next incremental run stops. */
export interface Bookmark {
  readonly id: string;
  readonly created_at: string;
}

export interface ListWriters {
  readonly main: TableWriter;
  readonly lines?: TableWriter;
}

export interface ExportProgress {
  readonly label: string;
  readonly records: number;
  readonly pages: number;
}

export interface WalkRequest {
  readonly api: CollectionSource & PaymentsSource;
  readonly collections: readonly CollectionId[];
  /** The API path of a cursor collection; its default when absent. */
  readonly pathFor?: (collection: CollectionId) => string | undefined;
  readonly signal?: AbortSignal;
  /** The writers of a list's tables, asked for when its walk starts. */
  readonly writersFor: (list: ExportList) => Promise<ListWriters>;
  /** Where the previous run stopped, for an incremental run. */
  readonly bookmarkOf?: (collection: CollectionId) => Bookmark | undefined;
  readonly onProgress?: (progress: ExportProgress) => void;
}

/** What the walk of one list did. */
export interface ListOutcome {
  readonly collection: CollectionId;
  readonly label: string;
  /** Records written (each once). */
  readonly records: number;
  /** Records left out because their id had come already. */
  readonly repeats: number;
  readonly problems: readonly RowProblem[];
  /** The newest record seen, or the previous run's when none is newer. */
  readonly bookmark?: Bookmark;
  /** Why the list is incomplete (a server that gave part of it). */
  readonly partial?: string;
}

/** A record's place in the list's order (created_at descending, then id), or null. */
function placeOf(record: JsonRecord | Bookmark): { at: bigint; id: string } | null {
  const at = exportValueOf("timestamp", record.created_at as string | undefined);
  const id = record.id;
  return typeof at === "bigint" && typeof id === "string" ? { at, id } : null;
}

/** True when `record` is the bookmarked one or older: the previous run has it. */
function reached(record: JsonRecord, bookmark: Bookmark): boolean {
  if (record["id"] === bookmark.id) return true;
  const place = placeOf(record);
  const mark = placeOf(bookmark);
  if (place === null || mark === null) return false;
  return place.at < mark.at || (place.at === mark.at && place.id <= mark.id);
}

function bookmarkFrom(record: JsonRecord): Bookmark | undefined {
  const { id, created_at: createdAt } = record;
  return typeof id === "string" && typeof createdAt === "string"
    ? { id, created_at: createdAt }
    : undefined;
}

/** The pages of a list as plain records, and the sentence when the server gave only part. */
async function* pagesOf(
  request: WalkRequest,
  collection: CollectionId,
  partial: (why: string) => void,
): AsyncGenerator<readonly JsonRecord[]> {
  const options = request.signal ? { signal: request.signal } : {};
  if (collection === "payments") {
    for await (const batch of iteratePayments(request.api, options)) {
      if (batch.last && !batch.complete) {
        partial(
          `the server gave ${batch.fetched.toLocaleString("en-US")} of the ${batch.count.toLocaleString("en-US")} payments it reports, and offers no way to fetch more`,
        );
      }
      yield batch.page.data as unknown as readonly JsonRecord[];
    }
    return;
  }
  const path = request.pathFor?.(collection) ?? collectionInfo(collection).defaultPath;
  for await (const page of iterateCollection(request.api, path, options)) yield page.data;
}

async function walkList(request: WalkRequest, collection: CollectionId): Promise<ListOutcome> {
  const list = exportListOf(collection);
  const label = collectionInfo(collection).label;
  const rows = new ListRows(list);
  const writers = await request.writersFor(list);
  // Payments have no order in the contract: they are always read whole.
  const since = collection === "payments" ? undefined : request.bookmarkOf?.(collection);
  const problems: RowProblem[] = [];
  let bookmark: Bookmark | undefined;
  let partial: string | undefined;
  let pages = 0;
  for await (const records of pagesOf(request, collection, (why) => (partial = why))) {
    const main: ExportRow[] = [];
    const lines: ExportRow[] = [];
    let stop = false;
    for (const record of records) {
      if (since !== undefined && reached(record, since)) {
        stop = true;
        break;
      }
      bookmark ??= bookmarkFrom(record);
      const built = rows.rowsOf(record);
      if (built === null) continue;
      main.push(built.main);
      for (const line of built.lines) lines.push(line);
      for (const problem of built.problems) problems.push(problem);
    }
    await writers.main.add(main);
    await writers.lines?.add(lines);
    pages += 1;
    request.onProgress?.({ label, records: rows.records, pages });
    if (stop) break;
  }
  await writers.main.finish();
  await writers.lines?.finish();
  bookmark ??= since;
  return {
    collection,
    label,
    records: rows.records,
    repeats: rows.repeats,
    problems,
    ...(bookmark === undefined ? {} : { bookmark }),
    ...(partial === undefined ? {} : { partial }),
  };
}

/** Walks each list in turn. */
export async function walkLists(request: WalkRequest): Promise<ListOutcome[]> {
  const outcomes: ListOutcome[] = [];
  for (const collection of request.collections) {
    outcomes.push(await walkList(request, collection));
  }
  return outcomes;
}
