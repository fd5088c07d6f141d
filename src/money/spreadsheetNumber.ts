// Crossing between Excel's doubles and exact decimals: settle float noise in, flag lost digits out.

import { DECIMAL_TEXT, Money, MoneyDecimal } from "./decimal";
import { MONEY_PLACES, placesInWords, quoteText, toWireDecimal } from "./money";
import { accept, MoneyResult, refuse } from "./moneyProblem";

/** Excel keeps and shows at most 15 significant digits of a number. */
export const SPREADSHEET_DIGITS = 15;

/**
 * Float noise a formula result may carry, relative to its size: 2^-44 is 256 units of the
 * double's last place (2^-52), room for the error a long SUM accumulates (summing 0.1 a thousand
 * times is off by about 64 of them) while a value typed with up to 14 significant digits stays
 * far outside it (10.0000004 is 4e-8 of its size).
 */
export const RELATIVE_NOISE = new MoneyDecimal(2).pow(-44);

/**
 * The noise allowed at any size, for results near zero: subtracting two amounts below 2^30
 * (about a billion) errs by at most one unit in their last place, 2^-23 ≈ 1.2e-7, however small
 * the difference. A typed 0.000001 or 10.0000004 is well above it.
 */
export const NOISE_FLOOR = new MoneyDecimal(2).pow(-23);

/** How far from a whole cent the settled `value` may lie and still be read as that cent. */
export function centNoiseTolerance(value: Money): Money {
  return MoneyDecimal.max(value.abs().times(RELATIVE_NOISE), NOISE_FLOOR);
}

/** An amount read from a cell, settled to the decimal Excel shows. */
export interface SettledAmount {
  /** The exact amount. */
  readonly amount: Money;
  /** The amount in whole cents (hundredths), exactly. */
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
 * only amounts with at most two decimals are accepted: `10.005` is refused ("10.005 has more
 * than two decimals") rather than rounded, because silently changing money is worse than
 * asking. NaN, infinities and amounts of 10^15 or more (beyond what a cell holds exactly) are
 * refused too.
 *
 * Subtracting nearly equal amounts (`=1000.10-999.90`) leaves noise inside the 15 digits
 * (0.200000000000045). A value within {@link centNoiseTolerance} of a whole cent is taken as that
 * cent: a tolerance scaled to the double's own rounding error, so the noise of long sums and of
 * differences is settled while a sub-cent part a person types (10.000001, 0.000001, 10.0000004)
 * is still refused.
 */
export function centsFromSpreadsheetNumber(value: number): MoneyResult<SettledAmount> {
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
  const nearestCent = settled.toDecimalPlaces(MONEY_PLACES);
  if (settled.decimalPlaces() > MONEY_PLACES) {
    if (settled.minus(nearestCent).abs().lessThanOrEqualTo(centNoiseTolerance(settled))) {
      return accept(settledAmount(nearestCent.isZero() ? new MoneyDecimal(0) : nearestCent));
    }
    return refuse(
      "too-many-decimals",
      `${shownNumber(settled)} has more than ${placesInWords(MONEY_PLACES)}. ` +
        "If it is a formula result, wrap the formula in ROUND(…, 2).",
    );
  }
  return accept(settledAmount(settled));
}

function settledAmount(amount: Money): SettledAmount {
  return { amount, cents: BigInt(amount.times(100).toFixed(0)), text: toWireDecimal(amount) };
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
