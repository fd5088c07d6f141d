// The user's columns of an import table as a refresh keeps them: a calculated column by its one
// formula, a typed column's cells by their record's key, whatever the server's order.
import { RecordKeys, recordKeyColumn } from "../../../src/sheets/recordKeys";
import { UserColumns } from "../../../src/sheets/userColumns";
import type { ColumnSpec } from "../../../src/sheets";

const column = (key: string): ColumnSpec => ({ key, header: key, kind: "text" });

describe("UserColumns", () => {
  const calculated = {
    position: 5,
    header: "Days",
    formulas: ["=TODAY()-[@[Due date]]", "=TODAY()-[@[Due date]]", "=TODAY()-[@[Due date]]"],
    formats: ["0", "0", "0"],
  };
  const typed = {
    position: 6,
    header: "Checked",
    formulas: ["yes", "", 42],
    formats: ["@", "General", "0.00"],
  };

  it("gives every new row a calculated column's formula", () => {
    const columns = UserColumns.of([calculated], ["a", "b", "c"]);
    expect(columns.calculated).toEqual([{ position: 5, formula: "=TODAY()-[@[Due date]]" }]);
    expect(columns.cellsFor(["x", null])).toEqual([
      { position: 5, formulas: [["=TODAY()-[@[Due date]]"], ["=TODAY()-[@[Due date]]"]] },
    ]);
    expect(columns.leftBehind()).toEqual([]);
  });

  it("keeps a typed cell with its record's key, in the new order, with its format", () => {
    const columns = UserColumns.of([typed], ["a", "b", "c"]);
    expect(columns.cellsFor(["new", "c", "a"])).toEqual([
      {
        position: 6,
        formulas: [[""], [42], ["yes"]],
        formats: [[null], ["0.00"], ["@"]],
      },
    ]);
    expect(columns.leftBehind()).toEqual([]);
  });

  it("never moves a cell onto another record: those whose records are gone are counted", () => {
    const columns = UserColumns.of([typed], ["a", "b", "c"]);
    // Record c left the list; the block's rows are emptied (written in place, they held others').
    expect(columns.cellsFor(["b", "d"])).toEqual([{ position: 6, formulas: [[""], [""]] }]);
    expect(columns.cellsFor(["a"])).toHaveLength(1);
    expect(columns.leftBehind()).toEqual([{ header: "Checked", count: 1 }]);
  });

  it("counts cells of rows without a key as left behind", () => {
    const columns = UserColumns.of([typed], ["a", null, null]);
    expect(columns.cellsFor(["a"])).toHaveLength(1);
    expect(columns.leftBehind()).toEqual([{ header: "Checked", count: 1 }]);
  });

  it("takes a column of different formulas on each row as typed, each formula with its record", () => {
    const perRow = { ...calculated, formulas: ["=RC[-1]*2", "=RC[-2]", "=RC[-1]*2"] };
    const columns = UserColumns.of([perRow], ["a", "b", "c"]);
    expect(columns.calculated).toEqual([]);
    expect(columns.cellsFor(["b"])[0]?.formulas).toEqual([["=RC[-2]"]]);
  });

  it("has none for a table of the import's columns only", () => {
    expect(UserColumns.none.any).toBe(false);
    expect(UserColumns.none.cellsFor(["a"])).toEqual([]);
  });
});

describe("RecordKeys", () => {
  it("keys a row by its id column, numbers keeping their digits", () => {
    const key = recordKeyColumn([column("number"), column("id")]);
    expect(key).toEqual({ kind: "id", column: 1 });
    const keys = new RecordKeys(key!);
    expect(
      keys.of([
        ["INV-1", "a"],
        ["INV-2", 12],
        ["INV-3", ""],
      ]),
    ).toEqual(["a", "12", null]);
  });

  it("keys a nested list's row by its parent's id and its place among the parent's rows", () => {
    const key = recordKeyColumn([column("invoice_number"), column("invoice_id"), column("amount")]);
    expect(key).toEqual({ kind: "parent", column: 1 });
    const keys = new RecordKeys(key!);
    // The same list cut into two blocks gives the same keys.
    expect(
      keys.of([
        ["I-1", "p1", 1],
        ["I-1", "p1", 2],
      ]),
    ).toEqual(["p1\u00001", "p1\u00002"]);
    expect(
      keys.of([
        ["I-1", "p1", 3],
        ["I-2", "p2", 1],
      ]),
    ).toEqual(["p1\u00003", "p2\u00001"]);
  });

  it("has no key column for a table without ids", () => {
    expect(recordKeyColumn([column("name"), column("amount")])).toBeNull();
  });
});
