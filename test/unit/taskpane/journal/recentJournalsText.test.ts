import type { RecentJournal } from "../../../../src/settings/recentJournals";
import { recentJournalRow, whenText } from "../../../../src/taskpane/journal/recentJournalsText";

// Local times: the list speaks in this computer's time zone, and names it (here Paris, UTC+1).
const PARIS = { timeZone: "Europe/Paris" } as const;
const NOW = new Date("2026-11-26T14:30:00Z");

const ENTRY: RecentJournal = {
  projectKey: "https://api.example.com hmac-sha256:0000aaaa:" + "a".repeat(64),
  projectLabel: "Acme",
  journalId: "mj_4",
  reference: "JNL-0004",
  transactionReference: "TRX-2026-0004",
  status: "POSTED",
  openedAt: "2026-11-26T08:05:00.000Z",
  statusAt: "2026-11-26T08:05:00.000Z",
};

describe("recentJournalsText.ts", () => {
  it("says when a status was read: today with its time, another day with its date, and the zone", () => {
    // 23:01 UTC on the 25th is already the 26th in Paris.
    expect(whenText("2026-11-25T23:01:00Z", NOW, PARIS)).toBe("today at 00:01 GMT+1");
    expect(whenText("2026-11-25T22:59:00Z", NOW, PARIS)).toBe("on 2026-11-25 at 23:59 GMT+1");
    expect(whenText("not a time", NOW, PARIS)).toBe("at an unknown time");
  });

  it("shows each field of a row, with words for a field the journal lacks", () => {
    expect(recentJournalRow(ENTRY, NOW, PARIS)).toEqual({
      journalId: "mj_4",
      reference: "JNL-0004",
      transactionReference: "TRX-2026-0004",
      status: "POSTED, as of today at 09:05 GMT+1",
      project: "Acme",
    });
    const bare = { ...ENTRY, reference: "", transactionReference: "", status: "" };
    expect(recentJournalRow(bare, NOW, PARIS)).toMatchObject({
      reference: "mj_4",
      transactionReference: "No transaction reference",
      status: "Status unknown, as of today at 09:05 GMT+1",
    });
  });
});
