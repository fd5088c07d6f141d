import { ApiError, isApiError } from "../../../src/api";
import { readAhead } from "../../../src/import/pageReadAhead";
import { afterQueuedWork } from "../../../src/util/afterQueuedWork";

/** Lets every step already queued run, a few rounds deep (promise chains, then tasks). */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round++) await afterQueuedWork();
}

/**
 * A walk of `count` pages that records which pages were asked for and the signal it was given;
 * it fails with `failAfter` pages, and with an `aborted` ApiError once its signal is aborted.
 */
function walkOf(count: number, failAfter?: number) {
  const asked: number[] = [];
  let given: AbortSignal | undefined;
  const open = (signal: AbortSignal) => {
    given = signal;
    return (async function* () {
      for (let page = 0; page < count; page++) {
        if (page === failAfter) throw new ApiError("network", "The server went away.");
        asked.push(page);
        await afterQueuedWork();
        if (signal.aborted) throw new ApiError("aborted", "Cancelled: the walk was stopped.");
        yield page;
      }
    })();
  };
  return { open, asked, signal: () => given };
}

describe("readAhead", () => {
  it("hands out every page in order", async () => {
    const walk = walkOf(30);
    const read: number[] = [];
    for await (const page of readAhead(walk.open, undefined, 4)) read.push(page);
    expect(read).toEqual(Array.from({ length: 30 }, (_, index) => index));
  });

  it("asks for pages while its reader is busy, up to `depth` waiting", async () => {
    const walk = walkOf(30);
    const pages = readAhead(walk.open, undefined, 4);
    expect((await pages.next()).value).toBe(0);
    // The reader works on page 0 and asks for nothing: the walk goes on without it.
    await settle();
    // Four pages wait for the reader; the walk asks for the next only once one is taken.
    expect(walk.asked).toEqual([0, 1, 2, 3, 4]);
    expect((await pages.next()).value).toBe(1);
    await settle();
    expect(walk.asked).toEqual([0, 1, 2, 3, 4, 5]);
    await pages.return(undefined);
  });

  it("hands out the pages before a failure, then the failure", async () => {
    const walk = walkOf(30, 3);
    const read: number[] = [];
    const reading = (async () => {
      for await (const page of readAhead(walk.open, undefined, 10)) read.push(page);
    })();
    await expect(reading).rejects.toThrow("The server went away.");
    expect(read).toEqual([0, 1, 2]);
  });

  it("stops at a cancel with the walk's own error, not the pages waiting", async () => {
    const walk = walkOf(30);
    const cancel = new AbortController();
    const pages = readAhead(walk.open, cancel.signal, 10);
    expect((await pages.next()).value).toBe(0);
    await settle();
    cancel.abort();
    const error: unknown = await pages.next().catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe("aborted");
    expect(walk.signal()?.aborted).toBe(true);
  });

  it("refuses to start once cancelled", async () => {
    const walk = walkOf(3);
    const cancel = new AbortController();
    cancel.abort();
    const error: unknown = await readAhead(walk.open, cancel.signal)
      .next()
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.kind).toBe("aborted");
    expect(walk.asked).toEqual([]);
  });

  it("cancels the walk's request when its reader stops early", async () => {
    const walk = walkOf(30);
    for await (const page of readAhead(walk.open, undefined, 4)) {
      if (page === 2) break;
    }
    expect(walk.signal()?.aborted).toBe(true);
    const asked = walk.asked.length;
    await settle();
    expect(walk.asked.length).toBe(asked);
  });
});
