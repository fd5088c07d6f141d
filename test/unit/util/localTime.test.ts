import { localTime, localTimeOfText, localWhen } from "../../../src/util/localTime";

const PARIS = { timeZone: "Europe/Paris" } as const;
const KOLKATA = { timeZone: "Asia/Kolkata" } as const;
const INSTANT = new Date("2026-02-01T23:15:05.120Z");

describe("localTime.ts", () => {
  it("shows an instant in the reader's zone, with the zone's name, to the minute", () => {
    expect(localTime(INSTANT, PARIS)).toBe("2026-02-02 00:15 GMT+1");
    expect(localTime(INSTANT, KOLKATA)).toBe("2026-02-02 04:45 GMT+5:30");
    expect(localTime(INSTANT, { timeZone: "America/New_York" })).toBe("2026-02-01 18:15 EST");
    expect(localTime(INSTANT, { timeZone: "UTC" })).toBe("2026-02-01 23:15 UTC");
  });

  it("follows the zone's summer time", () => {
    expect(localTime(new Date("2026-07-01T12:00:00Z"), PARIS)).toBe("2026-07-01 14:00 GMT+2");
  });

  it("shows seconds and milliseconds when asked", () => {
    expect(localTime(INSTANT, { ...PARIS, seconds: true })).toBe("2026-02-02 00:15:05 GMT+1");
    expect(localTime(INSTANT, { ...PARIS, seconds: true, milliseconds: true })).toBe(
      "2026-02-02 00:15:05.120 GMT+1",
    );
  });

  it("says today by the reader's calendar, not UTC's", () => {
    const now = new Date("2026-02-02T08:00:00Z");
    expect(localWhen(INSTANT, now, PARIS)).toBe("today at 00:15 GMT+1");
    expect(localWhen(INSTANT, now, { timeZone: "UTC" })).toBe("on 2026-02-01 at 23:15 UTC");
  });

  it("gives null for an invalid date, and server text that is not a date as it is", () => {
    expect(localTime(new Date(Number.NaN), PARIS)).toBeNull();
    expect(localWhen(new Date(Number.NaN), INSTANT, PARIS)).toBeNull();
    expect(localTimeOfText("2026-02-01T23:15:05Z", PARIS)).toBe("2026-02-02 00:15 GMT+1");
    expect(localTimeOfText("yesterday", PARIS)).toBe("yesterday");
  });
});
