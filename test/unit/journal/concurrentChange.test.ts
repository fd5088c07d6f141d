import {
  JOURNAL_LAYOUT_VERSION,
  describeConcurrentChange,
  describeNoLongerDraft,
  journalSheetState,
} from "../../../src/journal";
import type { ManualJournal } from "../../../src/api";
import { seededJournal } from "./seededJournals";

// JNL-0001 was last updated at 2026-02-01T11:15:00.000Z and created by maria.lopez@….
const JOURNAL = seededJournal("JNL-0001");
const LOADED = journalSheetState(JOURNAL, "Journal JNL-0001");
// The times are the reader's; these name the zone so the words do not depend on the machine.
const UTC = { timeZone: "UTC" } as const;
const PARIS = { timeZone: "Europe/Paris" } as const;

describe("concurrentChange.ts", () => {
  describe("journalSheetState()", () => {
    it("remembers the journal's id, its updated_at as loaded, its status, the sheet and the layout version", () => {
      expect(LOADED).toEqual({
        layoutVersion: JOURNAL_LAYOUT_VERSION,
        journalId: JOURNAL.id,
        loadedUpdatedAt: "2026-02-01T11:15:00.000Z",
        status: "DRAFT",
        sheetName: "Journal JNL-0001",
        // Each account of the lines once, to tell a changed Account code later.
        accounts: JOURNAL.lines.map((line) => ({
          accountId: line.account_id,
          accountCode: line.account_code,
          accountName: line.account_name,
        })),
        // The decimals the amounts are drawn with, to see a changed currency later.
        amountPlaces: 2,
        reference: JOURNAL.reference,
        transactionReference: JOURNAL.transaction_reference,
      });
    });
  });

  describe("describeConcurrentChange()", () => {
    it("is null when updated_at is unchanged", () => {
      expect(describeConcurrentChange(LOADED, JOURNAL)).toBeNull();
    });

    it("is null when updated_at names the same instant in another form", () => {
      const current = { ...JOURNAL, updated_at: "2026-02-01T12:15:00+01:00" };
      expect(describeConcurrentChange(LOADED, current, UTC)).toBeNull();
    });

    it("says when the journal changed, that the server does not record who, and who created it", () => {
      const current: ManualJournal = { ...JOURNAL, updated_at: "2026-02-02T08:30:05.000Z" };
      expect(describeConcurrentChange(LOADED, current, UTC)).toBe(
        "Someone changed this journal (JNL-0001) on the server at 2026-02-02 08:30:05 UTC, " +
          "after you opened it (you opened the version of 2026-02-01 11:15:00 UTC). " +
          "The server does not record who changes a journal; it was created by maria.lopez@demo-company.example. " +
          "Reload it to see the change, or overwrite it with your sheet.",
      );
    });

    it("names the approver when the journal was posted meanwhile, and offers no overwrite", () => {
      const current: ManualJournal = {
        ...JOURNAL,
        status: "POSTED",
        approved_by: "finance.lead@demo-company.example",
        approved_at: "2026-02-02T09:00:00.000Z",
        updated_at: "2026-02-02T09:00:00.000Z",
      };
      expect(describeConcurrentChange(LOADED, current, UTC)).toBe(
        "Someone changed this journal (JNL-0001) on the server at 2026-02-02 09:00:00 UTC, " +
          "after you opened it (you opened the version of 2026-02-01 11:15:00 UTC). " +
          "It is now POSTED (approved by finance.lead@demo-company.example at 2026-02-02 09:00:00 UTC), " +
          "so it can no longer be changed. " +
          "The server does not record who changes a journal; it was created by maria.lopez@demo-company.example. " +
          "Reload it to see the change.",
      );
    });

    it("shows milliseconds when the two times differ by less than a second", () => {
      const current = { ...JOURNAL, updated_at: "2026-02-01T11:15:00.001Z" };
      expect(describeConcurrentChange(LOADED, current, UTC)).toContain(
        "at 2026-02-01 11:15:00.001 UTC, after you opened it (you opened the version of 2026-02-01 11:15:00.000 UTC)",
      );
    });
  });

  it("gives the times in the reader's zone, named", () => {
    const current = { ...JOURNAL, updated_at: "2026-02-02T08:30:05.000Z" };
    expect(describeConcurrentChange(LOADED, current, PARIS)).toContain(
      "on the server at 2026-02-02 09:30:05 GMT+1, after you opened it " +
        "(you opened the version of 2026-02-01 12:15:00 GMT+1).",
    );
    const voided: ManualJournal = { ...JOURNAL, status: "VOIDED", approved_by: null };
    expect(describeNoLongerDraft(voided, PARIS)).toContain(
      "(changed at 2026-02-01 12:15:00 GMT+1)",
    );
  });

  describe("describeNoLongerDraft()", () => {
    it("names the approver and the time of approval", () => {
      const posted: ManualJournal = {
        ...JOURNAL,
        status: "POSTED",
        approved_by: "ana.silva@example.com",
        approved_at: "2026-02-03T09:30:00.000Z",
      };
      expect(describeNoLongerDraft(posted, UTC)).toBe(
        "Journal JNL-0001 is now POSTED on the server (approved by ana.silva@example.com at " +
          "2026-02-03 09:30:00 UTC), so it can no longer be changed. Nothing was sent.",
      );
    });

    it("says when it changed when the server names no approver", () => {
      const voided: ManualJournal = { ...JOURNAL, status: "VOIDED", approved_by: null };
      expect(describeNoLongerDraft(voided, UTC)).toBe(
        "Journal JNL-0001 is now VOIDED on the server (changed at 2026-02-01 11:15:00 UTC), so " +
          "it can no longer be changed. Nothing was sent.",
      );
    });
  });
});
