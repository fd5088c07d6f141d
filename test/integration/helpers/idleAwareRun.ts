// Excel's batches run through the emulator, with a wait for the moment Excel has nothing left to
// write: the early-block tests hand each page over only then.
import type { ExcelRun } from "../../../src/excel/run";
import { afterQueuedWork } from "../../../src/util/afterQueuedWork";
import type { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";

/** `run` over `host`, and `idle`, which resolves once every batch given to `run` has ended. */
export function idleAwareRun(host: OfficeJsExcelHost): {
  run: ExcelRun;
  idle: () => Promise<void>;
} {
  let running = 0;
  const waiting: (() => void)[] = [];
  const run: ExcelRun = async (batch) => {
    running += 1;
    try {
      return await host.run(batch);
    } finally {
      running -= 1;
      if (running === 0) for (const wake of waiting.splice(0)) wake();
    }
  };
  const idle = async (): Promise<void> => {
    if (running > 0) await new Promise<void>((resolve) => waiting.push(resolve));
    // The import hears of the write's end in the steps queued after it.
    await afterQueuedWork();
  };
  return { run, idle };
}
