// Formats follow the currency: a Currency cell changed to a currency of other decimals gets the
// amounts, totals and the balance check (B1) redrawn for them when the sheet is validated, through
// Microsoft's office.js client and the emulator's formula engine.
import type { ManualJournal } from "../../../src/api";
import { drawJournal } from "../../../src/excel/journalDrawing";
import { journalSheetState, layoutJournal } from "../../../src/journal";
import { BALANCED_TEXT, UNCHECKED_TEXT } from "../../../src/journal/journalSheet";
import { validateActiveJournal } from "../../../src/journalEditor";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";
import { seededJournal } from "../journal/seededJournals";

/** JNL-0001 (F19 debit, G20 credit; Currency in B8, Total row 31) in `currency`. */
function journalIn(currency: string, amount: string): ManualJournal {
  const seeded = seededJournal("JNL-0001");
  const [debit, credit] = seeded.lines;
  return {
    ...seeded,
    currency_code: currency,
    lines: [
      { ...debit!, debit: amount, credit: "0.00" },
      { ...credit!, debit: "0.00", credit: amount },
    ],
  };
}

async function drawn(journal: ManualJournal): Promise<{ host: OfficeJsExcelHost; sheet: string }> {
  const host = new OfficeJsExcelHost();
  const layout = layoutJournal(journal);
  const { sheetName } = await drawJournal(
    host.run,
    layout,
    journalSheetState(journal, layout.sheetName),
  );
  return { host, sheet: sheetName };
}

function shown(host: OfficeJsExcelHost, sheet: string, addresses: string[]) {
  return addresses.map((address) => {
    const cell = host.cell(sheet, address);
    return [address, cell.numberFormat, cell.text];
  });
}

describe("formats follow the currency", () => {
  it("redraws JPY amounts as USD when the currency is changed, so 2599.60 shows its cents", async () => {
    const { host, sheet } = await drawn(journalIn("JPY", "2600"));
    host.setCells(sheet, "F19", [[2599.6]]);
    host.setCells(sheet, "G20", [[2599.6]]);
    expect(shown(host, sheet, ["F19"])).toEqual([["F19", "#,##0", "2,600"]]);
    // With JPY's formats and B1, 2599.60 is not a whole yen: no verdict.
    expect(host.cell(sheet, "B1").value).toBe(UNCHECKED_TEXT);

    host.setCells(sheet, "B8", [["USD"]]);
    // The cells showed 2,600 when read: refused as shown, and redrawn for the next look.
    const outcome = await validateActiveJournal({ run: host.run });
    expect(outcome.kind === "invalid" && outcome.problems.map((p) => p.address)).toEqual([
      "F19",
      "G20",
    ]);
    expect(outcome.kind === "invalid" && outcome.notes).toContain(
      "Currency (B8) is USD: the amounts, their totals and the balance check (B1) now show two " +
        "decimals. Check the amounts as they show now before sending",
    );
    expect(shown(host, sheet, ["F19", "G20", "H19", "F21", "F31", "G31", "F32"])).toEqual([
      ["F19", "#,##0.00", "2,599.60"],
      ["G20", "#,##0.00", "2,599.60"],
      ["H19", "#,##0.00", ""],
      ["F21", "#,##0.00", ""],
      ["F31", "#,##0.00", "2,599.60"],
      ["G31", "#,##0.00", "2,599.60"],
      ["F32", "#,##0.00", "0.00"],
    ]);
    expect(host.cell(sheet, "B1").value).toBe(BALANCED_TEXT);
    // Redrawn once: the next validation sees 2,599.60 shown, and has nothing to say about the
    // currency.
    const again = await validateActiveJournal({ run: host.run });
    expect(again).toMatchObject({ kind: "valid", notes: [] });
  });

  it("redraws USD as KWD's three decimals, and back to two, where a third decimal is refused", async () => {
    const { host, sheet } = await drawn(journalIn("USD", "1250.50"));
    host.setCells(sheet, "B8", [["KWD"]]);
    host.setCells(sheet, "F19", [[1250.125]]);
    host.setCells(sheet, "G20", [[1250.125]]);
    // The service keeps two decimals: a third KWD decimal is refused, whatever the format.
    const kwd = await validateActiveJournal({ run: host.run });
    expect(kwd.kind === "invalid" && kwd.problems.map((p) => p.address)).toEqual(["F19", "G20"]);
    expect(shown(host, sheet, ["F19", "F31"])).toEqual([
      ["F19", "#,##0.000", "1,250.125"],
      ["F31", "#,##0.000", "1,250.125"],
    ]);
    // B1 counts the two decimals that may be sent: no verdict on a third.
    expect(host.cell(sheet, "B1").value).toBe(UNCHECKED_TEXT);
    host.setCells(sheet, "F19", [[1250.12]]);
    host.setCells(sheet, "G20", [[1250.12]]);
    expect(await validateActiveJournal({ run: host.run })).toMatchObject({ kind: "valid" });
    expect(host.cell(sheet, "B1").value).toBe(BALANCED_TEXT);
    host.setCells(sheet, "F19", [[1250.125]]);
    host.setCells(sheet, "G20", [[1250.125]]);

    host.setCells(sheet, "B8", [["USD"]]);
    const outcome = await validateActiveJournal({ run: host.run });
    expect(outcome.kind === "invalid" && outcome.problems.map((p) => p.address)).toEqual([
      "F19",
      "G20",
    ]);
    expect(shown(host, sheet, ["F19"])).toEqual([["F19", "#,##0.00", "1,250.13"]]);
    expect(host.cell(sheet, "B1").value).toBe(UNCHECKED_TEXT);
  });
});
