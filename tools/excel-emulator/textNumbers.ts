// How Excel reads numbers, booleans, percentages and dates typed as text (en-US conventions):
// shared by value coercion on write and by formula arithmetic on text.
import { dateToSerial, toExcelPrecision } from "./cellValues";

/** A number read from text, and the format Excel gives a General cell that receives it. */
export interface TypedNumber {
  readonly value: number;
  /** Set when Excel would change a General cell's format (percent, scientific, date, time). */
  readonly impliedFormat?: string;
}

const PLAIN = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?(%?)$/;
const GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+(?:\.\d*)?)(%?)$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?:[ ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Reads text as Excel does when it is typed into a General cell; undefined when it is text. */
export function readTypedNumber(raw: string): TypedNumber | undefined {
  const text = raw.trim();
  if (text === "") return undefined;
  const negated = /^\((.*)\)$/.exec(text);
  if (negated) {
    const inner = readPlainNumber(negated[1] ?? "");
    return inner && !/^[+-]/.test(negated[1] ?? "") ? { ...inner, value: -inner.value } : undefined;
  }
  return readPlainNumber(text) ?? readDate(text);
}

function readPlainNumber(text: string): TypedNumber | undefined {
  const plain = PLAIN.exec(text);
  if (plain) {
    const [, sign = "", digits = "", exponent, percent] = plain;
    let value = Number(
      `${sign}${typedDigits(digits)}${exponent === undefined ? "" : `e${exponent}`}`,
    );
    if (!Number.isFinite(value)) return undefined;
    if (percent) {
      value /= 100;
      return {
        value: toExcelPrecision(value),
        impliedFormat: digits.includes(".") ? "0.00%" : "0%",
      };
    }
    if (exponent !== undefined)
      return { value: toExcelPrecision(value), impliedFormat: "0.00E+00" };
    return { value: toExcelPrecision(value) };
  }
  const grouped = GROUPED.exec(text);
  if (grouped) {
    const [, sign = "", digits = "", percent] = grouped;
    const value = Number(`${sign}${typedDigits(digits.replace(/,/g, ""))}`);
    if (percent) return { value: toExcelPrecision(value / 100), impliedFormat: "0%" };
    return { value: toExcelPrecision(value) };
  }
  return undefined;
}

/**
 * Excel keeps the first 15 significant digits of a typed number and turns the rest into zeros
 * (a typed 16-digit card number ends in 0): "12345678901234567" -> "12345678901234500".
 */
function typedDigits(digits: string): string {
  const point = digits.indexOf(".");
  const whole = point < 0 ? digits : digits.slice(0, point);
  const fraction = point < 0 ? "" : digits.slice(point + 1);
  const all = whole + fraction;
  const first = all.search(/[1-9]/);
  if (first < 0 || all.length - first <= 15) return digits;
  const kept = all.slice(0, first + 15) + "0".repeat(all.length - first - 15);
  const newWhole = kept.slice(0, whole.length);
  const newFraction = kept.slice(whole.length);
  return newFraction ? `${newWhole}.${newFraction}` : newWhole;
}

function readDate(text: string): TypedNumber | undefined {
  const iso = ISO_DATE.exec(text);
  const us = iso ? undefined : US_DATE.exec(text);
  if (iso || us) {
    const parts = (iso ?? us) as RegExpExecArray;
    const year = iso ? Number(parts[1]) : fullYear(parts[3] ?? "");
    const month = Number(iso ? parts[2] : parts[1]);
    const day = Number(iso ? parts[3] : parts[2]);
    const serial = dateToSerial(year, month, day);
    if (serial === undefined) return undefined;
    if (parts[4] === undefined) return { value: serial, impliedFormat: "m/d/yyyy" };
    const time = timeFraction(parts[4], parts[5] ?? "0", parts[6]);
    return time === undefined
      ? undefined
      : { value: serial + time, impliedFormat: "m/d/yyyy h:mm" };
  }
  const time = TIME.exec(text);
  if (time) {
    const fraction = timeFraction(time[1] ?? "", time[2] ?? "", time[3]);
    if (fraction === undefined) return undefined;
    return { value: fraction, impliedFormat: time[3] === undefined ? "h:mm" : "h:mm:ss" };
  }
  return undefined;
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 30 ? 2000 + year : 1900 + year;
}

function timeFraction(h: string, m: string, s: string | undefined): number | undefined {
  const hours = Number(h);
  const minutes = Number(m);
  const seconds = Number(s ?? "0");
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return (hours * 3600 + minutes * 60 + seconds) / 86_400;
}

/** TRUE/FALSE in any case, as Excel reads them; undefined otherwise. */
export function readTypedBoolean(text: string): boolean | undefined {
  const upper = text.trim().toUpperCase();
  if (upper === "TRUE") return true;
  if (upper === "FALSE") return false;
  return undefined;
}
