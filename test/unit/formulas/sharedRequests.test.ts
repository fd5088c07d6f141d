import { ConcurrencyLimit, FormulaError, SharedRequests } from "../../../src/formulas";
import { FakeTime } from "../api/fakeTime";

/** A load the test settles by hand, counting how often it started and whether it was aborted. */
class ManualLoad {
  starts = 0;
  aborted = 0;
  private settle: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];

  readonly load = (signal: AbortSignal): Promise<string> => {
    this.starts += 1;
    signal.addEventListener("abort", () => (this.aborted += 1), { once: true });
    return new Promise<string>((resolve, reject) => this.settle.push({ resolve, reject }));
  };

  resolve(value: string): void {
    this.settle.shift()?.resolve(value);
  }

  reject(error: unknown): void {
    this.settle.shift()?.reject(error);
  }
}

function pool(
  time: FakeTime,
  ttlMs: number | (() => number) = 1_000,
  max = 4,
  maxEntries?: number,
): SharedRequests<string> {
  return new SharedRequests<string>({
    ttlMs,
    ...(maxEntries === undefined ? {} : { maxEntries }),
    limit: new ConcurrencyLimit(max, time.clock, time.sleep),
    clock: time.clock,
  });
}

describe("SharedRequests", () => {
  it("shares one request among identical calls in flight", async () => {
    const time = new FakeTime();
    const requests = pool(time);
    const source = new ManualLoad();
    const calls = Array.from({ length: 50 }, () => requests.get("a", source.load));
    await time.flush();
    source.resolve("answer");
    await expect(Promise.all(calls)).resolves.toEqual(new Array(50).fill("answer"));
    expect(source.starts).toBe(1);
    expect(requests.started).toBe(1);
  });

  it("answers from the cache until the time to live has passed, then asks again", async () => {
    const time = new FakeTime();
    const requests = pool(time, 1_000);
    const source = new ManualLoad();
    const first = requests.get("a", source.load);
    await time.flush();
    source.resolve("one");
    await first;
    await time.advance(999);
    await expect(requests.get("a", source.load)).resolves.toBe("one");
    expect(source.starts).toBe(1);
    await time.advance(1);
    const again = requests.get("a", source.load);
    await time.flush();
    source.resolve("two");
    await expect(again).resolves.toBe("two");
    expect(source.starts).toBe(2);
  });

  it("keeps nothing with a time to live of zero", async () => {
    const time = new FakeTime();
    const requests = pool(time, 0);
    const source = new ManualLoad();
    const first = requests.get("a", source.load);
    await time.flush();
    source.resolve("one");
    await first;
    void requests.get("a", source.load);
    await time.flush();
    expect(source.starts).toBe(2);
  });

  it("settles every caller waiting on a failed request with its error, and does not keep it", async () => {
    const time = new FakeTime();
    const requests = pool(time);
    const source = new ManualLoad();
    const calls = Array.from({ length: 20 }, () =>
      requests.get("a", source.load).then(
        () => "resolved",
        (error: unknown) => (error as Error).message,
      ),
    );
    await time.flush();
    source.reject(new Error("server down"));
    expect(await Promise.all(calls)).toEqual(new Array(20).fill("server down"));
    void requests.get("a", source.load);
    await time.flush();
    expect(source.starts).toBe(2);
  });

  it("after clear() sends a new request, and keeps no answer of a request started before it", async () => {
    const time = new FakeTime();
    const requests = pool(time);
    const source = new ManualLoad();
    const before = requests.get("a", source.load);
    await time.flush();
    requests.clear();
    const after = requests.get("a", source.load);
    await time.flush();
    expect(source.starts).toBe(2);
    source.resolve("old");
    source.resolve("new");
    await expect(before).resolves.toBe("old");
    await expect(after).resolves.toBe("new");
    await expect(requests.get("a", source.load)).resolves.toBe("new");
    expect(source.starts).toBe(2);
  });

  it("cancels a caller alone, and stops the request only when every caller has cancelled", async () => {
    const time = new FakeTime();
    const requests = pool(time);
    const source = new ManualLoad();
    const one = new AbortController();
    const two = new AbortController();
    const first = requests.get("a", source.load, one.signal);
    const second = requests.get("a", source.load, two.signal);
    await time.flush();
    one.abort();
    await expect(first).rejects.toBeInstanceOf(FormulaError);
    expect(source.aborted).toBe(0);
    two.abort();
    await expect(second).rejects.toThrow("cancelled");
    expect(source.aborted).toBe(1);
    // The next caller does not join the abandoned request.
    void requests.get("a", source.load);
    await time.flush();
    expect(source.starts).toBe(2);
  });

  /** Loads `key` through `requests` and settles it with `value`. */
  async function answer(
    time: FakeTime,
    requests: SharedRequests<string>,
    source: ManualLoad,
    key: string,
    value: string,
  ): Promise<string> {
    const pending = requests.get(key, source.load);
    await time.flush();
    source.resolve(value);
    return await pending;
  }

  it("drops expired answers when it keeps a new one", async () => {
    const time = new FakeTime();
    const requests = pool(time, 1_000);
    const source = new ManualLoad();
    await answer(time, requests, source, "a", "one");
    await answer(time, requests, source, "b", "two");
    expect(requests.cached).toBe(2);
    await time.advance(1_000);
    await answer(time, requests, source, "c", "three");
    expect(requests.cached).toBe(1);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const time = new FakeTime();
    const requests = pool(time, 60_000, 4, 2);
    const source = new ManualLoad();
    await answer(time, requests, source, "a", "A");
    await answer(time, requests, source, "b", "B");
    await expect(requests.get("a", source.load)).resolves.toBe("A"); // a is now the most recent
    await answer(time, requests, source, "c", "C");
    expect(requests.cached).toBe(2);
    expect(source.starts).toBe(3);
    await expect(requests.get("a", source.load)).resolves.toBe("A");
    await expect(requests.get("c", source.load)).resolves.toBe("C");
    expect(source.starts).toBe(3);
    void requests.get("b", source.load);
    await time.flush();
    expect(source.starts).toBe(4);
  });

  it("reads a cache time given as a function on every call, for the answers kept too", async () => {
    const time = new FakeTime();
    let ttlMs = 60_000;
    const requests = pool(time, () => ttlMs);
    const source = new ManualLoad();
    await answer(time, requests, source, "a", "one");
    await time.advance(10_000);
    await expect(requests.get("a", source.load)).resolves.toBe("one");
    ttlMs = 5_000;
    expect(await answer(time, requests, source, "a", "two")).toBe("two");
    ttlMs = 0;
    expect(await answer(time, requests, source, "a", "three")).toBe("three");
    expect(requests.cached).toBe(0);
    expect(source.starts).toBe(3);
  });

  it("refuses a negative time to live", () => {
    const time = new FakeTime();
    expect(
      () =>
        new SharedRequests({ ttlMs: -1, limit: new ConcurrencyLimit(1, time.clock, time.sleep) }),
    ).toThrow(RangeError);
  });
});
