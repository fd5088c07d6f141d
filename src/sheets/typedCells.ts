// One JSON value into the cell of a column of a given kind, or into text with a note saying why.
//
// A value that fits the column's kind becomes a typed cell (a number, a date serial, a boolean).
// One that does not is written as text, exactly as received, and flagged: the writer formats that
// cell "@" so Excel keeps it literal, and the row's "Import notes" cell says why it is text. No
// amount ever passes through JavaScript arithmetic: decimal text goes to a double once, through
// the money module, and only when the double shows the same 15 digits.

import { JsonNumber, type JsonValue } from "../api";
import {
  DECIMAL_TEXT,
  MONEY_PLACES,
  RATE_PLACES,
  SPREADSHEET_DIGITS,
  moneyFormatFor,
  placesInWords,
  toSpreadsheetNumber,
} from "../money";
import type { CellKind, CellValue } from "./cells";
import { readDateSerial, readDateTimeSerial, type SerialResult } from "./excelDates";
import { fitText, jsonText } from "./textCells";
import { EXCEL_CELL_TEXT_LIMIT } from "../domain/excelLimits";

/** What a value becomes in a cell of a column. */
export interface CellOutcome {
  readonly value: CellValue;
  /** True when the cell holds text in a column of another kind: the writer formats it "@". */
  readonly fallback: boolean;
  /** Sentences for the row's "Import notes", e.g. `Total kept as text: more than 15 …`. */
  readonly notes: readonly string[];
  /** Why a value is text in a column of another kind (`more than 15 significant digits`). */
  readonly reason?: string;
  /**
   * The cell's own number format where it differs from its column's: an amount in a currency
   * of other decimals than two (`#,##0.000` for KWD, `#,##0` for JPY).
   */
  readonly numberFormat?: string;
}

/** The notes of a cell that needs none, shared: most cells have none. */
const NO_NOTES: readonly string[] = Object.freeze([]);

const EMPTY: CellOutcome = { value: "", fallback: false, notes: NO_NOTES };

/** A typed cell with nothing to say about it. */
function plainCell(value: CellValue): CellOutcome {
  return { value, fallback: false, notes: NO_NOTES };
}

function isEmpty(value: JsonValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === "" ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** "a string", "an array", …: the JSON type of a value, for notes. */
function typeName(value: JsonValue): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (value instanceof JsonNumber) return "a number";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "true or false";
    default:
      return "an object";
  }
}

function textOutcome(
  value: JsonValue,
  header: string,
  fallback: boolean,
  reason?: string,
): CellOutcome {
  const plain = fallback ? undefined : plainTextCell("text", value);
  if (plain !== undefined) return plainCell(plain);
  const fitted = fitText(jsonText(value), header);
  const notes: string[] = [];
  if (reason !== undefined) notes.push(`${header} kept as text: ${reason}`);
  if (fitted.note !== null) notes.push(fitted.note);
  return { value: fitted.text, fallback, notes, ...(reason === undefined ? {} : { reason }) };
}

function keptAsText(value: JsonValue, header: string, reason: string): CellOutcome {
  return textOutcome(value, header, true, reason);
}

function wrongType(value: JsonValue, header: string, expected: string): CellOutcome {
  return keptAsText(value, header, `expected ${expected}, got ${typeName(value)}`);
}

/**
 * Significant digits of a double as JavaScript writes it (its shortest round-trip text):
 * 1234.5 → 5, 1e21 → 1, 0.000123 → 3.
 */
export function significantDigitsOf(value: number): number {
  const mantissa = String(Math.abs(value)).split("e")[0] ?? "";
  return mantissa.replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length || 1;
}

/** Decimals of decimal text, trailing zeros not counted: `12.300` → 1. */
function decimalPlaces(text: string): number {
  const dot = text.indexOf(".");
  if (dot < 0) return 0;
  let end = text.length;
  while (end > dot + 1 && text.charCodeAt(end - 1) === 0x30) end--;
  return end - dot - 1;
}

/**
 * Decimal text of a string or number value (`"12.30"`, `12.3` → `"12.3"`, an exact JsonNumber
 * as its digits); null otherwise.
 */
function decimalTextOf(value: JsonValue): string | null {
  const text =
    typeof value === "number" ? String(value) : value instanceof JsonNumber ? value.text : value;
  return typeof text === "string" && DECIMAL_TEXT.test(text) ? text : null;
}

function decimalCell(
  value: JsonValue,
  header: string,
  what: string,
  maxPlaces: number,
  tooPrecise: string,
): CellOutcome {
  if (typeof value !== "string" && typeof value !== "number" && !(value instanceof JsonNumber)) {
    return wrongType(value, header, what);
  }
  const text = decimalTextOf(value);
  if (text === null) return keptAsText(value, header, `not ${what}`);
  if (decimalPlaces(text) > maxPlaces) {
    return keptAsText(value, header, tooPrecise);
  }
  const number = toSpreadsheetNumber(text);
  if (!number.ok) {
    return keptAsText(value, header, `more than ${SPREADSHEET_DIGITS} significant digits`);
  }
  return plainCell(number.value);
}

/**
 * An amount with the decimals of its currency: more would be hidden by the money format, so
 * they stay text; the cell's format shows exactly `places` decimals.
 */
function moneyCell(value: JsonValue, header: string, places: number): CellOutcome {
  const tooPrecise = places === 0 ? "not a whole amount" : `more than ${placesInWords(places)}`;
  const outcome = decimalCell(value, header, "a decimal amount", places, tooPrecise);
  return outcome.fallback || places === MONEY_PLACES
    ? outcome
    : { ...outcome, numberFormat: moneyFormatFor(places) };
}

function serialCell(
  value: JsonValue,
  header: string,
  read: (text: string) => SerialResult,
  what: string,
): CellOutcome {
  if (typeof value !== "string") return wrongType(value, header, what);
  const result = read(value);
  if (result.ok) return plainCell(result.serial);
  return result.problem === "out-of-range"
    ? keptAsText(value, header, "outside Excel's dates (1900-03-01 to 9999-12-31)")
    : keptAsText(value, header, `not ${what}`);
}

/** A date-time column also takes a plain date, as midnight of that date. */
function readDateTimeOrDate(text: string): SerialResult {
  const dateTime = readDateTimeSerial(text);
  return dateTime.ok || dateTime.problem === "out-of-range" ? dateTime : readDateSerial(text);
}

/**
 * Why a number no double holds (a {@link JsonNumber}) is kept as text: too many digits, or out
 * of the range of doubles altogether (`1e400`, `1e-400`).
 */
function inexactReason(value: JsonNumber): string {
  const digits = (value.text.split(/[eE]/)[0] ?? "").replace(/[-.]/g, "").replace(/^0+/, "");
  const significant = digits.replace(/0+$/, "").length;
  return significant > SPREADSHEET_DIGITS
    ? `more than ${SPREADSHEET_DIGITS} significant digits`
    : "outside the range of numbers a cell can hold";
}

/**
 * Decimal text that is plainly a number written as a string (`"12.30"`, `"-5"`), not an id or
 * a code: no leading zeros (`"007"` stays text), no exponent, no `+`.
 */
const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A number column's cell for a string: the number when the string is plain decimal text that a
 * cell holds exactly (a `"12.30"` among numbers is the same value and should add up with them),
 * text with the reason otherwise.
 */
function numberFromText(
  value: string,
  header: string,
  integer: boolean,
  what: string,
): CellOutcome {
  if (!PLAIN_DECIMAL.test(value)) return wrongType(value, header, what);
  if (integer && decimalPlaces(value) > 0) return keptAsText(value, header, `not ${what}`);
  const number = toSpreadsheetNumber(value);
  if (!number.ok) {
    return keptAsText(value, header, `more than ${SPREADSHEET_DIGITS} significant digits`);
  }
  return plainCell(Object.is(number.value, -0) ? 0 : number.value);
}

function numberCell(value: JsonValue, header: string, integer: boolean): CellOutcome {
  const what = integer ? "a whole number" : "a number";
  // Exactly as the server wrote it, never a nearby double (the JSON reader kept the digits).
  if (value instanceof JsonNumber) return keptAsText(value, header, inexactReason(value));
  if (typeof value === "string") return numberFromText(value, header, integer, what);
  if (typeof value !== "number") return wrongType(value, header, what);
  if (integer && !Number.isInteger(value)) return keptAsText(value, header, `not ${what}`);
  if (significantDigitsOf(value) > SPREADSHEET_DIGITS) {
    return keptAsText(value, header, `more than ${SPREADSHEET_DIGITS} significant digits`);
  }
  return plainCell(Object.is(value, -0) ? 0 : value);
}

/**
 * The cell of a text column for a string that fits a cell as it is: the string itself, with
 * nothing to note. Undefined for anything else, which needs its JSON text or a cut.
 */
function plainTextCell(kind: CellKind, value: JsonValue | undefined): string | undefined {
  return kind === "text" &&
    typeof value === "string" &&
    value !== "" &&
    value.length <= EXCEL_CELL_TEXT_LIMIT
    ? value
    : undefined;
}

/** How cells are shaped beyond the column kinds. */
export interface ShapeOptions {
  /**
   * For a file without a spreadsheet's limits (CSV): amounts and rates as the server's decimal
   * text, and no text cut to a cell's limit.
   */
  readonly exactText?: boolean;
}

/**
 * The cell for `value` in a column of `kind` whose header is `header` (used in notes).
 *
 * - null, a missing value, `""` and `[]` are an empty cell (`""`) in every kind, without a note.
 * - text: a string exactly as received; any other JSON value as its compact JSON text.
 * - money: decimal text (or a JSON number) with at most `moneyPlaces` decimals (the record's
 *   currency's: two by default, three for KWD, none for JPY) and at most 15 significant digits
 *   becomes a number, formatted with those decimals; otherwise the text is kept, with the reason.
 * - rate: the same with at most ten decimals.
 * - integer / number: a JSON number (whole, for integer) of at most 15 significant digits, or
 *   plain decimal text of such a number (`"12.30"`). A number no double holds exactly (a
 *   JsonNumber from the lossless reader) is text with its digits exactly as received.
 * - date: `YYYY-MM-DD` from 1900-03-01 to 9999-12-31 becomes a serial.
 * - datetime: an ISO date-time with a zone becomes a serial in UTC; a plain date is midnight.
 * - boolean: JSON true or false.
 * Every text cell is fitted to Excel's 32,767-character limit, with a note when cut.
 * With `options.exactText`, amounts and rates are their decimal text and no text is cut.
 */
export function toCell(
  kind: CellKind,
  value: JsonValue | undefined,
  header: string,
  moneyPlaces: number = MONEY_PLACES,
  options: ShapeOptions = {},
): CellOutcome {
  const outcome = spreadsheetCell(kind, value, header, moneyPlaces);
  return options.exactText ? exactCell(outcome, kind, value, header) : outcome;
}

/** The cell for a spreadsheet: see {@link toCell}. */
function spreadsheetCell(
  kind: CellKind,
  value: JsonValue | undefined,
  header: string,
  moneyPlaces: number,
): CellOutcome {
  if (value === undefined || isEmpty(value)) return EMPTY;
  switch (kind) {
    case "text":
      return textOutcome(value, header, false);
    case "money":
      return moneyCell(value, header, moneyPlaces);
    case "rate":
      return decimalCell(
        value,
        header,
        "a decimal rate",
        RATE_PLACES,
        `more than ${RATE_PLACES} decimals`,
      );
    case "integer":
      return numberCell(value, header, true);
    case "number":
      return numberCell(value, header, false);
    case "date":
      return serialCell(value, header, readDateSerial, "a date (YYYY-MM-DD)");
    case "datetime":
      return serialCell(value, header, readDateTimeOrDate, "a date-time with a time zone");
    case "boolean":
      return typeof value === "boolean"
        ? plainCell(value)
        : wrongType(value, header, "true or false");
  }
}

/**
 * The cell for a file without a spreadsheet's limits (CSV): an amount or rate as the server's
 * decimal text (its scale kept: `20659.60`, digits a double cannot hold), and text never cut.
 */
function exactCell(
  outcome: CellOutcome,
  kind: CellKind,
  value: JsonValue | undefined,
  header: string,
): CellOutcome {
  if (value === undefined || isEmpty(value)) return outcome;
  if (kind === "money" || kind === "rate") {
    const text = decimalTextOf(value);
    if (text !== null) return { value: text, fallback: false, notes: [] };
  }
  if (typeof outcome.value !== "string") return outcome;
  const full = jsonText(value);
  if (full.length <= outcome.value.length) return outcome;
  const cut = fitText(full, header).note;
  return { ...outcome, value: full, notes: outcome.notes.filter((note) => note !== cut) };
}
