import {
  checkJournalUpdate,
  journalUpdateBody,
  buildJournalUpdate,
  keepUntouchedDate,
} from "../../../src/api";
import { layoutJournal, parseJournalGrid } from "../../../src/journal";
import type { JournalDraft, JournalDraftLine } from "../../../src/journal";
import { MoneyDecimal } from "../../../src/money";
import { join } from "node:path";
import { goldenFilesIn } from "../helpers/goldenFiles";
import { allSeededJournals } from "./seededJournals";
import { drawnSheet, SheetGrid } from "./sheetGrid";

const golden = goldenFilesIn(join(__dirname, "golden"));

const LINE: Omit<JournalDraftLine, "row" | "accountId"> = {
  accountCode: "",
  description: "",
  taxId: "",
  contactId: "",
  staffId: "",
  lineId: "",
};

const DRAFT: JournalDraft = {
  transactionDate: "2026-01-31",
  currency: "USD",
  exchangeRate: "1.2345",
  description: "",
  lines: [
    { ...LINE, row: 19, accountId: "acc-1", debit: new MoneyDecimal("10.3") },
    { ...LINE, row: 20, accountId: "acc-2", credit: new MoneyDecimal("10.30") },
  ],
};

describe("updateBody.ts", () => {
  describe("buildJournalUpdate()", () => {
    it("turns the sheet of JNL-0002 into its golden PATCH body", () => {
      const reading = parseJournalGrid(drawnSheet("JNL-0002").snapshot());
      if (!reading.draft) throw new Error("the sheet should be valid");
      const body = journalUpdateBody(buildJournalUpdate(reading.draft));
      expect(body).toBe(golden("JNL-0002.body.txt", body));
    });

    it("writes amounts and the rate as exact decimal text with at least two decimals", () => {
      const update = buildJournalUpdate({ ...DRAFT, exchangeRate: "1" });
      expect(update.exchange_rate).toBe("1.00");
      expect(update.lines.map((line) => line.amount)).toEqual(["10.30", "10.30"]);
      expect(buildJournalUpdate(DRAFT).exchange_rate).toBe("1.2345");
    });

    it("types each line by the side its amount is on, a zero on the other side ignored", () => {
      const update = buildJournalUpdate({
        ...DRAFT,
        lines: [
          {
            ...LINE,
            row: 19,
            accountId: "a",
            debit: new MoneyDecimal(5),
            credit: new MoneyDecimal(0),
          },
          {
            ...LINE,
            row: 20,
            accountId: "b",
            debit: new MoneyDecimal(0),
            credit: new MoneyDecimal(5),
          },
        ],
      });
      expect(update.lines.map((line) => [line.type, line.amount])).toEqual([
        ["DEBIT", "5.00"],
        ["CREDIT", "5.00"],
      ]);
    });

    it("sends the date as midnight UTC of the sheet's date", () => {
      expect(buildJournalUpdate(DRAFT).transaction_date).toBe("2026-01-31T00:00:00Z");
    });

    it("leaves out empty ids and descriptions, and sends the others as typed", () => {
      const update = buildJournalUpdate({
        ...DRAFT,
        description: " =1+1 ",
        lines: [
          {
            ...DRAFT.lines[0]!,
            taxId: "00123",
            contactId: "c-1",
            staffId: "s-1",
            description: "Rent – “March”",
          },
          DRAFT.lines[1]!,
        ],
      });
      expect(update).toEqual({
        transaction_date: "2026-01-31T00:00:00Z",
        currency_code: "USD",
        exchange_rate: "1.2345",
        description: " =1+1 ",
        lines: [
          {
            account_id: "acc-1",
            amount: "10.30",
            type: "DEBIT",
            tax_id: "00123",
            contact_id: "c-1",
            staff_id: "s-1",
            description: "Rent – “March”",
          },
          { account_id: "acc-2", amount: "10.30", type: "CREDIT" },
        ],
      });
    });

    it("sends a cleared description as an empty string, so the PATCH clears it", () => {
      const update = buildJournalUpdate(DRAFT);
      expect(update.description).toBe("");
      expect(journalUpdateBody(update)).toContain('"description":""');
      expect(checkJournalUpdate(update)).toEqual([]);
    });
  });

  describe("keepUntouchedDate()", () => {
    const update = buildJournalUpdate(DRAFT);

    it("sends the server's date text back as it came when the sheet's date is unchanged", () => {
      for (const original of [
        "2026-01-31T23:30:00-05:00",
        "2026-01-31T09:15:00+09:00",
        "2026-01-31T00:00:00.000Z",
        "2026-01-31",
      ]) {
        expect(keepUntouchedDate(update, { transaction_date: original }).transaction_date).toBe(
          original,
        );
      }
    });

    it("sends a changed date as midnight UTC of the sheet's date", () => {
      const changed = keepUntouchedDate(update, { transaction_date: "2026-01-30T23:30:00-05:00" });
      expect(changed.transaction_date).toBe("2026-01-31T00:00:00Z");
      expect(changed).toEqual(update);
    });

    it("builds an update checkJournalUpdate accepts from every seeded journal's sheet", () => {
      for (const journal of allSeededJournals()) {
        // JNL-0005's amounts have 16 digits: Send refuses them (roundTrip.test.ts).
        if (journal.reference === "JNL-0005") continue;
        const reading = parseJournalGrid(SheetGrid.fromLayout(layoutJournal(journal)).snapshot());
        if (!reading.draft)
          throw new Error(`${journal.reference}: ${JSON.stringify(reading.problems)}`);
        expect(checkJournalUpdate(buildJournalUpdate(reading.draft))).toEqual([]);
      }
    });

    it("refuses a draft that skipped validation: a line without a positive amount", () => {
      const line: JournalDraftLine = { ...LINE, row: 21, accountId: "a" };
      expect(() => buildJournalUpdate({ ...DRAFT, lines: [...DRAFT.lines, line] })).toThrow(
        "The line in row 21 needs exactly one positive amount; validate the draft first.",
      );
    });
  });
});
