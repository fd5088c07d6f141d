// Amounts of money as exact decimals: strict parsing, sums, comparison, display and wire text.

import { DECIMAL_TEXT, Money, MoneyDecimal } from "./decimal";
import { accept, MoneyResult, refuse } from "./moneyProblem";

/** Amounts carry at most this many decimals unless a caller says otherwise. */
export const MONEY_PLACES = 2;

/**
 * More digits than this is not an amount anyone means; refusing early keeps every later
 * computation well inside the 40-digit precision of {@link MoneyDecimal}.
 */
const MAX_DIGITS = 30;

/** Shows a piece of user text in a message without letting a huge cell flood the message. */
export function quoteText(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `“${shown}”`;
}

/** Explains why `text` is not strict decimal text, with the most likely fix. */
export function notDecimalMessage(text: string, what: string, example: string): string {
  const quoted = quoteText(text);
  if (/\s/.test(text)) return `${quoted} is not ${what}: remove the spaces.`;
  if (/^[-+]?\d*\.?\d+[eE][-+]?\d+$/.test(text)) {
    return `${quoted} is not ${what}: write it without an exponent, like ${example}.`;
  }
  if (text.includes(",")) {
    return `${quoted} is not ${what}: use a point for decimals and no thousands separators, like ${example}.`;
  }
  return `${quoted} is not ${what} like ${example}.`;
}

/**
 * Parses strict decimal text (`-12.30`, `0.00`, `1234567890123456.78`) into an exact amount.
 * Refuses empty text, exponents (`1e5`), grouping or decimal commas (`12,30`), spaces, `NaN`,
 * a plus sign, and more than `places` decimals (trailing zeros do not count: `1.500` is 1.5).
 */
export function parseMoney(text: string, options: { places?: number } = {}): MoneyResult<Money> {
  const places = options.places ?? MONEY_PLACES;
  if (text === "") return refuse("empty", "The amount is empty.");
  if (!DECIMAL_TEXT.test(text)) {
    return refuse("not-decimal", notDecimalMessage(text, "an amount", "1234.50"));
  }
  if (text.replace(/[-.]/g, "").length > MAX_DIGITS) {
    return refuse("too-large", `${quoteText(text)} has more than ${MAX_DIGITS} digits.`);
  }
  const value = new MoneyDecimal(text);
  if (value.decimalPlaces() > places) {
    return refuse("too-many-decimals", `${text} ${tooManyDecimals(places)}.`);
  }
  return accept(value.isZero() ? new MoneyDecimal(0) : value);
}

/**
 * The decimals that decimal text really has, trailing zeros left out (`"1234.560"` 2, `"150000.00"`
 * 0); 0 for text that is not decimal.
 */
export function decimalsOfText(text: string): number {
  return DECIMAL_TEXT.test(text) ? new MoneyDecimal(text).decimalPlaces() : 0;
}

/** "has more than two decimals", or "is not a whole amount" where amounts have none (JPY). */
export function tooManyDecimals(places: number): string {
  return places === 0 ? "is not a whole amount" : `has more than ${placesInWords(places)}`;
}

/** "two decimals", "one decimal", "no decimals": for messages. */
export function placesInWords(places: number): string {
  const words = ["no decimals", "one decimal", "two decimals", "three decimals", "four decimals"];
  return words[places] ?? `${places} decimals`;
}

/** The exact sum of the amounts (zero for none). */
export function sumMoney(values: Iterable<Money>): Money {
  let total: Money = new MoneyDecimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`; usable as a sort comparator. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  const order = a.comparedTo(b);
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

/** True when the two amounts are numerically equal (`10.3` equals `10.30`). */
export function moneyEquals(a: Money, b: Money): boolean {
  return a.equals(b);
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /** Decimals shown; more are rounded half up. Default 2. */
  places?: number;
  /** Group thousands with commas (`1,234.50`). Default false, so the text parses back. */
  grouping?: boolean;
}

/**
 * Text for people: `1234.5` → `"1234.50"`, or `"1,234.50"` with grouping. Never shows float
 * noise or an exponent, and never shows `-0.00`.
 */
export function formatMoney(value: Money, options: FormatMoneyOptions = {}): string {
  const places = options.places ?? MONEY_PLACES;
  const rounded = value.toDecimalPlaces(places);
  const fixed = rounded.abs().toFixed(places);
  const negative = rounded.isNegative() && !rounded.isZero();
  const [whole = "0", fraction] = fixed.split(".");
  const grouped = options.grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : whole;
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/**
 * Canonical decimal text for the API: no exponent, no grouping, at least two decimals and no
 * more than the value has (`10.3` → `"10.30"`, `10` → `"10.00"`, rate `1.2345` → `"1.2345"`).
 * Two decimals matches how the service itself writes amounts, so a value we send reads back
 * as the same text. Negative zero is written `"0.00"`. `minPlaces` is the currency's decimals
 * where they differ (JPY `"150000"`, KWD `"1.500"`).
 */
export function toWireDecimal(value: Money, minPlaces: number = MONEY_PLACES): string {
  const places = Math.max(minPlaces, value.decimalPlaces());
  return (value.isZero() ? new MoneyDecimal(0) : value).toFixed(places);
}
