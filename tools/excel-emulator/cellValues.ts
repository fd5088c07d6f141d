// What a cell holds: numbers, text, booleans and Excel's error values ("#REF!", ...), and the
// 1900 date system that turns calendar dates into serial numbers.

/** Excel's error values (#BUSY!: a custom function still calculating, never typed). */
export type ExcelErrorCode =
  | "#NULL!"
  | "#DIV/0!"
  | "#VALUE!"
  | "#REF!"
  | "#NAME?"
  | "#NUM!"
  | "#N/A"
  | "#SPILL!"
  | "#CALC!"
  | "#BUSY!";

export const ERROR_CODES: readonly ExcelErrorCode[] = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#SPILL!",
  "#CALC!",
];

/** An error value in a cell or a formula result. One instance per code. */
export class CellError {
  private static readonly instances = new Map<ExcelErrorCode, CellError>();

  private constructor(readonly code: ExcelErrorCode) {}

  static of(code: ExcelErrorCode): CellError {
    let error = CellError.instances.get(code);
    if (!error) {
      error = new CellError(code);
      CellError.instances.set(code, error);
    }
    return error;
  }

  toString(): string {
    return this.code;
  }
}

/** The errors by their text, for parsing typed input and formulas. */
export function errorFromText(text: string): CellError | undefined {
  const upper = text.toUpperCase();
  const code = ERROR_CODES.find((c) => c === upper);
  return code && CellError.of(code);
}

/** A stored cell value; "" is an empty cell. */
export type CellScalar = number | string | boolean | CellError;

/** The value as `Range.values` returns it: errors read as their text. */
export function valueForApi(value: CellScalar): number | string | boolean {
  return value instanceof CellError ? value.code : value;
}

const MS_PER_DAY = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

/**
 * The serial number of a calendar date in Excel's 1900 system (1 = 1900-01-01, with Excel's
 * fictitious 1900-02-29 as 60). Undefined for dates Excel cannot hold.
 */
export function dateToSerial(year: number, month: number, day: number): number | undefined {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  if (year === 1900 && month === 2 && day === 29) return 60;
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  const serial = Math.round((time - EPOCH) / MS_PER_DAY);
  return serial < 61 ? serial - 1 : serial;
}

/** The calendar parts of a serial date-time, as Excel displays it (rounded to the second). */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function serialToParts(serial: number): DateTimeParts | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return undefined;
  let days = Math.floor(serial);
  let secondsOfDay = Math.round((serial - days) * 86_400);
  if (secondsOfDay >= 86_400) {
    days += 1;
    secondsOfDay -= 86_400;
  }
  const time = {
    hours: Math.floor(secondsOfDay / 3600),
    minutes: Math.floor((secondsOfDay % 3600) / 60),
    seconds: secondsOfDay % 60,
  };
  if (days === 60) return { year: 1900, month: 2, day: 29, weekday: 3, ...time };
  if (days === 0) return { year: 1900, month: 1, day: 0, weekday: 6, ...time };
  const shifted = days < 60 ? days + 1 : days;
  const date = new Date(EPOCH + shifted * MS_PER_DAY);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    ...time,
  };
}

/** Rounds to the 15 significant digits Excel keeps. */
export function toExcelPrecision(n: number): number {
  if (n === 0 || !Number.isFinite(n)) return n === 0 ? 0 : n;
  return Number(n.toPrecision(15));
}
