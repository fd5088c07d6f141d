import type { ManualJournal } from "../../../src/api";
import { layoutJournal } from "../../../src/journal";
import { differenceFormula } from "../../../src/journal/balanceFormulas";
import { LEGEND_TEXT } from "../../../src/journal/journalSheet";
import type { JournalLayout, LayoutCell } from "../../../src/journal";
import { dateTimeToSerial, dateToSerial } from "../../../src/sheets";
import { join } from "node:path";
import { goldenFilesIn } from "../helpers/goldenFiles";
import { seededJournal } from "./seededJournals";

const golden = goldenFilesIn(join(__dirname, "golden"));

function cellAt(layout: JournalLayout, address: string): LayoutCell {
  const cell = layout.cells.find((candidate) => candidate.address === address);
  if (!cell) throw new Error(`the layout has no cell ${address}`);
  return cell;
}

function row(layout: JournalLayout, rowNumber: number): LayoutCell[] {
  return layout.cells.filter((cell) => Number(/\d+$/.exec(cell.address)?.[0]) === rowNumber);
}

/** Label → value cell of the header block. */
function fields(layout: JournalLayout): Map<string, LayoutCell> {
  const map = new Map<string, LayoutCell>();
  for (const cell of layout.cells) {
    const match = /^A(\d+)$/.exec(cell.address);
    if (!match || cell.role !== "label" || Number(match[1]) >= layout.frozenRows) continue;
    if (cell.value === LEGEND_TEXT) continue;
    map.set(String(cell.value), cellAt(layout, `B${match[1]}`));
  }
  return map;
}

describe("layout.ts", () => {
  describe("layoutJournal()", () => {
    it.each(["JNL-0002", "JNL-0004"])("draws seeded journal %s as its golden file", (reference) => {
      const layout = layoutJournal(seededJournal(reference));
      const text = golden(`${reference}.layout.json`, JSON.stringify(layout, null, 2));
      expect(layout).toEqual(JSON.parse(text));
    });

    it("puts the title in A1 and a live balance verdict in B1 for a DRAFT journal", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      expect(cellAt(layout, "A1")).toEqual({
        address: "A1",
        value: "Manual journal JNL-0001",
        numberFormat: "@",
        role: "header",
        bold: true,
      });
      expect(cellAt(layout, "B1")).toEqual({
        address: "B1",
        formula: '=IF(ISNUMBER(F32),IF(F32=0,"Balanced","Unbalanced"),F32)',
        numberFormat: "General",
        role: "balance",
        bold: true,
      });
      expect(row(layout, 2)).toEqual([
        { address: "A2", value: LEGEND_TEXT, numberFormat: "@", role: "label" },
      ]);
    });

    it("labels the header fields in column A, values in column B; only date, currency, rate and description are inputs", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      const roles = [...fields(layout)].map(([label, cell]) => [label, cell.address, cell.role]);
      expect(roles).toEqual([
        ["Reference", "B3", "fact"],
        ["Transaction reference", "B4", "fact"],
        ["Status", "B5", "fact"],
        ["Journal ID", "B6", "fact"],
        ["Transaction date", "B7", "input"],
        ["Currency", "B8", "input"],
        ["Exchange rate", "B9", "input"],
        ["Description", "B10", "input"],
        ["Created by", "B11", "fact"],
        ["Created at (UTC)", "B12", "fact"],
        ["Updated at (UTC)", "B13", "fact"],
        ["Approved by", "B14", "fact"],
        ["Approved at (UTC)", "B15", "fact"],
        ["Rejection reason", "B16", "fact"],
      ]);
    });

    it("shows the transaction date as the serial of the calendar date it names, formatted yyyy-mm-dd", () => {
      const journal: ManualJournal = {
        ...seededJournal("JNL-0001"),
        transaction_date: "2026-01-31T23:30:00-05:00",
      };
      expect(cellAt(layoutJournal(journal), "B7")).toMatchObject({
        value: dateToSerial("2026-01-31"),
        numberFormat: "yyyy-mm-dd",
      });
    });

    it("shows the currency as text and the exchange rate as a number with at least two decimals", () => {
      const layout = layoutJournal({ ...seededJournal("JNL-0002"), exchange_rate: "1.0825" });
      expect(cellAt(layout, "B8")).toMatchObject({ value: "EUR", numberFormat: "@" });
      expect(cellAt(layout, "B9")).toMatchObject({ value: 1.0825, numberFormat: "0.00########" });
    });

    it("shows timestamps as UTC date-time serials, and empty facts for nulls", () => {
      const journal = seededJournal("JNL-0001");
      const layout = fields(layoutJournal(journal));
      expect(layout.get("Created at (UTC)")).toMatchObject({
        value: dateTimeToSerial(journal.created_at),
        numberFormat: "yyyy-mm-dd hh:mm:ss",
      });
      expect(layout.get("Approved by")).toMatchObject({ value: "", numberFormat: "@" });
      expect(layout.get("Approved at (UTC)")).toMatchObject({ value: "" });
      expect(layout.get("Rejection reason")).toMatchObject({ value: "", numberFormat: "@" });
    });

    it("writes every server string as an @ value, never a formula", () => {
      const journal = seededJournal("JNL-0008");
      const layout = layoutJournal({
        ...journal,
        lines: journal.lines.map((line) => ({ ...line, description: "=1+1", tax_id: "00123" })),
      });
      expect(cellAt(layout, "B10")).toMatchObject({
        value: '=SUM(A1:A3) "quoted" – Café 株式会社 🧾',
        numberFormat: "@",
      });
      expect(cellAt(layout, "D19")).toMatchObject({ value: "=1+1", numberFormat: "@" });
      expect(cellAt(layout, "E19")).toMatchObject({ value: "00123", numberFormat: "@" });
      const formulas = layout.cells.filter((cell) => cell.formula !== undefined);
      expect(formulas.map((cell) => cell.address)).toEqual(["B1", "F31", "G31", "F32"]);
      for (const cell of layout.cells) {
        if (typeof cell.value === "string" && cell.value !== "")
          expect(cell.numberFormat).toBe("@");
      }
    });

    it("draws the lines table with Debit and Credit side by side, the unused side empty (not 0)", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      expect(row(layout, 18).map((cell) => cell.value)).toEqual([
        "Line",
        "Account code",
        "Account name",
        "Description",
        "Tax ID",
        "Debit",
        "Credit",
        "Tax amount",
        "Contact ID",
        "Staff ID",
        "Line ID",
        "Account ID",
      ]);
      expect(cellAt(layout, "F19")).toMatchObject({ value: 2500, numberFormat: "#,##0.00" });
      expect(cellAt(layout, "G19")).toMatchObject({ value: "", numberFormat: "#,##0.00" });
      expect(cellAt(layout, "F20")).toMatchObject({ value: "", numberFormat: "#,##0.00" });
      expect(cellAt(layout, "G20")).toMatchObject({ value: 2500, numberFormat: "#,##0.00" });
    });

    it("makes a DRAFT line's account, description, amounts and ids inputs; names, tax amounts and line ids facts", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      expect(row(layout, 19).map((cell) => cell.role)).toEqual([
        "fact",
        "input",
        "fact",
        "input",
        "input",
        "input",
        "input",
        "fact",
        "input",
        "input",
        "fact",
        "input",
      ]);
    });

    it("adds ten empty input rows for new lines by default, or as many as spareLines", () => {
      const journal = seededJournal("JNL-0001");
      const byDefault = layoutJournal(journal);
      const spare = row(byDefault, 21);
      expect(spare.map((cell) => cell.value)).toEqual(new Array(12).fill(""));
      expect(spare.map((cell) => cell.numberFormat)).toEqual([
        "0",
        "@",
        "@",
        "@",
        "@",
        "#,##0.00",
        "#,##0.00",
        "#,##0.00",
        "@",
        "@",
        "@",
        "@",
      ]);
      expect(cellAt(byDefault, "A31").value).toBe("Total");
      expect(cellAt(layoutJournal(journal, { spareLines: 3 }), "A24").value).toBe("Total");
      expect(cellAt(layoutJournal(journal, { spareLines: 0 }), "A21").value).toBe("Total");
    });

    it("totals Debit and Credit with live SUMs from under the header row to the row above Total, and the difference in whole minor units", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      expect(cellAt(layout, "F31")).toEqual({
        address: "F31",
        formula: "=SUM(INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW()-1))",
        numberFormat: "#,##0.00",
        role: "total",
        bold: true,
      });
      expect(cellAt(layout, "G31").formula).toBe(
        "=SUM(INDEX($G:$G,ROW($G$18)+1):INDEX($G:$G,ROW()-1))",
      );
      expect(cellAt(layout, "A32")).toMatchObject({ value: "Difference", role: "label" });
      expect(cellAt(layout, "F32")).toMatchObject({
        formula: differenceFormula({
          debit: "F",
          credit: "G",
          headerRow: 18,
          totalRow: 31,
          places: 2,
        }),
        numberFormat: "#,##0.00",
        role: "total",
      });
    });

    it.each(["JNL-0004", "JNL-0006", "JNL-0007"])(
      "draws non-DRAFT journal %s read-only: facts only, the reason in B1, no spare rows",
      (reference) => {
        const journal = seededJournal(reference);
        const layout = layoutJournal(journal);
        expect(layout.cells.filter((cell) => cell.role === "input")).toEqual([]);
        expect(cellAt(layout, "B1")).toEqual({
          address: "B1",
          value: `${journal.status} journals cannot be changed; only DRAFT journals can`,
          numberFormat: "@",
          role: "balance",
          bold: true,
        });
        expect(cellAt(layout, `A${19 + journal.lines.length}`).value).toBe("Total");
      },
    );

    it("keeps an amount of more than 15 significant digits as exact text, and says so in a note", () => {
      const layout = layoutJournal(seededJournal("JNL-0005"));
      expect(cellAt(layout, "F19")).toMatchObject({
        value: "98765432109876.54",
        numberFormat: "@",
      });
      expect(layout.notes).toEqual([
        "Line 1, Debit (F19): 98765432109876.54 is kept as text because a spreadsheet number would lose digits; the sheet's totals leave it out, and the journal cannot be sent until it has at most 15 digits",
        "Line 2, Credit (G20): 98765432109876.54 is kept as text because a spreadsheet number would lose digits; the sheet's totals leave it out, and the journal cannot be sent until it has at most 15 digits",
      ]);
      expect(layoutJournal(seededJournal("JNL-0001")).notes).toEqual([]);
    });

    it("names the sheet Journal <reference>, valid for Excel and at most 31 characters", () => {
      const journal = seededJournal("JNL-0001");
      expect(layoutJournal(journal).sheetName).toBe("Journal JNL-0001");
      const odd = layoutJournal({ ...journal, reference: "JNL/2026:[adjustments]*for-the-year" });
      expect(odd.sheetName).toBe("Journal JNL 2026 adjustments fo");
      expect(odd.sheetName.length).toBeLessThanOrEqual(31);
      expect(layoutJournal(journal, { takenSheetNames: ["journal jnl-0001"] }).sheetName).toBe(
        "Journal JNL-0001 (2)",
      );
    });

    it("names another project's journal sheet with the project, keeping the reference whole", () => {
      const journal = seededJournal("JNL-0001");
      expect(layoutJournal(journal, { project: "Acme" }).sheetName).toBe("Journal JNL-0001 (Acme)");
      // "Journal " goes first when both do not fit, then the reference is cut.
      expect(layoutJournal(journal, { project: "other-company" }).sheetName).toBe(
        "JNL-0001 (other-company)",
      );
      const long = layoutJournal(
        { ...journal, reference: "JNL-2026-000000000001" },
        { project: "Acme Holdings UK Ltd" },
      );
      expect(long.sheetName).toBe("JNL-202… (Acme Holdings UK Ltd)");
      expect(long.sheetName.length).toBeLessThanOrEqual(31);
    });

    it("covers A1 to the Difference row, freezes down to the lines header, and sets twelve column widths", () => {
      const layout = layoutJournal(seededJournal("JNL-0001"));
      expect(layout.extent).toBe("A1:L32");
      expect(layout.frozenRows).toBe(18);
      expect(layout.columnWidths).toHaveLength(12);
      for (const width of layout.columnWidths) {
        expect(width).toBeGreaterThanOrEqual(56);
        expect(width).toBeLessThanOrEqual(248);
      }
    });

    it("gives a journal without lines one empty row, so the totals still sum a range", () => {
      const layout = layoutJournal({ ...seededJournal("JNL-0004"), lines: [] });
      expect(cellAt(layout, "F20").formula).toBe(
        "=SUM(INDEX($F:$F,ROW($F$18)+1):INDEX($F:$F,ROW()-1))",
      );
    });
  });
});
