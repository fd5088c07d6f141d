// The restated-budget check on small snippets: each way of writing a payload budget out is found,
// and the figures that only look like one (counts, other limits, unit conversions) are not.

import { restatedBudgets } from "./byteBudgets";

const figures = (text: string): string[] =>
  restatedBudgets({ path: "x/file.ts", text }).map(({ figure }) => figure);

describe("restatedBudgets()", () => {
  it("finds a budget written out in each form, named, compared or configured", () => {
    const text = [
      "const BLOCK_BUDGET_BYTES = 3_500_000;",
      "const LARGEST_REQUEST = 4 * 1024 * 1024;",
      "const batchBytes = 3.5 * MB;",
      "const responseCeiling = 2 ** 21;",
      "const syncBytes = 1 << 21;",
      "const host = new FakeExcelHost({ maxRequestBytes: 5 * 1024 * 1024 });",
      "host.maxResponseBytes = 1_000_000;",
      "expect(sync.requestBytes).toBeLessThan(4_000_000);",
      "expect(resultBytes(rows)).not.toBeGreaterThan(5_000_000);",
      "if (payload.length > 2e6) throw new Error();",
    ].join("\n");
    expect(figures(text)).toEqual([
      "3_500_000",
      "4 * 1024 * 1024",
      "3.5 * MB",
      "2 ** 21",
      "1 << 21",
      "5 * 1024 * 1024",
      "1_000_000",
      "4_000_000",
      "5_000_000",
      "2e6",
    ]);
  });

  it("says where and what the figure is about", () => {
    expect(
      restatedBudgets({ path: "src/a/b.ts", text: "\nconst READ_BUDGET = 2_000_000;" }),
    ).toEqual([{ where: "src/a/b.ts:2", figure: "2_000_000", subject: "READ_BUDGET" }]);
  });

  it("passes a budget derived from a named constant, whatever the arithmetic around it", () => {
    const text = [
      "const DRAWN_REQUEST_MOST = JOURNAL_DRAW_BUDGET_BYTES + 200_000;",
      "host.maxResponseBytes = EXCEL_PAYLOAD_LIMIT_BYTES / 5;",
      "expect(sync.requestBytes).toBeLessThan(MEASURED_PAYLOAD_CEILING_BYTES);",
    ].join("\n");
    expect(figures(text)).toEqual([]);
  });

  it("passes counts, other limits, sizes of other things and unit conversions", () => {
    const text = [
      "const RECORDS = 200_000;",
      "const EXCEL_MAX_ROWS = 1_048_576;",
      "const MAX_CELLS_PER_COMMAND = 5_000_000;",
      "const MAX_BODY_BYTES = 1024 * 1024;",
      "const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;",
      "const CHUNK_BYTES = 1 << 20;",
      "const MIB = 2 ** 20;",
      "const ok = large.pipelineBytes <= 1.5 * small.pipelineBytes + 2 * MIB;",
      "const text = `${MAX_RESPONSE_BYTES / (1024 * 1024)} MB`;",
      'const body = "x".repeat(1024 * 1024 + 10);',
      "expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024 * 1024);",
      "const block = new Uint8Array(2_000_000);",
      "const micros = seconds * 1_000_000n;",
      "// a block of 4_000_000 bytes in a comment",
      'const words = "requestBytes < 4_000_000";',
    ].join("\n");
    expect(figures(text)).toEqual([]);
  });
});
