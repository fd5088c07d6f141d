import {
  ApiError,
  CollectionPage,
  CollectionSource,
  isApiError,
  iterateCollection,
} from "../../../src/api";
import { afterQueuedWork } from "../../../src/util/afterQueuedWork";

/** Lets every step already queued run, a few rounds deep (promise chains, then tasks). */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round++) await afterQueuedWork();
}

/**
 * A list of `count` pages of one invoice each that records which pages were asked for and the
 * signals given; page `failAt` fails, and a request whose signal is aborted fails as `aborted`.
 */
function pagedSource(count: number, failAt?: number) {
  const asked: number[] = [];
  const signals: AbortSignal[] = [];
  const source: CollectionSource = {
    listCollectionPage: async (_path, params): Promise<CollectionPage> => {
      const page = params.lastId === undefined ? 0 : Number(params.lastId);
      if (page === failAt) throw new ApiError("network", "The server went away.");
      asked.push(page);
      if (params.signal) signals.push(params.signal);
      await afterQueuedWork();
      if (params.signal?.aborted) throw new ApiError("aborted", "Cancelled.");
      const lastId = page + 1 < count ? String(page + 1) : null;
      return { data: [{ id: `inv-${page}` }], lastId, keyset: lastId, status: true, message: "" };
    },
  };
  return { source, asked, signals };
}

const numberOf = (page: CollectionPage): number => Number(String(page.data[0]?.["id"]).slice(4));

describe("pagination.ts: pages requested ahead of the caller (pagesAhead)", () => {
  it("hands out every page in order", async () => {
    const { source } = pagedSource(30);
    const read: number[] = [];
    for await (const page of iterateCollection(source, "/invoices", { pagesAhead: 4 })) {
      read.push(numberOf(page));
    }
    expect(read).toEqual(Array.from({ length: 30 }, (_, index) => index));
  });

  it("requests pages while its caller is busy, at most `pagesAhead` beyond the page it holds", async () => {
    const { source, asked } = pagedSource(30);
    const pages = iterateCollection(source, "/invoices", { pagesAhead: 4 });
    const first = await pages.next();
    expect(first.done === false && numberOf(first.value)).toBe(0);
    // The caller works on page 0 and asks for nothing: the walk goes on without it.
    await settle();
    expect(asked).toEqual([0, 1, 2, 3, 4]);
    const second = await pages.next();
    expect(second.done === false && numberOf(second.value)).toBe(1);
    await settle();
    expect(asked).toEqual([0, 1, 2, 3, 4, 5]);
    await pages.return(undefined);
  });

  it("hands out the pages before a failure, then the failure", async () => {
    const { source } = pagedSource(30, 3);
    const read: number[] = [];
    const reading = (async () => {
      for await (const page of iterateCollection(source, "/invoices", { pagesAhead: 10 })) {
        read.push(numberOf(page));
      }
    })();
    await expect(reading).rejects.toThrow("The server went away.");
    expect(read).toEqual([0, 1, 2]);
  });

  it("stops at a cancel with the walk's aborted error, not the pages waiting", async () => {
    const { source, signals } = pagedSource(30);
    const cancel = new AbortController();
    const pages = iterateCollection(source, "/invoices", {
      signal: cancel.signal,
      pagesAhead: 10,
    });
    await pages.next();
    await settle();
    cancel.abort();
    const error: unknown = await pages.next().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe("aborted");
    expect(signals.at(-1)?.aborted).toBe(true);
  });

  it("requests nothing once cancelled", async () => {
    const { source, asked } = pagedSource(3);
    const cancel = new AbortController();
    cancel.abort();
    const error: unknown = await iterateCollection(source, "/invoices", {
      signal: cancel.signal,
      pagesAhead: 10,
    })
      .next()
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe("aborted");
    expect(asked).toEqual([]);
  });

  it("cancels the request in flight and asks for no more when its caller stops early", async () => {
    const { source, asked, signals } = pagedSource(30);
    for await (const page of iterateCollection(source, "/invoices", { pagesAhead: 4 })) {
      if (numberOf(page) === 2) break;
    }
    expect(signals.at(-1)?.aborted).toBe(true);
    const requested = asked.length;
    await settle();
    expect(asked).toHaveLength(requested);
  });
});
