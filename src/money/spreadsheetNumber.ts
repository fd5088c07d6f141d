// Crossing between Excel's doubles and exact decimals: settle float noise in, flag lost digits out.

import { DECIMAL_TEXT, Money, MoneyDecimal } from "./decimal";
import {
  MONEY_PLACES,
  formatMoney,
  placesInWords,
  quoteText,
  tooManyDecimals,
  toWireDecimal,
} from "./money";
import { accept, MoneyResult, refuse } from "./moneyProblem";

/**
 * BigInt constants, written as calls: the bundles are ES2017, whose syntax has no BigInt
 * literals (`10n`); the BigInt function itself is in every web view the add-in supports.
 */
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);
const THREE = BigInt(3);
const BIG_10 = BigInt(10);
const BIG_52 = BigInt(52);
const BIG_63 = BigInt(63);
const BIG_0X7FF = BigInt(0x7ff);
const BIG_1000000000 = BigInt(1_000_000_000);

/** Excel keeps and shows at most 15 significant digits of a number. */
export const SPREADSHEET_DIGITS = 15;

/**
 * The largest number of minor units (cents for two decimals) an amount may have: 15 significant
 * digits, what Excel keeps of a number. 9,999,999,999,999.99 with two decimals,
 * 999,999,999,999.999 with three, 999,999,999,999,999 with none.
 */
export const LARGEST_MINOR_UNITS = BIG_10 ** BigInt(SPREADSHEET_DIGITS) - ONE;

/**
 * Units in the last place of the value itself that are noise. A typed number keeps at most 15
 * significant digits and one unit of its 15th digit is at least 4.5 units in the last place of
 * its double, so 3 never reach a typed digit; and a sum of two amounts, or of three of the same
 * sign, errs by less (half a unit per rounding).
 */
const VALUE_ULPS = THREE;
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

/** The numbers a formula combined, when the caller knows them, to bound its noise. */
export interface FormulaOperands {
  /** The operands' values (literals and the cells it refers to). */
  readonly values: readonly number[];
}

/**
 * The exact amount in a cell holding `value` (typed, or the result of a formula), in a currency
 * of `places` decimals (two by default).
 *
 * The amount is the nearest whole minor unit N, computed exactly from the double's binary value.
 * It is accepted when:
 * - N has at most 15 digits ({@link LARGEST_MINOR_UNITS}); a larger amount is refused, as a
 *   cell cannot hold it exactly (=5000000000000.01+5000000000000.01 is not silently
 *   10,000,000,000,000.00);
 * - and the value lies within the double's own error of N (a typed N always does): 3 units in
 *   its last place, or 1e-9, or, when the caller passes the formula's operands, one unit in the last place of the sum of their sizes per operand (each operand
 *   and each addition rounds by at most half of that), so =82721670.99-77137106.29 is 5584564.70.
 *
 * Anything else has a real digit below the minor unit (10.005 with two decimals, or a result
 * beyond 15 significant digits that Excel shows rounded, a tie between two cents among them)
 * and is refused rather than rounded, because silently changing money is worse than asking.
 */
export function centsFromSpreadsheetNumber(
  value: number,
  places: number = MONEY_PLACES,
  operands?: FormulaOperands,
): MoneyResult<SettledAmount> {
  const settled = settleSpreadsheetNumber(value);
  if (settled === null) {
    return refuse("not-finite", `${String(value)} is not an amount.`);
  }
  const exact = exactBinary(value);
  const scale = BIG_10 ** BigInt(places);
  const nearest = roundHalfEven(exact.mantissa * scale, exact.exponent);
  if (nearest > LARGEST_MINOR_UNITS || nearest < -LARGEST_MINOR_UNITS) {
    return refuse("too-large", tooLargeMessage(nearest, places));
  }
  const amount = minorUnitsAmount(nearest, places);
  // Excel shows the 15 digits rounded half away from zero: the amount must be what it shows,
  // or a tie among the digits beyond them would be shown one way and sent the other.
  const shown = settled.toDecimalPlaces(places, MoneyDecimal.ROUND_HALF_UP);
  if (shown.equals(amount) && withinNoise(exact, nearest, scale, value, operands)) {
    return accept(settledAmount(amount, places));
  }
  if (settled.decimalPlaces() <= places) {
    // Excel shows the 15 digits, rounded half away from zero; the digits beyond them, a tie
    // between two minor units among them, would be rounded one way or the other unseen.
    return refuse(
      "too-many-decimals",
      `${formatMoney(settled, { places, grouping: true })} is ${String(value)} rounded to the ` +
        `${SPREADSHEET_DIGITS} significant digits Excel shows, with digits below its last ` +
        `decimal. If it is a formula result, wrap the formula in ROUND(…, ${places}).`,
    );
  }
  return refuse(
    "too-many-decimals",
    `${shownNumber(settled)} ${tooManyDecimals(places)}. ` +
      `If it is a formula result, wrap the formula in ROUND(…, ${places}).`,
  );
}

/** The largest amount a cell holds exactly with `places` decimals, grouped: 9,999,999,999,999.99. */
export function largestExactAmount(places: number): string {
  return formatMoney(minorUnitsAmount(LARGEST_MINOR_UNITS, places), { places, grouping: true });
}

function tooLargeMessage(minorUnits: bigint, places: number): string {
  const shown = formatMoney(minorUnitsAmount(minorUnits, places), { places, grouping: true });
  return (
    `${shown} has more than ${SPREADSHEET_DIGITS} significant digits, more than a spreadsheet ` +
    `cell holds exactly (the largest exact amount with ${placesInWords(places)} is ` +
    `${largestExactAmount(places)}). Split it over several lines.`
  );
}

function minorUnitsAmount(minorUnits: bigint, places: number): Money {
  const amount = new MoneyDecimal(minorUnits.toString()).dividedBy(
    new MoneyDecimal(10).pow(places),
  );
  return amount.isZero() ? new MoneyDecimal(0) : amount;
}

/** A finite double as mantissa × 2^exponent, exactly. */
interface ExactBinary {
  readonly mantissa: bigint;
  readonly exponent: number;
  /** The exponent of one unit in the last place of the double. */
  readonly ulpExponent: number;
}

function exactBinary(value: number): ExactBinary {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const negative = bits >> BIG_63 === ONE;
  const biased = Number((bits >> BIG_52) & BIG_0X7FF);
  const fraction = bits & ((ONE << BIG_52) - ONE);
  const mantissa = biased === 0 ? fraction : fraction | (ONE << BIG_52);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  return { mantissa: negative ? -mantissa : mantissa, exponent, ulpExponent: exponent };
}

/** numerator × 2^exponent rounded to the nearest integer, ties to even. */
function roundHalfEven(numerator: bigint, exponent: number): bigint {
  if (exponent >= 0) return numerator << BigInt(exponent);
  const denominator = ONE << BigInt(-exponent);
  const negative = numerator < ZERO;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  const twice = (abs % denominator) * TWO;
  if (twice > denominator || (twice === denominator && quotient % TWO === ONE)) quotient += ONE;
  return negative ? -quotient : quotient;
}

/** One unit in the last place of |x|, as a power of two's exponent. */
function ulpExponentOf(x: number): number {
  return exactBinary(Math.abs(x)).ulpExponent;
}

/**
 * Whether the double (mantissa × 2^exponent) lies within its noise allowance of `nearest` minor
 * units, compared exactly: |value × 10^places − nearest| ≤ allowance × 10^places.
 */
function withinNoise(
  exact: ExactBinary,
  nearest: bigint,
  scale: bigint,
  value: number,
  operands: FormulaOperands | undefined,
): boolean {
  // The residual in minor units is residual / 2^shift.
  const shift = Math.max(0, -exact.exponent);
  const scaled = exact.exponent >= 0 ? exact.mantissa << BigInt(exact.exponent) : exact.mantissa;
  let residual = scaled * scale - (nearest << BigInt(shift));
  if (residual < ZERO) residual = -residual;
  if (residual === ZERO) return true;
  // allowance = count × 2^e, compared as residual ≤ count × 2^e × scale × 2^shift.
  const allows = (count: bigint, e: number): boolean => {
    const total = e + shift;
    return total >= 0
      ? residual <= (count * scale) << BigInt(total)
      : residual << BigInt(-total) <= count * scale;
  };
  // 1e-9: residual × 10^9 ≤ scale × 2^shift.
  if (residual * BIG_1000000000 <= scale << BigInt(shift)) return true;
  if (allows(VALUE_ULPS, ulpExponentOf(value))) return true;
  if (operands && operands.values.length > 0) {
    const size = operands.values.reduce((sum, operand) => sum + Math.abs(operand), 0);
    if (Number.isFinite(size) && size > 0) {
      return allows(BigInt(operands.values.length), ulpExponentOf(size));
    }
  }
  return false;
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
 * Significant digits of decimal text (`-?digits[.digits]`), leading and trailing zeros not
 * counted: `0012.300` has 3, `1200` has 2, `0.00` none.
 */
export function significantDigits(decimalText: string): number {
  let digits = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < decimalText.length; i++) {
    const code = decimalText.charCodeAt(i);
    if (code < 0x30 || code > 0x39) continue;
    if (code !== 0x30) {
      if (first < 0) first = digits;
      last = digits;
    }
    digits++;
  }
  return first < 0 ? 0 : last - first + 1;
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
  if (significantDigits(decimalText) > SPREADSHEET_DIGITS) {
    return refuse(
      "too-many-digits",
      `${decimalText} has more than ${SPREADSHEET_DIGITS} significant digits; ` +
        "a spreadsheet number would lose some of them.",
    );
  }
  // Decimal text of at most 15 significant digits converts to the nearest double, the one a
  // decimal of it would give: no decimal object is needed.
  const number = Number(decimalText);
  return accept(Object.is(number, -0) ? 0 : number);
}
