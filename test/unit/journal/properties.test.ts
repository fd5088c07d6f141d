import { currencyMinorUnits } from "../../../src/money";
import fc from "fast-check";
import { checkJournalUpdate, journalUpdateBody } from "../../../src/api";
import type { JournalLine, ManualJournal } from "../../../src/api";
import { buildJournalUpdate, layoutJournal, parseJournalGrid } from "../../../src/journal";
import { seededJournal } from "./seededJournals";
import { SheetGrid } from "./sheetGrid";

// Exact references computed without the code under test: integer cents as bigint.

/** 123456n → "1234.56" (the wire form), -5n → "-0.05". */
function centsText(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** 123456n → "1,234.56", as messages show amounts. */
function groupedCents(cents: bigint): string {
  const [whole = "0", fraction = "00"] = centsText(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

const BASE = seededJournal("JNL-0001");
const [RENT, ACCRUALS] = BASE.lines as [JournalLine, JournalLine];

/** How a cell came to hold its amount: typed, or a formula adding two or three parts. */
interface AmountCell {
  readonly side: "DEBIT" | "CREDIT";
  readonly cents: bigint;
  /** The double the cell holds, as Excel would compute it. */
  readonly value: number;
  /** The formula that computed it, or null for a typed amount. */
  readonly formula: string | null;
}

/** Splits `cents` into parts and adds them as doubles, like =12.30+0.45 in a cell. */
function summed(cents: bigint, cuts: readonly bigint[]): { value: number; formula: string } {
  const points = [...new Set(cuts.map((cut) => cut % (cents + 1n)))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const parts: bigint[] = [];
  let previous = 0n;
  for (const point of [...points, cents]) {
    parts.push(point - previous);
    previous = point;
  }
  const doubles = parts.map((part) => Number(centsText(part)));
  return {
    value: doubles.reduce((total, part) => total + part, 0),
    formula: `=${doubles.map(String).join("+")}`,
  };
}

const amountCell: fc.Arbitrary<AmountCell> = fc
  .record({
    side: fc.constantFrom<"DEBIT" | "CREDIT">("DEBIT", "CREDIT"),
    // Up to a billion: sums of such doubles keep their noise far below half a cent.
    cents: fc.bigInt({ min: 1n, max: 10n ** 11n }),
    cuts: fc.array(fc.bigInt({ min: 0n, max: 10n ** 11n }), { maxLength: 2 }),
  })
  .map(({ side, cents, cuts }) => {
    if (cuts.length === 0) {
      return { side, cents, value: Number(centsText(cents)), formula: null };
    }
    return { side, cents, ...summed(cents, cuts) };
  });

/** Random lines, half the time with a last line that balances them. */
const amountCells: fc.Arbitrary<AmountCell[]> = fc
  .record({ cells: fc.array(amountCell, { minLength: 1, maxLength: 12 }), balance: fc.boolean() })
  .map(({ cells, balance }) => {
    const difference = total(cells, "DEBIT") - total(cells, "CREDIT");
    if (!balance || difference === 0n) return cells;
    const cents = difference < 0n ? -difference : difference;
    const side = difference > 0n ? "CREDIT" : "DEBIT";
    return [...cells, { side, cents, value: Number(centsText(cents)), formula: null }];
  });

function total(cells: readonly AmountCell[], side: "DEBIT" | "CREDIT"): bigint {
  return cells.filter((cell) => cell.side === side).reduce((sum, cell) => sum + cell.cents, 0n);
}

/** The sheet of JNL-0001 with one line per cell (rows 19…), the amounts written as Excel holds them. */
function sheetWith(cells: readonly AmountCell[]): SheetGrid {
  const journal: ManualJournal = {
    ...BASE,
    lines: cells.map((cell, index) => ({
      ...(index % 2 === 0 ? RENT : ACCRUALS),
      debit: "0.00",
      credit: "0.00",
    })),
  };
  const grid = SheetGrid.fromLayout(layoutJournal(journal));
  cells.forEach((cell, index) => {
    const address = `${cell.side === "DEBIT" ? "F" : "G"}${19 + index}`;
    if (cell.formula === null) grid.set(address, cell.value);
    else grid.setComputed(address, cell.formula, cell.value);
  });
  return grid;
}

const BALANCE_MESSAGE = /^Debits .* differ by /;

describe("properties of the journal sheet", () => {
  it("the balance verdict equals exact integer-cent arithmetic, whatever doubles the cells hold", () => {
    fc.assert(
      fc.property(amountCells, (cells) => {
        const debits = total(cells, "DEBIT");
        const credits = total(cells, "CREDIT");
        const reading = parseJournalGrid(sheetWith(cells).snapshot());
        const verdicts = reading.problems.filter((problem) =>
          BALANCE_MESSAGE.test(problem.message),
        );
        const others = reading.problems.filter((problem) => !BALANCE_MESSAGE.test(problem.message));
        const lineCount = cells.length >= 2 ? [] : [expect.anything()];
        expect(others).toEqual(lineCount);
        if (debits === credits) {
          expect(verdicts).toEqual([]);
        } else {
          const difference = debits > credits ? debits - credits : credits - debits;
          expect(verdicts.map((problem) => problem.message)).toEqual([
            `Debits ${groupedCents(debits)} and credits ${groupedCents(credits)} differ by ${groupedCents(difference)}`,
          ]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the sheet's own balance formula agrees with exact integer-cent arithmetic", () => {
    fc.assert(
      fc.property(amountCells, (cells) => {
        const grid = sheetWith(cells);
        const balanced = total(cells, "DEBIT") === total(cells, "CREDIT");
        expect(grid.get("B1")).toBe(balanced ? "Balanced" : "Unbalanced");
      }),
      { numRuns: 300 },
    );
  });

  it("the PATCH body's amounts are the cells' decimal values, digit for digit, each on its side", () => {
    fc.assert(
      fc.property(amountCells, (cells) => {
        fc.pre(cells.length >= 2 && total(cells, "DEBIT") === total(cells, "CREDIT"));
        const reading = parseJournalGrid(sheetWith(cells).snapshot());
        if (!reading.draft) throw new Error(JSON.stringify(reading.problems));
        const update = buildJournalUpdate(reading.draft);
        expect(checkJournalUpdate(update)).toEqual([]);
        const body = journalUpdateBody(update);
        const sent = [...body.matchAll(/"amount":([^,}]+),"type":"(DEBIT|CREDIT)"/g)].map(
          (match) => [match[1], match[2]],
        );
        expect(sent).toEqual(cells.map((cell) => [centsText(cell.cents), cell.side]));
      }),
      { numRuns: 300 },
    );
  });

  describe("round trip of random journals: layout, sheet, parse, update", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom("=1+1", "+1", "-1", "@SUM(A1)", "00123", "1E5", "TRUE", "#N/A", "2026-01-31"),
    );
    const id = fc.oneof(fc.uuid(), text).filter((value) => value.trim() === value && value !== "");
    const account = fc.record({ id, code: fc.stringMatching(/^[0-9]{3,4}$/) });
    const line = fc.record({
      account: fc.nat({ max: 3 }),
      side: fc.constantFrom<"DEBIT" | "CREDIT">("DEBIT", "CREDIT"),
      // Up to 10^16 cents: beyond 15 digits the sheet keeps amounts as text.
      // Up to 13 digits, so that even the balancing line of 15 such lines stays within the 15
      // digits Send accepts (longer amounts are refused: parse.test.ts).
      cents: fc.bigInt({ min: 1n, max: 10n ** 13n }),
      description: fc.option(text, { nil: null }),
      tax: fc.option(id, { nil: null }),
      contact: fc.option(id, { nil: null }),
      staff: fc.option(id, { nil: null }),
    });
    const journal = fc
      .record({
        accounts: fc.uniqueArray(account, {
          minLength: 4,
          maxLength: 4,
          selector: (entry) => entry.code,
        }),
        lines: fc.array(line, { minLength: 2, maxLength: 15 }),
        description: fc.option(text, { nil: null }),
        // Amounts here have cents: currencies of two decimals (JPY and KWD have their own tests).
        currency: fc
          .stringMatching(/^[A-Z]{3}$/)
          .filter((code) => currencyMinorUnits(code).places === 2),
        rate: fc.bigInt({ min: 1n, max: 10n ** 8n }),
      })
      .map(({ accounts, lines, description, currency, rate }): ManualJournal => {
        const unbalanced: ManualJournal = {
          ...BASE,
          description,
          currency_code: currency,
          exchange_rate: centsText(rate),
          lines: lines.map((entry, index) => {
            const chosen = accounts[entry.account] ?? accounts[0]!;
            return {
              ...RENT,
              id: `line-${index}`,
              account_id: chosen.id,
              account_code: chosen.code,
              description: entry.description,
              tax_id: entry.tax,
              contact_id: entry.contact,
              staff_id: entry.staff,
              debit: entry.side === "DEBIT" ? centsText(entry.cents) : "0.00",
              credit: entry.side === "CREDIT" ? centsText(entry.cents) : "0.00",
            };
          }),
        };
        return { ...unbalanced, lines: balancedLines(unbalanced) };
      });

    it("reproduces the journal's date, currency, rate, description and lines exactly", () => {
      fc.assert(
        fc.property(journal, (drawn) => {
          const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(drawn)).snapshot());
          expect(reading.problems).toEqual([]);
          if (!reading.draft) throw new Error("a valid sheet must read back as a draft");
          const update = buildJournalUpdate(reading.draft);
          expect(checkJournalUpdate(update)).toEqual([]);
          expect(update).toEqual({
            transaction_date: "2026-01-31T00:00:00Z",
            currency_code: drawn.currency_code,
            exchange_rate: drawn.exchange_rate,
            description: drawn.description ?? "",
            lines: drawn.lines.map((entry) => ({
              account_id: entry.account_id,
              amount: entry.debit === "0.00" ? entry.credit : entry.debit,
              type: entry.debit === "0.00" ? "CREDIT" : "DEBIT",
              ...(entry.tax_id ? { tax_id: entry.tax_id } : {}),
              ...(entry.contact_id ? { contact_id: entry.contact_id } : {}),
              ...(entry.staff_id ? { staff_id: entry.staff_id } : {}),
              ...(entry.description ? { description: entry.description } : {}),
            })),
          });
        }),
        { numRuns: 200 },
      );
    });
  });
});

/** The journal's lines, plus one that balances them (on the first line's account) if needed. */
function balancedLines(journal: ManualJournal): JournalLine[] {
  const cents = (text: string): bigint => BigInt(text.replace(".", ""));
  const difference = journal.lines.reduce(
    (sum, line) => sum + cents(line.debit) - cents(line.credit),
    0n,
  );
  if (difference === 0n) return [...journal.lines];
  const first = journal.lines[0]!;
  const amount = centsText(difference < 0n ? -difference : difference);
  return [
    ...journal.lines,
    {
      ...first,
      id: "balancing",
      description: null,
      tax_id: null,
      contact_id: null,
      staff_id: null,
      debit: difference < 0n ? amount : "0.00",
      credit: difference > 0n ? amount : "0.00",
    },
  ];
}
