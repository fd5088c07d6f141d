import { IMPORT_BLOCK_BUDGET_BYTES } from "../../../src/domain/excelLimits";
import {
  BEFORE_END_ROWS,
  BLOCK_MAX_ROWS,
  BlockPlanner,
  EARLY_BLOCK_MIN_BLOCKS,
  SYNCS_BESIDE_BLOCKS,
} from "../../../src/import/blockPlanner";
import { estimateRowBytes } from "../../../src/sheets";

/**
 * The blocks a refresh of a table that had `expected` rows writes as 400 pages of 50 rows arrive
 * (20,000 rows), and the rows left pending after the last page.
 */
function refreshBlocks(expected: number): { blocks: number[]; pending: number } {
  const planner = new BlockPlanner();
  const blocks: number[] = [];
  let committed = 0;
  let pending = 0;
  for (let page = 0; page < 400; page++) {
    pending += 50;
    if (
      planner.shouldFlush(pending, pending * 600) ||
      planner.mayFlushBeforeEnd(expected, committed, pending)
    ) {
      planner.flushed();
      blocks.push(pending);
      committed += pending;
      pending = 0;
    }
  }
  return { blocks, pending };
}

describe("BlockPlanner", () => {
  it("writes the first page at once, so rows appear while the import runs", () => {
    const planner = new BlockPlanner();
    expect(planner.shouldFlush(0, 0)).toBe(false);
    expect(planner.shouldFlush(50, 10_000)).toBe(true);
  });

  it("then waits for a full block of rows", () => {
    const planner = new BlockPlanner();
    planner.flushed();
    expect(planner.shouldFlush(BLOCK_MAX_ROWS - 1, 1_000)).toBe(false);
    expect(planner.shouldFlush(BLOCK_MAX_ROWS, 1_000)).toBe(true);
  });

  it("writes early when the block's request would grow too large", () => {
    const planner = new BlockPlanner();
    planner.flushed();
    expect(planner.shouldFlush(100, IMPORT_BLOCK_BUDGET_BYTES - 1)).toBe(false);
    expect(planner.shouldFlush(100, IMPORT_BLOCK_BUDGET_BYTES)).toBe(true);
  });

  it("does not cut short a block of 5,000 ordinary invoice rows (about 600 estimated bytes each)", () => {
    const planner = new BlockPlanner();
    planner.flushed();
    expect(planner.shouldFlush(BLOCK_MAX_ROWS - 1, (BLOCK_MAX_ROWS - 1) * 600)).toBe(false);
  });

  describe("mayFlushEarly()", () => {
    it("never before the first page's block, nor with nothing pending", () => {
      const planner = new BlockPlanner(100);
      expect(planner.mayFlushEarly(0, 100_000)).toBe(false);
      planner.flushed();
      expect(planner.mayFlushEarly(100_000, 0)).toBe(false);
    });

    it("lets a block go early only while the blocks stay within one per block of rows written", () => {
      const planner = new BlockPlanner(100);
      planner.flushed();
      // One block written; a second needs 100 rows written besides the syncs beside blocks.
      const pending = EARLY_BLOCK_MIN_BLOCKS * 100;
      const earned = (SYNCS_BESIDE_BLOCKS + 1) * 100;
      expect(planner.mayFlushEarly(earned - pending - 1, pending)).toBe(false);
      expect(planner.mayFlushEarly(earned - pending, pending)).toBe(true);
      planner.flushed();
      expect(planner.mayFlushEarly(earned + 100 - pending - 1, pending)).toBe(false);
      expect(planner.mayFlushEarly(earned + 100 - pending, pending)).toBe(true);
    });

    it("only with enough rows pending that the block's own cost is worth it", () => {
      const planner = new BlockPlanner(100);
      planner.flushed();
      const pending = EARLY_BLOCK_MIN_BLOCKS * 100;
      expect(planner.mayFlushEarly(100_000, pending - 1)).toBe(false);
      expect(planner.mayFlushEarly(100_000, pending)).toBe(true);
    });
  });

  describe("mayFlushBeforeEnd()", () => {
    it("lets a refresh's pending rows go once they reach the table's rows less the rows left for the end", () => {
      const planner = new BlockPlanner();
      planner.flushed();
      const expected = 20_000;
      const committed = 15_050;
      const reach = expected - BEFORE_END_ROWS - committed;
      expect(planner.mayFlushBeforeEnd(expected, committed, reach - 1)).toBe(false);
      expect(planner.mayFlushBeforeEnd(expected, committed, reach)).toBe(true);
    });

    it("not with only the end's rows pending, so the walk's last rows make one block, not many", () => {
      const planner = new BlockPlanner();
      planner.flushed();
      expect(planner.mayFlushBeforeEnd(20_000, 18_000, BEFORE_END_ROWS)).toBe(false);
      expect(planner.mayFlushBeforeEnd(20_000, 18_000, BEFORE_END_ROWS + 1)).toBe(true);
    });

    it("once: past the mark, a list longer than the table was goes in full blocks again", () => {
      // A table of 1,000 rows refreshed with 20,000.
      const { blocks, pending } = refreshBlocks(1_000);
      expect(blocks).toEqual([50, 5_000, 5_000, 5_000]);
      expect(pending).toBe(20_000 - 15_050);
    });

    it("never before the first page's block", () => {
      const planner = new BlockPlanner();
      expect(planner.mayFlushBeforeEnd(20_000, 0, 19_000)).toBe(false);
    });

    it("leaves a block after the last page of about the rows left for the end", () => {
      // A refresh of a list as long as its table, in blocks of BLOCK_MAX_ROWS.
      const { blocks, pending } = refreshBlocks(20_000);
      expect(blocks).toEqual([50, 5_000, 5_000, 5_000, 3_950]);
      expect(pending).toBe(BEFORE_END_ROWS);
    });
  });

  describe("cuts()", () => {
    it("writes the pending rows first when the next record would take the block past the limit", () => {
      const planner = new BlockPlanner();
      planner.flushed();
      expect(planner.cuts(100, IMPORT_BLOCK_BUDGET_BYTES - 1_000, [1_000])).toEqual([]);
      expect(planner.cuts(100, IMPORT_BLOCK_BUDGET_BYTES - 1_000, [1_001])).toEqual([0]);
    });

    it("leaves a page of ordinary rows whole", () => {
      const planner = new BlockPlanner();
      expect(planner.cuts(0, 0, new Array<number>(50).fill(600))).toEqual([]);
    });

    it("splits a page of 50 records with two 32,767-character non-ASCII memos into blocks under the limit", () => {
      const memo = "請求書の備考".repeat(6_000).slice(0, 32_767); // 3 bytes a character in UTF-8
      const record = (n: number) => [`INV-${n}`, 1234.5, memo, memo];
      const bytes = Array.from({ length: 50 }, (_, n) => estimateRowBytes(record(n)));
      const pageBytes = bytes.reduce((sum, each) => sum + each, 0);
      expect(pageBytes).toBeGreaterThan(9_500_000); // what one request would have carried

      const cuts = new BlockPlanner().cuts(0, 0, bytes);
      const bounds = [0, ...cuts, bytes.length];
      const blocks = bounds
        .slice(1)
        .map((end, i) => bytes.slice(bounds[i], end).reduce((sum, each) => sum + each, 0));
      expect(Math.max(...blocks)).toBeLessThanOrEqual(IMPORT_BLOCK_BUDGET_BYTES);
      expect(blocks.length).toBe(Math.ceil(pageBytes / IMPORT_BLOCK_BUDGET_BYTES));
      expect(blocks.reduce((sum, each) => sum + each, 0)).toBe(pageBytes);
    });

    it("counts the rows already pending against the block's bytes", () => {
      const planner = new BlockPlanner(BLOCK_MAX_ROWS, 1_000);
      expect(planner.cuts(3, 900, [50, 50, 400, 600, 500])).toEqual([2, 4]);
    });

    it("cuts at the block's row limit too", () => {
      const planner = new BlockPlanner(10, IMPORT_BLOCK_BUDGET_BYTES);
      expect(planner.cuts(5, 0, new Array<number>(30).fill(1))).toEqual([5, 15, 25]);
    });

    it("puts a record larger than the limit alone in its block", () => {
      const planner = new BlockPlanner(BLOCK_MAX_ROWS, 1_000);
      expect(planner.cuts(0, 0, [5_000])).toEqual([]);
      expect(planner.cuts(0, 0, [10, 5_000, 10])).toEqual([1, 2]);
    });
  });
});
