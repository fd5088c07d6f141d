import {
  JOURNAL_LAYOUT_VERSION,
  journalSheetState,
  readJournalSheetState,
} from "../../../src/journal";
import { seededJournal } from "./seededJournals";

const STATE = journalSheetState(seededJournal("JNL-0001"), "Journal JNL-0001");

describe("sheetState.ts", () => {
  describe("readJournalSheetState()", () => {
    it("accepts a state of this layout version, under the sheet's current name", () => {
      expect(readJournalSheetState(STATE, "Renamed")).toEqual({
        ok: true,
        state: { ...STATE, sheetName: "Renamed" },
      });
    });

    it("keeps marks with their fills, and leaves out anything else", () => {
      const marked = [{ address: "F20", fill: "#FFFF00" }, { address: "B7", fill: null }, "B8", 7];
      const reading = readJournalSheetState({ ...STATE, marked }, "S");
      expect(reading.ok && reading.state.marked).toEqual([
        { address: "F20", fill: "#FFFF00" },
        { address: "B7", fill: null },
      ]);
    });

    it.each([
      ["another layout version", { ...STATE, layoutVersion: JOURNAL_LAYOUT_VERSION + 1 }],
      ["no layout version", { ...STATE, layoutVersion: undefined }],
      ["no journal id", { ...STATE, journalId: "" }],
      ["a loaded time that is not text", { ...STATE, loadedUpdatedAt: 5 }],
      ["not an object", "Journal JNL-0001"],
      ["null", null],
    ])("refuses %s, telling the user to open the journal again", (_case, stored) => {
      const reading = readJournalSheetState(stored, "Journal JNL-0001");
      expect(reading.ok).toBe(false);
      expect(!reading.ok && reading.message).toBe(
        "The sheet “Journal JNL-0001” was drawn by another version of Ledger Sheets, so it cannot " +
          "be validated or sent. Your edits are still on it: open the journal again (it opens on a " +
          "new sheet) and copy them across.",
      );
    });
  });
});
