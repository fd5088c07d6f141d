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
}

export class SheetModel {
  private readonly rows = new Map<number, Map<number, Cell>>();
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
    for (const row of this.rows.values()) count += row.size;
    return count;
  }

  getCell(row: number, column: number): Cell | undefined {
    return this.rows.get(row)?.get(column);
  }

  /**
   * Where `cell` is (0-based): for ROW() without argument and for "[Column]" references, which
   * mean the table the formula sits in. An index built by one walk over the sheet answers; it is
   * checked on each use and rebuilt when cells have moved since.
   */
  positionOf(cell: Cell): { row: number; column: number } | undefined {
    const known = this.positions?.get(cell);
    if (known && this.getCell(known.row, known.column) === cell) return known;
    this.positions = new Map();
    for (const [row, cells] of this.rows) {
      for (const [column, candidate] of cells) this.positions.set(candidate, { row, column });
    }
    return this.positions.get(cell);
  }

  /** The format a new cell at this position starts with. */
  defaultFormat(row: number, column: number): string {
    return this.rowFormats.get(row) ?? this.columnFormats.get(column) ?? GENERAL;
  }

  numberFormatAt(row: number, column: number): string {
    return this.getCell(row, column)?.numberFormat ?? this.defaultFormat(row, column);
  }

  ensureCell(row: number, column: number): Cell {
    let cells = this.rows.get(row);
    if (!cells) {
      cells = new Map();
      this.rows.set(row, cells);
    }
    let cell = cells.get(column);
    if (!cell) {
      cell = {
        value: "",
        formula: null,
        numberFormat: this.defaultFormat(row, column),
        bold: false,
        fontColor: null,
        fillColor: null,
        calculatedIn: 0,
      };
      cells.set(column, cell);
    }
    return cell;
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
      let cells = this.rows.get(row);
      for (let column = area.column; column <= endColumn; column++) {
        const stored = cells?.get(column);
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
          if (stored !== undefined && cells) {
            cells.delete(column);
            if (cells.size === 0) {
              this.rows.delete(row);
              cells = undefined;
            }
            this.bounds = undefined;
          }
          continue;
        }
        if (stored === undefined) {
          if (!cells) {
            cells = new Map();
            this.rows.set(row, cells);
          }
          cells.set(column, cell);
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
    const cells = this.rows.get(row);
    const previous = cells?.get(column);
    const tracking = this.formulaCells.size > 0;
    if (tracking && previous && previous !== cell) this.formulaCells.delete(previous);
    if (!cell || this.isDefault(row, column, cell)) {
      if (tracking && cell) this.formulaCells.delete(cell);
      if (cells?.delete(column)) {
        if (cells.size === 0) this.rows.delete(row);
        this.bounds = undefined;
      }
      return;
    }
    if (cell.formula !== null) this.formulaCells.add(cell);
    else if (tracking) this.formulaCells.delete(cell);
    if (previous !== cell) {
      if (cells) cells.set(column, cell);
      else this.rows.set(row, new Map([[column, cell]]));
    }
    this.extendBounds(row, column);
  }

  /** The rectangle around the stored cells, or undefined when there are none (cached). */
  storedBounds(): Area | undefined {
    if (this.bounds === undefined) {
      let top = Infinity;
      let bottom = -1;
      let left = Infinity;
      let right = -1;
      for (const [r, cells] of this.rows) {
        if (r < top) top = r;
        if (r > bottom) bottom = r;
        for (const c of cells.keys()) {
          if (c < left) left = c;
          if (c > right) right = c;
        }
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

  /** Visits the stored cells inside the area (in no particular order). */
  forEachCellIn(area: Area, visit: (row: number, column: number, cell: Cell) => void): void {
    const endRow = lastRow(area);
    const endColumn = lastColumn(area);
    const visitRow = (row: number, cells: Map<number, Cell>) => {
      if (area.columnCount < cells.size) {
        for (let c = area.column; c <= endColumn; c++) {
          const cell = cells.get(c);
          if (cell) visit(row, c, cell);
        }
      } else {
        for (const [c, cell] of cells) if (c >= area.column && c <= endColumn) visit(row, c, cell);
      }
    };
    if (area.rowCount < this.rows.size) {
      for (let r = area.row; r <= endRow; r++) {
        const cells = this.rows.get(r);
        if (cells) visitRow(r, cells);
      }
    } else {
      for (const [r, cells] of [...this.rows]) if (r >= area.row && r <= endRow) visitRow(r, cells);
    }
  }

  /** Visits every stored cell. */
  forEachCell(visit: (row: number, column: number, cell: Cell) => void): void {
    for (const [r, cells] of this.rows) for (const [c, cell] of cells) visit(r, c, cell);
  }

  /** Removes and returns every stored cell (for re-keying after a shift). */
  takeAllCells(): Array<[number, number, Cell]> {
    const all: Array<[number, number, Cell]> = [];
    this.forEachCell((r, c, cell) => all.push([r, c, cell]));
    this.rows.clear();
    this.bounds = undefined;
    return all;
  }

  /**
   * Removes and returns the stored cells at or after `from` along `axis` (rows: row >= from;
   * columns: column >= from), for re-keying after a shift that leaves the cells before it alone.
   */
  takeCellsFrom(axis: "rows" | "columns", from: number): Array<[number, number, Cell]> {
    const taken: Array<[number, number, Cell]> = [];
    // A Map's iteration goes on past entries deleted under it: no copy of the sheet's rows.
    for (const [row, cells] of this.rows) {
      if (axis === "rows") {
        if (row < from) continue;
        for (const [column, cell] of cells) taken.push([row, column, cell]);
        this.rows.delete(row);
        continue;
      }
      for (const [column, cell] of cells) {
        if (column < from) continue;
        taken.push([row, column, cell]);
        cells.delete(column);
      }
      if (cells.size === 0) this.rows.delete(row);
    }
    if (taken.length > 0) this.bounds = undefined;
    return taken;
  }

  /** Puts a cell back without tidying (used when re-keying). */
  placeCell(row: number, column: number, cell: Cell): void {
    let cells = this.rows.get(row);
    if (!cells) {
      cells = new Map();
      this.rows.set(row, cells);
    }
    cells.set(column, cell);
    this.bounds = undefined;
  }

  /** Visits each stored row with its cells (for scans that need no per-cell closure). */
  rowEntries(): IterableIterator<[number, Map<number, Cell>]> {
    return this.rows.entries();
  }
}
