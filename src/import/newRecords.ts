// Fetch only what is new, the search: cursor lists come newest first, so the records
// a table lacks are at the front. Walk from the first page and stop at the first record whose id
// the table already has: O(new) requests instead of the whole list. This sees new records only,
// never changes to records already in the table; a full refresh stays the way to get those.
import { iterateCollection } from "../api";
import type { CollectionSource, JsonRecord } from "../api";

/** What the walk found. */
export type NewRecords =
  | {
      /** A known id was met: `records` are the new ones before it, in the server's order. */
      readonly kind: "new";
      readonly records: readonly JsonRecord[];
      readonly requests: number;
    }
  | {
      /**
       * No known id within the bound, or at all (the newest known record was deleted, or the
       * list is not in the order we think): the caller falls back to a full refresh and says so.
       */
      readonly kind: "full-refresh-needed";
      readonly reason: string;
      readonly requests: number;
    };

export interface NewRecordsOptions {
  /** Stop looking after this many records without a known id. Default 5,000. */
  readonly maxNewRecords?: number;
  /** Records per page (the server's maximum is 50). */
  readonly size?: number;
  readonly signal?: AbortSignal;
  /**
   * The id of the table's first row: the newest record it holds. When set, the first known
   * record the walk meets must be this one; another means the table's newest records were
   * deleted on the server, or the table is not in the list's order, and a full refresh is asked
   * for rather than new rows put above a table that no longer matches the list.
   */
  readonly newest?: string;
  /** After each page: requests so far, and new records found so far. */
  readonly onPage?: (requests: number, found: number) => void;
}

/** The id a table row is known by: the record's `id` as text, or null when it has none. */
export function recordIdOf(record: JsonRecord): string | null {
  const id = record["id"];
  return typeof id === "string" && id !== "" ? id : null;
}

/**
 * The records of the collection at `path` that come before the first one whose id is in
 * `knownIds`. Pages are fetched one at a time (none ahead), so meeting a known id on page k
 * costs exactly k requests.
 */
export async function fetchNewRecords(
  api: CollectionSource,
  path: string,
  knownIds: ReadonlySet<string>,
  options: NewRecordsOptions = {},
): Promise<NewRecords> {
  const bound = options.maxNewRecords ?? 5_000;
  if (knownIds.size === 0) {
    return { kind: "full-refresh-needed", reason: "the table has no record ids", requests: 0 };
  }
  const records: JsonRecord[] = [];
  let requests = 0;
  const pages = iterateCollection(api, path, {
    pagesAhead: 0,
    ...(options.size === undefined ? {} : { size: options.size }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  for await (const page of pages) {
    requests++;
    for (const record of page.data) {
      const id = recordIdOf(record);
      if (id === null) {
        return {
          kind: "full-refresh-needed",
          reason: "a record without an id cannot be matched to the table's rows",
          requests,
        };
      }
      if (knownIds.has(id)) {
        options.onPage?.(requests, records.length);
        if (options.newest !== undefined && id !== options.newest) {
          return {
            kind: "full-refresh-needed",
            reason: `record ${options.newest}, the table's first row, is not the newest of its records in the list (deleted on the server, or the table is sorted another way)`,
            requests,
          };
        }
        return { kind: "new", records, requests };
      }
      records.push(record);
      if (records.length > bound) {
        return {
          kind: "full-refresh-needed",
          reason: `more than ${bound.toLocaleString("en-US")} records came before any the table has`,
          requests,
        };
      }
    }
    options.onPage?.(requests, records.length);
  }
  return {
    kind: "full-refresh-needed",
    reason: "none of the table's records is in the list any more",
    requests,
  };
}
