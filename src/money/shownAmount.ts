// Whether a cell shows the amount that would be sent: what it displays (its number format
// applied to the number as Excel keeps it) must be that amount, digit for digit.

import { Money, MoneyDecimal } from "./decimal";
import { moneyFormatFor } from "./currency";
import { formatMoney, placesInWords } from "./money";
import { formatDecimals } from "./numberFormatDecimals";
import { settleSpreadsheetNumber } from "./spreadsheetNumber";

/** How a cell shows its number: `Range.numberFormat` and `Range.text` of the cell. */
export interface CellDisplay {
  readonly numberFormat: string;
  readonly text: string;
}

/**
 * Why the cell holding `value` does not show `amount` (the amount, in whole minor units of
 * `places` decimals, that would be sent for it), as a clause for a message; null when it does.
 *
 * Excel displays a number from its 15 significant digits, rounded half away from zero to the
 * decimals of the format: that is compared with `amount`, exactly. A format with fewer decimals
 * than `places` is refused whatever the value, as it would hide a change of the last decimal.
 * General and Text show what the column fits, so their displayed text is compared instead.
 */
export function shownAmountProblem(
  value: number,
  amount: Money,
  places: number,
  display: CellDisplay,
): string | null {
  const settled = settleSpreadsheetNumber(value);
  if (settled === null) return null;
  const fix = `give it the number format ${moneyFormatFor(places)}`;
  const sent = formatMoney(amount, { places, grouping: true });
  const decimals = formatDecimals(display.numberFormat, value);
  if (decimals.kind === "general") {
    const shown = displayedNumber(display.text);
    if (shown !== null && shown.equals(amount)) return null;
    return `the cell shows “${display.text}”, not ${sent}, the amount that would be sent; ${fix}`;
  }
  if (decimals.kind === "other") {
    return (
      `its number format “${display.numberFormat}” does not show the amount as it would be ` +
      `sent (${sent}); ${fix}`
    );
  }
  const shown = roundHalfAwayFromZero(settled, decimals.decimals);
  const shownText = formatMoney(shown, { places: decimals.decimals, grouping: true });
  if (decimals.decimals < places) {
    const hides = shown.equals(amount) ? "" : `: it shows ${shownText} while ${sent} would be sent`;
    return (
      `its number format “${display.numberFormat}” shows ${placesInWords(decimals.decimals)}, ` +
      `fewer than the ${placesInWords(places)} of the currency${hides}; ${fix}`
    );
  }
  if (shown.equals(amount)) return null;
  return (
    `it shows ${shownText} while ${sent} would be sent; if it is a formula result, wrap the ` +
    `formula in ROUND(…, ${places})`
  );
}

/** `value` rounded half away from zero to `decimals`, as Excel displays numbers. */
function roundHalfAwayFromZero(value: Money, decimals: number): Money {
  const rounded = value.toDecimalPlaces(decimals, MoneyDecimal.ROUND_HALF_UP);
  return rounded.isZero() ? new MoneyDecimal(0) : rounded;
}

/**
 * The number a General cell displays: digits with at most one decimal separator (a point, or
 * the comma of a locale that writes decimals with one), or null for anything else (an exponent,
 * "#####" in a column too narrow). General never groups thousands, so a comma is a decimal one.
 */
function displayedNumber(text: string): Money | null {
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  return new MoneyDecimal(`${match[1]}${match[2]}.${match[3] ?? "0"}`);
}
