import fc from "fast-check";
import {
  dateTimeToSerial,
  dateToSerial,
  readDateSerial,
  readDateTimeSerial,
  serialToIsoDate,
  serialToIsoDateTime,
} from "../../../src/sheets/excelDates";

const DAY_MS = 86_400_000;

describe("excelDates.ts", () => {
  describe("dateToSerial()", () => {
    it.each([
      ["1900-03-01", 61],
      ["1970-01-01", 25569],
      ["2000-01-01", 36526],
      ["2024-02-29", 45351],
      ["2026-01-15", 46037],
      ["9999-12-31", 2958465],
    ])("counts days since 1899-12-30: %s is serial %d", (text, serial) => {
      expect(dateToSerial(text)).toBe(serial);
    });

    it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-01-00", "1900-02-29"])(
      "refuses the impossible date %s",
      (text) => {
        expect(dateToSerial(text)).toBeNull();
        expect(readDateSerial(text)).toEqual({ ok: false, problem: "not-a-date" });
      },
    );

    it.each(["1900-02-28", "1899-12-31", "0001-01-01", "0099-06-01"])(
      "refuses %s, before 1900-03-01, where Excel's serials stop being plain day counts",
      (text) => {
        expect(dateToSerial(text)).toBeNull();
        expect(readDateSerial(text)).toEqual({ ok: false, problem: "out-of-range" });
      },
    );

    it.each(["2026-1-15", "2026/01/15", "15/01/2026", " 2026-01-15", "2026-01-15T00:00:00Z", ""])(
      "accepts only the YYYY-MM-DD shape, not %j",
      (text) => {
        expect(dateToSerial(text)).toBeNull();
      },
    );
  });

  describe("dateTimeToSerial()", () => {
    it("adds the time of day as a fraction of the day", () => {
      expect(dateTimeToSerial("2026-01-15T12:00:00Z")).toBe(46037.5);
      expect(dateTimeToSerial("2026-01-15T00:00:00Z")).toBe(46037);
      expect(dateTimeToSerial("2026-01-15T10:20:30.123Z")).toBe(
        46037 + (((10 * 60 + 20) * 60 + 30) * 1000 + 123) / DAY_MS,
      );
    });

    it("converts an offset to UTC: 14:00+02:00 is 12:00 UTC", () => {
      expect(dateTimeToSerial("2026-01-15T14:00:00+02:00")).toBe(46037.5);
      expect(dateTimeToSerial("2026-01-15T14:00:00+0200")).toBe(46037.5);
      expect(dateTimeToSerial("2026-01-15T07:00:00-05:00")).toBe(46037.5);
    });

    it("moves the date when the offset crosses midnight", () => {
      expect(serialToIsoDateTime(dateTimeToSerial("2026-01-15T01:30:00+03:00") ?? NaN)).toBe(
        "2026-01-14T22:30:00.000Z",
      );
    });

    it("accepts minutes without seconds, a lower-case t and z, and a space separator", () => {
      expect(dateTimeToSerial("2026-01-15T12:00Z")).toBe(46037.5);
      expect(dateTimeToSerial("2026-01-15t12:00:00z")).toBe(46037.5);
      expect(dateTimeToSerial("2026-01-15 12:00:00Z")).toBe(46037.5);
    });

    it("keeps milliseconds and cuts further digits without rounding up", () => {
      const serial = dateTimeToSerial("2026-01-15T23:59:59.9999999Z") ?? NaN;
      expect(serialToIsoDateTime(serial)).toBe("2026-01-15T23:59:59.999Z");
    });

    it("refuses a date-time without a time zone: its instant is unknown", () => {
      expect(dateTimeToSerial("2026-01-15T10:20:30")).toBeNull();
      expect(readDateTimeSerial("2026-01-15T10:20:30")).toEqual({
        ok: false,
        problem: "not-a-date",
      });
    });

    it.each([
      "2026-02-30T10:00:00Z",
      "2026-01-15T24:00:00Z",
      "2026-01-15T10:60:00Z",
      "2026-01-15T10:00:60Z",
      "2026-01-15T10:00:00+24:00",
      "2026-01-15",
      "not a date",
    ])("refuses %s", (text) => {
      expect(dateTimeToSerial(text)).toBeNull();
    });

    it("refuses instants outside 1900-03-01 … 9999-12-31 in UTC, whatever the local date", () => {
      expect(readDateTimeSerial("9999-12-31T23:00:00-05:00")).toEqual({
        ok: false,
        problem: "out-of-range",
      });
      expect(dateTimeToSerial("9999-12-31T23:59:59.999Z")).not.toBeNull();
      expect(readDateTimeSerial("1900-02-28T23:59:59Z")).toEqual({
        ok: false,
        problem: "out-of-range",
      });
      expect(dateTimeToSerial("1900-02-28T23:00:00-02:00")).toBe(61 + 1 / 24);
    });
  });

  describe("serialToIsoDate() and serialToIsoDateTime()", () => {
    it("read the date of a serial's whole days and the UTC instant of the whole serial", () => {
      expect(serialToIsoDate(46037.75)).toBe("2026-01-15");
      expect(serialToIsoDateTime(46037.75)).toBe("2026-01-15T18:00:00.000Z");
    });

    it("give null outside Excel's dates", () => {
      expect(serialToIsoDate(60)).toBeNull();
      expect(serialToIsoDate(2958466)).toBeNull();
      expect(serialToIsoDate(Number.NaN)).toBeNull();
      expect(serialToIsoDateTime(2958466)).toBeNull();
    });
  });

  describe("properties", () => {
    const excelDates = fc.date({
      min: new Date(Date.UTC(1900, 2, 1)),
      max: new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999)),
      noInvalidDate: true,
    });

    it("any date from 1900-03-01 to 9999-12-31 round-trips through its serial", () => {
      fc.assert(
        fc.property(excelDates, (date) => {
          const iso = date.toISOString().slice(0, 10);
          const serial = dateToSerial(iso);
          expect(serial).not.toBeNull();
          expect(Number.isInteger(serial)).toBe(true);
          expect(serialToIsoDate(serial ?? NaN)).toBe(iso);
        }),
        { numRuns: 2000 },
      );
    });

    it("any instant round-trips to the millisecond, whatever offset it was written with", () => {
      const offsets = fc.integer({ min: -14 * 60, max: 14 * 60 });
      fc.assert(
        fc.property(excelDates, offsets, (date, offsetMinutes) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000);
          if (local.getUTCFullYear() > 9999 || local.getUTCFullYear() < 1899) return;
          const sign = offsetMinutes < 0 ? "-" : "+";
          const abs = Math.abs(offsetMinutes);
          const zone = `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
          const text = local.toISOString().slice(0, 23) + zone;
          expect(serialToIsoDateTime(dateTimeToSerial(text) ?? NaN)).toBe(date.toISOString());
        }),
        { numRuns: 2000 },
      );
    });

    it("serials of later instants are never smaller", () => {
      fc.assert(
        fc.property(excelDates, excelDates, (a, b) => {
          const [sa, sb] = [a, b].map((d) => dateTimeToSerial(d.toISOString()) ?? NaN);
          if (a.getTime() <= b.getTime()) expect(sa).toBeLessThanOrEqual(sb ?? NaN);
        }),
      );
    });
  });
});

function pad(n: number): string {
  return String(n).padStart(2, "0");
}
