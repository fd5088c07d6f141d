// One worksheet's cells, stored sparsely (row -> column -> cell), with the formats set on whole
// rows and columns, column widths, hidden rows and columns, and frozen panes.
import { lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import type { CellScalar } from "./cellValues";

export const GENERAL = "General";

export type SheetVisibility = "Visible" | "Hidden" | "VeryHidden";

/** A stored cell. A cell that is empty and unformatted is not stored. */
export interface Cell {
  /** The constant, or a formula's last calculated result. "" is empty. */
  value: CellScalar;
  /** The formula text ("=..."), or null for a constant. */
  formula: string | null;
  numberFormat: string;
  bold: boolean;
  fontColor: string | null;
  fillColor: string | null;
  /** The recalculation pass that last computed this formula cell (see FakeWorkbook.recalculate). */
  calculatedIn: number;
  /** A formula whose array result spills: the cells it fills now, itself included (spills.ts). */
  spill?: Area | undefined;
  /** A cell a formula's array result fills: that formula's cell; its value is not content. */
  spilledFrom?: Cell | undefined;
  /**
   * The number format a formula's result carries with its value (a formatted number value that
   * a custom function returned), shown over the cell's own `numberFormat` (customFunctionCalls.ts).
   */
  valueFormat?: string | undefined;
}

/** The format a cell's value is shown in: the one its value carries, else the cell's own. */
export function shownFormat(cell: Cell): string {
  return cell.valueFormat ?? cell.numberFormat;
}

/** One row's stored cells, indexed by column, and how many there are. */
interface StoredRow {
  readonly cells: (Cell | undefined)[];
  size: number;
}

/**
 * The indexes from `from` to `to` that hold an entry of `list` (`size` entries in all),
 * ascending: a walk of the span, or of the list's keys where a long span holds few entries.
 */
function entriesIn(list: readonly unknown[], size: number, from: number, to: number): number[] {
  const start = Math.max(0, from);
  const end = Math.min(to, list.length - 1);
  const found: number[] = [];
  if (end - start <= 4 * size + 64) {
    for (let i = start; i <= end; i++) if (list[i] !== undefined) found.push(i);
    return found;
  }
  for (const key of Object.keys(list)) {
    const i = Number(key);
    if (i >= start && i <= end && list[i] !== undefined) found.push(i);
  }
  return found;
}

export class SheetModel {
  /**
   * Stored cells by row and column. Arrays indexed by position rather than maps: a block write
   * reaches each cell without hashing, and a walk goes in order.
   */
  private rows: (StoredRow | undefined)[] = [];
  /** How many rows hold a stored cell. */
  private rowCount = 0;
  /** Formula cells, so recalculation does not walk every cell. */
  readonly formulaCells = new Set<Cell>();
  /** Number formats set on whole columns and rows: new cells there start with them. */
  readonly columnFormats = new Map<number, string>();
  readonly rowFormats = new Map<number, string>();
  /** Column widths in points, where set. */
  readonly columnWidths = new Map<number, number>();
  /** Hidden rows and columns (a row a filter hides is a hidden row, as Excel reports it). */
  readonly hiddenRows = new Set<number>();
  readonly hiddenColumns = new Set<number>();
  frozenRows = 0;
  frozenColumns = 0;
  deleted = false;
  /** Worksheet.visibility. */
  visibility: SheetVisibility = "Visible";
  /**
   * Worksheet.protection: while set, every cell is locked (the fake keeps no per-cell Locked
   * format) and edits are refused (see guards.ts). `password` is "" when none was given.
   */
  protection: { readonly password: string } | undefined;
  /** Merged areas (Range.merge), each at least two cells, none overlapping another. */
  merged: Area[] = [];
  /** Cached bounds of the stored cells: undefined unknown, null none. */
  private bounds: Area | null | undefined = null;
  /** Where each cell was when {@link positionOf} last walked the sheet. */
  private positions: Map<Cell, { row: number; column: number }> | undefined;

  constructor(
    /** Worksheet.id; changes only when a reopened workbook renumbers its sheets. */
    public id: string,
    public name: string,
  ) {}

  get cellCount(): number {
    let count = 0;
    for (const r of this.storedRows(0, Infinity)) count += this.rows[r]?.size ?? 0;
    return count;
  }

  getCell(row: number, column: number): Cell | undefined {
    return this.rows[row]?.cells[column];
  }

  /**
   * Where `cell` is (0-based): for ROW() without argument and for "[Column]" references, which
   * mean the table the formula sits in. An index built by one walk over the sheet answers; it is
   * checked on each use and rebuilt when cells have moved since.
   */
  positionOf(cell: Cell): { row: number; column: number } | undefined {
    const known = this.positions?.get(cell);
    if (known && this.getCell(known.row, known.column) === cell) return known;
    const positions = new Map<Cell, { row: number; column: number }>();
    this.forEachCell((row, column, candidate) => positions.set(candidate, { row, column }));
    this.positions = positions;
    return positions.get(cell);
  }

  /** The format a new cell at this position starts with. */
  defaultFormat(row: number, column: number): string {
    return this.rowFormats.get(row) ?? this.columnFormats.get(column) ?? GENERAL;
  }

  numberFormatAt(row: number, column: number): string {
    return this.getCell(row, column)?.numberFormat ?? this.defaultFormat(row, column);
  }

  ensureCell(row: number, column: number): Cell {
    const stored = this.rowAt(row);
    let cell = stored.cells[column];
    if (!cell) {
      cell = this.blankCell();
      cell.numberFormat = this.defaultFormat(row, column);
      this.store(stored, column, cell);
    }
    return cell;
  }

  /** The row's stored cells, made when it has none. */
  private rowAt(row: number): StoredRow {
    let stored = this.rows[row];
    if (!stored) {
      stored = { cells: [], size: 0 };
      this.rows[row] = stored;
      this.rowCount += 1;
    }
    return stored;
  }

  private store(stored: StoredRow, column: number, cell: Cell): void {
    if (stored.cells[column] === undefined) stored.size += 1;
    stored.cells[column] = cell;
  }

  /** Removes the cell at a position, and the row's entry with its last cell. */
  private unstore(row: number, column: number): boolean {
    const stored = this.rows[row];
    if (stored?.cells[column] === undefined) return false;
    stored.cells[column] = undefined;
    stored.size -= 1;
    if (stored.size === 0) {
      this.rows[row] = undefined;
      this.rowCount -= 1;
    }
    return true;
  }

  /** The stored rows from `from` to `to`, ascending. */
  private storedRows(from: number, to: number): number[] {
    return entriesIn(this.rows, this.rowCount, from, to);
  }

  /** The stored columns of a row from `from` to `to`, ascending. */
  private storedColumns(stored: StoredRow, from: number, to: number): number[] {
    return entriesIn(stored.cells, stored.size, from, to);
  }

  /**
   * Edits the cell at a position in place (creating it when needed), then keeps it, or drops it
   * when it ends up empty and default-formatted.
   */
  editCell(row: number, column: number, change: (cell: Cell) => void): void {
    this.editCells({ row, column, rowCount: 1, columnCount: 1 }, (cell) => {
      change(cell);
      return true;
    });
  }

  /**
   * editCell for every position of an area, row by row: the fast path for block writes, with one
   * lookup of each row and no cell made for a position left alone. `change` gets the stored cell
   * or a new one and returns false, having changed nothing, to leave the position as it is.
   */
  editCells(area: Area, change: (cell: Cell, row: number, column: number) => boolean): void {
    const endRow = lastRow(area);
    const endColumn = lastColumn(area);
    // A new cell offered to `change` and left alone serves the next empty position.
    let spare: Cell | undefined;
    for (let row = area.row; row <= endRow; row++) {
      let cells = this.rows[row];
      for (let column = area.column; column <= endColumn; column++) {
        const stored = cells?.cells[column];
        let cell = stored;
        if (cell === undefined) {
          cell = spare ?? this.blankCell();
          cell.numberFormat = this.defaultFormat(row, column);
        }
        const hadFormula = cell.formula !== null;
        if (!change(cell, row, column)) {
          if (stored === undefined) spare = cell;
          continue;
        }
        if (stored === undefined) spare = undefined;
        if (this.isDefault(row, column, cell)) {
          if (hadFormula) this.formulaCells.delete(cell);
          if (stored !== undefined) {
            this.unstore(row, column);
            cells = this.rows[row];
            this.bounds = undefined;
          }
          continue;
        }
        if (stored === undefined) {
          cells ??= this.rowAt(row);
          this.store(cells, column, cell);
          this.extendBounds(row, column);
        }
        if (cell.formula !== null) {
          if (!hadFormula) this.formulaCells.add(cell);
        } else if (hadFormula) this.formulaCells.delete(cell);
      }
    }
  }

  private blankCell(): Cell {
    return {
      value: "",
      formula: null,
      numberFormat: GENERAL,
      bold: false,
      fontColor: null,
      fillColor: null,
      calculatedIn: 0,
    };
  }

  /** Stores or removes a cell: empty, default-formatted cells are dropped. */
  putCell(row: number, column: number, cell: Cell | undefined): void {
    const previous = this.rows[row]?.cells[column];
    const tracking = this.formulaCells.size > 0;
    if (tracking && previous && previous !== cell) this.formulaCells.delete(previous);
    if (!cell || this.isDefault(row, column, cell)) {
      if (tracking && cell) this.formulaCells.delete(cell);
      if (this.unstore(row, column)) this.bounds = undefined;
      return;
    }
    if (cell.formula !== null) this.formulaCells.add(cell);
    else if (tracking) this.formulaCells.delete(cell);
    if (previous !== cell) this.store(this.rowAt(row), column, cell);
    this.extendBounds(row, column);
  }

  /**
   * The rectangle around the stored cells `counts` accepts, or undefined when it accepts none.
   * Rows are read from the top and from the bottom until one holds such a cell, and columns
   * only until they reach the stored cells' own edges: a table's header row settles the width.
   */
  boundsWhere(counts: (cell: Cell) => boolean): Area | undefined {
    const outer = this.storedBounds();
    if (!outer) return undefined;
    const rows = this.storedRows(outer.row, lastRow(outer));
    const columnsOf = (r: number): number[] => {
      const stored = this.rows[r] as StoredRow;
      return this.storedColumns(stored, 0, Infinity).filter((c) => counts(stored.cells[c] as Cell));
    };
    let topIndex = 0;
    let topColumns: number[] = [];
    for (; topIndex < rows.length; topIndex++) {
      topColumns = columnsOf(rows[topIndex] as number);
      if (topColumns.length > 0) break;
    }
    if (topColumns.length === 0) return undefined;
    let left = topColumns[0] as number;
    let right = topColumns[topColumns.length - 1] as number;
    const widen = (columns: number[]): void => {
      if (columns.length === 0) return;
      left = Math.min(left, columns[0] as number);
      right = Math.max(right, columns[columns.length - 1] as number);
    };
    let bottomIndex = rows.length - 1;
    for (; bottomIndex > topIndex; bottomIndex--) {
      const columns = columnsOf(rows[bottomIndex] as number);
      widen(columns);
      if (columns.length > 0) break;
    }
    for (let i = topIndex + 1; i < bottomIndex; i++) {
      if (left === outer.column && right === lastColumn(outer)) break;
      widen(columnsOf(rows[i] as number));
    }
    const top = rows[topIndex] as number;
    const bottom = rows[bottomIndex] as number;
    return { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
  }

  /** The rectangle around the stored cells, or undefined when there are none (cached). */
  storedBounds(): Area | undefined {
    if (this.bounds === undefined) {
      let top = Infinity;
      let bottom = -1;
      let left = Infinity;
      let right = -1;
      for (const r of this.storedRows(0, Infinity)) {
        const columns = this.storedColumns(this.rows[r] as StoredRow, 0, Infinity);
        if (r < top) top = r;
        if (r > bottom) bottom = r;
        left = Math.min(left, columns[0] ?? Infinity);
        right = Math.max(right, columns[columns.length - 1] ?? -1);
      }
      this.bounds =
        bottom < 0
          ? null
          : { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
    }
    return this.bounds ?? undefined;
  }

  private extendBounds(row: number, column: number): void {
    const b = this.bounds;
    if (b === undefined) return;
    if (b === null) {
      this.bounds = { row, column, rowCount: 1, columnCount: 1 };
      return;
    }
    if (
      row >= b.row &&
      row < b.row + b.rowCount &&
      column >= b.column &&
      column < b.column + b.columnCount
    )
      return;
    const top = Math.min(b.row, row);
    const left = Math.min(b.column, column);
    const bottom = Math.max(b.row + b.rowCount - 1, row);
    const right = Math.max(b.column + b.columnCount - 1, column);
    this.bounds = {
      row: top,
      column: left,
      rowCount: bottom - top + 1,
      columnCount: right - left + 1,
    };
  }

  /** Drops the cell if it no longer holds anything. */
  tidy(row: number, column: number): void {
    const cell = this.getCell(row, column);
    if (cell) this.putCell(row, column, cell);
  }

  private isDefault(row: number, column: number, cell: Cell): boolean {
    return (
      cell.value === "" &&
      cell.formula === null &&
      !cell.bold &&
      cell.fontColor === null &&
      cell.fillColor === null &&
      cell.numberFormat === this.defaultFormat(row, column)
    );
  }

  /**
   * Visits the stored cells inside the area, row by row. The cells a visit adds or removes
   * ahead of the walk may or may not be visited.
   */
  forEachCellIn(area: Area, visit: (row: number, column: number, cell: Cell) => void): void {
    const endColumn = lastColumn(area);
    for (const r of this.storedRows(area.row, lastRow(area))) {
      const stored = this.rows[r];
      if (!stored) continue;
      for (const c of this.storedColumns(stored, area.column, endColumn)) {
        const cell = stored.cells[c];
        if (cell) visit(r, c, cell);
      }
    }
  }

  /** Visits every stored cell, row by row. */
  forEachCell(visit: (row: number, column: number, cell: Cell) => void): void {
    this.forEachCellIn({ row: 0, column: 0, rowCount: Infinity, columnCount: Infinity }, visit);
  }

  /** Removes and returns every stored cell (for re-keying after a shift). */
  takeAllCells(): Array<[number, number, Cell]> {
    const all: Array<[number, number, Cell]> = [];
    this.forEachCell((r, c, cell) => all.push([r, c, cell]));
    this.rows = [];
    this.rowCount = 0;
    this.bounds = undefined;
    return all;
  }

  /**
   * Removes and returns the stored cells at or after `from` along `axis` (rows: row >= from;
   * columns: column >= from), for re-keying after a shift that leaves the cells before it alone.
   */
  takeCellsFrom(axis: "rows" | "columns", from: number): Array<[number, number, Cell]> {
    const taken: Array<[number, number, Cell]> = [];
    const rowsFrom = axis === "rows" ? from : 0;
    const columnsFrom = axis === "columns" ? from : 0;
    this.forEachCellIn(
      { row: rowsFrom, column: columnsFrom, rowCount: Infinity, columnCount: Infinity },
      (r, c, cell) => {
        taken.push([r, c, cell]);
        this.unstore(r, c);
      },
    );
    if (axis === "rows" && this.rows.length > from) this.rows.length = Math.max(0, from);
    if (taken.length > 0) this.bounds = undefined;
    return taken;
  }

  /**
   * Moves the rows from `from` on down by `count` when every cell stored there lies in columns
   * `bandStart`..`bandEnd` (the cells an insert shifts), as whole rows rather than cell by cell;
   * returns false, changing nothing, when a cell outside those columns would have to stay.
   */
  shiftWholeRowsDown(from: number, count: number, bandStart: number, bandEnd: number): boolean {
    for (let r = from; r < this.rows.length; r++) {
      const stored = this.rows[r];
      if (!stored) continue;
      if (stored.cells.length - 1 > bandEnd) return false;
      for (let c = 0; c < bandStart && c < stored.cells.length; c++) {
        if (stored.cells[c] !== undefined) return false;
      }
    }
    if (this.rows.length > from) {
      const moved = this.rows.splice(from);
      this.rows.length = from + count;
      for (const stored of moved) this.rows.push(stored);
    }
    this.bounds = undefined;
    return true;
  }

  /** Puts a cell back without tidying (used when re-keying). */
  placeCell(row: number, column: number, cell: Cell): void {
    this.store(this.rowAt(row), column, cell);
    this.bounds = undefined;
  }
}
