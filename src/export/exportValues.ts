// A JSON value as the value of a column of a given type, or the reason it is not one. Values
// are checked one by one: a value that does not fit is that row's problem (left empty and
// reported), never a reason to change the column's type for every row.
import { JsonNumber, stringifyJson, type JsonValue } from "../api";
import { DECIMAL_PRECISION, DECIMAL_SCALE, type ExportType } from "./exportSchema";

/**
 * A cell of an export row, by its column's type: `string` and `date` (`YYYY-MM-DD`) and
 * `decimal` (the server's decimal text) and `json` (JSON text) as strings, `timestamp`
 * (microseconds since 1970 UTC) and `int64` as bigints, `boolean` as a boolean; null when the
 * record has no value (absent or JSON null).
 */
export type ExportValue = string | bigint | boolean | null;

/** A value that does not fit its column: the cell is left empty and this is reported. */
export interface Misfit {
  readonly reason: string;
}

const DECIMAL_TEXT = /^-?(\d+)(?:\.(\d+))?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_INTEGER_DIGITS = DECIMAL_PRECISION - DECIMAL_SCALE;

/** A short, one-line view of a value for a message. */
function shown(value: JsonValue): string {
  const text = typeof value === "string" ? JSON.stringify(value) : stringifyJson(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function decimalOf(value: JsonValue): string | Misfit {
  const text =
    typeof value === "string"
      ? value
      : typeof value === "number" || value instanceof JsonNumber
        ? String(value)
        : null;
  const match = text === null ? null : DECIMAL_TEXT.exec(text);
  if (text === null || match === null) return { reason: `${shown(value)} is not a decimal number` };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.replace(/0+$/, "").length > DECIMAL_SCALE) {
    return { reason: `${shown(value)} has more than ${DECIMAL_SCALE} decimals` };
  }
  if (whole.length > MAX_INTEGER_DIGITS) {
    return {
      reason: `${shown(value)} has more than ${MAX_INTEGER_DIGITS} digits before the point`,
    };
  }
  return text;
}

/** Days from 1970-01-01 of a real calendar date, or null. */
function epochDay(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return null;
  if (back.getUTCDate() !== day) return null;
  return ms / 86_400_000;
}

function dateOf(value: JsonValue): string | Misfit {
  const match = typeof value === "string" ? DATE_TEXT.exec(value) : null;
  if (match === null || epochDay(+match[1]!, +match[2]!, +match[3]!) === null) {
    return { reason: `${shown(value)} is not a date (YYYY-MM-DD)` };
  }
  return value as string;
}

/** Microseconds since 1970 UTC of an ISO 8601 date-time with a zone. */
function timestampOf(value: JsonValue): bigint | Misfit {
  const match = typeof value === "string" ? TIMESTAMP_TEXT.exec(value) : null;
  const notOne = { reason: `${shown(value)} is not an ISO 8601 date-time` };
  if (match === null) return notOne;
  const [, y, mo, d, h, mi, sec = "0", fraction = "", zulu, sign, zh, zm] = match;
  if (zulu === undefined && sign === undefined) {
    return { reason: `${shown(value)} has no time zone, so its instant is unknown` };
  }
  const day = epochDay(+y!, +mo!, +d!);
  if (day === null || +h! > 23 || +mi! > 59 || +sec > 59) return notOne;
  if (fraction.slice(6).replace(/0+$/, "") !== "") {
    return { reason: `${shown(value)} is finer than a microsecond` };
  }
  const offsetMinutes = sign === undefined ? 0 : (sign === "-" ? -1 : 1) * (+zh! * 60 + +zm!);
  const seconds = day * 86_400 + +h! * 3600 + +mi! * 60 + +sec - offsetMinutes * 60;
  return BigInt(seconds) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, "0"));
}

function int64Of(value: JsonValue): bigint | Misfit {
  const text =
    typeof value === "number" || value instanceof JsonNumber
      ? String(value)
      : typeof value === "string"
        ? value
        : "";
  if (!/^-?\d+$/.test(text)) return { reason: `${shown(value)} is not a whole number` };
  const number = BigInt(text);
  if (number < INT64_MIN || number > INT64_MAX) {
    return { reason: `${shown(value)} is beyond a 64-bit integer` };
  }
  return number;
}

/** The value of a column of `type` for `value` (undefined when the record has none). */
export function exportValueOf(
  type: ExportType,
  value: JsonValue | undefined,
): ExportValue | Misfit {
  if (value === undefined || value === null) return null;
  switch (type) {
    case "string":
      return typeof value === "string" ? value : { reason: `${shown(value)} is not text` };
    case "decimal":
      return decimalOf(value);
    case "date":
      return dateOf(value);
    case "timestamp":
      return timestampOf(value);
    case "int64":
      return int64Of(value);
    case "boolean":
      return typeof value === "boolean"
        ? value
        : { reason: `${shown(value)} is not true or false` };
    case "json":
      return stringifyJson(value);
  }
}

export function isMisfit(value: ExportValue | Misfit): value is Misfit {
  return typeof value === "object" && value !== null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A timestamp as ISO 8601 text in UTC, always with six decimals: `2026-01-15T10:00:00.000000Z`. */
export function timestampText(micros: bigint): string {
  const seconds = micros / 1_000_000n - (micros % 1_000_000n < 0n ? 1n : 0n);
  const fraction = micros - seconds * 1_000_000n;
  const date = new Date(Number(seconds) * 1000);
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    `.${fraction.toString().padStart(6, "0")}Z`
  );
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date the converter accepted. */
export function dateEpochDay(text: string): number {
  return Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10)) / 86_400_000;
}

/** A decimal the converter accepted as the unscaled integer at {@link DECIMAL_SCALE}. */
export function unscaledDecimal(text: string): bigint {
  const negative = text.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const digits = BigInt(whole + fraction.slice(0, DECIMAL_SCALE).padEnd(DECIMAL_SCALE, "0"));
  return negative ? -digits : digits;
}
