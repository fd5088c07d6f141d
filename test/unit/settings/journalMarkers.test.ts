// Reading the hidden names that mark journal sheets: which sheet each refers to, which are gone.
import {
  markedSheetName,
  markerFormula,
  markerName,
  newJournalKey,
  readMarkers,
} from "../../../src/settings/journalMarkers";

describe("journal sheet markers", () => {
  it("name the whole sheet, quoting any sheet name, and read it back", () => {
    for (const sheet of ["Journal JNL-0001", "Rent's accrual", "Sheet1", "a!b", "''x''"]) {
      expect(markedSheetName(markerFormula(sheet))).toBe(sheet);
    }
    expect(markerFormula("Rent's")).toBe("='Rent''s'!$1:$1048576");
  });

  it("read the formulas Excel writes after renames, deletions and edits", () => {
    expect(markedSheetName("=Rent!$1:$1048576")).toBe("Rent");
    expect(markedSheetName("='Journal 1'!#REF!")).toBe("Journal 1");
    expect(markedSheetName("=#REF!$1:$1048576")).toBe("deleted");
    expect(markedSheetName("=#REF!")).toBe("deleted");
    for (const other of ["=0.5", "=OFFSET(Sheet1!A1,1,1)", "=Sheet1!A1,Sheet2!A1", "=A1", "=S!"]) {
      expect(markedSheetName(other)).toBeNull();
    }
  });

  it("follow each stored key to its sheet; a missing or deleted marker means the sheet is gone", () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map((x) => x.repeat(24)) as [
      string,
      string,
      string,
      string,
    ];
    const reading = readMarkers(
      [a, b, c, d, "{00000002-0001-0000-0000-000000000000}", "Journal 1"],
      [
        { name: markerName(a).toUpperCase(), formula: "='journal 1'!$1:$1048576" },
        { name: markerName(b), formula: "=#REF!$1:$1048576" },
        { name: markerName(d), formula: "=Elsewhere!$1:$1048576" },
      ],
      ["Sheet1", "Journal 1"],
    );
    expect([...reading.keysBySheet]).toEqual([["JOURNAL 1", [a]]]);
    // d's marker names no sheet of this workbook: not shown, but not dropped either.
    expect(reading.gone).toEqual([b, c, "{00000002-0001-0000-0000-000000000000}", "Journal 1"]);
  });

  it("are random and distinct", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newJournalKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{24}$/);
  });
});
