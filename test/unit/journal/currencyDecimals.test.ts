// Journals in currencies whose amounts do not have two decimals (ISO 4217 minor units): KWD and
// BHD have three, JPY none. Drawn, read and sent with the currency's own decimals, and an
// amount the user left alone goes back in the server's text.
import type { ManualJournal } from "../../../src/api";
import { buildJournalUpdate, keepUntouchedAmounts } from "../../../src/api";
import { layoutJournal, parseJournalGrid } from "../../../src/journal";
import { seededJournal } from "./seededJournals";
import { SheetGrid } from "./sheetGrid";

/** JNL-0001 (two lines: F19 debit, G20 credit) in `currency`, with both amounts `amount`. */
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

function cellOf(journal: ManualJournal, address: string) {
  return layoutJournal(journal).cells.find((cell) => cell.address === address);
}

describe("journals in currencies of other decimals", () => {
  it("shows a KWD journal's three decimals and sends the two the service keeps", () => {
    const journal = journalIn("KWD", "1250.120");
    expect(cellOf(journal, "F19")).toMatchObject({ value: 1250.12, numberFormat: "#,##0.000" });
    expect(cellOf(journal, "F31")?.numberFormat).toBe("#,##0.000");
    // The balance check counts each amount in the hundredths the service keeps.
    expect(cellOf(journal, "F32")?.formula).toContain(
      "SUMPRODUCT(ROUND(IF(ISNUMBER(INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW($F$31)-1)),INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW($F$31)-1)*100,0),0))",
    );

    const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
    expect(reading.problems).toEqual([]);
    const update = buildJournalUpdate(reading.draft!);
    expect(update.lines.map((line) => line.amount)).toEqual(["1250.120", "1250.120"]);
  });

  it("refuses a third KWD decimal at its cell, which the service would refuse", () => {
    const grid = SheetGrid.fromLayout(layoutJournal(journalIn("KWD", "1.5")));
    grid.set("F19", 1.125).set("G20", 1.125);
    expect(parseJournalGrid(grid.snapshot()).problems[0]).toEqual({
      address: "F19",
      message:
        "Line 1, Debit (F19): 1.125 has more than two decimals. If it is a formula result, " +
        "wrap the formula in ROUND(…, 2) (the service keeps two decimals of an amount, fewer " +
        "than the currency's three)",
    });
  });

  it("reads a KWD journal's three decimals where the service keeps three", () => {
    const grid = SheetGrid.fromLayout(layoutJournal(journalIn("KWD", "1250.125")));
    const reading = parseJournalGrid(grid.snapshot(), {}, { serviceDecimals: 3 });
    expect(reading.problems).toEqual([]);
    expect(buildJournalUpdate(reading.draft!).lines.map((line) => line.amount)).toEqual([
      "1250.125",
      "1250.125",
    ]);
    grid.set("F19", 1.5005).set("G20", 1.5005);
    expect(parseJournalGrid(grid.snapshot(), {}, { serviceDecimals: 3 }).problems[0]?.message).toBe(
      "Line 1, Debit (F19): 1.5005 has more than three decimals. If it is a formula result, " +
        "wrap the formula in ROUND(…, 3)",
    );
  });

  it("sends JPY without decimals, and an untouched amount as the server wrote it", () => {
    const journal = journalIn("JPY", "150000.00");
    expect(cellOf(journal, "F19")).toMatchObject({ value: 150000, numberFormat: "#,##0" });
    expect(cellOf(journal, "F32")?.formula).toContain(
      "SUMPRODUCT(ROUND(IF(ISNUMBER(INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW($F$31)-1)),INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW($F$31)-1),0),0))",
    );

    const untouched = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
    const update = buildJournalUpdate(untouched.draft!);
    expect(update.lines.map((line) => line.amount)).toEqual(["150000", "150000"]);
    expect(keepUntouchedAmounts(update, journal).lines.map((line) => line.amount)).toEqual([
      "150000.00",
      "150000.00",
    ]);

    const grid = SheetGrid.fromLayout(layoutJournal(journal)).set("F19", 160000).set("G20", 160000);
    const changed = buildJournalUpdate(parseJournalGrid(grid.snapshot()).draft!);
    expect(keepUntouchedAmounts(changed, journal).lines.map((line) => line.amount)).toEqual([
      "160000",
      "160000",
    ]);
  });

  it("refuses a JPY amount with decimals", () => {
    const grid = SheetGrid.fromLayout(layoutJournal(journalIn("JPY", "150000.00")));
    grid.set("F19", 150000.5).set("G20", 150000.5);
    expect(parseJournalGrid(grid.snapshot()).problems.map((p) => p.message)).toEqual([
      "Line 1, Debit (F19): 150000.5 is not a whole amount. If it is a formula result, wrap the " +
        "formula in ROUND(…, 0)",
      "Line 2, Credit (G20): 150000.5 is not a whole amount. If it is a formula result, wrap the " +
        "formula in ROUND(…, 0)",
    ]);
  });

  it("opens HUF 1234.56 showing its two decimals (ISO 4217) and sends it untouched", () => {
    const journal = journalIn("HUF", "1234.56");
    expect(cellOf(journal, "F19")).toMatchObject({ value: 1234.56, numberFormat: "#,##0.00" });
    const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
    expect(reading.problems).toEqual([]);
    const update = keepUntouchedAmounts(buildJournalUpdate(reading.draft!), journal);
    expect(update.lines.map((line) => line.amount)).toEqual(["1234.56", "1234.56"]);
  });

  it("never opens an amount shown with fewer decimals than it has", () => {
    const journal = journalIn("JPY", "150000.50");
    expect(cellOf(journal, "F19")).toMatchObject({ value: 150000.5, numberFormat: "#,##0.0" });
  });

  it("checks a currency ISO 4217 does not list with two decimals, and says so", () => {
    const reading = parseJournalGrid(
      SheetGrid.fromLayout(layoutJournal(journalIn("XYZ", "10.00"))).snapshot(),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.notices).toEqual([
      {
        address: "B8",
        message:
          "Currency (B8): XYZ is not a currency this computer knows (ISO 4217), so amounts were checked with two decimals; the server decides whether it accepts it",
        severity: "info",
      },
    ]);
  });
});
