/** Strict ISO 8601 date and date-time parsing: real calendar dates only, zone required on times. */

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?$/;

export type DateParse = { ok: true; iso: string } | { ok: false; reason: string };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `YYYY-MM-DD` (taken as midnight UTC) or a date-time with seconds optional and a zone (`Z` or
 * `±hh:mm`). Returns the instant as a UTC ISO string. A date-time without a zone is rejected
 * because the instant it names would depend on the server's clock settings.
 */
export function parseIsoDateOrDateTime(text: string): DateParse {
  const match = DATE_TIME.exec(text);
  if (!match) {
    const reason = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text)
      ? "needs a time zone (Z or ±hh:mm) when it has a time"
      : "must be an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ssZ)";
    return { ok: false, reason };
  }
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", zone = "Z"] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, reason: `is not a real calendar date (${y}-${mo}-${d})` };
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return { ok: false, reason: "has an invalid time of day" };
  }
  if (zone !== "Z" && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59)) {
    return { ok: false, reason: "has an invalid time zone offset" };
  }
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${millis}${zone}`);
  if (Number.isNaN(ms)) return { ok: false, reason: "is not a valid date-time" };
  return { ok: true, iso: new Date(ms).toISOString() };
}
