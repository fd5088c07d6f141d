import {
  DEFAULT_MAX_RECORDS,
  FormulaError,
  MAX_RECORDS_CAP,
  journalReferenceOf,
  listCollectionOf,
  recordCountOf,
} from "../../../src/formulas";
import { projectNameOf } from "../../../src/formulas/formulaArguments";

function errorOf(act: () => unknown): FormulaError {
  try {
    act();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error("expected a FormulaError");
}

describe("listCollectionOf()", () => {
  it.each([
    ["invoices", "invoices"],
    ["Invoice", "invoices"],
    ["INVOICES ", "invoices"],
    ["credit notes", "credit-notes"],
    ["Credit-Notes", "credit-notes"],
    ["creditnotes", "credit-notes"],
    ["credit_note", "credit-notes"],
    ["Debit Note", "debit-notes"],
    ["bill", "bills"],
    ["receipts", "receipts"],
    ["Expense", "expenses"],
  ])("reads %j as %s", (text, id) => {
    expect(listCollectionOf(text).id).toBe(id);
  });

  it("refuses an unknown collection with #VALUE!, listing the ones it knows", () => {
    const error = errorOf(() => listCollectionOf("invoicez"));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe(
      "There is no collection “invoicez”. Use one of: invoices, receipts, bills, credit notes, " +
        "debit notes, expenses.",
    );
  });

  it("sends payments to their own function", () => {
    expect(errorOf(() => listCollectionOf("Payments")).message).toBe(
      "Payments have their own function: use =LEDGER.PAYMENTS().",
    );
  });

  it.each([null, undefined, "", "  ", 12, true])("asks for a collection when given %j", (value) => {
    const error = errorOf(() => listCollectionOf(value));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^Name a collection: invoices, /);
  });
});

describe("recordCountOf()", () => {
  it("uses the default when the argument is omitted", () => {
    expect(recordCountOf(null, "max_records")).toBe(DEFAULT_MAX_RECORDS);
    expect(recordCountOf(undefined, "max_records")).toBe(DEFAULT_MAX_RECORDS);
    expect(recordCountOf("", "max_records")).toBe(DEFAULT_MAX_RECORDS);
  });

  it("takes whole numbers from 1 to the cap", () => {
    expect(recordCountOf(1, "limit")).toBe(1);
    expect(recordCountOf(MAX_RECORDS_CAP, "limit")).toBe(2_000);
  });

  it.each([0, -3, 2.5, Number.NaN, "10", true])("refuses %j", (value) => {
    const error = errorOf(() => recordCountOf(value, "max_records"));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^max_records must be a whole number from 1 to 2,000, not “/);
  });

  it("past the cap, points to the task pane import", () => {
    expect(errorOf(() => recordCountOf(2_001, "max_records")).message).toBe(
      "A formula brings in at most 2,000 records. For more, use Import in the Ledger Sheets " +
        "task pane.",
    );
  });
});

describe("journalReferenceOf()", () => {
  it("keeps a reference as typed, trimmed at the ends only", () => {
    expect(journalReferenceOf("  TRX/2026 0003 adj ")).toBe("TRX/2026 0003 adj");
  });

  it("reads a number as the id it looks like", () => {
    expect(journalReferenceOf(1001)).toBe("1001");
  });

  it.each([null, "", " ", true])("asks for a reference when given %j", (value) => {
    expect(errorOf(() => journalReferenceOf(value)).message).toBe(
      "Enter a journal id or transaction reference, for example “TRX-2026-0001”.",
    );
  });
});

describe("projectNameOf()", () => {
  it("gives the default project (undefined) for a left-out or empty argument", () => {
    for (const omitted of [undefined, null, "", "   "])
      expect(projectNameOf(omitted)).toBeUndefined();
  });

  it("takes the project's name as text, trimmed", () => {
    expect(projectNameOf(" other-company ")).toBe("other-company");
  });

  it("refuses anything but text with #VALUE!", () => {
    const error = errorOf(() => projectNameOf(2024));
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toBe('project must be the project\'s name as text, for example "Acme".');
  });
});
