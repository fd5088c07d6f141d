// Exchange rates as exact decimals: strictly positive, at most ten decimals.

import { DECIMAL_TEXT, Money, MoneyDecimal } from "./decimal";
import { notDecimalMessage, placesInWords } from "./money";
import { accept, MoneyResult, refuse } from "./moneyProblem";
import { settleSpreadsheetNumber } from "./spreadsheetNumber";

/** Rates carry at most this many decimals; more is almost certainly a paste of float noise. */
export const RATE_PLACES = 10;

/** Parses an exchange rate such as `"1.2345"`: strict decimal text, greater than zero. */
export function parseRate(text: string): MoneyResult<Money> {
  if (text === "") return refuse("empty", "The exchange rate is empty.");
  if (!DECIMAL_TEXT.test(text)) {
    return refuse("not-decimal", notDecimalMessage(text, "an exchange rate", "1.2345"));
  }
  return checkRate(new MoneyDecimal(text), text);
}

/**
 * The exchange rate in a cell holding `value`, settled like amounts (15 significant digits)
 * so that a rate typed as 1.1 is 1.1 and not 1.100000000000000088817841970012523.
 */
export function rateFromSpreadsheetNumber(value: number): MoneyResult<Money> {
  const settled = settleSpreadsheetNumber(value);
  if (settled === null) return refuse("not-finite", `${String(value)} is not an exchange rate.`);
  return checkRate(settled, settled.toString());
}

function checkRate(rate: Money, shown: string): MoneyResult<Money> {
  if (!rate.greaterThan(0)) {
    return refuse("not-positive", `The exchange rate ${shown} must be greater than zero.`);
  }
  if (rate.decimalPlaces() > RATE_PLACES) {
    return refuse(
      "too-many-decimals",
      `The exchange rate ${shown} has more than ${placesInWords(RATE_PLACES)}.`,
    );
  }
  return accept(rate);
}
