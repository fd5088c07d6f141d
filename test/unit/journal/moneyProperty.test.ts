// Property: random journals read from the sheet, each amount as Excel would hold it (a typed
// number, or the double a SUM or difference formula leaves), judged against integer-cent truth.
// Every real sub-cent digit is refused at every size up to 15 significant digits, every value
// that is only a formula's binary noise is settled, and the verdict (balanced or not) is exactly
// what the integer cents say.
import fc from "fast-check";
import { parseJournalGrid } from "../../../src/journal";
import { drawnSheet } from "./sheetGrid";

/** One amount: what the cell holds, its exact cents, or null when it has a real sub-cent digit. */
interface Amount {
  readonly cell: number;
  readonly cents: bigint | null;
  readonly how: string;
}

/** Cents of 1 to 15 digits: every amount a cell holds exactly. */
const cents15 = fc.bigInt({ min: 1n, max: 999_999_999_999_999n });

const typed: fc.Arbitrary<Amount> = cents15.map((c) => ({
  cell: Number(c) / 100,
  cents: c,
  how: "typed",
}));

/** =A+B+…: up to ten amounts below 10^11, summed in doubles (a SUM of a detail range). */
const summed: fc.Arbitrary<Amount> = fc
  .array(fc.bigInt({ min: 1n, max: 9_999_999_999_999n }), { minLength: 2, maxLength: 10 })
  .map((terms) => ({
    cell: terms.reduce((sum, c) => sum + Number(c) / 100, 0),
    cents: terms.reduce((sum, c) => sum + c, 0n),
    how: `SUM of ${terms.join(", ")} cents`,
  }));

/** =A-B with both below 4,000,000 (a net amount). */
const difference: fc.Arbitrary<Amount> = fc
  .tuple(fc.integer({ min: 1, max: 399_999_999 }), fc.integer({ min: 1, max: 399_999_999 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => {
    const [big, small] = a > b ? [a, b] : [b, a];
    return {
      cell: big / 100 - small / 100,
      cents: BigInt(big - small),
      how: `${big} - ${small} cents`,
    };
  });

/** A typed amount with a real third decimal, 15 significant digits at most. */
const subCent: fc.Arbitrary<Amount> = fc
  .bigInt({ min: 1n, max: 999_999_999_999_999n })
  .filter((mills) => mills % 10n !== 0n)
  .map((mills) => ({ cell: Number(mills) / 1000, cents: null, how: `${mills} mills` }));

const amount = fc.oneof(
  { arbitrary: typed, weight: 4 },
  { arbitrary: summed, weight: 2 },
  { arbitrary: difference, weight: 2 },
  { arbitrary: subCent, weight: 1 },
);

/** A journal as pairs of lines: a debit and a credit of the same cents, unless `skew` moves one. */
const journal = fc
  .array(fc.tuple(amount, fc.boolean()), { minLength: 1, maxLength: 6 })
  .chain((pairs) =>
    fc.record({
      pairs: fc.constant(pairs),
      skew: fc.oneof(fc.constant(0n), fc.bigInt({ min: -3n, max: 3n })),
    }),
  );

const FIRST_ROW = 19;
/** 9,999,999,999,999.99: 15 significant digits in cents. */
const LARGEST_EXACT_CENTS = 999_999_999_999_999n;

describe("journal money, property", () => {
  it("refuses every real sub-cent digit, settles formula noise, and balances as integer cents say", () => {
    fc.assert(
      fc.property(journal, ({ pairs, skew }) => {
        const grid = drawnSheet("JNL-0001", { spareLines: 12 });
        const lines: { debit?: Amount; credit?: Amount }[] = [];
        for (const [first, plainCredit] of pairs) {
          // The credit holds the same cents, typed or as the same formula result.
          const credit: Amount =
            plainCredit && first.cents !== null
              ? { cell: Number(first.cents) / 100, cents: first.cents, how: "typed" }
              : first;
          lines.push({ debit: first }, { credit });
        }
        // A skew moves the last credit by a few cents (the journal no longer balances), never
        // past the largest amount a cell holds exactly (that refusal is tested on its own).
        const last = lines[lines.length - 1]!.credit!;
        const skewed = last.cents === null ? null : last.cents + skew;
        if (skew !== 0n && skewed !== null && skewed > 0n && skewed <= LARGEST_EXACT_CENTS) {
          lines[lines.length - 1] = {
            credit: {
              cell: Number(skewed) / 100,
              cents: skewed,
              how: "typed",
            },
          };
        }
        lines.forEach((line, index) => {
          const row = FIRST_ROW + index;
          grid.set(`L${row}`, `acc-${index}`).set(`B${row}`, "").set(`D${row}`, "");
          grid.set(`F${row}`, line.debit?.cell ?? "").set(`G${row}`, line.credit?.cell ?? "");
          for (const column of ["C", "E", "H", "I", "J", "K"]) grid.set(`${column}${row}`, "");
        });

        const reading = parseJournalGrid(grid.snapshot());
        const refusedCells = lines.flatMap((line, index) => {
          const row = FIRST_ROW + index;
          return [
            ...(line.debit?.cents === null ? [`F${row}`] : []),
            ...(line.credit?.cents === null ? [`G${row}`] : []),
          ];
        });
        const amountProblems = reading.problems.filter((p) =>
          /more than two decimals/.test(p.message),
        );
        expect(amountProblems.map((p) => p.address)).toEqual(refusedCells);
        if (refusedCells.length > 0) {
          expect(reading.draft).toBeNull();
          return;
        }
        // Every amount was settled to its exact cents...
        const read = reading.problems.length === 0 ? reading.draft : null;
        const debits = lines.reduce((sum, line) => sum + (line.debit?.cents ?? 0n), 0n);
        const credits = lines.reduce((sum, line) => sum + (line.credit?.cents ?? 0n), 0n);
        // ...so the verdict is exactly the integer-cent truth.
        expect(read !== null).toBe(debits === credits);
        if (read !== null) {
          read.lines.forEach((line, index) => {
            const expected = lines[index]!.debit ?? lines[index]!.credit!;
            const got = (line.debit ?? line.credit)!;
            expect(BigInt(got.times(100).toFixed(0))).toBe(expected.cents);
            expect(got.decimalPlaces()).toBeLessThanOrEqual(2);
          });
        } else {
          expect(reading.problems.map((p) => p.message).join(" ")).toMatch(/differ by/);
        }
      }),
      { numRuns: 400 },
    );
  });
});
