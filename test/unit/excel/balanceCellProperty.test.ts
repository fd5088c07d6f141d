// B1 never contradicts Validate, property-based, through Microsoft's office.js client and the
// emulator's formula engine: random lines in currencies of 0, 2 and 3 decimals whose amount cells
// hold typed numbers (in whole minor units or not), text that looks like a number, TRUE/FALSE,
// "" from a formula, or a formula's result.
import fc from "fast-check";
import type { ManualJournal } from "../../../src/api";
import { seededJournal } from "../journal/seededJournals";
import { b1AgreesWithValidate, balanceVerdicts } from "./balanceVerdict";
import type { UserCell } from "./balanceVerdict";

const CURRENCIES = [
  ["JPY", 0],
  ["USD", 2],
  ["KWD", 3],
] as const;

/** How a user leaves an amount of `units` minor units in its cell. */
type How = "typed" | "sum" | "subunit" | "text" | "textFormula" | "logical";

const HOWS: fc.Arbitrary<How> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<How>("typed") },
  { weight: 4, arbitrary: fc.constant<How>("sum") },
  { weight: 1, arbitrary: fc.constantFrom<How>("subunit", "text", "textFormula", "logical") },
);

function cellOf(units: number, places: number, how: How): UserCell {
  const value = units / 10 ** places;
  switch (how) {
    case "typed":
      return { value };
    case "sum": {
      // A formula's result: two amounts added, with their binary noise.
      const part = Math.floor(units / 3) / 10 ** places;
      return { formula: `=${part}+${(units - Math.floor(units / 3)) / 10 ** places}` };
    }
    case "subunit":
      return { value: value + 10 ** -(places + 1) };
    case "text":
      return { text: value.toFixed(places) };
    case "textFormula":
      return { formula: `="${value}"` };
    case "logical":
      return { value: true };
  }
}

/** The other side of a line: empty, or "" from a formula. */
const emptySide = fc.constantFrom<UserCell>({ value: "" }, { formula: '=IF(1>2,1,"")' });

describe("the balance cell B1, property", () => {
  it("never says Balanced or Unbalanced against Validate's verdict", async () => {
    const journal = seededJournal("JNL-0001");
    const [debitLine] = journal.lines;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          currency: fc.constantFrom<readonly [string, number]>(...CURRENCIES),
          // Each pair: a debit line and a credit line of the same amount, each left its own way.
          pairs: fc.array(
            fc.record({
              units: fc.integer({ min: 1, max: 10_000_000 }),
              debit: HOWS,
              credit: HOWS,
              other: emptySide,
            }),
            { minLength: 1, maxLength: 3 },
          ),
          skew: fc.constantFrom(0, 0, 1, -1),
        }),
        async ({ currency: chosen, pairs, skew }) => {
          const [currency, places] = chosen;
          const drawn: ManualJournal = { ...journal, currency_code: currency };
          const cells: Record<string, UserCell> = {};
          pairs.forEach((pair, index) => {
            const debitRow = 19 + 2 * index;
            const creditRow = debitRow + 1;
            const creditUnits = index === 0 ? Math.max(1, pair.units + skew) : pair.units;
            for (const row of [debitRow, creditRow]) {
              cells[`B${row}`] = { value: debitLine!.account_code };
              cells[`L${row}`] = { value: debitLine!.account_id };
            }
            cells[`F${debitRow}`] = cellOf(pair.units, places, pair.debit);
            cells[`G${debitRow}`] = pair.other;
            cells[`F${creditRow}`] = pair.other;
            cells[`G${creditRow}`] = cellOf(creditUnits, places, pair.credit);
          });
          const verdicts = await balanceVerdicts(drawn, cells);
          expect(b1AgreesWithValidate(verdicts)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it("says Balanced for lines that balance in whole minor units, typed or from formulas", async () => {
    const journal = seededJournal("JNL-0001");
    const verdicts = await balanceVerdicts(
      { ...journal, currency_code: "KWD" },
      {
        F19: { formula: "=0.1+0.2" },
        G19: { formula: '=IF(1>2,1,"")' },
        G20: { value: 0.3 },
      },
    );
    expect(verdicts.b1).toBe("Balanced");
    expect(verdicts.reading.problems).toEqual([]);
  });
});
