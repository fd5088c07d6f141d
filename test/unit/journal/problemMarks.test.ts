import fc from "fast-check";
import { planProblemMarks } from "../../../src/journal";
import type { ProblemMark } from "../../../src/journal";
import {
  cellSpans,
  compactMarks,
  fillSpans,
  markCells,
  splitSpan,
} from "../../../src/journal/problemMarks";

const none = (): string | null => null;

describe("problemMarks.ts", () => {
  describe("planProblemMarks()", () => {
    it("remembers each new mark's current fill", () => {
      const fills: Record<string, string | null> = { F20: "#F3F2F1", B7: null };
      expect(planProblemMarks([], [], (a) => fills[a] ?? null, ["B7", "F20"])).toEqual({
        restore: [],
        marks: [
          { address: "B7", fill: null },
          { address: "F20", fill: "#F3F2F1" },
        ],
      });
    });

    it("restores a mark that is fixed, and keeps the original fill of one still marked", () => {
      const saved = [
        { address: "F20", fill: "#FFFF00" },
        { address: "F21", fill: null },
      ];
      const plan = planProblemMarks(saved, ["F20", "F21"], () => "#FDE7E9", ["F21"]);
      expect(plan).toEqual({
        restore: [{ address: "F20", fill: "#FFFF00" }],
        marks: [{ address: "F21", fill: null }],
      });
    });

    it("follows marks moved by inserted rows, in order, per column", () => {
      const saved = [
        { address: "F20", fill: "#FFFF00" },
        { address: "F22", fill: null },
        { address: "B7", fill: null },
      ];
      // Two rows inserted above row 20: the marks on F now show on F22 and F24.
      const plan = planProblemMarks(saved, ["B7", "F22", "F24"], none, []);
      expect(plan.restore).toEqual([
        { address: "F22", fill: "#FFFF00" },
        { address: "F24", fill: null },
        { address: "B7", fill: null },
      ]);
    });

    it("pairs by address, then by nearest row, when a marked row was deleted", () => {
      const saved = [
        { address: "F20", fill: "#111111" },
        { address: "F25", fill: "#222222" },
        { address: "F30", fill: "#333333" },
      ];
      const plan = planProblemMarks(saved, ["F20", "F29"], none, []);
      expect(plan.restore).toEqual([
        { address: "F20", fill: "#111111" },
        { address: "F29", fill: "#333333" },
      ]);
    });

    it("leaves alone a problem-coloured cell in a column without saved marks", () => {
      expect(planProblemMarks([], ["C5"], () => "#FDE7E9", []).restore).toEqual([]);
    });

    it("pairs as the first version did, cell by cell, on any sheet", () => {
      const address = (column: number, row: number) => `${"BFG"[column]}${row}`;
      const cell = fc.record({
        column: fc.integer({ min: 0, max: 2 }),
        row: fc.integer({ min: 1, max: 40 }),
      });
      const fill = fc.constantFrom(null, "#FFFF00", "#F3F2F1");
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.record({ at: cell, fill }), {
            selector: (m) => address(m.at.column, m.at.row),
          }),
          fc.uniqueArray(cell, { selector: (c) => address(c.column, c.row) }),
          fc.uniqueArray(cell, { selector: (c) => address(c.column, c.row) }),
          (savedCells, filled, wanted) => {
            const saved = savedCells.map((m) => ({
              address: address(m.at.column, m.at.row),
              fill: m.fill,
            }));
            const problemFilled = filled.map((c) => address(c.column, c.row));
            const addresses = wanted.map((c) => address(c.column, c.row));
            const current = (a: string) => (a.length % 2 === 0 ? "#ABCDEF" : null);
            const plan = planProblemMarks(saved, problemFilled, current, addresses);
            const reference = firstPlan(saved, problemFilled, current, addresses);
            expect(plan.marks).toEqual(reference.marks);
            expect(new Set(plan.restore.map((m) => JSON.stringify(m)))).toEqual(
              new Set(reference.restore.map((m) => JSON.stringify(m))),
            );
          },
        ),
        { numRuns: 500 },
      );
    });

    it("reads saved spans of cells, and pairs 10,000 moved marks", () => {
      // Every line marked, then two rows inserted in the middle: the cells moved down in part.
      const saved = [{ address: "F19:F10018", fill: null }];
      const filled = [
        ...Array.from({ length: 5000 }, (_, i) => `F${19 + i}`),
        ...Array.from({ length: 4999 }, (_, i) => `F${5021 + i}`),
      ];
      const plan = planProblemMarks(saved, filled, none, []);
      expect(plan.restore).toHaveLength(9999);
      expect(plan.restore[9998]).toEqual({ address: "F10019", fill: null });
    });
  });

  describe("compactMarks()", () => {
    it("saves adjacent cells of a column with the same fill as one span", () => {
      const marks: ProblemMark[] = [
        { address: "F20", fill: null },
        { address: "F21", fill: null },
        { address: "F22", fill: "#FFFF00" },
        { address: "B7", fill: null },
        { address: "F24", fill: null },
        { address: "F23", fill: "#FFFF00" },
      ];
      expect(compactMarks(marks)).toEqual([
        { address: "F20:F21", fill: null },
        { address: "F22:F23", fill: "#FFFF00" },
        { address: "F24", fill: null },
        { address: "B7", fill: null },
      ]);
      expect(markCells(compactMarks(marks))).toEqual(
        expect.arrayContaining(marks.map((mark) => expect.objectContaining(mark))),
      );
    });

    it("skips saved addresses it cannot read", () => {
      const marks = ["F2:G3", "F9:F8", "x", "F1:F2:F3"].map((address) => ({ address, fill: null }));
      expect(markCells(marks)).toEqual([]);
    });
  });

  describe("cellSpans() and fillSpans()", () => {
    it("group adjacent cells of one column", () => {
      expect(cellSpans(["G5", "F3", "F4", "F6", "F3"])).toEqual([
        { column: 6, first: 5, last: 5 },
        { column: 5, first: 3, last: 4 },
        { column: 5, first: 6, last: 6 },
      ]);
      expect(
        fillSpans([
          { address: "F3", fill: null },
          { address: "F4", fill: "#FFFF00" },
          { address: "F5", fill: "#FFFF00" },
        ]),
      ).toEqual([
        { column: 5, first: 3, last: 3, fill: null },
        { column: 5, first: 4, last: 5, fill: "#FFFF00" },
      ]);
    });
  });

  describe("splitSpan()", () => {
    it("splits a span in parts, shrunk to the rows that matter", () => {
      const span = { column: 1, first: 1, last: 100 };
      expect(splitSpan(span, 4)).toEqual([
        { column: 1, first: 1, last: 25 },
        { column: 1, first: 26, last: 50 },
        { column: 1, first: 51, last: 75 },
        { column: 1, first: 76, last: 100 },
      ]);
      expect(splitSpan(span, 4, [3, 7, 80])).toEqual([
        { column: 1, first: 3, last: 7 },
        { column: 1, first: 80, last: 80 },
      ]);
    });
  });
});

/** planProblemMarks as first written (cell by cell, quadratic): the reference for pairing. */
function firstPlan(
  saved: readonly ProblemMark[],
  problemFilled: readonly string[],
  currentFill: (address: string) => string | null,
  addresses: readonly string[],
): { restore: ProblemMark[]; marks: ProblemMark[] } {
  const position = (address: string) => ({
    column: address[0]!,
    row: Number(address.slice(1)),
  });
  const origin = new Map<string, string | null>();
  const columns = new Map<string, (ProblemMark & { row: number })[]>();
  for (const mark of saved) {
    const { column, row } = position(mark.address);
    columns.set(column, [...(columns.get(column) ?? []), { ...mark, row }]);
  }
  for (const [column, list] of columns) {
    const marks = [...list].sort((a, b) => a.row - b.row);
    const cells = problemFilled
      .map((address) => ({ address, ...position(address) }))
      .filter((cell) => cell.column === column)
      .sort((a, b) => a.row - b.row);
    if (cells.length === marks.length) {
      cells.forEach((cell, i) => origin.set(cell.address, marks[i]!.fill));
      continue;
    }
    const unpaired = [...marks];
    for (const cell of cells) {
      if (unpaired.length === 0) break;
      let best = unpaired.findIndex((mark) => mark.address === cell.address);
      if (best < 0) {
        const distance = (mark: (typeof unpaired)[number]) => Math.abs(mark.row - cell.row);
        best = unpaired.reduce(
          (b, mark, i) => (distance(mark) < distance(unpaired[b]!) ? i : b),
          0,
        );
      }
      origin.set(cell.address, unpaired[best]!.fill);
      unpaired.splice(best, 1);
    }
  }
  const wanted = new Set(addresses);
  const restore: ProblemMark[] = [];
  for (const [address, fill] of origin) if (!wanted.has(address)) restore.push({ address, fill });
  const marks = addresses.map((address) => ({
    address,
    fill: origin.has(address) ? (origin.get(address) ?? null) : currentFill(address),
  }));
  return { restore, marks };
}
