import { ApiError } from "../../../../src/api/index";
import {
  activeSheetText,
  busyText,
  describeCancelled,
  describeJournalError,
  describeOpen,
  describeSend,
  describeValidate,
  isCancellable,
  JournalAction,
  journalControls,
  problemsHeading,
  savedText,
  withSheetUnchanged,
} from "../../../../src/taskpane/journal/text";

const draft = { sheetKey: "s1", sheetName: "Journal JNL-0001", status: "DRAFT", editable: true };
const posted = { sheetKey: "s2", sheetName: "Journal JNL-0002", status: "POSTED", editable: false };

describe("journal/text.ts", () => {
  describe("journalControls()", () => {
    it("turns everything off while not connected, and names no sheet", () => {
      expect(journalControls({ connected: false, action: undefined, info: draft })).toEqual({
        open: false,
        validate: false,
        send: false,
        cancel: false,
        staleChoices: false,
        readOnlyReason: "",
        activeSheet: "",
      });
    });

    it("turns Open, Validate, Send and the stale choices on for a DRAFT journal", () => {
      expect(journalControls({ connected: true, action: undefined, info: draft })).toEqual({
        open: true,
        validate: true,
        send: true,
        cancel: false,
        staleChoices: true,
        readOnlyReason: "",
        activeSheet: "Active sheet: Journal JNL-0001 · DRAFT",
      });
    });

    it("turns Send off for a journal that is not editable, and says why", () => {
      const controls = journalControls({ connected: true, action: undefined, info: posted });
      expect(controls.send).toBe(false);
      expect(controls.validate).toBe(true);
      expect(controls.readOnlyReason).toBe(
        "Read-only: POSTED journals cannot be changed; only DRAFT journals can.",
      );
      // The reason is given once, under Send: the line naming the sheet does not repeat it.
      expect(controls.activeSheet).toBe("Active sheet: Journal JNL-0002 · POSTED");
    });

    it("turns Send off for a sheet of another layout version, with the editor's reason", () => {
      const refusal = "The sheet was drawn by another version of Ledger Sheets.";
      const info = { ...draft, status: "", editable: false, refusal };
      const controls = journalControls({ connected: true, action: undefined, info });
      expect(controls.send).toBe(false);
      expect(controls.readOnlyReason).toBe(`Read-only: ${refusal}`);
    });

    it("turns Validate and Send off while the active sheet shows no journal, Open on", () => {
      const controls = journalControls({ connected: true, action: undefined, info: null });
      expect([controls.open, controls.validate, controls.send]).toEqual([true, false, false]);
      expect(controls.readOnlyReason).toBe("");
    });

    it("keeps Validate and Send on while the active sheet is not known: the editor says what is wrong", () => {
      const controls = journalControls({ connected: true, action: undefined, info: undefined });
      expect([controls.validate, controls.send]).toEqual([true, true]);
      expect(controls.readOnlyReason).toBe("");
    });

    it("says when the active sheet shows no journal, and nothing when not known", () => {
      expect(journalControls({ connected: true, action: undefined, info: null }).activeSheet).toBe(
        "The active sheet shows no journal. Open one, or select its sheet.",
      );
      expect(
        journalControls({ connected: true, action: undefined, info: undefined }).activeSheet,
      ).toBe("");
    });

    it.each<JournalAction>(["open", "reload", "validate", "send", "overwrite"])(
      "turns every button off while %s runs",
      (action) => {
        const controls = journalControls({ connected: true, action, info: draft });
        expect([controls.open, controls.validate, controls.send, controls.staleChoices]).toEqual([
          false,
          false,
          false,
          false,
        ]);
      },
    );

    it.each<[JournalAction, boolean]>([
      ["open", true],
      ["reload", true],
      ["send", true],
      ["overwrite", true],
      ["validate", false],
    ])("shows Cancel while %s runs: %s", (action, cancel) => {
      expect(journalControls({ connected: true, action, info: draft }).cancel).toBe(cancel);
      expect(isCancellable(action)).toBe(cancel);
    });

    it("keeps the read-only reason while an action runs", () => {
      expect(
        journalControls({ connected: true, action: "validate", info: posted }).readOnlyReason,
      ).toBe("Read-only: POSTED journals cannot be changed; only DRAFT journals can.");
    });
  });

  describe("the read-only reason of each status", () => {
    it.each([
      ["POSTED", "POSTED journals cannot be changed; only DRAFT journals can."],
      ["VOIDED", "VOIDED journals cannot be changed; only DRAFT journals can."],
      ["", "This journal cannot be changed; only DRAFT journals can."],
    ])("explains status “%s”", (status, reason) => {
      const info = { ...posted, status };
      expect(journalControls({ connected: true, action: undefined, info }).readOnlyReason).toBe(
        `Read-only: ${reason}`,
      );
    });
  });

  describe("activeSheetText()", () => {
    it("leaves out an empty status", () => {
      expect(
        activeSheetText({ sheetKey: "s9", sheetName: "Journal X", status: " ", editable: true }),
      ).toBe("Active sheet: Journal X");
    });
  });

  describe("busyText()", () => {
    it.each<[JournalAction, string]>([
      ["open", "Opening the journal…"],
      ["reload", "Reloading the journal from the server…"],
      ["validate", "Validating…"],
      ["send", "Sending…"],
      ["overwrite", "Overwriting the server version…"],
    ])("words %s as “%s”", (action, text) => {
      expect(busyText(action)).toBe(text);
    });
  });

  describe("problemsHeading()", () => {
    it("counts the problems", () => {
      expect(problemsHeading(1)).toBe("Problems (1)");
      expect(problemsHeading(12)).toBe("Problems (12)");
    });
  });

  describe("withSheetUnchanged()", () => {
    it.each([
      ["Debits and credits differ.", "Debits and credits differ. Your sheet was not changed."],
      ["Debits and credits differ", "Debits and credits differ. Your sheet was not changed."],
      ["Refused. Your sheet was not changed.", "Refused. Your sheet was not changed."],
      ["", "Your sheet was not changed."],
    ])("turns “%s” into “%s”", (message, text) => {
      expect(withSheetUnchanged(message)).toBe(text);
    });
  });

  describe("savedText()", () => {
    it("starts with Saved, once", () => {
      expect(savedText("The sheet shows the server's copy.")).toBe(
        "Saved. The sheet shows the server's copy.",
      );
      expect(savedText("Saved journal JNL-0001.")).toBe("Saved journal JNL-0001.");
      expect(savedText("")).toBe("Saved.");
    });
  });

  describe("describeOpen()", () => {
    it("speaks the editor's sentence and clears the lists when opened", () => {
      expect(
        describeOpen({
          kind: "opened",
          sheetKey: "s1",
          sheetName: "Journal JNL-0001",
          status: "DRAFT",
          editable: true,
          message: "Opened journal JNL-0001.",
          notes: ["Line 2, Debit (F20): 98765432109876.54 is kept as text"],
          seen: {
            journal: {
              journalId: "mj_1",
              reference: "JNL-0001",
              transactionReference: "TRX-2026-0001",
              status: "DRAFT",
            },
          },
        }),
      ).toEqual({
        status: "Opened journal JNL-0001.",
        alert: "",
        problems: [],
        changes: [],
        notes: ["Line 2, Debit (F20): 98765432109876.54 is kept as text"],
        settled: true,
      });
    });

    it("shows a failure in the alert, leaving the problems list as it is", () => {
      expect(describeOpen({ kind: "failed", message: "No journal JNL-9." })).toEqual({
        status: "The journal was not opened.",
        alert: "No journal JNL-9.",
        changes: [],
        settled: false,
      });
    });

    it("puts a failure after Cancel in the status line, not the alert", () => {
      expect(describeOpen({ kind: "failed", message: "Cancelled." }, "open", true)).toEqual({
        status: "Cancelled.",
        alert: "",
        changes: [],
        settled: false,
      });
    });

    it("words a failed reload as such", () => {
      expect(describeOpen({ kind: "failed", message: "Offline." }, "reload").status).toBe(
        "The journal was not reloaded.",
      );
    });
  });

  describe("describeValidate()", () => {
    it("lists each problem's message", () => {
      const report = describeValidate({
        kind: "invalid",
        sheetKey: "s1",
        sheetName: "Journal JNL-0001",
        problems: [
          { address: "F12", message: "Line 4, Credit (F12): 10.005 has more than two decimals" },
          { address: null, message: "Debits exceed credits by 5.00" },
        ],
        message: "2 problems to fix before sending.",
        notes: ["Line 2, Account ID (B20): filled in from account code 6100"],
      });
      expect(report).toEqual({
        status: "2 problems to fix before sending.",
        alert: "",
        problems: [
          {
            message: "Line 4, Credit (F12): 10.005 has more than two decimals",
            cell: { sheetKey: "s1", sheetName: "Journal JNL-0001", address: "F12" },
          },
          { message: "Debits exceed credits by 5.00", cell: null },
        ],
        changes: [],
        notes: ["Line 2, Account ID (B20): filled in from account code 6100"],
        settled: false,
      });
    });

    it("empties the list when the journal is valid", () => {
      expect(
        describeValidate({
          kind: "valid",
          sheetName: "Journal JNL-0001",
          message: "Valid.",
          notes: [],
        }).problems,
      ).toEqual([]);
    });

    it("shows a sheet that is not a journal in the alert", () => {
      expect(describeValidate({ kind: "not-journal", message: "Select a journal." })).toEqual({
        status: "Not validated.",
        alert: "Select a journal.",
        changes: [],
        settled: false,
      });
    });
  });

  describe("describeSend()", () => {
    it("says Saved and lists what the server stored differently", () => {
      expect(
        describeSend({
          kind: "saved",
          changes: ["Exchange rate: sent 1.2345, stored 1.23"],
          message: "The sheet shows the server's copy.",
          notes: ["Line 1, Account ID (B19): filled in from account code 6100"],
          seen: {
            journal: {
              journalId: "mj_1",
              reference: "JNL-0001",
              transactionReference: "TRX-2026-0001",
              status: "DRAFT",
            },
          },
        }),
      ).toEqual({
        status: "Saved. The sheet shows the server's copy.",
        alert: "",
        problems: [],
        changes: ["Exchange rate: sent 1.2345, stored 1.23"],
        notes: ["Line 1, Account ID (B19): filled in from account code 6100"],
        settled: true,
      });
    });

    it("says a journal saved without a redraw WAS saved, and offers Reload only", () => {
      expect(
        describeSend({
          kind: "saved-not-redrawn",
          sheetKey: "s1",
          sheetName: "Journal JNL-0001",
          message: "Journal JNL-0001 WAS saved on the server, but the sheet could not be redrawn.",
          seen: {
            journal: {
              journalId: "mj_1",
              reference: "JNL-0001",
              transactionReference: "TRX-2026-0001",
              status: "DRAFT",
            },
          },
        }),
      ).toEqual({
        status: "Saved, but the sheet was not redrawn.",
        alert: "",
        problems: [],
        changes: [],
        reloadOffer:
          "Journal JNL-0001 WAS saved on the server, but the sheet could not be redrawn.",
        settled: true,
      });
    });

    it("lists the problems when the sheet is invalid", () => {
      expect(
        describeSend({
          kind: "invalid",
          sheetKey: "s1",
          sheetName: "Journal JNL-0001",
          problems: [{ address: "E12", message: "Line 1, Debit (E12): not a number" }],
          message: "Nothing was sent: 1 problem.",
          notes: [],
        }).problems,
      ).toEqual([
        {
          message: "Line 1, Debit (E12): not a number",
          cell: { sheetKey: "s1", sheetName: "Journal JNL-0001", address: "E12" },
        },
      ]);
    });

    it("offers reload or overwrite when the journal is stale", () => {
      expect(
        describeSend({
          kind: "stale",
          sheetKey: "s1",
          sheetName: "Journal JNL-0001",
          serverUpdatedAt: "2026-02-01T10:42:00.000Z",
          message: "Ana changed this journal at 10:42.",
          differences: ["Description: sheet “Rent”, server “Rent, January”"],
        }),
      ).toEqual({
        status: "Not sent: the journal was changed on the server.",
        alert: "",
        problems: [],
        changes: [],
        stale: "Ana changed this journal at 10:42.",
        staleDifferences: ["Description: sheet “Rent”, server “Rent, January”"],
        settled: false,
      });
    });

    it("asks before a send that would reset tax amounts, listing them", () => {
      expect(
        describeSend({
          kind: "confirm-resets",
          sheetKey: "s1",
          sheetName: "Journal JNL-0002",
          serverUpdatedAt: "2026-02-01T10:42:00.000Z",
          message: "A line has a tax amount that sending cannot keep.",
          resets: ["Line 2 (account 4100): tax amount 210.00"],
          overwriting: false,
        }),
      ).toEqual({
        status: "Not sent yet: sending would change values you did not edit.",
        alert: "",
        problems: [],
        changes: [],
        resets: "A line has a tax amount that sending cannot keep.",
        resetList: ["Line 2 (account 4100): tax amount 210.00"],
        settled: false,
      });
    });

    it("adds that the sheet was not changed to a failure", () => {
      expect(describeSend({ kind: "failed", message: "The server refused: unbalanced." })).toEqual({
        status: "Not sent.",
        alert: "The server refused: unbalanced. Your sheet was not changed.",
        changes: [],
        settled: false,
      });
    });

    it("puts a failure after Cancel in the status line, still saying the sheet is unchanged", () => {
      expect(describeSend({ kind: "failed", message: "Cancelled before sending." }, true)).toEqual({
        status: "Cancelled before sending. Your sheet was not changed.",
        alert: "",
        changes: [],
        settled: false,
      });
    });

    it("keeps an unknown outcome in the alert even after Cancel", () => {
      expect(
        describeSend({ kind: "unknown", applied: null, message: "Not known." }, true).alert,
      ).toBe("Not known.");
    });

    it("shows an unknown outcome in the alert, in the editor's words", () => {
      const report = describeSend({
        kind: "unknown",
        applied: true,
        message:
          "The server did not answer, but the journal was read back: your change was applied.",
      });
      expect(report.alert).toBe(
        "The server did not answer, but the journal was read back: your change was applied.",
      );
      expect(report.settled).toBe(true);
    });

    it.each(["not-journal", "read-only"] as const)("shows %s in the alert", (kind) => {
      expect(describeSend({ kind, message: "Why not." })).toEqual({
        status: "Not sent.",
        alert: "Why not.",
        changes: [],
        settled: false,
      });
    });
  });

  describe("describeJournalError()", () => {
    it("words an abort as cancelled", () => {
      expect(describeJournalError(new ApiError("aborted", "Cancelled."), "send")).toEqual(
        describeCancelled("send"),
      );
      const abort = new Error("The operation was aborted.");
      abort.name = "AbortError";
      expect(describeJournalError(abort, "open").status).toBe("Opening cancelled.");
    });

    it("says what stopped and claims nothing about the sheet", () => {
      expect(describeJournalError(new Error("Excel is busy"), "send")).toEqual({
        status: "Sending stopped.",
        alert: "The journal editor stopped: Excel is busy. Try again.",
        changes: [],
        settled: false,
      });
      expect(describeJournalError("odd", "validate").alert).toBe(
        "The journal editor stopped: an unexpected error. Try again.",
      );
    });
  });
});
