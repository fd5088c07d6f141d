// Reading one cell as Excel reports it (doubles, serials, text, error strings) into exact values.

import {
  type CellDisplay,
  MONEY_PLACES,
  Money,
  type FormulaOperands,
  SPREADSHEET_DIGITS,
  centsFromSpreadsheetNumber,
  parseMoney,
  placesInWords,
  settleSpreadsheetNumber,
  shownAmountProblem,
} from "../money";
import { serialToIsoDate } from "../sheets/excelDates";
import type { Result } from "../util/result";

/** A cell's value as `Range.values` reports it ("" when empty). */
export type CellInput = string | number | boolean;

/**
 * What a cell read to, or why it could not be read (a sentence without the cell's name). A
 * refused amount whose value is still plain (a number with a digit below the minor unit, such
 * as 2500.005) carries it as `standing`, so the balance can be judged in the same pass.
 */
export type Reading<T> = Result<{ value: T }, { message: string; standing?: Money }>;

/** The error values Excel reports through `Range.values` as text. */
export const EXCEL_ERRORS: readonly string[] = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#FIELD!",
  "#BLOCKED!",
  "#CONNECT!",
  "#BUSY!",
  "#UNKNOWN!",
  "#PYTHON!",
];

function ok<T>(value: T): Reading<T> {
  return { ok: true, value };
}

function refused<T>(message: string): Reading<T> {
  return { ok: false, message };
}

/** The sentence for a cell showing an Excel error. */
function errorMessage(error: string): string {
  return `the cell shows the error ${error}; correct its formula or type the value`;
}

function isExcelError(value: CellInput): boolean {
  return typeof value === "string" && EXCEL_ERRORS.includes(value);
}

/**
 * A message of the money module as the second half of ours ("Debit (F20): 10.005 has …"):
 * its closing period dropped and its first word in lower case.
 */
export function asClause(message: string): string {
  const trimmed = message.replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(trimmed) ? trimmed[0]!.toLowerCase() + trimmed.slice(1) : trimmed;
}

/**
 * Text as typed. A number (an id typed into a cell that lost its "@" format) reads as the
 * digits Excel shows, a boolean as TRUE or FALSE. Text that looks like an error is kept when
 * typed (a description may be "#N/A"); only a formula's error result is refused.
 */
export function readText(value: CellInput, formula: CellInput): Reading<string> {
  if (isExcelError(value) && typeof formula === "string" && formula.startsWith("=")) {
    return refused(errorMessage(String(value)));
  }
  if (typeof value === "string") return ok(value);
  if (typeof value === "boolean") return ok(value ? "TRUE" : "FALSE");
  return ok(settleSpreadsheetNumber(value)?.toString() ?? String(value));
}

/** How an amount cell is read: with which decimals, and against what it shows. */
export interface AmountReading {
  /** The decimals an amount may be sent with (the currency's, at most the service's). */
  readonly places: number;
  /** The currency's own decimals (ISO 4217), when more than `places`: named in the refusal. */
  readonly currencyPlaces?: number;
  /** The numbers the cell's formula combines, when known, to judge its binary noise. */
  readonly operands?: FormulaOperands;
  /** The cell's number format and displayed text: the amount sent must be the one shown. */
  readonly display?: CellDisplay;
}

/**
 * An amount: undefined for an empty cell; a number settled to the `places` decimals it may be
 * sent with (float noise from formulas such as =0.1+0.2 removed, judged by the size of the
 * formula's `operands` when known; a real sub-cent value such as 10.005 refused, and a result
 * beyond 15 digits that Excel shows rounded; more than 15 digits in minor units refused), and
 * refused unless the cell shows exactly that amount (`display`). Text is refused, even
 * `1234.50`: the sheet's totals do not count it. Text of more than 15 significant digits is
 * refused with its own reason: the API types amounts as doubles, so a server would change the
 * cents of such an amount.
 */
export function readAmount(
  value: CellInput,
  how: AmountReading = { places: MONEY_PLACES },
): Reading<Money | undefined> {
  const { places, operands, display } = how;
  if (isExcelError(value)) return refused(errorMessage(String(value)));
  if (typeof value === "number") {
    const cents = centsFromSpreadsheetNumber(value, places, operands);
    if (cents.ok) {
      const amount = cents.value.amount;
      const shown = display ? shownAmountProblem(value, amount, places, display) : null;
      return shown === null ? ok(amount) : { ok: false, message: shown, standing: amount };
    }
    const standing =
      cents.problem.code === "too-many-decimals" ? settleSpreadsheetNumber(value) : null;
    const message = asClause(cents.problem.message) + serviceKeeps(cents.problem.code, how);
    return standing === null ? refused(message) : { ok: false, message, standing };
  }
  if (typeof value === "boolean") return refused(`${value ? "TRUE" : "FALSE"} is not an amount`);
  const text = value.trim();
  if (text === "") return ok(undefined);
  const parsed = parseMoney(text, { places });
  if (!parsed.ok && parsed.problem.code === "too-many-decimals") {
    return refused(asClause(parsed.problem.message) + serviceKeeps(parsed.problem.code, how));
  }
  if (!parsed.ok) return refused(asClause(parsed.problem.message));
  if (parsed.value.sd(true) > SPREADSHEET_DIGITS) {
    return refused(
      `${text} has more than ${SPREADSHEET_DIGITS} significant digits, which the server's ` +
        "numbers cannot hold exactly (its cents would change); split it over several lines",
    );
  }
  // Text that reads as an amount is still text to Excel: the sheet's SUM totals and balance skip
  // it, so the sheet would show a different balance from the one sent. Refused, not converted:
  // the user retypes it as a number and sees the totals count it.
  return refused(
    `${text} is text, not a number, so the sheet's totals leave it out; enter it as a number ` +
      "(retype it, or clear the cell's text format first)",
  );
}

/**
 * Why a currency's own decimal is refused (a third KWD decimal): the service keeps fewer.
 * Empty unless the currency has more decimals than may be sent.
 */
function serviceKeeps(code: string, how: AmountReading): string {
  const { places, currencyPlaces } = how;
  if (code !== "too-many-decimals" || currencyPlaces === undefined || currencyPlaces <= places) {
    return "";
  }
  return ` (the service keeps ${placesInWords(places)} of an amount, fewer than the currency's ${placesInWords(currencyPlaces).replace(/ decimals?$/, "")})`;
}

/**
 * A date: a serial becomes `YYYY-MM-DD` (a time of day in it is ignored); text is passed on
 * trimmed for the validator to judge (it accepts `YYYY-MM-DD`).
 */
export function readDateText(value: CellInput): Reading<string> {
  if (isExcelError(value)) return refused(errorMessage(String(value)));
  if (typeof value === "number") {
    const date = serialToIsoDate(value);
    return date === null
      ? refused(`${String(value)} is not a date between 1900-03-01 and 9999-12-31`)
      : ok(date);
  }
  if (typeof value === "boolean") return ok(value ? "TRUE" : "FALSE");
  return ok(value.trim());
}

/**
 * A rate as decimal text: a number settled to the 15 digits Excel shows (1.1, not
 * 1.100000000000000088…); text passed on trimmed for the validator to judge.
 */
export function readRateText(value: CellInput): Reading<string> {
  if (isExcelError(value)) return refused(errorMessage(String(value)));
  if (typeof value === "number") {
    const settled = settleSpreadsheetNumber(value);
    return settled === null ? refused(`${String(value)} is not a number`) : ok(settled.toString());
  }
  if (typeof value === "boolean") return ok(value ? "TRUE" : "FALSE");
  return ok(value.trim());
}
