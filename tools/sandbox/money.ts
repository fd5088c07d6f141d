/** Money arithmetic on a private decimal.js clone (half-up, 40 digits), isolated from global config. */
import Decimal from "decimal.js";

export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** Two-decimal string, rounded half-up: the API's amount format. */
export function formatAmount(value: Money | string | number): string {
  return new Money(value).toFixed(2, Money.ROUND_HALF_UP);
}

export function sumAmounts(values: ReadonlyArray<Money | string>): Money {
  return values.reduce<Money>((total, value) => total.plus(value), new Money(0));
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
