import { BLOCK_MAX_BYTES, BLOCK_MAX_ROWS, BlockPlanner } from "../../../src/import/blockPlanner";

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
    expect(planner.shouldFlush(100, BLOCK_MAX_BYTES - 1)).toBe(false);
    expect(planner.shouldFlush(100, BLOCK_MAX_BYTES)).toBe(true);
  });

  it("does not cut short a block of 5,000 ordinary invoice rows (about 600 estimated bytes each)", () => {
    const planner = new BlockPlanner();
    planner.flushed();
    expect(planner.shouldFlush(BLOCK_MAX_ROWS - 1, (BLOCK_MAX_ROWS - 1) * 600)).toBe(false);
  });

  it("writes the pending rows first when the next page would take the block past the limit", () => {
    const planner = new BlockPlanner();
    planner.flushed();
    expect(planner.wouldOverflow(100, BLOCK_MAX_BYTES - 1_000, 999)).toBe(false);
    expect(planner.wouldOverflow(100, BLOCK_MAX_BYTES - 1_000, 1_001)).toBe(true);
    expect(planner.wouldOverflow(0, 0, BLOCK_MAX_BYTES * 2)).toBe(false); // nothing to write yet
  });
});
