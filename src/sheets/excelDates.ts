// Excel's date serials (1900 date system): ISO dates and date-times to serial numbers and back.
//
// A cell holds no time zone, so date-times are converted to UTC before they become serials; the
// columns that hold them say "(UTC)" in their header. Serials are days since 1899-12-30, which is
// right for every date from 1900-03-01 on: Excel counts a 29 February 1900 that never existed, so
// earlier serials mean a different day than this arithmetic gives. Such dates (and anything after
// 9999-12-31, Excel's last date) have no serial here; the caller writes them as text.

import type { Result } from "../util/result";

const DAY_MS = 86_400_000;

/** Serial of 1970-01-01 (the Unix epoch) in the 1900 date system. */
const EPOCH_SERIAL = 25_569;

/** 1900-03-01: the first date whose serial is plain day counting. */
export const FIRST_SERIAL_DATE = "1900-03-01";
export const FIRST_SERIAL = 61;

/** 9999-12-31: Excel's last date. */
export const LAST_SERIAL_DATE = "9999-12-31";
export const LAST_SERIAL = 2_958_465;

const FIRST_MS = Date.UTC(1900, 2, 1);
const END_MS = Date.UTC(10_000, 0, 1);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An RFC 3339 / ISO 8601 date-time with a zone: `2026-01-15T10:20:30Z`, `…30.123+02:00`,
 * `…T10:20-0500`. Seconds and the fraction are optional; `T` may be `t` or a space. The zone is
 * required: without one the instant would depend on a clock setting nobody told us.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

/** Why a text has no serial: it is not a date at all, or a real date Excel cannot show. */
export type SerialProblem = "not-a-date" | "out-of-range";

export type SerialResult = Result<{ serial: number }, { problem: SerialProblem }>;

/** True when the text has the shape `YYYY-MM-DD` (whether or not the date exists). */
export function looksLikeIsoDate(text: string): boolean {
  return ISO_DATE.test(text);
}

/** True when the text has the shape of a date-time with a zone (whether or not it exists). */
export function looksLikeIsoDateTime(text: string): boolean {
  return ISO_DATE_TIME.test(text);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Milliseconds since the epoch of a calendar date at midnight UTC, or null if it does not exist. */
function calendarDateMs(year: number, month: number, day: number): number | null {
  // Nothing before 1899 can be in range anyway.
  if (year < 1899 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return daysSinceEpoch(year, month, day) * DAY_MS;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar from year 0 on, as Date.UTC
 * counts them, in whole-number arithmetic (Howard Hinnant's days_from_civil): the year taken
 * from March, so that a leap day ends it, in eras of 400 years of 146,097 days.
 */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The serial of an instant (ms since the epoch), whole days plus the fraction of the day. */
function serialOfMs(ms: number): number {
  const days = Math.floor(ms / DAY_MS);
  return days + EPOCH_SERIAL + (ms - days * DAY_MS) / DAY_MS;
}

/** The number of `count` digits of `text` from `from`, or -1 when one is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let at = from; at < from + count; at++) {
    const digit = text.charCodeAt(at) - 0x30;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Milliseconds of a `YYYY-MM-DD` at `text`'s start that exists, from 1899 on; null otherwise. */
function leadingDateMs(text: string): number | null {
  if (text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 0 || day < 0) return null;
  return calendarDateMs(year, month, day);
}

/**
 * The serial of a date `YYYY-MM-DD` read digit by digit, as {@link readDateSerial} gives it;
 * undefined when it has no serial, which the pattern then explains. Most cells of an import are
 * such dates: no match array, no substrings.
 */
export function plainDateSerial(text: string): number | undefined {
  if (text.length !== 10) return undefined;
  const ms = leadingDateMs(text);
  return ms === null || ms < FIRST_MS || ms >= END_MS ? undefined : serialOfMs(ms);
}

/**
 * The serial of a date-time as the API writes it, `YYYY-MM-DDThh:mm:ssZ` or with milliseconds
 * `…ss.sssZ`, read digit by digit, as {@link readDateTimeSerial} gives it; undefined for any
 * other shape or a date-time without a serial, which the pattern then reads or explains.
 */
export function plainDateTimeSerial(text: string): number | undefined {
  const length = text.length;
  if (length !== 20 && length !== 24) return undefined;
  if (text.charCodeAt(10) !== 0x54 || text.charCodeAt(length - 1) !== 0x5a) return undefined;
  if (text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a) return undefined;
  if (length === 24 && text.charCodeAt(19) !== 0x2e) return undefined;
  const dayMs = leadingDateMs(text);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const millis = length === 24 ? digitsAt(text, 20, 3) : 0;
  if (dayMs === null || hour < 0 || minute < 0 || second < 0 || millis < 0) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = dayMs + ((hour * 60 + minute) * 60 + second) * 1000 + millis;
  return ms < FIRST_MS || ms >= END_MS ? undefined : serialOfMs(ms);
}

/** {@link dateToSerial} with the reason when there is no serial. */
export function readDateSerial(text: string): SerialResult {
  const plain = plainDateSerial(text);
  if (plain !== undefined) return { ok: true, serial: plain };
  const match = ISO_DATE.exec(text);
  if (!match) return { ok: false, problem: "not-a-date" };
  const year = Number(match[1]);
  if (year < 1899) return { ok: false, problem: "out-of-range" };
  const ms = calendarDateMs(year, Number(match[2]), Number(match[3]));
  if (ms === null) return { ok: false, problem: "not-a-date" };
  if (ms < FIRST_MS || ms >= END_MS) return { ok: false, problem: "out-of-range" };
  return { ok: true, serial: serialOfMs(ms) };
}

/**
 * The serial of a `YYYY-MM-DD` date (a whole number), e.g. `2026-01-15` → 46037. Null for an
 * impossible date (`2026-02-30`), another shape, or a date before 1900-03-01 or after 9999-12-31.
 */
export function dateToSerial(text: string): number | null {
  const result = readDateSerial(text);
  return result.ok ? result.serial : null;
}

/** {@link dateTimeToSerial} with the reason when there is no serial. */
export function readDateTimeSerial(text: string): SerialResult {
  const plain = plainDateTimeSerial(text);
  if (plain !== undefined) return { ok: true, serial: plain };
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return { ok: false, problem: "not-a-date" };
  const [, y, mo, d, h, mi, s = "0", fraction = "", z, sign, zh = "0", zm = "0"] = match;
  const year = Number(y);
  if (year < 1899) return { ok: false, problem: "out-of-range" };
  const dayMs = calendarDateMs(year, Number(mo), Number(d));
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (dayMs === null || hour > 23 || minute > 59 || second > 59) {
    return { ok: false, problem: "not-a-date" };
  }
  const [offsetHours, offsetMinutes] = [Number(zh), Number(zm)];
  if (z === undefined && (offsetHours > 23 || offsetMinutes > 59)) {
    return { ok: false, problem: "not-a-date" };
  }
  const offsetMs = (sign === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  // Millisecond precision: further digits are cut, never rounded up into the next second.
  const millis = Number(fraction.slice(0, 3).padEnd(3, "0"));
  const ms = dayMs + ((hour * 60 + minute) * 60 + second) * 1000 + millis - offsetMs;
  if (ms < FIRST_MS || ms >= END_MS) return { ok: false, problem: "out-of-range" };
  return { ok: true, serial: serialOfMs(ms) };
}

/**
 * The serial of an ISO date-time with a zone, converted to UTC: whole days plus the fraction of
 * the day, to the millisecond. `2026-01-15T12:00:00Z` → 46037.5, and so does
 * `2026-01-15T14:00:00+02:00`. Null for another shape, an impossible date or time, a missing
 * zone, or an instant outside 1900-03-01 … 9999-12-31 (UTC).
 */
export function dateTimeToSerial(text: string): number | null {
  const result = readDateTimeSerial(text);
  return result.ok ? result.serial : null;
}

function inRange(serial: number): boolean {
  return Number.isFinite(serial) && serial >= FIRST_SERIAL && serial < LAST_SERIAL + 1;
}

/** The `YYYY-MM-DD` date of a serial (its whole days); null outside 1900-03-01 … 9999-12-31. */
export function serialToIsoDate(serial: number): string | null {
  if (!inRange(serial)) return null;
  return new Date((Math.floor(serial) - EPOCH_SERIAL) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The UTC instant of a serial as `YYYY-MM-DDThh:mm:ss.sssZ`, rounded to the millisecond; null
 * outside 1900-03-01 … 9999-12-31.
 */
export function serialToIsoDateTime(serial: number): string | null {
  if (!inRange(serial)) return null;
  const ms = Math.round((serial - EPOCH_SERIAL) * DAY_MS);
  return ms >= END_MS ? null : new Date(ms).toISOString();
}
