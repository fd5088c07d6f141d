// The timing of waitingForCellEdit, without Office: a batch refused during cell edit is sent
// again after a pause and said to wait meanwhile; a round trip held past its time is said to
// wait until it is answered; nothing that ran is sent twice; Cancel ends a wait.
import { waitingForCellEdit } from "../../../src/excel/run";
import type { ExcelRun } from "../../../src/excel/run";

const refusal = (): Error =>
  Object.assign(new Error("Excel is in cell-editing mode."), {
    code: "InvalidOperationInCellEditMode",
  });

/** An Excel whose round trips answer what the test says, one at a time. */
function scriptedExcel() {
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let runs = 0;
  const run: ExcelRun = async (batch) => {
    runs += 1;
    const context = {
      sync: () =>
        new Promise<void>((resolve, reject) => {
          pending.push({ resolve, reject });
        }),
    } as unknown as Excel.RequestContext;
    return await batch(context);
  };
  return {
    run,
    get runs() {
      return runs;
    },
    /** Answers the oldest round trip still waiting. */
    answer: () => pending.shift()!.resolve(),
    refuse: () => pending.shift()!.reject(refusal()),
    fail: (error: unknown) => pending.shift()!.reject(error),
    get waitingTrips() {
      return pending.length;
    },
  };
}

/** Lets the promise jobs queued so far run (fake timers do not run them). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("waitingForCellEdit", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("says at once that a refused batch waits, sends it again after the pause, and stops saying so", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const run = waitingForCellEdit(excel.run, {
      onWaiting: (waiting) => said.push(waiting),
      retryAfterMs: 1_000,
    });
    const result = run(async (context) => {
      await context.sync();
      return "written";
    });
    await settle();
    excel.refuse();
    await settle();
    expect(said).toEqual([true]);
    expect(excel.runs).toBe(1);
    // Refused again: still one wait, no word twice.
    await jest.advanceTimersByTimeAsync(1_000);
    expect(excel.runs).toBe(2);
    excel.refuse();
    await settle();
    await jest.advanceTimersByTimeAsync(999);
    expect(excel.runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(excel.runs).toBe(3);
    excel.answer();
    await expect(result).resolves.toBe("written");
    expect(said).toEqual([true, false]);
  });

  it("does not send a batch again once one of its round trips was answered", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const run = waitingForCellEdit(excel.run, { onWaiting: (waiting) => said.push(waiting) });
    const result = run(async (context) => {
      await context.sync();
      await context.sync();
    });
    await settle();
    excel.answer();
    await settle();
    excel.refuse();
    await expect(result).rejects.toMatchObject({ code: "InvalidOperationInCellEditMode" });
    expect(excel.runs).toBe(1);
    expect(said).toEqual([]);
  });

  it("passes other errors on without waiting", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const run = waitingForCellEdit(excel.run, { onWaiting: (waiting) => said.push(waiting) });
    const result = run(async (context) => {
      await context.sync();
    });
    await settle();
    excel.fail(Object.assign(new Error("No such table."), { code: "ItemNotFound" }));
    await expect(result).rejects.toMatchObject({ code: "ItemNotFound" });
    expect(excel.runs).toBe(1);
    expect(said).toEqual([]);
  });

  it("says a round trip held past its time waits, until it is answered", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const run = waitingForCellEdit(excel.run, {
      onWaiting: (waiting) => said.push(waiting),
      heldAfterMs: 3_000,
    });
    const result = run(async (context) => {
      await context.sync();
      return 1;
    });
    await settle();
    await jest.advanceTimersByTimeAsync(2_999);
    expect(said).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(said).toEqual([true]);
    excel.answer();
    await expect(result).resolves.toBe(1);
    expect(said).toEqual([true, false]);
    expect(excel.runs).toBe(1);
  });

  it("never says a quick round trip waits", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const run = waitingForCellEdit(excel.run, { onWaiting: (waiting) => said.push(waiting) });
    const result = run(async (context) => {
      await context.sync();
    });
    await settle();
    await jest.advanceTimersByTimeAsync(100);
    excel.answer();
    await result;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(said).toEqual([]);
  });

  it("ends a wait when the import is cancelled, and stops saying it waits", async () => {
    const excel = scriptedExcel();
    const said: boolean[] = [];
    const controller = new AbortController();
    const run = waitingForCellEdit(excel.run, {
      onWaiting: (waiting) => said.push(waiting),
      signal: controller.signal,
    });
    const result = run(async (context) => {
      await context.sync();
    });
    await settle();
    excel.refuse();
    await settle();
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
    expect(said).toEqual([true, false]);
    expect(excel.runs).toBe(1);
  });
});
