// The cells most values of an import become, each with its request bytes, read in one pass.
//
// Nearly every cell of an import is an empty value, a string that fits a text cell, an amount
// with two decimals, a rate, a date, a date-time as the API writes it or a whole number. A column
// picks the reader of its kind once; each row then gets such a cell, and the bytes of its JSON
// text in the request (payload.ts), from one look at the value, without building an outcome or
// measuring the cell again. Anything else (a note, a format of its own, text in a column of
// another kind) is left to toCell (typedCells.ts), which gives the same cell for every value
// read here.

import type { JsonValue } from "../api";
import { EXCEL_CELL_TEXT_LIMIT } from "../domain/excelLimits";
// From their own modules rather than the index, whose re-exports are getters once compiled to
// CommonJS (node, the benches): these are used for every cell.
import { MONEY_PLACES } from "../money/money";
import { RATE_PLACES } from "../money/rate";
import { SPREADSHEET_DIGITS } from "../money/spreadsheetNumber";
import type { CellKind, CellValue } from "./cells";
import { plainDateSerial, plainDateTimeSerial } from "./excelDates";
import { stringJsonBytes } from "./payload";
import type { ShapeOptions } from "./typedCells";

/** The request bytes of a row's cells so far: each plain cell adds those of its JSON text. */
export interface RowBytes {
  bytes: number;
}

/**
 * A column's plain cell for `value`, its JSON bytes added to `row`; undefined (nothing added)
 * for a value {@link toCell} must shape. `moneyPlaces` are the decimals of the record's amounts.
 */
export type PlainCell = (
  value: JsonValue | undefined,
  moneyPlaces: number,
  row: RowBytes,
) => CellValue | undefined;

/** `""`: the JSON text of an empty cell. */
const EMPTY_BYTES = 2;

/** An empty value is an empty cell in every kind; undefined for any other value. */
function emptyCell(value: JsonValue | undefined, row: RowBytes): "" | undefined {
  if (value !== null && value !== undefined && value !== "") return undefined;
  row.bytes += EMPTY_BYTES;
  return "";
}

function textCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  if (typeof value !== "string" || value === "" || value.length > EXCEL_CELL_TEXT_LIMIT) {
    return emptyCell(value, row);
  }
  row.bytes += stringJsonBytes(value);
  return value;
}

function moneyCell(value: JsonValue | undefined, places: number, row: RowBytes) {
  // An amount of a currency with other decimals has a format of its own: toCell's.
  return typeof value === "string" && value !== "" && places === MONEY_PLACES
    ? plainDecimal(value, MONEY_PLACES, row)
    : emptyCell(value, row);
}

function rateCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  return typeof value === "string" && value !== ""
    ? plainDecimal(value, RATE_PLACES, row)
    : emptyCell(value, row);
}

function dateCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  if (typeof value !== "string" || value === "") return emptyCell(value, row);
  const serial = plainDateSerial(value);
  if (serial !== undefined) row.bytes += wholeDigits(serial);
  return serial;
}

function dateTimeCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  if (typeof value !== "string" || value === "") return emptyCell(value, row);
  const serial = plainDateTimeSerial(value);
  if (serial !== undefined) row.bytes += serialBytes(serial);
  return serial;
}

/**
 * Serials from 32,768 to 65,535 (1989-09-18 to 2079-06-06): doubles there are all 2^-37 apart,
 * so a serial's fraction of a day is the same double, and is written with the same digits
 * after the point, whatever the day (its shortest text is the day's digits and those).
 */
const SAME_SPACING_FROM = 32_768;
const SAME_SPACING_TO = 65_536;
const DAY_MS = 86_400_000;

/** Characters after the day's digits of a serial's shortest text, by millisecond of the day. */
const fractionBytes = new Map<number, number>();

/** How many milliseconds of the day {@link fractionBytes} keeps at most. */
const FRACTION_BYTES_KEPT = 100_000;

/** Bytes of a date-time serial's JSON text: measured once per millisecond of the day. */
function serialBytes(serial: number): number {
  const days = Math.floor(serial);
  if (days === serial) return wholeDigits(serial);
  if (serial < SAME_SPACING_FROM || serial >= SAME_SPACING_TO) return String(serial).length;
  const msOfDay = Math.round((serial - days) * DAY_MS);
  let fraction = fractionBytes.get(msOfDay);
  if (fraction === undefined) {
    fraction = String(serial).length - wholeDigits(days);
    if (fractionBytes.size < FRACTION_BYTES_KEPT) fractionBytes.set(msOfDay, fraction);
  }
  return wholeDigits(days) + fraction;
}

/** Whole numbers of at most 15 digits: what an integer or number cell holds exactly. */
const WHOLE_LIMIT = 1e15;

function wholeNumberCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  if (typeof value !== "number" || !Number.isInteger(value)) return emptyCell(value, row);
  if (value >= WHOLE_LIMIT || value <= -WHOLE_LIMIT) return undefined;
  if (value === 0) {
    row.bytes += 1;
    return 0; // -0 is written 0
  }
  row.bytes += value < 0 ? 1 + wholeDigits(-value) : wholeDigits(value);
  return value;
}

function booleanCell(value: JsonValue | undefined, _places: number, row: RowBytes) {
  if (typeof value !== "boolean") return emptyCell(value, row);
  row.bytes += value ? 4 : 5;
  return value;
}

function emptyOnly(value: JsonValue | undefined, _places: number, row: RowBytes) {
  return emptyCell(value, row);
}

/**
 * The plain cells of a column of `kind`. For a file (`options.exactText`) amounts and rates keep
 * the server's text, which toCell gives.
 */
export function plainCellFor(kind: CellKind, options: ShapeOptions = {}): PlainCell {
  switch (kind) {
    case "text":
      return textCell;
    case "money":
      return options.exactText === true ? emptyOnly : moneyCell;
    case "rate":
      return options.exactText === true ? emptyOnly : rateCell;
    case "date":
      return dateCell;
    case "datetime":
      return dateTimeCell;
    case "integer":
    case "number":
      return wholeNumberCell;
    case "boolean":
      return booleanCell;
  }
}

/** Digits of a whole number from 1 to 10^15 - 1. */
function wholeDigits(whole: number): number {
  let digits = 1;
  for (let limit = 10; whole >= limit && digits < 16; limit *= 10) digits++;
  return digits;
}

/** Powers of ten up to 10^15, each a double exactly. */
const POWERS_OF_TEN: readonly number[] = Array.from({ length: 16 }, (_, n) => 10 ** n);

/**
 * The number of plain decimal text (`-?digits(.digits)?`) of at most 15 digits and at most
 * `maxPlaces` decimals (trailing zeros not counted), its JSON bytes added to `row`; undefined for
 * anything else. At most 15 digits are at most 15 significant digits, which a cell holds
 * exactly. The digits as a whole number and a power of ten are both doubles exactly, so their
 * quotient is the double nearest the text, as Number(text) gives it; and JavaScript writes that
 * double with those digits, less leading zeros and trailing decimal zeros, as long as it is at
 * least 10^-6 (smaller ones are written with an exponent and measured).
 */
function plainDecimal(text: string, maxPlaces: number, row: RowBytes): number | undefined {
  const length = text.length;
  const negative = text.charCodeAt(0) === 0x2d;
  let at = negative ? 1 : 0;
  const start = at;
  let digits = 0;
  // Integer digits from the first that is not zero, as JSON writes them.
  let shownWhole = 0;
  for (; at < length; at++) {
    const digit = text.charCodeAt(at) - 0x30;
    if (digit < 0 || digit > 9) break;
    digits = digits * 10 + digit;
    if (digits !== 0) shownWhole++;
  }
  if (at === start) return undefined;
  let decimals = 0;
  let shownDecimals = 0;
  let leadingZeros = 0;
  if (at < length) {
    if (text.charCodeAt(at) !== 0x2e) return undefined;
    const fractionStart = ++at;
    for (; at < length; at++) {
      const digit = text.charCodeAt(at) - 0x30;
      if (digit < 0 || digit > 9) return undefined;
      digits = digits * 10 + digit;
      if (digit !== 0) {
        if (shownDecimals === 0) leadingZeros = at - fractionStart;
        shownDecimals = at - fractionStart + 1;
      }
    }
    decimals = at - fractionStart;
    if (decimals === 0 || shownDecimals > maxPlaces) return undefined;
  }
  if (at - start - (decimals > 0 ? 1 : 0) > SPREADSHEET_DIGITS) return undefined;
  if (digits === 0) {
    row.bytes += 1;
    return 0; // -0 is written 0
  }
  const magnitude = digits / (POWERS_OF_TEN[decimals] as number);
  const number = negative ? -magnitude : magnitude;
  if (shownWhole === 0 && leadingZeros >= 6) row.bytes += String(number).length;
  else {
    const shown = Math.max(shownWhole, 1) + (shownDecimals > 0 ? 1 + shownDecimals : 0);
    row.bytes += negative ? shown + 1 : shown;
  }
  return number;
}
