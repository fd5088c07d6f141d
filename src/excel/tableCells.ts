// Queues the cell writes an import table's rows and columns share: number formats, the header
// cells of columns appended at the right, and the cells inserted for them.

/** A single value applies to every cell of a range (documented; the typings only allow arrays). */
export function uniform<T>(value: T): T[][] {
  return value as unknown as T[][];
}

/**
 * The number formats of `count` rows of one column: its `format` for every cell (a single value,
 * so the request stays small), or, where some cells hold text (`texts`) or a format of their own
 * (`own`, a KWD amount), a format per cell, never a range per cell (each costs ~470 bytes).
 */
export function columnFormats(
  count: number,
  format: string,
  texts: ReadonlySet<number> | undefined,
  own?: ReadonlyMap<number, string>,
): string[][] {
  return texts || own
    ? Array.from({ length: count }, (_, row) => [texts?.has(row) ? "@" : (own?.get(row) ?? format)])
    : uniform(format);
}

/** Queues the header cells of columns appended at the table's right, as text. */
export function writeAppendedHeaders(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  appended: { first: number; headers: string[] },
): void {
  if (appended.headers.length === 0) return;
  const added = sheet.getRangeByIndexes(
    headerRow,
    firstColumn + appended.first,
    1,
    appended.headers.length,
  );
  added.numberFormat = uniform("@");
  added.values = [appended.headers];
}

/**
 * The rows of the table's range holding `dataRows` rows: the header, the data (at least the one
 * row a table keeps) and the total row when shown. Table.resize takes the whole range, as
 * getRange() gives it; with a total row the writer only widens the table with it, the rows
 * having been inserted already.
 */
export function tableRows(dataRows: number, totalsRow: boolean): number {
  return 1 + Math.max(1, dataRows) + (totalsRow ? 1 : 0);
}

/**
 * Inserts cells for columns appended at the table's right, over `rows` rows from the header:
 * the user's cells right of the table move right rather than being written over.
 */
export function insertAppendedColumns(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  rows: number,
  appended: { first: number; headers: string[] },
): void {
  if (appended.headers.length === 0) return;
  sheet
    .getRangeByIndexes(headerRow, firstColumn + appended.first, rows, appended.headers.length)
    .insert("Right");
}
