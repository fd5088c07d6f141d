// Which rows and columns of a sheet the user cannot see (hidden, or filtered out: Excel reports a
// row a filter hides as a hidden row). Range.rowHidden answers for a whole range (true, false, or
// null when only some rows are hidden), so a sheet with nothing hidden costs one property in a
// request already made; only a sheet with hidden rows is searched, block by block.

/** Rows searched per block before single rows are asked about. */
const BLOCK = 64;
/** Single rows asked about in one request (each is a range object of about 200 bytes). */
const ROWS_PER_REQUEST = 2_000;

/** What `Range.rowHidden` / `columnHidden` say about a range: all, none, or some (null). */
export type HiddenAnswer = boolean | null;

/**
 * The zero-based rows among the first `rowCount` of `sheet` that are hidden, given that the
 * rows' range answered `answer` for rowHidden. Two syncs when some rows are hidden (one per
 * 2,000 single rows beyond that), none otherwise.
 */
export async function hiddenRowsOf(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rowCount: number,
  answer: HiddenAnswer,
): Promise<number[]> {
  if (answer === false || rowCount === 0) return [];
  if (answer === true) return Array.from({ length: rowCount }, (_, row) => row);
  const blocks: { top: number; range: Excel.Range }[] = [];
  for (let top = 0; top < rowCount; top += BLOCK) {
    const count = Math.min(BLOCK, rowCount - top);
    const range = sheet.getRangeByIndexes(top, 0, count, 1);
    range.load("rowHidden");
    blocks.push({ top, range });
  }
  await context.sync();
  const hidden: number[] = [];
  const mixed: number[] = [];
  for (const { top, range } of blocks) {
    const count = Math.min(BLOCK, rowCount - top);
    for (let row = top; row < top + count; row++) {
      if (range.rowHidden === true) hidden.push(row);
      else if (range.rowHidden === null) mixed.push(row);
    }
  }
  for (let start = 0; start < mixed.length; start += ROWS_PER_REQUEST) {
    hidden.push(
      ...(await hiddenAmong(context, sheet, mixed.slice(start, start + ROWS_PER_REQUEST))),
    );
  }
  return hidden.sort((a, b) => a - b);
}

/** One request asking each of `rows` whether it is hidden. */
async function hiddenAmong(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rows: readonly number[],
): Promise<number[]> {
  const ranges = rows.map((row) => {
    const range = sheet.getRangeByIndexes(row, 0, 1, 1);
    range.load("rowHidden");
    return { row, range };
  });
  await context.sync();
  return ranges.filter(({ range }) => range.rowHidden).map(({ row }) => row);
}

/**
 * The zero-based columns among the first `columnCount` of `sheet` that are hidden, given the
 * columns' answer for columnHidden. A journal sheet has a dozen columns: one sync asks each.
 */
export async function hiddenColumnsOf(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  columnCount: number,
  answer: HiddenAnswer,
): Promise<number[]> {
  if (answer === false || columnCount === 0) return [];
  if (answer === true) return Array.from({ length: columnCount }, (_, column) => column);
  const columns = Array.from({ length: columnCount }, (_, column) => {
    const range = sheet.getRangeByIndexes(0, column, 1, 1);
    range.load("columnHidden");
    return { column, range };
  });
  await context.sync();
  return columns.filter(({ range }) => range.columnHidden).map(({ column }) => column);
}
