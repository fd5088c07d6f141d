// The import's one counter: records (of the server's total), pages and rate, the same in the
// visible line and in the bar's words.
import {
  progressBarState,
  progressText,
  recordsPerSecond,
} from "../../../../src/taskpane/shared/progressView";

describe("progressView.ts", () => {
  describe("progressText()", () => {
    it.each([
      [0, 0, "0 records · 0 pages"],
      [1, 1, "1 record · 1 page"],
      [120, 3, "120 records · 3 pages"],
      [200000, 4000, "200,000 records · 4,000 pages"],
    ])("shows %i records and %i pages as “%s”", (records, pages, text) => {
      expect(progressText({ records, pages })).toBe(text);
    });

    it("says “of N” when the server reports a total", () => {
      expect(progressText({ records: 150, pages: 3, total: 1200 })).toBe(
        "150 of 1,200 records · 3 pages",
      );
    });

    it("adds the rate since the start once a second has passed", () => {
      expect(progressText({ records: 450, pages: 9, total: 1200, elapsedMs: 1_500 })).toBe(
        "450 of 1,200 records · 9 pages · 300 records/s",
      );
      expect(progressText({ records: 5, pages: 1, elapsedMs: 2_000 })).toBe(
        "5 records · 1 page · 2.5 records/s",
      );
    });
  });

  describe("recordsPerSecond()", () => {
    it.each([
      [{ records: 100, pages: 2 }, undefined],
      [{ records: 100, pages: 2, elapsedMs: 999 }, undefined],
      [{ records: 0, pages: 1, elapsedMs: 5_000 }, undefined],
      [{ records: 100, pages: 2, elapsedMs: 4_000 }, 25],
    ])("is %j → %p", (figures, rate) => {
      expect(recordsPerSecond(figures)).toBe(rate);
    });
  });

  describe("progressBarState()", () => {
    it("is indeterminate, without value or maximum, when no total is known", () => {
      expect(progressBarState({ records: 120, pages: 3 })).toEqual({
        valueText: "120 records, 3 pages",
      });
    });

    it("has value, maximum and fraction when the server reports a total", () => {
      expect(progressBarState({ records: 120, pages: 3, total: 480 })).toEqual({
        valueNow: 120,
        valueMax: 480,
        valueText: "120 of 480 records, 3 pages",
        fraction: 0.25,
      });
    });

    it("says the same counter as the visible line, rate included", () => {
      const figures = { records: 450, pages: 9, total: 1200, elapsedMs: 1_500 };
      expect(progressBarState(figures).valueText).toBe(
        "450 of 1,200 records, 9 pages, 300 records a second",
      );
      expect(progressText(figures).replace(/ · /g, ", ").replace("/s", " a second")).toBe(
        progressBarState(figures).valueText,
      );
    });

    it("never reports a value above the maximum", () => {
      const state = progressBarState({ records: 510, pages: 11, total: 500 });
      expect(state.valueNow).toBe(500);
      expect(state.fraction).toBe(1);
    });

    it("draws an empty list as complete", () => {
      expect(progressBarState({ records: 0, pages: 1, total: 0 }).fraction).toBe(1);
    });
  });
});
