import { MisfitSummary } from "../../../src/import/misfitSummary";
import type { ColumnSpec } from "../../../src/sheets/cells";

const COLUMNS: ColumnSpec[] = [
  { key: "id", header: "ID", kind: "text" },
  { key: "count", header: "Count", kind: "integer" },
  { key: "total", header: "Total", kind: "money" },
];

describe("MisfitSummary", () => {
  it("counts each column's text cells over pages, with their reasons and the first three rows", () => {
    const summary = new MisfitSummary();
    const big = "more than 15 significant digits";
    summary.add(
      null,
      COLUMNS,
      [
        { row: 0, column: 1, reason: big },
        { row: 1, column: 1, reason: big },
        { row: 1, column: 2, reason: "more than two decimals" },
      ],
      2,
      (row) => `inv-${row}`,
    );
    summary.add(
      null,
      COLUMNS,
      [
        { row: 0, column: 1, reason: "outside the range of numbers a cell can hold" },
        { row: 1, column: 1, reason: big },
        // Past the rows written (the sheet's limit): not counted.
        { row: 2, column: 1, reason: big },
      ],
      2,
      (row) => `table row ${51 + row}`,
    );
    expect(summary.total).toBe(5);
    expect(summary.notes()).toEqual([
      "“Count”: 4 cells kept as text exactly as received (more than 15 significant digits: 3; " +
        "outside the range of numbers a cell can hold: 1); first: inv-0, inv-1, table row 51 and 1 more.",
      "“Total”: 1 cell kept as text exactly as received (more than two decimals: 1); first: inv-1.",
    ]);
  });

  it("names the sheet when an import writes two", () => {
    const summary = new MisfitSummary();
    summary.add(
      "Payment allocations",
      COLUMNS,
      [{ row: 0, column: 2, reason: "r" }],
      1,
      () => "a-1",
    );
    expect(summary.notes()).toEqual([
      "“Total” on Payment allocations: 1 cell kept as text exactly as received (r: 1); first: a-1.",
    ]);
  });

  it("says nothing when every cell fit", () => {
    expect(new MisfitSummary().notes()).toEqual([]);
  });
});
