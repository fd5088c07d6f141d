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
import { b1AgreesWithValidate, balanceVerdicts } from "./balanceVerdict";

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
      sheet.getRange(`B${19 + i}`).values = [[account.account_code]];
      sheet.getRange(`L${19 + i}`).values = [[account.account_id]];
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

  describe("on cells Validate refuses or takes as empty", () => {
    // JNL-0001: 2,500.00 debit in F19, 2,500.00 credit in G20; F20 and G19 empty.
    it.each([
      ["a number typed as text (a Text cell)", { F19: { text: "2500.00" } }],
      ["a formula giving text", { F19: { formula: '="2500"' } }],
      ["TRUE", { G19: { value: true } }],
      ["FALSE", { G19: { value: false } }],
      ["text beside the amount", { G19: { text: "n/a" } }],
    ])("gives no verdict on %s, which Validate refuses", async (_, cells) => {
      const verdicts = await balanceVerdicts(JOURNAL, cells);
      expect(verdicts.reading.problems).not.toEqual([]);
      expect(verdicts.b1).toBe(UNCHECKED_TEXT);
      expect(b1AgreesWithValidate(verdicts)).toBe(true);
    });

    it('counts an =IF(…,"",…) amount as the empty cell Validate takes it for', async () => {
      const balanced = await balanceVerdicts(JOURNAL, {
        G19: { formula: '=IF(F19>0,"",1)' },
        F20: { formula: '=IF(G20>0,"",1)' },
      });
      expect(balanced.reading.problems).toEqual([]);
      expect(balanced.b1).toBe(BALANCED_TEXT);
      const unbalanced = await balanceVerdicts(JOURNAL, {
        F19: { formula: '=IF(G20>0,2400,"")' },
        G19: { formula: '=IF(G20>0,"",1)' },
      });
      expect(unbalanced.b1).toBe(UNBALANCED_TEXT);
      expect(unbalanced.difference).toBe(-100);
      expect(b1AgreesWithValidate(unbalanced)).toBe(true);
    });

    it("counts a typed amount in the Text-formatted cell's place once it is a number again", async () => {
      const verdicts = await balanceVerdicts(JOURNAL, { F19: { value: 2500 } });
      expect(verdicts).toMatchObject({ b1: BALANCED_TEXT, reading: { problems: [] } });
    });
  });
});
