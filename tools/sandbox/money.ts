/**
 * Money arithmetic on a private decimal.js clone (half-up, 40 digits), isolated from global config,
 * with exact integer-cent shortcuts for the two-decimal amounts that records are made of: a page
 * of records would otherwise build thousands of decimals. Every shortcut gives the same text as
 * decimal.js and falls back to it for any value it cannot hold exactly.
 */
import Decimal from "decimal.js";

export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** The value of a decimal digit's char code, or -1. */
function digitAt(text: string, at: number): number {
  const digit = text.charCodeAt(at) - 48;
  return digit >= 0 && digit <= 9 ? digit : -1;
}

/**
 * Exact integer cents of decimal text with at most two decimals and 13 whole digits (`-12.3`,
 * `7`), else undefined. Read by hand: a regular expression per amount costs more than the sum.
 */
function centsOf(text: string): number | undefined {
  const negative = text.charCodeAt(0) === 45;
  let at = negative ? 1 : 0;
  const start = at;
  let whole = 0;
  for (let digit = digitAt(text, at); digit >= 0; digit = digitAt(text, ++at)) {
    whole = whole * 10 + digit;
  }
  if (at === start || at - start > 13) return undefined;
  let cents = whole * 100;
  if (at < text.length) {
    const decimals = text.length - at - 1;
    const tenths = digitAt(text, at + 1);
    const hundredths = decimals === 2 ? digitAt(text, at + 2) : 0;
    if (text.charCodeAt(at) !== 46 || decimals < 1 || decimals > 2) return undefined;
    if (tenths < 0 || hundredths < 0) return undefined;
    cents += tenths * 10 + hundredths;
  }
  return negative ? -cents : cents;
}

/** Two-decimal text of whole cents; `negative` writes `-0.00` as decimal.js does for -0.004. */
function centsText(cents: number, negative = cents < 0): string {
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  return `${negative ? "-" : ""}${(abs - fraction) / 100}.${fraction < 10 ? "0" : ""}${fraction}`;
}

/** Two-decimal string, rounded half-up: the API's amount format. */
export function formatAmount(value: Money | string | number): string {
  if (typeof value === "number") {
    // A double that is exactly some cents over 100 (as near as division gives) reads as them.
    const cents = Math.round(value * 100);
    if (Math.abs(cents) < 1e15 && cents / 100 === value) return centsText(cents);
  } else if (typeof value === "string") {
    const cents = centsOf(value);
    if (cents !== undefined) return centsText(cents);
  }
  return new Money(value).toFixed(2, Money.ROUND_HALF_UP);
}

export function sumAmounts(values: ReadonlyArray<Money | string>): Money {
  return values.reduce<Money>((total, value) => total.plus(value), new Money(0));
}

/** `a + b` (or `a - b`), two decimals: exact cents when both are amounts, else decimal.js. */
export function addAmounts(a: string, b: string, subtract = false): string {
  const x = centsOf(a);
  const y = centsOf(b);
  if (x !== undefined && y !== undefined) return centsText(subtract ? x - y : x + y);
  const sum = subtract ? new Money(a).minus(b) : new Money(a).plus(b);
  return sum.toFixed(2, Money.ROUND_HALF_UP);
}

/** The sum of amounts, two decimals. */
export function totalOf(values: readonly string[]): string {
  let cents = 0;
  for (const value of values) {
    const next = centsOf(value);
    if (next === undefined) return sumAmounts(values).toFixed(2, Money.ROUND_HALF_UP);
    cents += next;
  }
  return centsText(cents);
}

/** `a × b` rounded half-up (away from zero on a tie) to two decimals, as decimal.js does. */
export function timesAmount(a: string, b: string): string {
  const x = centsOf(a);
  const y = centsOf(b);
  const product = x === undefined || y === undefined ? undefined : x * y;
  if (product !== undefined && Number.isSafeInteger(product)) {
    // The product is in ten-thousandths; half-up on its magnitude, sign put back after.
    const cents = Math.floor((Math.abs(product) + 50) / 100);
    return centsText(product < 0 ? -cents : cents, product < 0);
  }
  return new Money(a).times(b).toFixed(2, Money.ROUND_HALF_UP);
}

/** Half of an amount rounded down to whole units (`123.45` → `61.00`), as decimal.js floors it. */
export function halfFloored(amount: string): string {
  const cents = centsOf(amount);
  if (cents !== undefined) return centsText(Math.floor(cents / 200) * 100);
  return new Money(amount).dividedBy(2).floor().toFixed(2, Money.ROUND_HALF_UP);
}

/** Splits `total` into `parts` two-decimal amounts that add up to it exactly. */
export function splitAmount(total: string, fractions: readonly number[]): string[] {
  const cents = new Money(total).times(100);
  const weights = fractions.map((fraction) => Math.max(fraction, 0.01));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => cents.times(weight).dividedBy(weightSum).floor());
  const remainder = cents.minus(sumAmounts(shares));
  const adjusted = shares.map((share, i) => (i === 0 ? share.plus(remainder) : share));
  return adjusted.map((share) => formatAmount(share.dividedBy(100)));
}
