import { MoneyDecimal } from "../../../src/money";
import { parseJournalGrid, validateJournalDraft } from "../../../src/journal";
import type { JournalDraft, JournalSheetAddresses, SheetProblem } from "../../../src/journal";
import { seededJournal } from "./seededJournals";
import { SheetGrid, drawnSheet } from "./sheetGrid";

// JNL-0001 as drawn: date B7, currency B8, rate B9; line 1 in row 19 (account 6000, debit
// 2,500.00 in F19), line 2 in row 20 (account 2200, credit 2,500.00 in G20); spare rows 21-30;
// Total row 31; Difference F32.

const [RENT, ACCRUALS] = seededJournal("JNL-0001").lines;
const RENT_ID = RENT?.account_id ?? "";
const ACCRUALS_ID = ACCRUALS?.account_id ?? "";

function problemsOf(grid: SheetGrid): SheetProblem[] {
  return [...parseJournalGrid(grid.snapshot()).problems];
}

/** Adds a third line in row 21 and a fourth in row 22 that balance each other. */
function withTwoMoreLines(grid: SheetGrid): SheetGrid {
  return grid
    .set("L21", RENT_ID)
    .set("B21", "6000")
    .set("F21", 100)
    .set("L22", ACCRUALS_ID)
    .set("B22", "2200")
    .set("G22", 100);
}

describe("validate.ts", () => {
  describe("the rules, through parseJournalGrid()", () => {
    describe("transaction date", () => {
      it.each<[string, string | number | boolean, string]>([
        [
          "empty",
          "",
          "Transaction date (B7): enter the date as YYYY-MM-DD, for example 2026-01-31",
        ],
        [
          "not YYYY-MM-DD",
          "31/01/2026",
          "Transaction date (B7): “31/01/2026” is not a date; type it as YYYY-MM-DD, for example 2026-01-31",
        ],
        [
          "a day that does not exist",
          "2026-02-30",
          "Transaction date (B7): “2026-02-30” is not a date; type it as YYYY-MM-DD, for example 2026-01-31",
        ],
        [
          "before the first date a sheet holds",
          "1899-12-31",
          "Transaction date (B7): “1899-12-31” is outside the dates a sheet can hold (1900-03-01 to 9999-12-31)",
        ],
        [
          "a number that is no date serial",
          -5,
          "Transaction date (B7): -5 is not a date between 1900-03-01 and 9999-12-31",
        ],
        [
          "TRUE",
          true,
          "Transaction date (B7): “TRUE” is not a date; type it as YYYY-MM-DD, for example 2026-01-31",
        ],
      ])("refuses a date that is %s", (_, value, message) => {
        expect(problemsOf(drawnSheet("JNL-0001").set("B7", value))).toEqual([
          { address: "B7", message },
        ]);
      });
    });

    describe("currency", () => {
      it.each([
        ["empty", "", "Currency (B8): enter a three-letter code such as USD"],
        ["in small letters", "usd", "Currency (B8): write “usd” in capitals: USD"],
        [
          "a symbol",
          "US$",
          "Currency (B8): “US$” is not a currency code; use a three-letter code such as USD",
        ],
        [
          "four letters",
          "USDT",
          "Currency (B8): “USDT” is not a currency code; use a three-letter code such as USD",
        ],
      ])("refuses a currency that is %s", (_, value, message) => {
        expect(problemsOf(drawnSheet("JNL-0001").set("B8", value))).toEqual([
          { address: "B8", message },
        ]);
      });
    });

    describe("exchange rate", () => {
      it.each<[string, string | number, string]>([
        ["empty", "", "Exchange rate (B9): enter a rate greater than zero, such as 1.00"],
        ["zero", 0, "Exchange rate (B9): the exchange rate 0 must be greater than zero"],
        ["negative", -1.1, "Exchange rate (B9): the exchange rate -1.1 must be greater than zero"],
        [
          "text with a decimal comma",
          "1,2",
          "Exchange rate (B9): “1,2” is not an exchange rate: use a point for decimals and no thousands separators, like 1.2345",
        ],
        [
          "longer than ten decimals",
          1 / 3,
          "Exchange rate (B9): the exchange rate 0.333333333333333 has more than 10 decimals",
        ],
      ])("refuses a rate that is %s", (_, value, message) => {
        expect(problemsOf(drawnSheet("JNL-0001").set("B9", value))).toEqual([
          { address: "B9", message },
        ]);
      });

      it("refuses a 4-decimal rate at its cell, as the service keeps two decimals", () => {
        expect(problemsOf(drawnSheet("JNL-0001").set("B9", 1.2345))).toEqual([
          {
            address: "B9",
            message:
              "Exchange rate (B9): the service keeps two decimals of an exchange rate, so 1.2345 " +
              "would be stored as 1.23; enter the rate with at most two decimals",
          },
        ]);
        expect(problemsOf(drawnSheet("JNL-0001").set("B9", 1.23))).toEqual([]);
      });

      it("accepts a rate with up to ten decimals where the service keeps them", () => {
        const grid = drawnSheet("JNL-0001").set("B9", 1.0825000001);
        expect(parseJournalGrid(grid.snapshot(), {}, { serviceDecimals: 10 }).problems).toEqual([]);
      });
    });

    describe("accounts", () => {
      it("refuses a line without an Account ID or Account code", () => {
        const grid = drawnSheet("JNL-0001").set("L20", "").set("B20", "");
        expect(problemsOf(grid)).toEqual([
          { address: "L20", message: "Line 2, Account ID (L20): enter the account's ID" },
        ]);
      });

      it("takes a blank Account ID from another line with the same account code, and says so as information", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001")).set("L22", "");
        const reading = parseJournalGrid(grid.snapshot());
        expect(reading.problems).toEqual([]);
        expect(reading.notices).toEqual([
          {
            address: "L22",
            message:
              "Line 4, Account ID (L22): taken from line 2, which has the same account code 2200",
            severity: "info",
          },
        ]);
        expect(reading.draft?.lines[3]?.accountId).toBe(ACCRUALS_ID);
      });

      it("refuses a blank Account ID whose account code no other line has", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001")).set("L22", "").set("B22", "7000");
        expect(problemsOf(grid)).toEqual([
          {
            address: "L22",
            message:
              "Line 4, Account ID (L22): enter the account's ID; no other line or open journal has account code 7000 to take it from",
          },
        ]);
      });

      it("takes a blank Account ID from another open journal that knows the code, and says so", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001")).set("L22", "").set("B22", "4100");
        const reading = parseJournalGrid(grid.snapshot(), {
          knownAccounts: [{ accountId: "acc-sales", accountCode: "4100", accountName: "Sales" }],
        });
        expect(reading.problems).toEqual([]);
        expect(reading.notices).toEqual([
          {
            address: "L22",
            message:
              "Line 4, Account ID (L22): set to acc-sales, the ID of account code 4100 in the open journals (the service takes account IDs, not codes)",
            severity: "info",
          },
        ]);
        expect(reading.draft?.lines[3]?.accountId).toBe("acc-sales");
      });

      it("refuses a blank Account ID whose code the open journals give more than one ID", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001")).set("L22", "").set("B22", "4100");
        const reading = parseJournalGrid(grid.snapshot(), {
          knownAccounts: [
            { accountId: "acc-sales", accountCode: "4100", accountName: "Sales" },
            { accountId: "acc-sales-eu", accountCode: "4100", accountName: "Sales EU" },
          ],
        });
        expect(reading.problems).toEqual([
          {
            address: "L22",
            message:
              "Line 4, Account ID (L22): enter the account's ID; the open journals use account code 4100 for more than one account ID",
          },
        ]);
      });

      it("refuses a blank Account ID whose account code other lines use with different IDs", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001"))
          .set("B20", "6000")
          .set("L22", "")
          .set("B22", "6000");
        expect(problemsOf(grid)).toEqual([
          {
            address: "B20",
            message: `Line 2, Account code (B20): line 1 has account code 6000 with Account ID ${RENT_ID}, but this line's Account ID (L20) is ${ACCRUALS_ID}; correct one of them`,
          },
          {
            address: "L22",
            message:
              "Line 4, Account ID (L22): enter the account's ID; account code 6000 has different IDs on lines 1, 2 and 3",
          },
        ]);
      });

      it("refuses an Account code that another line uses with a different Account ID", () => {
        const grid = drawnSheet("JNL-0001").set("B20", "6000");
        expect(problemsOf(grid)).toEqual([
          {
            address: "B20",
            message: `Line 2, Account code (B20): line 1 has account code 6000 with Account ID ${RENT_ID}, but this line's Account ID (L20) is ${ACCRUALS_ID}; correct one of them`,
          },
        ]);
      });
    });

    describe("amounts", () => {
      it("refuses a line with both a debit and a credit", () => {
        const grid = drawnSheet("JNL-0001").set("G19", 5);
        expect(problemsOf(grid)).toEqual([
          {
            address: "G19",
            message:
              "Line 1, Credit (G19): the line also has a debit (F19); enter its amount in Debit or in Credit, not both",
          },
        ]);
      });

      it("refuses a line with neither a debit nor a credit", () => {
        const grid = drawnSheet("JNL-0001").set("G20", "");
        expect(problemsOf(grid)).toEqual([
          {
            address: "F20",
            message:
              "Line 2, Debit (F20): enter an amount greater than zero in Debit or in Credit (G20)",
          },
        ]);
      });

      it("refuses a line whose only amount is zero", () => {
        const grid = drawnSheet("JNL-0001").set("G20", 0);
        expect(problemsOf(grid)).toEqual([
          {
            address: "F20",
            message:
              "Line 2, Debit (F20): enter an amount greater than zero in Debit or in Credit (G20)",
          },
        ]);
      });

      it("accepts a zero on the unused side, as the server itself writes it", () => {
        expect(problemsOf(drawnSheet("JNL-0001").set("G19", 0).set("F20", 0))).toEqual([]);
      });

      it("refuses a negative debit, pointing to the Credit cell instead", () => {
        const grid = drawnSheet("JNL-0001").set("F19", -2500);
        expect(problemsOf(grid)).toEqual([
          {
            address: "F19",
            message:
              "Line 1, Debit (F19): -2500.00 is negative; enter 2500.00 in Credit (G19) instead",
          },
        ]);
      });

      it("refuses a negative credit, pointing to the Debit cell instead", () => {
        const grid = drawnSheet("JNL-0001").set("G20", -2500);
        expect(problemsOf(grid)).toEqual([
          {
            address: "G20",
            message:
              "Line 2, Credit (G20): -2500.00 is negative; enter 2500.00 in Debit (F20) instead",
          },
        ]);
      });

      it("refuses text that is not an amount", () => {
        const grid = drawnSheet("JNL-0001").set("G20", "2.500,00");
        expect(problemsOf(grid)).toEqual([
          {
            address: "G20",
            message:
              "Line 2, Credit (G20): “2.500,00” is not an amount: use a point for decimals and no thousands separators, like 1234.50",
          },
        ]);
      });

      it("refuses TRUE in an amount cell", () => {
        expect(problemsOf(drawnSheet("JNL-0001").set("G20", true))).toEqual([
          { address: "G20", message: "Line 2, Credit (G20): TRUE is not an amount" },
        ]);
      });
    });

    describe("the journal as a whole", () => {
      it("needs at least two lines", () => {
        const grid = drawnSheet("JNL-0001");
        for (const column of ["B", "D", "E", "F", "G", "I", "J", "L"]) {
          grid.set(`${column}19`, "").set(`${column}20`, "");
        }
        expect(problemsOf(grid)).toEqual([
          { address: null, message: "The journal needs at least two lines; the sheet has none" },
        ]);
      });

      it("refuses debits that differ from credits, with both totals and the difference, at the Difference cell", () => {
        const grid = drawnSheet("JNL-0001").set("F19", 150).set("G20", 140);
        expect(problemsOf(grid)).toEqual([
          { address: "F32", message: "Debits 150.00 and credits 140.00 differ by 10.00" },
        ]);
      });

      it("judges the balance exactly: one cent in a large sum is a difference", () => {
        const grid = withTwoMoreLines(drawnSheet("JNL-0001"))
          .set("F21", 1234567890123.45)
          .set("G22", 1234567890123.44);
        expect(problemsOf(grid)).toEqual([
          {
            address: "F32",
            message: "Debits 1,234,567,892,623.45 and credits 1,234,567,892,623.44 differ by 0.01",
          },
        ]);
      });

      it("counts lines among non-blank rows: the fifth filled row after gaps is Line 3", () => {
        const grid = drawnSheet("JNL-0001").set("L27", "").set("B27", "x").set("F27", 1);
        expect(problemsOf(grid)).toEqual([
          {
            address: "L27",
            message:
              "Line 3, Account ID (L27): enter the account's ID; no other line or open journal has account code x to take it from",
          },
          { address: "F32", message: "Debits 2,501.00 and credits 2,500.00 differ by 1.00" },
        ]);
      });

      it("gives a draft only when there is no problem", () => {
        expect(parseJournalGrid(drawnSheet("JNL-0001").snapshot()).draft).not.toBeNull();
        expect(parseJournalGrid(drawnSheet("JNL-0001").set("B8", "").snapshot()).draft).toBeNull();
      });
    });
  });

  describe("validateJournalDraft()", () => {
    const addresses: JournalSheetAddresses = {
      transactionDate: "B7",
      currency: "B8",
      exchangeRate: "B9",
      description: "B10",
      lineColumns: {
        accountId: "B",
        accountCode: "C",
        description: "E",
        debit: "F",
        credit: "G",
        taxId: "H",
        contactId: "J",
        staffId: "K",
      },
      difference: "F32",
    };
    const line = {
      accountCode: "",
      description: "",
      taxId: "",
      contactId: "",
      staffId: "",
      lineId: "",
    };
    const draft: JournalDraft = {
      transactionDate: "2026-01-31",
      currency: "USD",
      exchangeRate: "1.00",
      description: "",
      lines: [
        { ...line, row: 19, accountId: "a", debit: new MoneyDecimal("10.005") },
        { ...line, row: 20, accountId: "b", credit: new MoneyDecimal("10.00") },
      ],
    };

    it("refuses amounts with more than two decimals in a draft built elsewhere", () => {
      expect(validateJournalDraft(draft, addresses)).toEqual([
        { address: "F19", message: "Line 1, Debit (F19): 10.005 has more than two decimals" },
      ]);
    });

    it("says nothing more about cells already reported, and leaves the balance unjudged", () => {
      const unbalanced: JournalDraft = {
        ...draft,
        currency: "",
        lines: [{ ...line, row: 19, accountId: "a" }, draft.lines[1]!],
      };
      expect(
        validateJournalDraft(unbalanced, addresses, { alreadyReported: new Set(["B8", "F19"]) }),
      ).toEqual([]);
    });
  });
});
