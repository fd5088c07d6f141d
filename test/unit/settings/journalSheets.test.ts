import { JOURNAL_LAYOUT_VERSION } from "../../../src/journal/contract";
import {
  journalSheetsOn,
  parseJournalSheets,
  serializeJournalSheets,
  withoutStates,
  withStateChanges,
} from "../../../src/settings/journalSheets";

const STATE = {
  layoutVersion: JOURNAL_LAYOUT_VERSION,
  journalId: "j1",
  loadedUpdatedAt: "2026-01-01T00:00:00Z",
  status: "DRAFT",
  sheetName: "Journal JNL-0001",
  accounts: [],
  reference: "JNL-0001",
  transactionReference: "",
};

describe("the journalSheets setting", () => {
  it("reads back what it wrote", () => {
    const states = { a: STATE, b: { layoutVersion: 99 } };
    expect(parseJournalSheets(serializeJournalSheets(states))).toEqual(states);
  });

  it.each([undefined, 12, "not json", "[1,2]", "null", '"text"'])(
    "reads %p as no journal sheets",
    (value) => {
      expect(parseJournalSheets(value)).toEqual({});
    },
  );

  it("finds each marked sheet's state, in the sheets' order, refusing what it cannot read", () => {
    const keysBySheet = new Map([
      ["SECOND", ["b"]],
      ["FIRST", ["a"]],
      ["TWICE", ["c", "d"]],
    ]);
    const journals = journalSheetsOn(
      { a: STATE, b: { layoutVersion: 99 }, c: STATE, d: STATE },
      ["First", "Plain", "Second", "Twice"],
      keysBySheet,
    );
    expect(journals.map(({ sheetKey, sheetName }) => [sheetKey, sheetName])).toEqual([
      ["a", "First"],
      ["b", "Second"],
      ["c", "Twice"],
    ]);
    expect(journals[0]?.state?.journalId).toBe("j1");
    expect(journals[1]?.refusal).toMatch(/another version of Ledger Sheets/);
    expect(journals[2]?.refusal).toMatch(/more than one journal/);
  });

  it("drops the states of given keys and keeps the others", () => {
    expect(withoutStates({ a: 1, b: 2, c: 3 }, ["a", "c", "z"])).toEqual({ b: 2 });
  });

  it("changes a stored state, and never one that is not an object", () => {
    expect(withStateChanges({ a: STATE }, "a", { status: "POSTED" })).toEqual({
      a: { ...STATE, status: "POSTED" },
    });
    expect(withStateChanges({ a: "text" }, "a", { status: "POSTED" })).toBeNull();
    expect(withStateChanges({}, "a", { status: "POSTED" })).toBeNull();
  });
});
