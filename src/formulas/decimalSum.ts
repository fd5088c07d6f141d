// LEDGER.DECIMALSUM and LEDGER.BALANCED: exact sums of money cells, offline. Each cell is read as
// the journal's Validate reads it (src/money), in the currency's decimals at most the service's,
// so 0.1 + 0.2 is 0.30 and never 0.30000000000000004; a value Validate would refuse (a sub-cent
// digit, a tie beyond 15 digits, a number typed as text, TRUE) stops the sum and says which cell.

import { SERVICE_DECIMALS } from "../api/config";
import {
  MONEY_PLACES,
  SPREADSHEET_DIGITS,
  centsFromSpreadsheetNumber,
  currencyMinorUnits,
  parseMoney,
  sumMoney,
  toSpreadsheetNumber,
  toWireDecimal,
  type Money,
} from "../money";
import { plainCellValue } from "./dataTypeValue";
import { badArgument } from "./formulaError";

/** Where a cell is, for messages: "Row 3, column 1 of the debits". */
function where(what: string, row: number, column: number): string {
  return `Row ${row + 1}, column ${column + 1} of ${what}`;
}

/** The exact amount in one cell, or undefined for an empty one. */
function amountOf(cell: unknown, places: number, place: () => string): Money | undefined {
  const value = plainCellValue(cell);
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") {
    const settled = centsFromSpreadsheetNumber(value, places);
    if (!settled.ok) throw badArgument(`${place()}: ${settled.problem.message}`);
    return settled.value.amount;
  }
  if (typeof value === "string") {
    // Amounts kept as text because no cell holds them exactly (more than 15 digits) are summed
    // exactly too; shorter text is a number typed as text, which Excel's own sums and the
    // journal's Validate leave out, so it is refused as they refuse it.
    const parsed = parseMoney(value.trim(), { places });
    if (!parsed.ok) throw badArgument(`${place()}: ${parsed.problem.message}`);
    if (parsed.value.sd(true) <= SPREADSHEET_DIGITS) {
      throw badArgument(
        `${place()}: ${value.trim()} is text, not a number, so Excel's sums leave it out; ` +
          "enter it as a number.",
      );
    }
    return parsed.value;
  }
  const shown = typeof value === "boolean" ? String(value).toUpperCase() : "this value";
  throw badArgument(`${place()}: ${shown} is not an amount.`);
}

/**
 * The decimals of the currency a function was given (its code: “KWD”, a cell holding it, or its
 * data type), at most the service's two, as a journal sends them; two when none is given. An
 * unknown code is refused rather than guessed.
 */
function currencyPlaces(currency: unknown): number {
  const value = plainCellValue(Array.isArray(currency) ? singleCell(currency) : currency);
  if (value === undefined || value === null || value === "") return MONEY_PLACES;
  const code = typeof value === "string" ? value.trim() : "";
  const minor = currencyMinorUnits(code);
  if (!minor.known) {
    const shown = typeof value === "string" ? `“${value}”` : String(value);
    throw badArgument(
      `The currency ${shown} is not an ISO 4217 currency code; use one such as USD, JPY or KWD.`,
    );
  }
  return Math.min(minor.places, SERVICE_DECIMALS);
}

function singleCell(range: readonly unknown[]): unknown {
  const row: unknown = range.length === 1 ? range[0] : range;
  return Array.isArray(row) && row.length === 1 ? (row as unknown[])[0] : row;
}

/** A lone three-letter text: the currency code given as DECIMALSUM's last argument. */
function isCurrencyArgument(argument: unknown): boolean {
  const value = plainCellValue(Array.isArray(argument) ? singleCell(argument) : argument);
  return typeof value === "string" && /^\s*[A-Za-z]{3}\s*$/.test(value);
}

/** The exact sum of every amount in a range (a 2-D array of cell values). */
export function sumOfRange(
  range: readonly (readonly unknown[])[] | unknown,
  what: string,
  places: number = MONEY_PLACES,
): Money {
  const rows = Array.isArray(range) ? (range as unknown[]) : [[range]];
  const amounts: Money[] = [];
  rows.forEach((row, r) => {
    const cells = Array.isArray(row) ? (row as unknown[]) : [row];
    cells.forEach((cell, c) => {
      const amount = amountOf(cell, places, () => where(what, r, c));
      if (amount !== undefined) amounts.push(amount);
    });
  });
  return sumMoney(amounts);
}

/**
 * A sum as a cell value: a number when a cell holds it exactly, else its exact decimal text
 * (98765432109876.54 has more digits than a double keeps).
 */
export function sumCell(sum: Money, places: number = MONEY_PLACES): number | string {
  const text = toWireDecimal(sum, places);
  const number = toSpreadsheetNumber(text);
  return number.ok ? number.value : text;
}

/**
 * LEDGER.DECIMALSUM: the exact sum of every amount in every range given (empty cells skipped).
 * A last argument that is a currency code (“KWD”, or a cell holding it) sets the decimals the
 * amounts may have; two otherwise.
 */
export function decimalSum(ranges: readonly unknown[]): number | string {
  const last = ranges[ranges.length - 1];
  const withCurrency = ranges.length >= 2 && isCurrencyArgument(last);
  const places = withCurrency ? currencyPlaces(last) : MONEY_PLACES;
  const amounts = withCurrency ? ranges.slice(0, -1) : ranges;
  const sums = amounts.map((range, index) =>
    sumOfRange(range, amounts.length === 1 ? "the values" : `value ${index + 1}`, places),
  );
  return sumCell(sumMoney(sums), places);
}

/**
 * LEDGER.BALANCED: true when the debits and the credits sum to the same amount, exactly, in
 * the decimals of `currency` (two when it is left out).
 */
export function balanced(debits: unknown, credits: unknown, currency?: unknown): boolean {
  const places = currencyPlaces(currency);
  return sumOfRange(debits, "the debits", places).equals(
    sumOfRange(credits, "the credits", places),
  );
}
