// Fetching only the records a table lacks: the walk stops at the first known id, one request per
// page, and says when only a full refresh can tell (no known id within the bound, or at all).
import type {
  CollectionPage,
  CollectionParams,
  CollectionSource,
  JsonRecord,
} from "../../../src/api";
import { fetchNewRecords } from "../../../src/import/newRecords";

/** A list of `count` records, newest first (`r-<count>` … `r-1`), served in pages. */
function source(ids: readonly string[]): CollectionSource & { requests: number } {
  const fake = {
    requests: 0,
    listCollectionPage(_path: string, params: CollectionParams): Promise<CollectionPage> {
      fake.requests++;
      const size = params.size ?? 50;
      const start = params.lastId ? Number(params.lastId) : 0;
      const end = Math.min(start + size, ids.length);
      const data: JsonRecord[] = ids.slice(start, end).map((id) => ({ id, total: "1.00" }));
      const more = end < ids.length;
      return Promise.resolve({
        data,
        lastId: more ? String(end) : null,
        keyset: more ? `k${end}` : "",
        raw: {},
      } as unknown as CollectionPage);
    },
  };
  return fake;
}

const list = (count: number): string[] => Array.from({ length: count }, (_, i) => `r-${count - i}`);

describe("fetchNewRecords()", () => {
  it("returns the records before the first known one, with one request per page walked", async () => {
    // 50,000 records imported; 100 new ones since: three pages of 50.
    const known = new Set(list(50_000));
    const api = source([...list(50_100).slice(0, 100), ...list(50_000)]);
    const found = await fetchNewRecords(api, "/invoices", known);
    expect(found.kind).toBe("new");
    expect(found.kind === "new" && found.records.map((r) => r["id"])).toEqual(
      list(50_100).slice(0, 100),
    );
    expect(found.requests).toBe(3);
    expect(api.requests).toBe(3); // no prefetched fourth page
  });

  it("costs one request when nothing is new", async () => {
    const api = source(list(500));
    const found = await fetchNewRecords(api, "/invoices", new Set(list(500)));
    expect(found).toEqual({ kind: "new", records: [], requests: 1 });
  });

  it("asks for a full refresh when the table's newest records were deleted on the server", async () => {
    // The table knows r-1 … r-10; the server deleted all of them and has 120 others.
    const api = source(Array.from({ length: 120 }, (_, i) => `x-${i}`));
    const found = await fetchNewRecords(api, "/invoices", new Set(list(10)));
    expect(found).toEqual({
      kind: "full-refresh-needed",
      reason: "none of the table's records is in the list any more",
      requests: 3,
    });
  });

  it("asks for a full refresh when the first known record met is not the table's first row", async () => {
    // The table holds r-10 … r-1 with r-10 first; r-10 was deleted and two records were added.
    const api = source(["n-2", "n-1", ...list(9)]);
    expect(await fetchNewRecords(api, "/invoices", new Set(list(10)), { newest: "r-10" })).toEqual({
      kind: "full-refresh-needed",
      reason:
        "record r-10, the table's first row, is not the newest of its records in the list (deleted on the server, or the table is sorted another way)",
      requests: 1,
    });
    // Without the deletion the same walk finds the two new ones.
    const kept = source(["n-2", "n-1", ...list(10)]);
    const found = await fetchNewRecords(kept, "/invoices", new Set(list(10)), { newest: "r-10" });
    expect(found.kind === "new" && found.records.map((r) => r["id"])).toEqual(["n-2", "n-1"]);
  });

  it("stops at the bound rather than walking a whole list that never meets a known id", async () => {
    const api = source(Array.from({ length: 100_000 }, (_, i) => `x-${i}`));
    const found = await fetchNewRecords(api, "/invoices", new Set(["r-1"]), { maxNewRecords: 120 });
    expect(found).toMatchObject({ kind: "full-refresh-needed", requests: 3 });
    expect(found.kind !== "new" && found.reason).toBe(
      "more than 120 records came before any the table has",
    );
  });

  it("asks for a full refresh when records have no id, or the table knows none", async () => {
    const noIds: CollectionSource = {
      listCollectionPage: () =>
        Promise.resolve({
          data: [{ total: "1.00" }],
          lastId: null,
          keyset: "",
          raw: {},
        } as unknown as CollectionPage),
    };
    expect(await fetchNewRecords(noIds, "/invoices", new Set(["r-1"]))).toMatchObject({
      kind: "full-refresh-needed",
      reason: "a record without an id cannot be matched to the table's rows",
    });
    const api = source(list(10));
    expect(await fetchNewRecords(api, "/invoices", new Set())).toMatchObject({
      kind: "full-refresh-needed",
      requests: 0,
    });
    expect(api.requests).toBe(0);
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchNewRecords(source(list(10)), "/invoices", new Set(["r-1"]), {
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ kind: "aborted" });
  });
});
