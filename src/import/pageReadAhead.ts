// Pages read ahead of the import's use of them. A cursor walk can have only one request in
// flight (each page names the next), and a walk pulled by the import asks for page k+2 only once
// the import has finished with page k: while the import waits for Excel, or shapes a page, the
// server sits idle. Pulled here as soon as each page arrives, the walk keeps the server working
// beside Excel and the import, up to `depth` pages waiting.
import { ApiError } from "../api";

/**
 * Pages read ahead: enough that the walk does not stop while a block waits for Excel (a block
 * is up to 100 pages of 50), few enough to keep the heap small.
 */
export const PAGES_AHEAD = 20;

/** Where the walk stands, seen from the pages' reader. */
interface PumpState<T> {
  readonly pages: T[];
  ended: boolean;
  failure: { readonly error: unknown } | null;
}

/**
 * The pages of `open(signal)`, fetched ahead of their reader. `caller` cancels: the walk's
 * request is cancelled and the reader gets the walk's `aborted` error, not the pages waiting.
 * A reader that stops early cancels the walk's request in flight.
 */
export async function* readAhead<T>(
  open: (signal: AbortSignal) => AsyncIterable<T>,
  caller?: AbortSignal,
  depth = PAGES_AHEAD,
): AsyncGenerator<T, void, undefined> {
  if (caller?.aborted) throw cancelled();
  const controller = new AbortController();
  const iterator = open(controller.signal)[Symbol.asyncIterator]();
  const state: PumpState<T> = { pages: [], ended: false, failure: null };
  let stopped = false;
  // Who waits: the reader for a page, the walk for room.
  let wakeReader: (() => void) | null = null;
  let wakeWalk: (() => void) | null = null;
  const wakeReaderNow = (): void => {
    wakeReader?.();
    wakeReader = null;
  };
  const wakeWalkNow = (): void => {
    wakeWalk?.();
    wakeWalk = null;
  };
  const wake = (): void => {
    wakeReaderNow();
    wakeWalkNow();
  };
  const onAbort = (): void => {
    controller.abort(caller?.reason);
    wake();
  };
  caller?.addEventListener("abort", onAbort, { once: true });

  const pump = async (): Promise<void> => {
    try {
      while (!stopped) {
        if (state.pages.length >= depth && !controller.signal.aborted) {
          await new Promise<void>((resolve) => (wakeWalk = resolve));
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        state.pages.push(next.value);
        wakeReaderNow();
      }
    } catch (error) {
      state.failure = { error };
    }
    state.ended = true;
    wakeReaderNow();
  };
  const pumping = pump();

  try {
    for (;;) {
      if (caller?.aborted) {
        await pumping;
        throw state.failure?.error ?? cancelled();
      }
      const page = state.pages.shift();
      if (page !== undefined) {
        wakeWalkNow();
        yield page;
        continue;
      }
      if (state.failure) throw state.failure.error;
      if (state.ended) return;
      await new Promise<void>((resolve) => (wakeReader = resolve));
    }
  } finally {
    stopped = true;
    caller?.removeEventListener("abort", onAbort);
    controller.abort();
    wake();
    await pumping;
    await iterator.return?.(undefined);
  }
}

/** A cancel that came after the walk had ended, with pages not yet read. */
function cancelled(): ApiError {
  return new ApiError("aborted", "Cancelled: the list's pages were not all written.");
}
