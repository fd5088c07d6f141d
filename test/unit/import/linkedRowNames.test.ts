import { linkedRowNames } from "../../../src/import/linkedRowNames";

describe("linkedRowNames()", () => {
  it("names each linked row by its record's number and its place in the record's list", () => {
    expect(linkedRowNames(["INV-000136", "INV-000137", "INV-000138"], [2, 0, 1], "line")).toEqual([
      "INV-000136 line 1",
      "INV-000136 line 2",
      "INV-000138 line 1",
    ]);
  });
});
