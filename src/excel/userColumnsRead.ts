// Reads the columns a user added to an import table before a refresh replaces its rows, in
// blocks whose responses stay under Excel's response size limit however long the table is and
// whatever the user typed (sized as src/excel/columnBlocks.ts sizes a column's blocks).
import { type RecordKeyColumn, RecordKeys } from "../sheets/recordKeys";
import { type UserColumnRead, UserColumns } from "../sheets/userColumns";
import { blockRows, isResponseTooLarge } from "./columnBlocks";

/** Rows of the first read, before anything is known of the columns. */
const FIRST_READ_ROWS = 5_000;

/**
 * An upper bound on the bytes a row takes in the response: three UTF-8 bytes per UTF-16 unit of
 * each column's longest formula and format, with JSON's framing.
 */
function rowBytesBound(ranges: readonly Excel.Range[]): number {
  let bytes = 0;
  for (const range of ranges) {
    let longest = 0;
    for (const [formula] of range.formulasR1C1) {
      longest = Math.max(longest, typeof formula === "string" ? formula.length : 24);
    }
    for (const [format] of range.numberFormat) {
      longest = Math.max(longest, typeof format === "string" ? format.length : 8);
    }
    bytes += 2 * (3 * longest + 8);
  }
  return bytes;
}

/** Where the table's data starts and what to read of it. */
export interface UserColumnsAt {
  readonly sheet: Excel.Worksheet;
  /** Zero-based sheet row of the first data row, and column of the table's first column. */
  readonly firstRow: number;
  readonly firstColumn: number;
  readonly rows: number;
  /** The user's columns: table column and header. */
  readonly columns: readonly { readonly position: number; readonly header: string }[];
  /** The table column holding the rows' keys, and how it keys them; null: none. */
  readonly key: { readonly position: number; readonly column: RecordKeyColumn } | null;
}

/**
 * The user's columns of a table (formulas in R1C1 and number formats, with the rows' keys), read
 * in as many requests as their size needs; none when there are no such columns.
 */
export async function readUserColumns(
  context: Excel.RequestContext,
  at: UserColumnsAt,
): Promise<UserColumns> {
  const { sheet, firstRow, firstColumn, rows, columns, key } = at;
  if (columns.length === 0 || rows === 0) return UserColumns.none;
  const read: { position: number; header: string; formulas: unknown[]; formats: unknown[] }[] =
    columns.map((column) => ({ ...column, formulas: [], formats: [] }));
  const keyCells: unknown[] = [];
  let perRead = FIRST_READ_ROWS;
  let start = 0;
  while (start < rows) {
    const count = Math.min(perRead, rows - start);
    const ranges = columns.map((column) => {
      const range = sheet.getRangeByIndexes(
        firstRow + start,
        firstColumn + column.position,
        count,
        1,
      );
      range.load("formulasR1C1,numberFormat");
      return range;
    });
    const keyRange = key
      ? sheet.getRangeByIndexes(firstRow + start, firstColumn + key.position, count, 1)
      : null;
    keyRange?.load("values");
    try {
      // Each block must be its own response: that is the point of reading in blocks.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (error) {
      // A block of long notes answers more than Excel sends at once: read it again in halves.
      if (!isResponseTooLarge(error) || count === 1) throw error;
      perRead = Math.ceil(count / 2);
      continue;
    }
    ranges.forEach((range, index) => {
      const into = read[index];
      if (!into) return;
      for (const row of range.formulasR1C1) into.formulas.push(row[0]);
      for (const row of range.numberFormat) into.formats.push(row[0]);
    });
    if (keyRange) for (const row of keyRange.values) keyCells.push(row[0]);
    start += count;
    perRead = blockRows(rowBytesBound(ranges) + 3 * 40);
  }
  const keys = key
    ? new RecordKeys(key.column).ofCells(keyCells)
    : new Array<string | null>(rows).fill(null);
  return UserColumns.of(read satisfies UserColumnRead[], keys);
}
