import { TimeoutWatch } from "../../../src/api/timeoutWatch";
import { FakeTime } from "./fakeTime";

describe("timeoutWatch.ts", () => {
  describe("TimeoutWatch", () => {
    it("times out each exchange at its own time, an earlier one watched later included", async () => {
      const time = new FakeTime();
      const watch = new TimeoutWatch(time.clock, time.sleep);
      const fired: string[] = [];
      watch.watch(10_000, () => fired.push("long"));
      await time.advance(1_000);
      watch.watch(4_000, () => fired.push("short"));
      await time.advance(3_999);
      expect(fired).toEqual([]);
      await time.advance(1);
      expect(fired).toEqual(["short"]);
      await time.advance(4_999);
      expect(fired).toEqual(["short"]);
      await time.advance(1);
      expect(fired).toEqual(["short", "long"]);
      expect(time.pendingTimers()).toEqual([]);
    });

    it("never times out an exchange that ended, and stops waiting once none is left", async () => {
      const time = new FakeTime();
      const watch = new TimeoutWatch(time.clock, time.sleep);
      let fired = 0;
      const end = watch.watch(5_000, () => (fired += 1));
      await time.advance(2_000);
      end();
      expect(time.pendingTimers()).toEqual([3_000]);
      await time.flush();
      expect(time.pendingTimers()).toEqual([]);
      await time.advance(10_000);
      expect(fired).toBe(0);
    });

    it("keeps its wait for an exchange that starts in the work queued after the last one ended", async () => {
      const time = new FakeTime();
      const watch = new TimeoutWatch(time.clock, time.sleep);
      let fired = 0;
      const end = watch.watch(5_000, () => undefined);
      await time.advance(1_000);
      end();
      watch.watch(5_000, () => (fired += 1));
      await time.advance(5_000);
      expect(fired).toBe(1);
      expect(time.sleeps).toEqual([5_000, 1_000]);
    });
  });
});
