// What is sent is what the cells show: random journal sheets in six currencies, filled as people
// fill them (typed numbers, formulas with results beyond 15 digits and exact ties, numbers typed
// as text, logical values, formulas giving "", a changed Currency cell, fewer decimals shown),
// recalculated by the emulator's formula engine. Every verdict of Validate, the sheet's balance
// cell (B1), LEDGER.BALANCED and LEDGER.DECIMALSUM agrees with the integer minor-unit truth of
// what the cells display, and every amount sent is the amount displayed, or its cell is refused.
//
// 2,000 journals (8 to 14 s on two cores); SHOWN_JOURNALS=200 for a quick look:
//   SHOWN_JOURNALS=200 npx jest test/unit/journal/shownAmountsProperty.test.ts
import fc from "fast-check";
import { balanced, decimalSum } from "../../../src/formulas";
import { buildJournalUpdate } from "../../../src/api";
import { parseJournalGrid } from "../../../src/journal";
import { BALANCED_TEXT, UNBALANCED_TEXT } from "../../../src/journal/journalSheet";
import {
  drawShownJournal,
  sendable,
  shownJournals,
  snapshotOf,
  truthOf,
  type DrawnSheet,
  type Truth,
} from "./shownJournals";

const RUNS = Number(process.env["SHOWN_JOURNALS"] ?? 2_000);

/** LEDGER.BALANCED and LEDGER.DECIMALSUM as the add-in registers them, for the formula engine. */
function withLedgerFunctions(drawn: DrawnSheet): void {
  const { host } = drawn;
  host.customFunctions.set("BALANCED", (debits, credits, currency) =>
    balanced(debits, credits, currency ?? undefined),
  );
  host.customFunctions.set("DECIMALSUM", (values) => decimalSum(values as unknown[]));
  host.defineCustomFunctions("LEDGER", [
    {
      id: "BALANCED",
      name: "BALANCED",
      parameters: [
        { name: "debits", dimensionality: "matrix" },
        { name: "credits", dimensionality: "matrix" },
        { name: "currency", optional: true },
      ],
    },
    {
      id: "DECIMALSUM",
      name: "DECIMALSUM",
      parameters: [{ name: "values", dimensionality: "matrix", repeating: true }],
    },
  ]);
}

/**
 * The verdict of the sheet's own balance cell (B1): balanced, unbalanced, or null when it gives
 * none (Too large or Cannot check, which never contradict Validate).
 */
function balanceCellVerdict(drawn: DrawnSheet): "balanced" | "unbalanced" | null {
  const shown = drawn.host.cell(drawn.sheet, "B1").value;
  if (shown === BALANCED_TEXT) return "balanced";
  if (shown === UNBALANCED_TEXT) return "unbalanced";
  return null;
}

describe("what is sent is what the cells show", () => {
  it(`holds for ${RUNS} random journals in USD, JPY, KWD, BHD, HUF and IDR`, () => {
    const counts = { balanced: 0, unbalanced: 0, refused: 0, sent: 0, b1: 0 };
    fc.assert(
      fc.property(shownJournals(), (journal) => {
        const disagreements: string[] = [];
        const disagree = (why: string): void => {
          disagreements.push(why);
        };
        const drawn = drawShownJournal(journal);
        withLedgerFunctions(drawn);
        const { host, sheet, debit, credit, firstRow, lastRow, currencyCell } = drawn;
        const debits = `${debit}${firstRow}:${debit}${lastRow}`;
        const credits = `${credit}${firstRow}:${credit}${lastRow}`;
        host.setCells(sheet, "N1", [[`=LEDGER.BALANCED(${debits},${credits},${currencyCell})`]]);
        host.setCells(sheet, "N2", [[`=LEDGER.DECIMALSUM(${debits},${currencyCell})`]]);
        host.setCells(sheet, "N3", [[`=LEDGER.DECIMALSUM(${credits},${currencyCell})`]]);

        const places = sendable(journal.currency);
        const truths: Truth[] = journal.lines.map((line, index) =>
          truthOf(line.content, host.cell(sheet, drawn.amountCells[index]!), places),
        );
        const reading = parseJournalGrid(snapshotOf(drawn));
        const refusedCells = new Set(reading.problems.map((problem) => problem.address));

        // Each cell: refused when the truth refuses it; never refused when it holds an amount.
        journal.lines.forEach((_, index) => {
          const address = drawn.amountCells[index]!;
          const truth = truths[index]!;
          if (truth.kind === "refuse" && !refusedCells.has(address))
            disagree(`${address} not refused`);
          if (truth.kind === "amount" && refusedCells.has(address)) disagree(`${address} refused`);
        });

        const amounts = (side: "debit" | "credit"): bigint =>
          journal.lines.reduce((sum, line, index) => {
            const truth = truths[index]!;
            return line.side === side && truth.kind === "amount" ? sum + truth.units : sum;
          }, 0n);
        const shownDebits = amounts("debit");
        const shownCredits = amounts("credit");
        const allAmounts = truths.every((truth) => truth.kind === "amount");
        const differ = reading.problems.some((problem) =>
          /^Debits .* differ by /.test(problem.message),
        );
        if (allAmounts) {
          // Validate's verdict is the displayed amounts' verdict.
          if (differ !== (shownDebits !== shownCredits)) disagree("Validate's balance");
          if (shownDebits === shownCredits) {
            if (reading.draft === null) disagree("not sent");
            else {
              counts.sent++;
              const sent = buildJournalUpdate(reading.draft).lines.map((line) => line.amount);
              const shown = truths.map((truth) => (truth.kind === "amount" ? truth.units : -1n));
              sent.forEach((text, index) => {
                const units = BigInt(scaled(text, places));
                if (units !== shown[index]) disagree(`sent ${text}`);
              });
            }
            counts.balanced++;
          } else counts.unbalanced++;
        } else counts.refused++;

        // BALANCED and DECIMALSUM see values, not formats: they refuse what the value alone
        // shows wrong (text, TRUE, a digit below the minor unit, a tie beyond 15 digits) and
        // otherwise judge the amounts the cells hold, which are the amounts shown where the
        // format shows them.
        const valueRefused = truths.some((truth) => truth.kind === "refuse" && truth.valueLevel);
        const formatRefused = truths.some((truth) => truth.kind === "refuse" && !truth.valueLevel);
        const verdict = host.cell(sheet, "N1").value;
        const debitSum = host.cell(sheet, "N2").value;
        const creditSum = host.cell(sheet, "N3").value;
        if (valueRefused) {
          if (!isError(verdict)) disagree(`BALANCED ${String(verdict)}`);
        } else if (!formatRefused) {
          if (verdict !== (shownDebits === shownCredits)) disagree(`BALANCED ${String(verdict)}`);
          if (!sameUnits(debitSum, shownDebits, places)) disagree(`DECIMALSUM ${String(debitSum)}`);
          if (!sameUnits(creditSum, shownCredits, places))
            disagree(`DECIMALSUM ${String(creditSum)}`);
        }

        // B1 sees values, not formats, as BALANCED does: no verdict where a value is refused,
        // and where every cell shows its amount, the displayed amounts' verdict if any. After a
        // change of the Currency cell, B1 keeps the drawn currency's decimals until Validate
        // redraws it (src/journalEditor/followCurrency.ts), so it is judged on drawn sheets only.
        const b1 = journal.currency === journal.drawnIn ? balanceCellVerdict(drawn) : null;
        if (valueRefused && b1 !== null) disagree(`B1 ${b1} with a refused value`);
        if (b1 !== null && allAmounts) {
          counts.b1++;
          if (b1 !== (shownDebits === shownCredits ? "balanced" : "unbalanced"))
            disagree(`B1 ${b1}`);
        }
        expect(disagreements).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // The journals reach every verdict, not only refusals.
    expect(counts.balanced).toBeGreaterThan(RUNS / 50);
    expect(counts.unbalanced).toBeGreaterThan(RUNS / 50);
    expect(counts.refused).toBeGreaterThan(RUNS / 50);
    expect(counts.sent).toBeGreaterThan(RUNS / 50);
    expect(counts.b1).toBeGreaterThan(RUNS / 50);
  });
});

/** Decimal text as whole minor units of `places` decimals ("12.50", 2 → 1250). */
function scaled(text: string, places: number): string {
  const [whole = "0", fraction = ""] = text.split(".");
  const kept = fraction.padEnd(places, "0");
  if (kept.length > places && /[1-9]/.test(kept.slice(places))) return "-1";
  return `${whole}${kept.slice(0, places)}`.replace(/^0+(?=\d)/, "");
}

/** Whether a sum cell (a number, or decimal text when too long) is `units` minor units. */
function sameUnits(value: unknown, units: bigint, places: number): boolean {
  const text = typeof value === "number" ? value.toFixed(places) : String(value);
  return /^\d+(\.\d+)?$/.test(text) && BigInt(scaled(text, places)) === units;
}

/** An error value, as the emulator reports it ("#VALUE!"). */
function isError(value: unknown): boolean {
  return typeof value === "string" && value.startsWith("#");
}
