import { checkJournalUpdate, buildJournalUpdate } from "../../../src/api";
import type { ManualJournal } from "../../../src/api";
import { FakeExcelHost } from "../../../tools/excel-emulator";
import { layoutJournal, parseJournalGrid } from "../../../src/journal";
import type { GridSnapshot, JournalLayout } from "../../../src/journal";
import { allSeededJournals } from "./seededJournals";
import { SheetGrid } from "./sheetGrid";

/** The update a journal's own lines make: what reading back its untouched sheet must give. */
function linesOf(journal: ManualJournal): unknown[] {
  return journal.lines.map((line) => {
    const debit = Number(line.debit) !== 0;
    return {
      account_id: line.account_id,
      amount: debit ? line.debit : line.credit,
      type: debit ? "DEBIT" : "CREDIT",
      ...(line.tax_id ? { tax_id: line.tax_id } : {}),
      ...(line.contact_id ? { contact_id: line.contact_id } : {}),
      ...(line.staff_id ? { staff_id: line.staff_id } : {}),
      ...(line.description ? { description: line.description } : {}),
    };
  });
}

/** Draws the layout into the strict fake Excel as the Excel layer would: format first, then value. */
function drawInFake(layout: JournalLayout): FakeExcelHost {
  const host = new FakeExcelHost({ sheets: [layout.sheetName] });
  for (const cell of layout.cells) {
    host.setCells(
      layout.sheetName,
      cell.address,
      [[cell.formula ?? cell.value ?? ""]],
      cell.numberFormat,
    );
  }
  return host;
}

/** The sheet as Range.values and Range.formulas report it over the layout's extent. */
function readFromFake(host: FakeExcelHost, layout: JournalLayout): GridSnapshot {
  const values = host.values(layout.sheetName, layout.extent);
  const formulas = values.map((row, r) =>
    row.map((value, c) => {
      const address = `${String.fromCharCode(65 + c)}${r + 1}`;
      return host.cell(layout.sheetName, address).formula ?? value;
    }),
  );
  // Drawn cell by cell here, without the Excel layer's names: the rows are where the layout put them.
  return { values, formulas, ...(layout.marks ? { marks: layout.marks } : {}) };
}

const SEEDED = allSeededJournals();
/** Amounts of more than 15 significant digits: drawn as text, refused by Send (tested below). */
const tooLong = (amount: string): boolean =>
  amount.replace(/[-.]/g, "").replace(/^0+/, "").length > 15;
const SENDABLE = SEEDED.filter((journal) =>
  journal.lines.every((line) => !tooLong(line.debit) && !tooLong(line.credit)),
);

describe("the journal sheet, drawn and read back", () => {
  it.each(
    SENDABLE.map((journal) => [`${journal.project_id} ${journal.reference}`, journal] as const),
  )("reproduces the lines of seeded journal %s exactly", (_, journal) => {
    const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
    expect(reading.problems).toEqual([]);
    if (!reading.draft) throw new Error("no draft");
    const update = buildJournalUpdate(reading.draft);
    expect(checkJournalUpdate(update)).toEqual([]);
    expect(update.lines).toEqual(linesOf(journal));
    expect(update.currency_code).toBe(journal.currency_code);
    expect(update.transaction_date.slice(0, 10)).toBe(journal.transaction_date.slice(0, 10));
    expect(Number(update.exchange_rate)).toBe(Number(journal.exchange_rate));
  });

  it("refuses, cell by cell, the seeded journals with amounts beyond 15 digits", () => {
    const long = SEEDED.filter((journal) => !SENDABLE.includes(journal));
    expect(long.length).toBeGreaterThan(0);
    for (const journal of long) {
      const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
      expect(reading.draft).toBeNull();
      expect(reading.problems.map((p) => p.message).join(" ")).toMatch(
        /more than 15 significant digits/,
      );
    }
  });

  describe("through the strict fake Excel", () => {
    const journal = SEEDED.find((candidate) => candidate.reference === "JNL-0003")!;
    const layout = layoutJournal(journal);

    it("keeps server strings literal and shows Balanced, the difference rounding away float noise", () => {
      const host = drawInFake(layout);
      expect(host.cell(layout.sheetName, "B10")).toMatchObject({
        value: "Payroll allocation – January (memo 00123)",
        formula: null,
      });
      // The debits' SUM carries float noise (6747.699999999999); ROUND in the difference absorbs it.
      expect(host.cell(layout.sheetName, "F37").value).toBeCloseTo(6747.7, 9);
      expect(host.cell(layout.sheetName, "G37").value).toBeCloseTo(6747.7, 9);
      expect(host.cell(layout.sheetName, "F38").value).toBe(0);
      expect(host.cell(layout.sheetName, "B1").value).toBe("Balanced");
    });

    it("reads back to the journal's own lines", () => {
      const reading = parseJournalGrid(readFromFake(drawInFake(layout), layout));
      expect(reading.problems).toEqual([]);
      expect(reading.draft && buildJournalUpdate(reading.draft).lines).toEqual(linesOf(journal));
    });

    it("marks the sheet Unbalanced as soon as an amount is changed, and validation names the difference", () => {
      const host = drawInFake(layout);
      host.setCells(layout.sheetName, "G25", [["=1000+200.1"]]);
      expect(host.cell(layout.sheetName, "B1").value).toBe("Unbalanced");
      expect(host.cell(layout.sheetName, "F38").value).toBe(-0.1);
      expect(parseJournalGrid(readFromFake(host, layout)).problems).toEqual([
        { address: "F38", message: "Debits 6,747.70 and credits 6,747.80 differ by 0.10" },
      ]);
    });

    it("keeps a description typed as =1+1 in an @ cell as text", () => {
      const host = drawInFake(layout);
      host.setCells(layout.sheetName, "D19", [["=1+1"]]);
      const reading = parseJournalGrid(readFromFake(host, layout));
      expect(reading.draft?.lines[0]?.description).toBe("=1+1");
    });
  });
});
