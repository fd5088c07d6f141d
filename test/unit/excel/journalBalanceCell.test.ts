// The sheet's own balance cell (B1) against Validate's exact verdict, through Microsoft's
// office.js client and the emulator's formula engine: it agrees, or says it cannot tell; it never
// contradicts Validate, also when the totals pass the 15 digits a double holds exactly.
import { drawJournal } from "../../../src/excel/journalDrawing";
import { readJournalGrid } from "../../../src/excel/journalGrid";
import { journalSheetState, layoutJournal, parseJournalGrid } from "../../../src/journal";
import {
  BALANCED_TEXT,
  TOO_LARGE_TEXT,
  UNBALANCED_TEXT,
  UNCHECKED_TEXT,
} from "../../../src/journal/journalSheet";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { seededJournal } from "../journal/seededJournals";

const JOURNAL = seededJournal("JNL-0001");
const [RENT, ACCRUALS] = JOURNAL.lines as [(typeof JOURNAL.lines)[0], (typeof JOURNAL.lines)[0]];
const BALANCE_MESSAGE = /^Debits .* differ by /;

/**
 * Draws JNL-0001, types `lines` (debit, credit: a number, a formula or "") from row 19 with an
 * account each, and gives what B1 shows and what Validate makes of the sheet.
 */
async function balanceOf(
  lines: readonly (readonly [number | string, number | string])[],
): Promise<{ shown: unknown; problems: string[] }> {
  const host = new OfficeJsExcelHost();
  const layout = layoutJournal(JOURNAL);
  const { sheetKey, sheetName } = await drawJournal(
    host.run,
    layout,
    journalSheetState(JOURNAL, layout.sheetName),
  );
  const shown = await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    lines.forEach(([debit, credit], i) => {
      const account = i % 2 === 0 ? RENT : ACCRUALS;
      sheet.getRange(`B${19 + i}:C${19 + i}`).values = [[account.account_id, account.account_code]];
      sheet.getRange(`F${19 + i}:G${19 + i}`).formulas = [[debit, credit]];
    });
    const b1 = sheet.getRange("B1");
    b1.load("values");
    await context.sync();
    return b1.values[0]![0];
  });
  const reading = parseJournalGrid(await readJournalGrid(host.run, sheetKey));
  return { shown, problems: reading.problems.map((problem) => problem.message) };
}

/** B1 agrees with Validate's verdict, or says that it cannot tell. */
function expectNoContradiction({ shown, problems }: { shown: unknown; problems: string[] }): void {
  if (shown === BALANCED_TEXT) expect(problems).toEqual([]);
  else if (shown === UNBALANCED_TEXT) {
    expect(problems.filter((message) => BALANCE_MESSAGE.test(message))).toHaveLength(1);
  } else expect([TOO_LARGE_TEXT, UNCHECKED_TEXT]).toContain(shown);
}

describe("the balance cell B1 against Validate", () => {
  // Three debits and three credits of 13 digits, equal to the cent: totals of 16 digits in cents,
  // whose double sums differ by 0.0078125 (so a double Difference rounds to -0.01).
  const debits = [6982697430842.83, 7270259675490.8, 9898478478911.17];
  const credits = [9779932673821.23, 9163569798951.65, 5207933112471.92];
  const pairs = (d: number[], c: number[]): [number | string, number | string][] => [
    ...d.map((debit): [number, string] => [debit, ""]),
    ...c.map((credit): [string, number] => ["", credit]),
  ];

  it("says the totals are too large to check when they pass 15 digits, where Validate finds them balanced", async () => {
    const result = await balanceOf(pairs(debits, credits));
    expect(result.problems).toEqual([]);
    expect(result.shown).toBe(TOO_LARGE_TEXT);
    expectNoContradiction(result);
  });

  it("says so too when such totals differ by a cent", async () => {
    const result = await balanceOf(pairs(debits, [...credits.slice(0, 2), 5207933112471.93]));
    expect(result.problems).toEqual([
      "Debits 24,151,435,585,244.80 and credits 24,151,435,585,244.81 differ by 0.01",
    ]);
    expect(result.shown).toBe(TOO_LARGE_TEXT);
  });

  it("gives no verdict on an amount past 15 digits, which Validate refuses", async () => {
    const result = await balanceOf([
      ["=5000000000000.01+5000000000000.01", ""],
      ["", 5000000000000.01],
      ["", 5000000000000.01],
    ]);
    expect(result.problems).toHaveLength(1);
    expect(result.shown).toBe(TOO_LARGE_TEXT);
  });

  it("gives no verdict on an amount below the minor unit, which Validate counts as it stands", async () => {
    const result = await balanceOf([
      [10.004, ""],
      ["", 10],
    ]);
    expect(result.problems.some((message) => BALANCE_MESSAGE.test(message))).toBe(true);
    expect(result.shown).toBe(UNCHECKED_TEXT);
  });

  it("agrees with Validate within 15 digits, formula noise included", async () => {
    const balanced = await balanceOf([
      [999999999999.99, ""],
      ["=0.1+0.2", ""],
      ["", 999999999999.7],
      ["", "=10.3-10.2+0.29+0.2"],
    ]);
    expect(balanced).toEqual({ shown: BALANCED_TEXT, problems: [] });
    const unbalanced = await balanceOf([
      [4999999999999.99, ""],
      ["", 4999999999999.98],
    ]);
    expect(unbalanced.shown).toBe(UNBALANCED_TEXT);
    expectNoContradiction(unbalanced);
  });
});
