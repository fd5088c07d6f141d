// The project's own Decimal constructor: decimal.js configured for money, without touching globals.

import Decimal from "decimal.js";

/**
 * A private clone of decimal.js so that our precision and rounding never leak into (or are
 * changed by) other code that uses the global `Decimal`. Forty significant digits is far more
 * than any amount or exchange rate needs, so additions and comparisons are exact. The exponent
 * limits keep `toString()` free of `e` notation for every value we deal with.
 */
export const MoneyDecimal = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** A decimal value (an instance of decimal.js's Decimal, made by {@link MoneyDecimal}). */
export type Money = Decimal;

/**
 * The strict decimal text accepted everywhere in this module: an optional minus sign, digits,
 * and optionally a point followed by digits. No exponent, no grouping, no spaces, no plus sign.
 */
export const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
