// One Excel request at a time: imports that run side by side (Refresh all) fetch concurrently but
// hand Excel their batches one after another, in the order they ask, so no two batches of ours
// interleave their syncs (a table's rows, status and setting record stay one consistent step).
import type { ExcelRun } from "./run";

/** `run`, with each batch started only after the previous one has finished (or failed). */
export function serialRun(run: ExcelRun): ExcelRun {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> => {
    const result = tail.then(() => run(batch));
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}
