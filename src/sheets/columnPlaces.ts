// Where each import column sits in an import table: on refresh, and when new rows are put at the
// top, the table's columns keep their places and are matched by header.
import type { CellValue, ColumnSpec } from "./cells";

/**
 * Where each import column sits in the table. On refresh the table's columns keep their places:
 * an import column goes to the existing column with its header (compared ignoring case, as Excel
 * does), and a column the table lacks is appended at the right. Excel rewrites structured
 * references when a header changes and turns them into #REF! when a column leaves the table, so
 * writing headers by position, or shrinking the table, would silently re-aim the user's formulas.
 */
export class ColumnPlaces {
  /** The table column of each import column placed so far. */
  private readonly placed: number[] = [];
  /** Existing columns no import column has claimed yet, by lower-case header. */
  private readonly unclaimed = new Map<string, number>();
  private readonly existing: readonly string[];
  private tableWidth: number;
  /** Table columns the import's rows leave as they are (see leaveAlone). */
  private readonly untouched = new Set<number>();

  /** `existing`: the table's header texts, left to right (none for a new table). */
  constructor(existing: readonly string[]) {
    this.existing = existing;
    this.tableWidth = existing.length;
    existing.forEach((header, index) => {
      const key = header.toLowerCase();
      if (!this.unclaimed.has(key)) this.unclaimed.set(key, index);
    });
  }

  /** The table's column count. */
  get width(): number {
    return this.tableWidth;
  }

  /** How many import columns have a place. */
  get count(): number {
    return this.placed.length;
  }

  /** The table column of import column `index`. */
  position(index: number): number {
    const position = this.placed[index];
    if (position === undefined) throw new RangeError(`Column ${index} has no place yet.`);
    return position;
  }

  /** True when import column i is table column i for every column and the table has no others. */
  get isIdentity(): boolean {
    return this.tableWidth === this.placed.length && this.placed.every((p, i) => p === i);
  }

  /**
   * Places the columns of `columns` not placed yet. Returns those appended at the right, as the
   * table column of the first and their headers (contiguous), so their header cells get written.
   */
  place(columns: readonly ColumnSpec[]): { first: number; headers: string[] } {
    const first = this.tableWidth;
    const headers: string[] = [];
    for (const column of columns.slice(this.placed.length)) {
      const key = column.header.toLowerCase();
      const existing = this.unclaimed.get(key);
      if (existing !== undefined) {
        this.unclaimed.delete(key);
        this.placed.push(existing);
      } else {
        this.placed.push(this.tableWidth);
        this.tableWidth += 1;
        headers.push(column.header);
      }
    }
    return { first, headers };
  }

  /** Headers of the table's columns that no import column has filled, left to right. */
  unfilled(): string[] {
    return this.unfilledPositions().map((column) => column.header);
  }

  /** The table columns no import column has filled, with their headers, left to right. */
  unfilledPositions(): { position: number; header: string }[] {
    return [...this.unclaimed.values()]
      .sort((a, b) => a - b)
      .map((position) => ({ position, header: this.existing[position] ?? "" }));
  }

  /**
   * Table columns the import's rows leave as they are: the user's, whose cells are written on
   * their own (see UserColumns). The others it does not fill are emptied.
   */
  leaveAlone(positions: Iterable<number>): void {
    for (const position of positions) this.untouched.add(position);
  }

  /**
   * A row of import cells laid out as a table row: a column no import column fills is empty, or
   * null for a column left alone, which leaves its cell as it is (Excel's documented meaning of
   * null in a values array, where "" empties a cell). A row that already is one is returned as
   * it is: a block's rows are kept until Excel has them, and a copy of each would double what the
   * collector carries meanwhile.
   */
  tableRow(row: readonly CellValue[]): readonly (CellValue | null)[] {
    if (this.isIdentity) {
      return row.length === this.tableWidth
        ? row
        : [...row, ...new Array<CellValue>(this.tableWidth - row.length).fill("")];
    }
    const cells = new Array<CellValue | null>(this.tableWidth).fill("");
    for (const position of this.untouched) cells[position] = null;
    for (let index = 0; index < this.placed.length; index++) {
      cells[this.position(index)] = row[index] ?? "";
    }
    return cells;
  }
}

/** Runs of consecutive table columns: [first table column, import column indexes]. */
export function columnRuns(places: ColumnPlaces): { first: number; columns: number[] }[] {
  const order = Array.from({ length: places.count }, (_, index) => index).sort(
    (a, b) => places.position(a) - places.position(b),
  );
  const runs: { first: number; columns: number[] }[] = [];
  for (const index of order) {
    const position = places.position(index);
    const last = runs[runs.length - 1];
    if (last && last.first + last.columns.length === position) last.columns.push(index);
    else runs.push({ first: position, columns: [index] });
  }
  return runs;
}
