import {
  addressPosition,
  cellAddress,
  columnIndex,
  columnLetter,
  compareAddresses,
} from "../../../src/sheets/cellAddresses";

describe("A1 addresses", () => {
  it("names columns as Excel does, and reads the names back", () => {
    const indexes = [0, 25, 26, 51, 701, 702, 16_383];
    const letters = ["A", "Z", "AA", "AZ", "ZZ", "AAA", "XFD"];
    expect(indexes.map(columnLetter)).toEqual(letters);
    expect(letters.map(columnIndex)).toEqual(indexes);
    expect(columnIndex("xfd")).toBe(16_383);
  });

  it("makes and reads a cell's address", () => {
    expect(cellAddress(5, 21)).toBe("F21");
    expect(addressPosition("F21")).toEqual({ row: 21, column: 5 });
    expect(addressPosition("Sheet1!F21")).toBeNull();
  });

  it("orders addresses top to bottom, then left to right, null last", () => {
    const sorted = ["B2", null, "A10", "C1", "A2"].sort(compareAddresses);
    expect(sorted).toEqual(["C1", "A2", "B2", "A10", null]);
  });
});
