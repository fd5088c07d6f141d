import { journalUpdateBody, parseJournalResponse, buildJournalUpdate } from "../../../src/api";
import type { JournalUpdate, JsonValue, ManualJournal } from "../../../src/api";
import {
  describeServerChanges,
  parseJournalGrid,
  resetsQuestion,
  taxAmountChanges,
  taxAmountsAnUpdateResets,
} from "../../../src/journal";
import { applyJournalUpdate, parseJournalUpdate } from "../../../tools/sandbox/journal-update";
import type { ManualJournal as SandboxJournal } from "../../../tools/sandbox/seed/types";
import { seededJournal } from "./seededJournals";
import { drawnSheet, SheetGrid } from "./sheetGrid";

/** What the sandbox stores for `update` sent to `journal`, read back through the client. */
function storedBySandbox(journal: ManualJournal, update: JournalUpdate): ManualJournal {
  const parsed = parseJournalUpdate(JSON.parse(journalUpdateBody(update)), "demo-company");
  const saved = applyJournalUpdate(
    journal as unknown as SandboxJournal,
    parsed,
    "demo-company",
    Date.parse("2026-02-02T08:00:00Z"),
  );
  const json = JSON.parse(JSON.stringify({ status: true, message: "OK", data: saved }));
  return parseJournalResponse(json as JsonValue).data;
}

function updateFrom(grid: SheetGrid): JournalUpdate {
  // A rate of more decimals than the service keeps is refused by default: these tests show what
  // the pane says when a server rounds one anyway.
  const reading = parseJournalGrid(grid.snapshot(), {}, { serviceDecimals: 10 });
  if (!reading.draft) throw new Error(JSON.stringify(reading.problems));
  return buildJournalUpdate(reading.draft);
}

describe("serverChanges.ts", () => {
  describe("describeServerChanges()", () => {
    it("says nothing when the server stored what was sent", () => {
      const sent = updateFrom(drawnSheet("JNL-0002"));
      expect(describeServerChanges(sent, storedBySandbox(seededJournal("JNL-0002"), sent))).toEqual(
        [],
      );
    });

    it("says nothing for a journal without descriptions (none sent, null stored)", () => {
      const sent = updateFrom(drawnSheet("JNL-0001").set("B10", ""));
      expect(describeServerChanges(sent, storedBySandbox(seededJournal("JNL-0001"), sent))).toEqual(
        [],
      );
    });

    it("points out an exchange rate the server rounded to two decimals", () => {
      const sent = updateFrom(drawnSheet("JNL-0002").set("B9", 1.2345));
      expect(describeServerChanges(sent, storedBySandbox(seededJournal("JNL-0002"), sent))).toEqual(
        ["Exchange rate: sent 1.2345, stored 1.23"],
      );
    });

    it("compares amounts and rates as decimals: 10.3 and 10.30 agree", () => {
      const sent = updateFrom(drawnSheet("JNL-0001"));
      const saved = seededJournal("JNL-0001");
      expect(
        describeServerChanges(sent, {
          ...saved,
          exchange_rate: "1",
          lines: saved.lines.map((line) => ({ ...line, debit: line.debit.replace(".00", "") })),
        }),
      ).toEqual([]);
    });

    it("names each value of a line stored differently", () => {
      const sent = updateFrom(drawnSheet("JNL-0002"));
      const saved = seededJournal("JNL-0002");
      const [first, second, ...rest] = saved.lines;
      const changed: ManualJournal = {
        ...saved,
        lines: [
          { ...first!, debit: "1200.00", account_id: "acc-other", contact_id: null },
          { ...second!, credit: "0.00", debit: "1000.00", tax_id: "TAX-VAT-19", description: "x" },
          ...rest,
        ],
      };
      expect(describeServerChanges(sent, changed)).toEqual([
        `Line 1, account ID: sent ${first!.account_id}, stored acc-other`,
        "Line 1, amount: sent debit 1210.00, stored debit 1200.00",
        `Line 1, contact ID: sent “${first!.contact_id ?? ""}”, stored nothing`,
        "Line 2, amount: sent credit 1000.00, stored debit 1000.00",
        "Line 2, tax ID: sent “TAX-VAT-21”, stored “TAX-VAT-19”",
        "Line 2, description: sent nothing, stored “x”",
      ]);
    });

    it("names a different date, currency and description", () => {
      const sent = updateFrom(drawnSheet("JNL-0001"));
      const saved = seededJournal("JNL-0001");
      expect(
        describeServerChanges(sent, {
          ...saved,
          transaction_date: "2026-01-30T23:00:00.000Z",
          currency_code: "EUR",
          description: null,
        }),
      ).toEqual([
        "Transaction date: sent 2026-01-31, stored 2026-01-30",
        "Currency: sent USD, stored EUR",
        "Description: sent “January rent accrual”, stored nothing",
      ]);
    });

    it("takes the same instant written another way as the same date", () => {
      const sent = updateFrom(drawnSheet("JNL-0001"));
      const saved = { ...seededJournal("JNL-0001"), transaction_date: "2026-01-31T01:00:00+01:00" };
      expect(describeServerChanges(sent, saved)).toEqual([]);
    });

    it("reports only the number of lines when it differs, since lines cannot then be paired", () => {
      const sent = updateFrom(drawnSheet("JNL-0002"));
      const saved = seededJournal("JNL-0002");
      expect(describeServerChanges(sent, { ...saved, lines: saved.lines.slice(1) })).toEqual([
        "Number of lines: sent 5, stored 4",
      ]);
    });
  });
});

describe("tax amounts, which an update cannot carry", () => {
  const journal = seededJournal("JNL-0002");

  it("names each line whose tax amount a send would reset, before it is sent", () => {
    expect(taxAmountsAnUpdateResets(journal)).toEqual(["Line 2 (account 4100): tax amount 210.00"]);
    expect(taxAmountsAnUpdateResets(seededJournal("JNL-0001"))).toEqual([]);
    expect(resetsQuestion(["one"])).toMatch(/^A line has a tax amount that sending cannot keep/);
  });

  it("lists the tax amounts the server set, after the send", () => {
    const update = updateFrom(drawnSheet("JNL-0002"));
    const saved = storedBySandbox(journal, update);
    expect(describeServerChanges(update, saved)).toEqual([]);
    expect(taxAmountChanges(journal, saved)).toEqual([
      "Line 2, tax amount: was 210.00, stored 0.00",
    ]);
    expect(taxAmountChanges(saved, saved)).toEqual([]);
  });
});
