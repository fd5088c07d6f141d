import { FormulaError, journalFieldOf, journalFieldValue } from "../../../src/formulas";
import { dateTimeToSerial } from "../../../src/sheets";
import { seededJournal } from "../journal/seededJournals";

function field(journalRef: string, name: string) {
  return journalFieldValue(seededJournal(journalRef), journalFieldOf(name));
}

describe("journalFieldOf()", () => {
  it.each([
    ["status", "status"],
    ["Total Debit", "total debit"],
    ["total_debits", "total debit"],
    ["TotalCredit", "total credit"],
    ["currency_code", "currency"],
    ["rate", "exchange rate"],
    ["Transaction-Date", "transaction date"],
    ["is_test", "is test"],
  ])("reads %j as %s", (text, name) => {
    expect(journalFieldOf(text).name).toBe(name);
  });

  it("refuses an unknown field with #VALUE!, listing the fields", () => {
    let error: unknown;
    try {
      journalFieldOf("colour");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FormulaError);
    expect((error as FormulaError).code).toBe("#VALUE!");
    expect((error as FormulaError).message).toMatch(
      /^There is no journal field “colour”\. Use one of: status, reference, transaction reference, /,
    );
  });
});

describe("journalFieldValue()", () => {
  it("gives text as text, the rate as a number and the date as an Excel serial", () => {
    const journal = seededJournal("JNL-0002");
    expect(field("JNL-0002", "status")).toBe("DRAFT");
    expect(field("JNL-0002", "currency")).toBe("EUR");
    expect(field("JNL-0002", "exchange rate")).toBe(1.08);
    expect(field("JNL-0002", "transaction date")).toBe(dateTimeToSerial(journal.transaction_date));
    expect(typeof field("JNL-0002", "transaction date")).toBe("number");
  });

  it("totals each side exactly from the lines", () => {
    const journal = seededJournal("JNL-0002");
    const debits = journal.lines.reduce(
      (sum, line) => sum + Math.round(Number(line.debit) * 100),
      0,
    );
    expect(field("JNL-0002", "total debit")).toBe(debits / 100);
    expect(field("JNL-0002", "total credit")).toBe(debits / 100);
    expect(field("JNL-0002", "line count")).toBe(journal.lines.length);
  });

  it("keeps a total with more digits than a cell holds as exact text", () => {
    expect(field("JNL-0005", "total debit")).toBe("98765432109876.54");
  });

  it("shows an empty field as an empty cell and is test as a boolean", () => {
    expect(field("JNL-0001", "rejection reason")).toBe("");
    expect(field("JNL-0008", "is test")).toBe(true);
  });
});
