// Crossing between Excel's doubles and exact decimals: settle float noise in, flag lost digits out.

import { DECIMAL_TEXT, Money, MoneyDecimal } from "./decimal";
import { MONEY_PLACES, quoteText, tooManyDecimals, toWireDecimal } from "./money";
import { accept, MoneyResult, refuse } from "./moneyProblem";

/** Excel keeps and shows at most 15 significant digits of a number. */
export const SPREADSHEET_DIGITS = 15;

/**
 * How far from a whole cent the settled value of a formula result may lie and still be read as
 * that cent: 1e-9, the same at every size. What a person types has at most 15 significant digits
 * and comes back from the double exactly, so a typed 20000000000.001 or 10.0000001 is at least
 * 1e-7 from a cent and refused. The binary noise formulas add is far below it: a SUM of amounts
 * is rounded away by the 15-digit rendering, and the difference of two amounts below 4,000,000
 * errs by less than 1e-9. A difference of larger amounts can show more noise (999999999.99 −
 * 999999999.98 is 0.0100000095…): it is refused with the advice to ROUND, rather than letting a
 * size-scaled allowance swallow typed digits.
 */
export const NOISE_TOLERANCE = new MoneyDecimal("1e-9");

/** An amount read from a cell, settled to the decimal Excel shows. */
export interface SettledAmount {
  /** The exact amount. */
  readonly amount: Money;
  /** The amount in whole minor units (cents for two decimals), exactly. */
  readonly cents: bigint;
  /** The settled amount as wire text ({@link toWireDecimal}), e.g. `"0.30"`. */
  readonly text: string;
}

/**
 * The decimal a person sees for a cell's double: Excel stores doubles but works and displays
 * with 15 significant digits, so rounding to 15 digits removes binary float noise
 * (`0.1 + 0.2` = 0.30000000000000004 → 0.3) while keeping what was typed (`1.005` stays 1.005,
 * whose double is 1.00499999999999989...). Returns null for NaN and infinities.
 */
export function settleSpreadsheetNumber(value: number): Money | null {
  if (!Number.isFinite(value)) return null;
  const settled = new MoneyDecimal(value.toPrecision(SPREADSHEET_DIGITS));
  return settled.isZero() ? new MoneyDecimal(0) : settled;
}

/**
 * The exact amount in a cell holding `value` (typed, or the result of a formula).
 *
 * The double is settled to 15 significant digits ({@link settleSpreadsheetNumber}), and then
 * only amounts with at most `places` decimals (the currency's; two by default) are accepted: `10.005` is refused ("10.005 has more
 * than two decimals") rather than rounded, because silently changing money is worse than
 * asking. NaN, infinities and amounts of 10^15 or more (beyond what a cell holds exactly) are
 * refused too.
 *
 * Subtracting nearly equal amounts (`=1000.10-999.90`) leaves noise inside the 15 digits
 * (0.200000000000045). A value within {@link NOISE_TOLERANCE} (1e-9) of a whole cent is taken as
 * that cent, at every size, so formula noise is settled while every sub-cent digit a person can
 * type into a cell (10.005, 20000000000.001, 10.0000001) is refused.
 */
export function centsFromSpreadsheetNumber(
  value: number,
  places: number = MONEY_PLACES,
): MoneyResult<SettledAmount> {
  const settled = settleSpreadsheetNumber(value);
  if (settled === null) {
    return refuse("not-finite", `${String(value)} is not an amount.`);
  }
  if (settled.abs().greaterThanOrEqualTo("1e15")) {
    return refuse(
      "too-large",
      `${String(value)} is too large to be exact in a spreadsheet cell (more than 15 digits).`,
    );
  }
  const nearestCent = settled.toDecimalPlaces(places);
  if (settled.decimalPlaces() > places) {
    if (settled.minus(nearestCent).abs().lessThanOrEqualTo(NOISE_TOLERANCE)) {
      const amount = nearestCent.isZero() ? new MoneyDecimal(0) : nearestCent;
      return accept(settledAmount(amount, places));
    }
    return refuse(
      "too-many-decimals",
      `${shownNumber(settled)} ${tooManyDecimals(places)}. ` +
        `If it is a formula result, wrap the formula in ROUND(…, ${places}).`,
    );
  }
  return accept(settledAmount(settled, places));
}

function settledAmount(amount: Money, places: number): SettledAmount {
  const cents = BigInt(amount.times(new MoneyDecimal(10).pow(places)).toFixed(0));
  return { amount, cents, text: toWireDecimal(amount, places) };
}

/** How Excel-like a number reads in a message: plain for ordinary sizes, e-notation for tiny. */
function shownNumber(value: Money): string {
  const abs = value.abs();
  return abs.isZero() || abs.greaterThanOrEqualTo("1e-6")
    ? value.toString()
    : String(value.toNumber());
}

/**
 * The double to write into a cell for decimal text from the API. When the decimal has more
 * than 15 significant digits (`98765432109876.54`), a cell cannot hold it exactly: the result
 * is then a refusal with code `too-many-digits`, and the caller should write the text instead
 * (as text, flagged) so no digit is silently lost.
 */
export function toSpreadsheetNumber(decimalText: string): MoneyResult<number> {
  if (!DECIMAL_TEXT.test(decimalText)) {
    return refuse("not-decimal", `${quoteText(decimalText)} is not a decimal number.`);
  }
  const decimal = new MoneyDecimal(decimalText);
  if (decimal.sd() > SPREADSHEET_DIGITS) {
    return refuse(
      "too-many-digits",
      `${decimalText} has more than ${SPREADSHEET_DIGITS} significant digits; ` +
        "a spreadsheet number would lose some of them.",
    );
  }
  const number = decimal.toNumber();
  return accept(Object.is(number, -0) ? 0 : number);
}
