// Reads one table column's values in blocks whose responses stay well under Excel on the web's
// response limit (ResponsePayloadSizeLimitExceeded, src/domain/excelLimits.ts): 200,000 UUIDs
// answer about 8 MB in one piece. Block sizes follow what the column holds: each block is sized
// from an upper bound on the bytes per row of the previous one, and a block Excel still refuses is
// read again in halves.

import { ID_COLUMN_READ_BUDGET_BYTES } from "../domain/excelLimits";

/** Rows of the first block, before anything is known of the column (Microsoft: 5k-20k). */
const FIRST_BLOCK_ROWS = 10_000;
/** Rows of any block: past this, one response costs more time than a round trip saves. */
const MAX_BLOCK_ROWS = 100_000;
/** JSON's framing of one row in the response (`["…"],`), beyond the text itself. */
const ROW_FRAMING_BYTES = 8;

/**
 * An upper bound on the bytes a row of `values` takes in the response: three UTF-8 bytes per
 * UTF-16 unit covers every character (JSON escapes of control characters aside, which ids do
 * not hold), without encoding anything.
 */
function rowBytesBound(values: readonly (readonly unknown[])[]): number {
  let largest = 0;
  for (const row of values) {
    const value = row[0];
    const length = typeof value === "string" ? value.length : 24;
    if (length > largest) largest = length;
  }
  return 3 * largest + ROW_FRAMING_BYTES;
}

/** The rows of the next block, given an upper bound on a row's bytes. */
export function blockRows(rowBytes: number, budget = ID_COLUMN_READ_BUDGET_BYTES): number {
  return Math.max(1, Math.min(MAX_BLOCK_ROWS, Math.floor(budget / Math.max(1, rowBytes))));
}

/** True for Excel's refusal of a response over its size limit: the read can be made smaller. */
export function isResponseTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ResponsePayloadSizeLimitExceeded";
}

/** Where a column's cells are: zero-based first row and column on `sheet`, and the row count. */
export interface ColumnCells {
  readonly sheet: Excel.Worksheet;
  readonly row: number;
  readonly column: number;
  readonly rowCount: number;
}

/**
 * The values of a column's cells, top to bottom: one sync per block (a 200,000-row column of
 * UUIDs takes about seven), each response under {@link ID_COLUMN_READ_BUDGET_BYTES} while no row
 * is longer than the rows before it, and read again in halves when one is (Excel refuses the
 * response; nothing was changed by reading).
 */
export async function readColumnInBlocks(
  context: Excel.RequestContext,
  cells: ColumnCells,
  budget = ID_COLUMN_READ_BUDGET_BYTES,
): Promise<unknown[][]> {
  const { sheet, row, column, rowCount } = cells;
  const values: unknown[][] = [];
  let rows = Math.min(FIRST_BLOCK_ROWS, blockRows(ROW_FRAMING_BYTES + 3 * 36, budget));
  let start = 0;
  while (start < rowCount) {
    const count = Math.min(rows, rowCount - start);
    // By position on the sheet: a range taken from a table column by index does not outlive a
    // sync in office.js.
    const block = sheet.getRangeByIndexes(row + start, column, count, 1);
    block.load("values");
    try {
      // Each block must be its own response: that is the point of reading in blocks.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (error) {
      if (!isResponseTooLarge(error) || count === 1) throw error;
      rows = Math.ceil(count / 2);
      continue;
    }
    for (const row of block.values) values.push(row);
    start += count;
    rows = blockRows(rowBytesBound(block.values), budget);
  }
  return values;
}
