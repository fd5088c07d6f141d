import { StatusClock, ThrottledStatus } from "../../../../src/taskpane/shared/throttledStatus";

/** A clock the test moves by hand, with its pending timers. */
function manualClock() {
  let now = 10_000;
  let timers: { at: number; callback: () => void }[] = [];
  const clock: StatusClock = {
    now: () => now,
    schedule: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of due) timer.callback();
  };
  return { clock, advance, pending: () => timers.length };
}

describe("ThrottledStatus", () => {
  it("writes at once when the interval has passed, then holds the latest until it passes again", () => {
    const { clock, advance, pending } = manualClock();
    const written: string[] = [];
    const status = new ThrottledStatus((text) => written.push(text), 1_500, clock);
    status.saySoon("Page 1…");
    status.saySoon("Page 2…");
    status.saySoon("Page 3…");
    expect(written).toEqual(["Page 1…"]);
    expect(pending()).toBe(1);
    advance(1_499);
    expect(written).toEqual(["Page 1…"]);
    advance(1);
    expect(written).toEqual(["Page 1…", "Page 3…"]);
  });

  it("sayNow writes at once and drops the message waiting", () => {
    const { clock, advance, pending } = manualClock();
    const written: string[] = [];
    const status = new ThrottledStatus((text) => written.push(text), 1_500, clock);
    status.sayNow("Starting…");
    status.saySoon("Page 1…");
    status.sayNow("Imported.");
    expect(pending()).toBe(0);
    advance(5_000);
    expect(written).toEqual(["Starting…", "Imported."]);
  });
});
