// One Excel request at a time: imports that run side by side (Refresh all) fetch concurrently but
// hand Excel their batches one after another, in the order they ask, so no two batches of ours
// interleave their syncs (a table's rows, status and setting record stay one consistent step).
// A batch's turn begins at its first sync, not when it starts: the commands it queues before
// that (a block's values, read by office.js cell by cell on this thread) are made while Excel
// answers another table's request, instead of leaving Excel idle while they are made.
import type { ExcelRun } from "./run";

/** `run`, with each batch's syncs made only after the previous batch's have finished. */
export function serialRun(run: ExcelRun): ExcelRun {
  let tail: Promise<void> = Promise.resolve();
  return async <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => {
    let release: (() => void) | null = null;
    const takeTurn = async (): Promise<void> => {
      if (release !== null) return;
      const previous = tail;
      tail = new Promise<void>((resolve) => (release = resolve));
      await previous;
    };
    try {
      return await run(async (context) => {
        const sync = context.sync.bind(context);
        context.sync = (async (passThroughValue?: unknown) => {
          await takeTurn();
          return await sync(passThroughValue);
        }) as typeof context.sync;
        return await batch(context);
      });
    } finally {
      // Only once Excel.run has ended: its own closing sync is part of the batch's turn.
      (release as (() => void) | null)?.();
    }
  };
}
