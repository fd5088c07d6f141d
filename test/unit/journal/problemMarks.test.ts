import { planProblemMarks } from "../../../src/journal";

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
  });
});
