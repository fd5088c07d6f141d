// serialRun through Microsoft's office.js client into the emulator: batches sync one after
// another, and a batch's commands are queued while another batch is still syncing.
import { serialRun } from "../../src/excel/serialRun";
import { afterQueuedWork } from "../../src/util/afterQueuedWork";
import { OfficeJsExcelHost } from "../../tools/excel-emulator/officeJs/nodeClient";

/** A promise the test resolves when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("serialRun", () => {
  it("queues a batch's commands while another batch holds its turn, and syncs it after", async () => {
    const host = new OfficeJsExcelHost();
    const run = serialRun(host.run);
    const log: string[] = [];
    const firstSynced = gate();
    const firstMayEnd = gate();
    const first = run(async (context) => {
      context.workbook.worksheets.getActiveWorksheet().getRange("A1").values = [["first"]];
      await context.sync();
      log.push("first synced");
      firstSynced.open();
      await firstMayEnd.opened;
      context.workbook.worksheets.getActiveWorksheet().getRange("A2").values = [["first again"]];
      await context.sync();
      log.push("first ended");
    });
    await firstSynced.opened;
    const second = run(async (context) => {
      context.workbook.worksheets.getActiveWorksheet().getRange("A1").values = [["second"]];
      log.push("second queued");
      await context.sync();
      log.push("second synced");
    });
    // The second batch's commands are made at once, its sync waits for the first batch's end.
    for (let round = 0; round < 100 && !log.includes("second queued"); round++) {
      await afterQueuedWork();
    }
    expect(log).toEqual(["first synced", "second queued"]);
    firstMayEnd.open();
    await Promise.all([first, second]);
    expect(log).toEqual(["first synced", "second queued", "first ended", "second synced"]);
    const cells = await host.run(async (context) => {
      const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1:A2");
      range.load("values");
      await context.sync();
      return range.values;
    });
    expect(cells).toEqual([["second"], ["first again"]]);
  });

  it("gives the next batch its turn after a batch fails", async () => {
    const host = new OfficeJsExcelHost();
    const run = serialRun(host.run);
    const failed = run(async (context) => {
      await context.sync();
      throw new Error("The batch failed.");
    });
    await expect(failed).rejects.toThrow("The batch failed.");
    await expect(
      run(async (context) => {
        context.workbook.worksheets.getActiveWorksheet().getRange("B1").values = [[1]];
        await context.sync();
        return "went on";
      }),
    ).resolves.toBe("went on");
  });
});
