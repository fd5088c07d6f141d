import { WriteQueue } from "../../../src/import/writeQueue";

/** A write that ends when the test says, and records when it started. */
function heldWrite(log: string[], name: string) {
  let end!: (error?: Error) => void;
  const ended = new Promise<void>((resolve, reject) => {
    end = (error) => (error ? reject(error) : resolve());
  });
  return {
    write: () => {
      log.push(`start ${name}`);
      return ended;
    },
    end,
  };
}

/** A queue of `depth` with writes `a` and `b` added, held until the test ends them. */
function twoWrites(depth: number) {
  const log: string[] = [];
  const queue = new WriteQueue(depth);
  const a = heldWrite(log, "a");
  const b = heldWrite(log, "b");
  queue.add(a.write, () => log.push("done a"));
  queue.add(b.write, () => log.push("done b"));
  return { log, queue, a, b };
}

/** Lets every queued promise callback and I/O callback run: what can settle now has settled. */
const settledNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("WriteQueue", () => {
  it("is idle only while no write is unfinished", async () => {
    const log: string[] = [];
    const queue = new WriteQueue();
    expect(queue.idle).toBe(true);
    const a = heldWrite(log, "a");
    queue.add(a.write, () => log.push("done a"));
    expect(queue.idle).toBe(false);
    a.end();
    await queue.drain();
    await queue.ready();
    expect(queue.idle).toBe(true);
  });

  it("makes the writes one at a time, in the order they were added", async () => {
    const { log, queue, a, b } = twoWrites(3);
    await queue.ready();
    expect(log).toEqual(["start a"]);
    a.end();
    b.end();
    await queue.drain();
    expect(log).toEqual(["start a", "done a", "start b", "done b"]);
  });

  it("lets its user go on while fewer than `depth` writes are unfinished, and waits at `depth`", async () => {
    const { log, queue, a, b } = twoWrites(2);
    let ready = false;
    const waiting = queue.ready().then(() => (ready = true));
    await settledNow();
    expect(ready).toBe(false);
    a.end();
    await waiting;
    expect(log).toEqual(["start a", "done a", "start b"]);
    b.end();
    await queue.drain();
  });

  it("makes no write after one that failed, and says why to whoever waits", async () => {
    const { log, queue, a } = twoWrites(3);
    a.end(new Error("Excel refused the request."));
    await queue.settled();
    expect(log).toEqual(["start a"]);
    await expect(queue.ready()).rejects.toThrow("Excel refused the request.");
    await expect(queue.drain()).rejects.toThrow("Excel refused the request.");
  });
});
