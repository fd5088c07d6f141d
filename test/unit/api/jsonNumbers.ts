// JSON number literals for property tests, and exact decimal comparison to judge them by.
import fc from "fast-check";

/**
 * A JSON number literal: integers beyond 2^53 and 64 bits, long decimals, exponents both ways
 * (beyond a double's range too), and negative zero.
 */
export const numberLiteral: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant("0"),
      fc.bigInt({ min: 1n, max: 10n ** 30n }).map(String),
      fc.integer({ min: 1, max: 999 }).map(String),
    ),
    fc.option(fc.stringMatching(/^\d{1,25}$/), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.nat(400)), {
      nil: undefined,
    }),
  )
  .map(
    ([negative, whole, fraction, exponent]) =>
      `${negative ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}` +
      (exponent === undefined ? "" : `${exponent[0]}${exponent[1]}${exponent[2]}`),
  );

/** Decimal text as an exact mantissa and power of ten: `-1.5e2` → [-15n, 1]. */
function exact(text: string): [bigint, number] {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) throw new Error(`not a number: ${text}`);
  const [, sign = "", whole = "", fraction = "", power = "0"] = match;
  const mantissa = BigInt(`${whole}${fraction}`) * (sign === "-" ? -1n : 1n);
  return [mantissa, Number(power) - fraction.length];
}

/** Whether two decimal texts have the same value, compared exactly (`1.50` and `1.5e0` do). */
export function sameDecimal(a: string, b: string): boolean {
  const [ma, ea] = exact(a);
  const [mb, eb] = exact(b);
  if (ma === 0n || mb === 0n) return ma === mb;
  const shift = BigInt(Math.abs(ea - eb));
  return ea < eb ? ma === mb * 10n ** shift : ma * 10n ** shift === mb;
}

/** Significant digits of decimal text: `0.00120` → 2, `-1.5e3` → 2. */
export function significantDigits(text: string): number {
  const [mantissa] = exact(text);
  const digits = (mantissa < 0n ? -mantissa : mantissa).toString().replace(/0+$/, "");
  return digits === "" ? 1 : digits.length;
}
