import type { AutoRefreshMode } from "../../../../src/settings/autoRefresh";
import type { AutoRefreshOutcome } from "../../../../src/taskpane/refresh/machine";
import {
  startAutoRefreshTimer,
  type AutoRefreshClock,
} from "../../../../src/taskpane/refresh/autoRefreshTimer";

const MINUTE = 60_000;

/** A clock that moves only when told, firing the timers it passes, in time order. */
class ManualClock implements AutoRefreshClock {
  private time = Date.UTC(2026, 10, 26, 9, 0);
  private timers = new Map<number, { at: number; fire: () => void }>();
  private nextId = 1;

  now(): number {
    return this.time;
  }
  setTimeout(fire: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, fire });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  get pending(): number {
    return this.timers.size;
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end);
      if (due.length === 0) break;
      due.sort((a, b) => a[1].at - b[1].at);
      const [id, timer] = due[0]!;
      this.timers.delete(id);
      this.time = timer.at;
      timer.fire();
    }
    this.time = end;
  }
}

/** Lets the promise callbacks queued so far run (a run's outcome reaching the timer). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setUp(outcomes: AutoRefreshOutcome[] = []) {
  const clock = new ManualClock();
  const runs: AutoRefreshMode[] = [];
  let busy = false;
  const timer = startAutoRefreshTimer({
    clock,
    busy: () => busy,
    run: async (mode) => {
      runs.push(mode);
      return outcomes.shift() ?? "done";
    },
    changed: () => undefined,
  });
  return {
    clock,
    runs,
    timer,
    setBusy: (value: boolean) => {
      busy = value;
    },
  };
}

describe("the automatic refresh's timer", () => {
  it("runs every interval while on and connected, with one timer armed at a time", async () => {
    const { clock, runs, timer } = setUp();
    timer.setting({ kind: "on", choice: { minutes: 5, mode: "full" } });
    timer.connections(true);
    expect(clock.pending).toBe(1);
    clock.advance(5 * MINUTE - 1);
    expect(runs).toEqual([]);
    clock.advance(1);
    await settle();
    expect(runs).toEqual(["full"]);
    expect(clock.pending).toBe(1);
    clock.advance(5 * MINUTE);
    await settle();
    expect(runs).toEqual(["full", "full"]);
  });

  it("arms nothing for a workbook's choice while nothing is connected", () => {
    const { clock, runs, timer } = setUp();
    timer.setting({ kind: "on", choice: { minutes: 5, mode: "new" } });
    expect(clock.pending).toBe(0);
    clock.advance(60 * MINUTE);
    expect(runs).toEqual([]);
  });

  it("skips the tick while another action runs, then runs at the next", async () => {
    const { clock, runs, timer, setBusy } = setUp();
    timer.setting({ kind: "on", choice: { minutes: 5, mode: "new" } });
    timer.connections(true);
    setBusy(true);
    clock.advance(5 * MINUTE);
    expect(runs).toEqual([]);
    expect(timer.state.skippedAt).toBe(clock.now());
    setBusy(false);
    clock.advance(5 * MINUTE);
    await settle();
    expect(runs).toEqual(["new"]);
  });

  it("does not hammer a failing service: the waits grow", async () => {
    const { clock, runs, timer } = setUp(["failed", "failed", "failed"]);
    timer.setting({ kind: "on", choice: { minutes: 5, mode: "new" } });
    timer.connections(true);
    const times: number[] = [];
    for (let minute = 0; minute < 60; minute++) {
      clock.advance(MINUTE);
      await settle();
      if (runs.length > times.length) times.push(clock.now());
    }
    // 5, then 10, 20 and 40 minutes after each failure: three runs in the hour, not twelve.
    expect(runs.length).toBe(3);
    expect((times[1]! - times[0]!) / MINUTE).toBe(10);
    expect((times[2]! - times[1]!) / MINUTE).toBe(20);
  });

  it("stops for good on a refused token, and on Disconnect clears its timer", async () => {
    const refused = setUp(["refused"]);
    refused.timer.setting({ kind: "on", choice: { minutes: 5, mode: "new" } });
    refused.timer.connections(true);
    refused.clock.advance(5 * MINUTE);
    await settle();
    refused.clock.advance(120 * MINUTE);
    expect(refused.runs).toEqual(["new"]);
    expect(refused.clock.pending).toBe(0);

    const { clock, runs, timer } = setUp();
    timer.setting({ kind: "on", choice: { minutes: 5, mode: "new" } });
    timer.connections(true);
    timer.connections(false);
    expect(clock.pending).toBe(0);
    clock.advance(60 * MINUTE);
    expect(runs).toEqual([]);
  });
});
