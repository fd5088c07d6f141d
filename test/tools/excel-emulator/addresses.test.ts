import {
  MAX_COLUMNS,
  MAX_ROWS,
  columnIndex,
  columnLetters,
  formatAddress,
  parseAddress,
  quoteSheetName,
} from "../../../tools/excel-emulator/addresses";

describe("addresses.ts", () => {
  it.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [701, "ZZ"],
    [702, "AAA"],
    [MAX_COLUMNS - 1, "XFD"],
  ])("names column %i %s, and back", (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
    expect(columnIndex(letters)).toBe(index);
  });

  it("has no column after XFD", () => {
    expect(columnIndex("XFE")).toBeUndefined();
  });

  it.each([
    ["A1", undefined, { row: 0, column: 0, rowCount: 1, columnCount: 1 }],
    ["Data!B2:C3", "Data", { row: 1, column: 1, rowCount: 2, columnCount: 2 }],
    ["'It''s'!A:A", "It's", { row: 0, column: 0, rowCount: MAX_ROWS, columnCount: 1 }],
    ["5:5", undefined, { row: 4, column: 0, rowCount: 1, columnCount: MAX_COLUMNS }],
  ])("parses %s", (text, sheet, area) => {
    expect(parseAddress(text)).toEqual(sheet === undefined ? { area } : { sheet, area });
  });

  it.each(["", "A", "A0", "A1048577", "XFE1", "A1:", "My sheet!A1", "'unclosed!A1", "A1:B2:C3"])(
    "refuses %j",
    (text) => {
      expect(parseAddress(text)).toBeUndefined();
    },
  );

  it("quotes sheet names as Excel does in addresses", () => {
    expect(quoteSheetName("Invoices")).toBe("Invoices");
    expect(quoteSheetName("My sheet")).toBe("'My sheet'");
    expect(quoteSheetName("It's")).toBe("'It''s'");
    expect(quoteSheetName("2024")).toBe("'2024'");
    expect(quoteSheetName("AB12")).toBe("'AB12'");
    expect(formatAddress("My sheet", { row: 2, column: 0, rowCount: 138, columnCount: 6 })).toBe(
      "'My sheet'!A3:F140",
    );
  });
});
