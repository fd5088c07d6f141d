import { NewRowRun, idTexts } from "../../../src/excel/newRowRun";

// New records n5 (newest) … n1 (oldest), found above "old", the table's first row then.
const NEWEST_FIRST = ["n5", "n4", "n3", "n2", "n1"];
const run = () => new NewRowRun(NEWEST_FIRST, "old");

describe("NewRowRun.plan()", () => {
  it("keeps every row when the table's top is still the one the fetch knew", () => {
    expect(run().plan(["n2", "n1"], ["old", "older"])).toEqual({
      kind: "insert",
      keep: [true, true],
      alreadyThere: 0,
    });
  });

  it("leaves out the rows another fetch put there and keeps the newer ones", () => {
    expect(run().plan(["n5", "n4", "n3", "n2", "n1"], ["n2", "n1", "old", "older"])).toEqual({
      kind: "insert",
      keep: [true, true, true, false, false],
      alreadyThere: 2,
    });
  });

  it("keeps nothing when the whole block is there, whatever lies above it", () => {
    expect(run().plan(["n2", "n1"], ["n9", "n8", "n5", "n4", "n3", "n2", "n1", "old"])).toEqual({
      kind: "insert",
      keep: [false, false],
      alreadyThere: 2,
    });
  });

  it("stops when the table's first row is one it does not know and rows are missing", () => {
    expect(run().plan(["n2", "n1"], ["typed", "old"])).toEqual({ kind: "stop" });
    expect(run().plan(["n2", "n1"], ["n9", "n5", "n4", "n3", "n2"])).toEqual({ kind: "stop" });
    expect(run().plan(["n2", "n1"], [])).toEqual({ kind: "stop" });
  });

  it("stops when the run from the known row up to the top has a gap", () => {
    expect(run().plan(["n5", "n4", "n3"], ["n2", "old"])).toEqual({ kind: "stop" });
    // The known row out of view: the rows above it cannot be checked.
    expect(run().plan(["n5", "n4", "n3"], ["n2", "n1"])).toEqual({ kind: "stop" });
  });

  it("reads all the new rows, the known one and room for newer ones", () => {
    expect(run().rowsToRead).toBe(5 + 1 + 1_000);
  });
});

describe("idTexts()", () => {
  it("treats anything but text as no id", () => {
    expect(idTexts(["a", 1, "", null, true])).toEqual(["a", "", "", "", ""]);
  });
});
