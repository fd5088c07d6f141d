import { afterQueuedWork } from "../../../src/util/afterQueuedWork";

/** Work queued the ways a request's steps are: a promise reaction, then a next tick. */
function queueWork(done: string[]): void {
  void Promise.resolve().then(() => process.nextTick(() => done.push("queued")));
}

describe("afterQueuedWork()", () => {
  it("resolves after the work queued before it (Node: setImmediate)", async () => {
    const done: string[] = [];
    queueWork(done);
    await afterQueuedWork();
    expect(done).toEqual(["queued"]);
  });

  it("resolves after the work queued before it where there is no setImmediate (a message)", async () => {
    const immediate = globalThis.setImmediate;
    const withoutImmediate = globalThis as { setImmediate?: typeof setImmediate };
    delete withoutImmediate.setImmediate;
    try {
      const done: string[] = [];
      queueWork(done);
      await afterQueuedWork();
      expect(done).toEqual(["queued"]);
    } finally {
      globalThis.setImmediate = immediate;
    }
  });
});
