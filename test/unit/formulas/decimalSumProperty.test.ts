import { SERVICE_DECIMALS } from "../../../src/api";
// Property: BALANCED and DECIMALSUM against integer minor-unit truth computed with BigInt, in
// currencies of 0, 2 and 3 decimals, each cell typed or the double a SUM formula leaves.
import fc from "fast-check";
import { balanced, decimalSum, FormulaError } from "../../../src/formulas";
import { currencyMinorUnits } from "../../../src/money";

const LARGEST = 10n ** 15n - 1n;

function minorText(units: bigint, places: number): string {
  const sign = units < 0n ? "-" : "";
  const abs = units < 0n ? -units : units;
  if (places === 0) return `${sign}${abs}`;
  const scale = 10n ** BigInt(places);
  return `${sign}${abs / scale}.${String(abs % scale).padStart(places, "0")}`;
}

/** A cell: its exact minor units and the double Excel holds (typed, a SUM, or a difference). */
interface Cell {
  readonly units: bigint;
  readonly value: number;
}

const units15 = fc
  .integer({ min: 1, max: 15 })
  .chain((digits) =>
    fc.bigInt({ min: 10n ** BigInt(digits - 1), max: 10n ** BigInt(digits) - 1n }),
  );

function cell(places: number): fc.Arbitrary<Cell> {
  const number = (units: bigint): number => Number(minorText(units, places));
  const typed = units15.map((units) => ({ units, value: number(units) }));
  // SUM terms of up to 15 significant digits, added as doubles in order.
  const summed = fc.array(units15, { minLength: 2, maxLength: 3 }).map((parts) => ({
    units: parts.reduce((sum, part) => sum + part, 0n),
    value: parts.map(number).reduce((sum, part) => sum + part, 0),
  }));
  // A difference of amounts below 2^22 in whole units, down to one minor unit.
  const below = fc.bigInt({ min: 1n, max: 4_000_000n * 10n ** BigInt(places) });
  const difference = fc
    .tuple(below, below)
    .filter(([a, b]) => a > b)
    .map(([a, b]) => ({ units: a - b, value: number(a) - number(b) }));
  return fc.oneof(typed, summed, difference);
}

function expectedSum(units: bigint, places: number): number | string {
  const text = minorText(units, places);
  const digits = text.replace(/[-.]/g, "").replace(/^0+/, "").replace(/0+$/, "");
  return digits.length <= 15 ? Number(text) : text;
}

function outcome(act: () => unknown): unknown {
  try {
    return act();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
}

describe.each(["USD", "JPY", "KWD", "BHD"])("BALANCED and DECIMALSUM in %s", (currency) => {
  // The decimals a journal sends: the currency's, at most the service's two.
  const places = Math.min(currencyMinorUnits(currency).places, SERVICE_DECIMALS);
  const side = fc.array(cell(places), { minLength: 1, maxLength: 8 });

  it("BALANCED is exactly the integer minor-unit verdict, or refuses a cell beyond 15 digits", () => {
    fc.assert(
      fc.property(side, side, fc.boolean(), (debits, drawnCredits, balance) => {
        const total = (cells: readonly Cell[]): bigint =>
          cells.reduce((sum, entry) => sum + entry.units, 0n);
        const gap = total(debits) - total(drawnCredits);
        const credits =
          balance && gap > 0n
            ? [...drawnCredits, { units: gap, value: Number(minorText(gap, places)) }]
            : drawnCredits;
        const result = outcome(() =>
          balanced(
            debits.map((entry) => [entry.value]),
            credits.map((entry) => [entry.value]),
            currency,
          ),
        );
        const tooLarge = [...debits, ...credits].some((entry) => entry.units > LARGEST);
        if (tooLarge) {
          expect(result).toBeInstanceOf(FormulaError);
          expect((result as FormulaError).message).toMatch(/more than 15 significant digits/);
        } else {
          expect(result).toBe(total(debits) === total(credits));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("DECIMALSUM is exactly the integer minor-unit sum, or refuses a cell beyond 15 digits", () => {
    fc.assert(
      fc.property(side, (cells) => {
        const result = outcome(() => decimalSum([cells.map((entry) => [entry.value]), currency]));
        if (cells.some((entry) => entry.units > LARGEST)) {
          expect(result).toBeInstanceOf(FormulaError);
        } else {
          const units = cells.reduce((sum, entry) => sum + entry.units, 0n);
          expect(result).toEqual(expectedSum(units, places));
        }
      }),
      { numRuns: 1500 },
    );
  });
});
