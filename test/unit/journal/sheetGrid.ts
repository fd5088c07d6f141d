// Test helper: a journal sheet as Excel would report it, built from the layout's cells and then
// edited like a user would.
import { addressPosition, columnIndex } from "../../../src/sheets/cellAddresses";
import { EXCEL_ERRORS, layoutJournal } from "../../../src/journal";
import type { GridSnapshot, JournalLayout } from "../../../src/journal";
import type { JournalRowMarks } from "../../../src/journal/contract";
import { seededJournal } from "./seededJournals";

type Cell = string | number | boolean;

function parseAddress(address: string): { row: number; column: number } {
  const position = addressPosition(address);
  if (!position) throw new Error(`bad address ${address}`);
  return position;
}

/**
 * A journal sheet as a mutable grid of values and formulas (one-based rows, as in Excel). Our
 * own formulas are evaluated with doubles, as Excel would: SUM over a range (numbers only) or over
 * INDEX(F:F,ROW(header)+1):INDEX(F:F,ROW()-1) (under the header row down to the row above the formula), a
 * difference ROUND(a-b,2) and a balance IF(x=0,"…","…"). The layout's own Difference and balance
 * cells (SUMPRODUCT over whole minor units) show "" here: the reader never reads them, and
 * they are checked through the emulator's formula engine (properties.test.ts, roundTrip.test.ts,
 * test/unit/excel/journalBalanceCell.test.ts).
 */
export class SheetGrid {
  private readonly values: Cell[][] = [];
  /** A formula, and the value it shows when a test gives one instead of letting it evaluate. */
  private readonly formulas: ({ text: string; computed?: Cell } | null)[][] = [];
  /** The rows the add-in's hidden names mark, moved by inserted and deleted rows as Excel moves them. */
  private marks: { -readonly [K in keyof JournalRowMarks]: JournalRowMarks[K] } | undefined;

  static fromLayout(layout: JournalLayout): SheetGrid {
    const grid = new SheetGrid();
    if (layout.marks) grid.marks = { ...layout.marks };
    for (const cell of layout.cells) {
      const { row, column } = parseAddress(cell.address);
      if (cell.formula !== undefined) grid.setFormula(row, column, cell.formula);
      else grid.setValue(row, column, cell.value ?? "");
    }
    return grid;
  }

  get rowCount(): number {
    return this.values.length;
  }

  private ensure(row: number): void {
    while (this.values.length < row) {
      this.values.push([]);
      this.formulas.push([]);
    }
  }

  setValue(row: number, column: number, value: Cell): this {
    this.ensure(row);
    this.values[row - 1]![column] = value;
    this.formulas[row - 1]![column] = null;
    return this;
  }

  setFormula(row: number, column: number, formula: string): this {
    this.ensure(row);
    this.formulas[row - 1]![column] = { text: formula };
    this.values[row - 1]![column] = "";
    return this;
  }

  /** Types `value` into the cell at `address` ("F21"), as a user would (a constant). */
  set(address: string, value: Cell): this {
    const { row, column } = parseAddress(address);
    return this.setValue(row, column, value);
  }

  /** Puts a formula into a cell with the value Excel computed for it (not evaluated here). */
  setComputed(address: string, formula: string, value: Cell): this {
    const { row, column } = parseAddress(address);
    this.ensure(row);
    this.formulas[row - 1]![column] = { text: formula, computed: value };
    return this;
  }

  get(address: string): Cell {
    const { row, column } = parseAddress(address);
    return this.snapshot().values[row - 1]?.[column] ?? "";
  }

  /** Inserts `count` empty rows at `row` (the rows from there move down; formulas are not adjusted). */
  insertRows(row: number, count = 1): this {
    this.ensure(row);
    this.values.splice(row - 1, 0, ...Array.from({ length: count }, () => []));
    this.formulas.splice(row - 1, 0, ...Array.from({ length: count }, () => []));
    this.moveMarks((marked) => (marked >= row ? marked + count : marked));
    return this;
  }

  /** Deletes `count` rows at `row` (formulas are not adjusted). */
  deleteRows(row: number, count = 1): this {
    this.values.splice(row - 1, count);
    this.formulas.splice(row - 1, count);
    this.moveMarks((marked) =>
      marked < row ? marked : marked >= row + count ? marked - count : null,
    );
    return this;
  }

  private moveMarks(move: (row: number) => number | null): void {
    if (!this.marks) return;
    for (const key of ["headerRow", "totalRow", "differenceRow"] as const) {
      const row = this.marks[key];
      this.marks[key] = row === null ? null : move(row);
    }
  }

  /** Finds the first cell holding `text` in column A and returns its row. */
  rowOf(label: string): number {
    const index = this.values.findIndex((row) => row[0] === label);
    if (index < 0) throw new Error(`no row labelled ${label}`);
    return index + 1;
  }

  /** The rectangle from A1 as Range.values and Range.formulas report it, formulas evaluated. */
  snapshot(): GridSnapshot {
    const width = Math.max(0, ...this.values.map((row) => row.length));
    const values: Cell[][] = this.values.map((row) =>
      Array.from({ length: width }, (_, column) => row[column] ?? ""),
    );
    const formulas: Cell[][] = values.map((row) => [...row]);
    const pending: { row: number; column: number; formula: string }[] = [];
    this.formulas.forEach((row, r) =>
      row.forEach((formula, column) => {
        if (!formula) return;
        formulas[r]![column] = formula.text;
        if (formula.computed !== undefined) values[r]![column] = formula.computed;
        else pending.push({ row: r + 1, column, formula: formula.text });
      }),
    );
    // Our formulas only refer to cells above or to the left of later ones in this order:
    // totals, then the difference, then the balance in row 1 (evaluated last).
    pending.sort((a, b) => (a.row === 1 ? 1 : 0) - (b.row === 1 ? 1 : 0) || a.row - b.row);
    for (const { row, column, formula } of pending) {
      values[row - 1]![column] = evaluate(formula, values, row);
    }
    return { values, formulas, ...(this.marks ? { marks: { ...this.marks } } : {}) };
  }
}

function valueAt(values: Cell[][], address: string): Cell {
  const { row, column } = parseAddress(address);
  return values[row - 1]?.[column] ?? "";
}

function numberAt(values: Cell[][], address: string): number | string {
  const value = valueAt(values, address);
  if (typeof value === "string" && EXCEL_ERRORS.includes(value)) return value;
  return typeof value === "number" ? value : 0;
}

/** Excel's ROUND: half away from zero after its 15-digit correction. */
function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}

function evaluate(formula: string, values: Cell[][], formulaRow: number): Cell {
  const above =
    /^=SUM\(INDEX\(\$([A-Z]+):\$\1,ROW\(\$\1\$(\d+)\)\+1\):INDEX\(\$\1:\$\1,ROW\(\)-1\)\)$/.exec(
      formula,
    );
  const sum =
    /^=SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)$/.exec(formula) ??
    (above
      ? [formula, above[1], String(Number(above[2]) + 1), above[1], String(formulaRow - 1)]
      : null);
  if (sum) {
    const column = columnIndex(sum[1] ?? "A");
    let total = 0;
    for (let row = Number(sum[2]); row <= Number(sum[4]); row++) {
      const value = values[row - 1]?.[column];
      if (typeof value === "string" && EXCEL_ERRORS.includes(value)) return value;
      if (typeof value === "number") total += value;
    }
    return total;
  }
  const difference = /^=ROUND\(([A-Z]+\d+)-([A-Z]+\d+),(\d)\)$/.exec(formula);
  if (difference) {
    const [a, b] = [numberAt(values, difference[1]!), numberAt(values, difference[2]!)];
    if (typeof a === "string") return a;
    if (typeof b === "string") return b;
    return round(a - b, Number(difference[3]));
  }
  const balance = /^=IF\(([A-Z]+\d+)=0,"([^"]*)","([^"]*)"\)$/.exec(formula);
  if (balance) {
    const x = numberAt(values, balance[1]!);
    if (typeof x === "string") return x;
    return x === 0 ? balance[2]! : balance[3]!;
  }
  if (/SUMPRODUCT\(|^=IF\(ISNUMBER\(/.test(formula)) return "";
  throw new Error(`the test grid does not evaluate ${formula}`);
}

/** The sheet of a seeded journal as drawn, ready to be edited like a user would. */
export function drawnSheet(reference: string, options: { spareLines?: number } = {}): SheetGrid {
  return SheetGrid.fromLayout(layoutJournal(seededJournal(reference), options));
}
