// Imported amounts take the decimals of their record's currency: KWD and BHD amounts of three
// decimals are numbers shown with three, JPY amounts whole numbers shown with none, and the
// cells of a money column mixing currencies each get their currency's format.
import { toCell } from "../../../src/sheets/typedCells";
import { createDiscoveringShaper } from "../../../src/sheets/shapeRecords";
import {
  createAllocationsShaper,
  createPaymentsShaper,
  PAYMENT_COLUMN_SPECS,
} from "../../../src/sheets/shapePayments";
import { journalLinesTable } from "../../../src/formulas/formulaTables";
import { journalFieldOf, journalFieldValue } from "../../../src/formulas/journalFields";
import { seededJournal } from "../journal/seededJournals";

describe("money cells in the record's currency", () => {
  it("toCell keeps three decimals as a number for KWD and formats it with three", () => {
    expect(toCell("money", "1.005", "Total", 3)).toEqual({
      value: 1.005,
      fallback: false,
      notes: [],
      numberFormat: "#,##0.000",
    });
    expect(toCell("money", "1500.00", "Total", 0)).toMatchObject({
      value: 1500,
      numberFormat: "#,##0",
    });
    expect(toCell("money", "1500.5", "Total", 0)).toMatchObject({
      value: "1500.5",
      fallback: true,
      reason: "not a whole amount",
    });
    expect(toCell("money", "1.0005", "Total", 3)).toMatchObject({
      fallback: true,
      reason: "more than three decimals",
    });
    expect(toCell("money", "12.30", "Total")).toEqual({ value: 12.3, fallback: false, notes: [] });
  });

  it("shapes a collection mixing USD, KWD, BHD and JPY records with a format per cell", () => {
    const shaper = createDiscoveringShaper();
    const block = shaper.shape([
      { id: "a", total: "12.50", currency_code: "USD" },
      { id: "b", total: "1.005", currency_code: "KWD" },
      { id: "c", total: "250.125", currency_code: "BHD" },
      { id: "d", total: "15000", currency_code: "JPY" },
    ]);
    const columns = shaper.columns();
    const total = columns.findIndex((column) => column.key === "total");
    expect(columns[total]?.kind).toBe("money");
    expect(block.rows.map((row) => row[total])).toEqual([12.5, 1.005, 250.125, 15000]);
    expect(block.textCells).toEqual([]);
    expect(block.formatCells).toEqual([
      { row: 1, column: total, format: "#,##0.000" },
      { row: 2, column: total, format: "#,##0.000" },
      { row: 3, column: total, format: "#,##0" },
    ]);
  });

  it("gives a payment's allocations the payment's currency", () => {
    const payment = {
      id: "p1",
      amount: "3.750",
      currency_code: "KWD",
      allocations: [{ id: "al1", amount: "1.250", bill_id: "b1" }],
    };
    const payments = createPaymentsShaper().shape([payment]);
    const amount = PAYMENT_COLUMN_SPECS.findIndex((column) => column.key === "amount");
    expect(payments.rows[0]?.[amount]).toBe(3.75);
    expect(payments.formatCells).toEqual([{ row: 0, column: amount, format: "#,##0.000" }]);
    const allocations = createAllocationsShaper();
    const rows = allocations.shape([payment]);
    const column = allocations.columns().findIndex((spec) => spec.key === "amount");
    expect(rows.rows[0]?.[column]).toBe(1.25);
    expect(rows.formatCells).toEqual([{ row: 0, column, format: "#,##0.000" }]);
  });

  it("LEDGER.JOURNAL and JOURNAL.FIELD give a KWD journal's amounts as numbers", () => {
    const journal = {
      ...seededJournal("JNL-0001"),
      currency_code: "KWD",
      lines: seededJournal("JNL-0001").lines.map((line, index) => ({
        ...line,
        debit: index === 0 ? "1.005" : "0.000",
        credit: index === 0 ? "0.000" : "1.005",
      })),
    };
    const table = journalLinesTable(journal.lines, journal.currency_code);
    const debit = table[0]!.indexOf("Debit");
    expect(table[1]?.[debit]).toBe(1.005);
    expect(journalFieldValue(journal, journalFieldOf("total debit"))).toBe(1.005);
  });
});
