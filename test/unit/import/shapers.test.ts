import { TEXT_CELL_FORMAT_BYTES, withBytes } from "../../../src/import/shapers";
import { estimateRowBytes } from "../../../src/sheets";

describe("withBytes()", () => {
  it("estimates the rows' values plus a number format command per text cell", () => {
    const rows = [
      ["INV-1", 12.5],
      ["INV-2", "1E5"],
    ];
    const shaped = withBytes({ rows, textCells: [{ row: 1, column: 1 }], notes: [] });
    expect(shaped.bytes).toBe(
      estimateRowBytes(rows[0]!) + estimateRowBytes(rows[1]!) + TEXT_CELL_FORMAT_BYTES,
    );
  });
});
