import { ConcurrencyLimit } from "../../../src/formulas";
import { FakeTime } from "../api/fakeTime";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("ConcurrencyLimit", () => {
  it("runs at most max tasks at once and starts queued ones as slots free up", async () => {
    const time = new FakeTime();
    const limit = new ConcurrencyLimit(3, time.clock, time.sleep);
    const gates = Array.from({ length: 10 }, deferred);
    let started = 0;
    const runs = gates.map((gate) =>
      limit.run(async () => {
        started += 1;
        await gate.promise;
      }),
    );
    await time.flush();
    expect(started).toBe(3);
    expect(limit.waiting).toBe(7);
    gates[0]?.resolve();
    await time.flush();
    expect(started).toBe(4);
    for (const gate of gates) gate.resolve();
    await Promise.all(runs);
    expect(started).toBe(10);
    expect(limit.maxActive).toBe(3);
    expect(limit.active).toBe(0);
  });

  it("starts nothing while paused for a Retry-After, and resumes when it has passed", async () => {
    const time = new FakeTime();
    const limit = new ConcurrencyLimit(2, time.clock, time.sleep);
    limit.pauseFor(2_000);
    let startedAt: number | undefined;
    const run = limit.run(async () => {
      startedAt = time.nowMs;
    });
    const pausedAt = time.nowMs;
    await time.advance(1_999);
    expect(startedAt).toBeUndefined();
    await time.advance(1);
    await run;
    expect(startedAt).toBe(pausedAt + 2_000);
  });

  it("never shortens a pause already in force", async () => {
    const time = new FakeTime();
    const limit = new ConcurrencyLimit(1, time.clock, time.sleep);
    limit.pauseFor(3_000);
    limit.pauseFor(1_000);
    let started = false;
    const run = limit.run(async () => {
      started = true;
    });
    await time.advance(2_000);
    expect(started).toBe(false);
    await time.advance(1_000);
    await run;
    expect(started).toBe(true);
  });

  it("drops a queued task whose signal aborts, without ever starting it", async () => {
    const time = new FakeTime();
    const limit = new ConcurrencyLimit(1, time.clock, time.sleep);
    const gate = deferred();
    const busy = limit.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const queued = limit.run(async () => {
      ran = true;
    }, controller.signal);
    await time.flush();
    controller.abort();
    await expect(queued).rejects.toThrow("cancelled");
    gate.resolve();
    await busy;
    expect(ran).toBe(false);
    expect(limit.waiting).toBe(0);
  });

  it("refuses a bound that is not a whole number of at least 1", () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
    expect(() => new ConcurrencyLimit(1.5)).toThrow(RangeError);
  });
});
