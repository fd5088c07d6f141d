import type { RecentJournal } from "../../../src/settings/recentJournals";
import { recentJournalRow, whenText } from "../../../src/taskpane/recentJournalsText";

// Local times: the list speaks in this computer's time zone.
const NOW = new Date(2026, 10, 26, 15, 30);

const ENTRY: RecentJournal = {
  projectKey: "https://api.example.com hmac-sha256:0000aaaa:" + "a".repeat(64),
  projectLabel: "Acme",
  journalId: "mj_4",
  reference: "JNL-0004",
  transactionReference: "TRX-2026-0004",
  status: "POSTED",
  openedAt: new Date(2026, 10, 26, 9, 5).toISOString(),
  statusAt: new Date(2026, 10, 26, 9, 5).toISOString(),
};

describe("recentJournalsText.ts", () => {
  it("says when a status was read: today with its time, another day with its date", () => {
    expect(whenText(new Date(2026, 10, 26, 0, 1).toISOString(), NOW)).toBe("today at 00:01");
    expect(whenText(new Date(2026, 10, 25, 23, 59).toISOString(), NOW)).toBe(
      "on 2026-11-25 at 23:59",
    );
    expect(whenText("not a time", NOW)).toBe("at an unknown time");
  });

  it("shows each field of a row, with words for a field the journal lacks", () => {
    expect(recentJournalRow(ENTRY, NOW)).toEqual({
      journalId: "mj_4",
      reference: "JNL-0004",
      transactionReference: "TRX-2026-0004",
      status: "POSTED, as of today at 09:05",
      project: "Acme",
    });
    const bare = { ...ENTRY, reference: "", transactionReference: "", status: "" };
    expect(recentJournalRow(bare, NOW)).toMatchObject({
      reference: "mj_4",
      transactionReference: "No transaction reference",
      status: "Status unknown, as of today at 09:05",
    });
  });
});
