// Evaluates a parsed formula against the workbook. References resolve at evaluation time, so a
// structured reference follows its table's current range.
import type { Area } from "../addresses";
import { CellError } from "../cellValues";
import type { CellScalar } from "../cellValues";
import { readTypedBoolean, readTypedNumber } from "../textNumbers";
import { callFunction, isWorksheetFunction } from "./functions";
import type { FormulaNode } from "./parser";
import type { StructuredSpec } from "./structured";

/** A sheet as formulas see it. */
export interface FormulaSheet {
  readonly name: string;
}

/** A block of cells a reference points at. */
export interface RangeValue {
  readonly kind: "range";
  readonly sheet: FormulaSheet;
  readonly area: Area;
}

/** A blank cell: 0 in arithmetic, "" in text, not counted by COUNTA. */
export type Blank = null;
export type ScalarValue = CellScalar | Blank;
export type EvalValue = ScalarValue | RangeValue;

/** What the evaluator needs from the workbook. */
export interface FormulaEnvironment {
  sheetNamed(name: string): FormulaSheet | undefined;
  /**
   * The cells a structured reference covers now, or the error it evaluates to; `here` is the
   * formula's cell, which a "this row" reference ([@Col]) needs.
   */
  structuredArea(
    table: string,
    spec: StructuredSpec,
    here?: { row: number; column: number },
  ): RangeValue | CellError;
  /** Today's date as an Excel serial number (TODAY()). */
  today?(): number;
  /** True when a table of this name exists (a bare table name is its data body). */
  hasTable(name: string): boolean;
  /** The formula of a defined name, parsed, or undefined when there is no such name. */
  definedName(name: string): FormulaNode | undefined;
  /** The name of the table whose range holds the cell, if any ("[Column]" means that table). */
  tableNameAt(sheet: FormulaSheet, row: number, column: number): string | undefined;
  /** A cell's current value, computing a formula cell first when needed. */
  cellValue(sheet: FormulaSheet, row: number, column: number): ScalarValue;
  /**
   * Calls `visit` with each non-blank value in the area (blank cells are skipped), and with
   * `skipSubtotals` not the cells whose formulas call SUBTOTAL (as SUBTOTAL counts its range).
   */
  forEachValue(
    sheet: FormulaSheet,
    area: Area,
    visit: (value: CellScalar) => void,
    options?: { readonly skipSubtotals?: boolean },
  ): void;
  /**
   * A call of a function the worksheet does not have: a custom function's value (a block of
   * values spills), or undefined when no add-in declares the name. `cell` is the formula's cell.
   */
  customFunction?(
    name: string,
    args: readonly FormulaNode[],
    ev: Evaluator,
    cell: object,
  ): CellScalar | CellScalar[][] | undefined;
}

export const VALUE_ERROR = CellError.of("#VALUE!");
export const REF_ERROR = CellError.of("#REF!");
export const NAME_ERROR = CellError.of("#NAME?");
export const DIV0_ERROR = CellError.of("#DIV/0!");
export const NUM_ERROR = CellError.of("#NUM!");

/** The largest array the fake spills; a larger one is #VALUE! (Excel spills up to the sheet). */
const MAX_SPILL_CELLS = 100_000;

/** Evaluates formulas of one sheet. */
export class Evaluator {
  /** Defined names being evaluated, to stop at a name that refers to itself. */
  private readonly namesInUse = new Set<string>();

  /**
   * `position` finds the cell whose formula this is (0-based), for ROW() without an argument;
   * found only when asked, since most formulas never need it.
   */
  constructor(
    readonly env: FormulaEnvironment,
    readonly sheet: FormulaSheet,
    private readonly position: () => { row: number; column: number } | undefined = () => undefined,
    /** The formula's cell as an identity (custom functions keep their answers per cell). */
    readonly cell: object = {},
  ) {}

  /** The formula's own cell (0-based), when known. */
  here(): { row: number; column: number } | undefined {
    return this.position();
  }

  /** A defined name's value: what its formula evaluates to; #NAME? when unknown or circular. */
  private definedName(name: string): EvalValue {
    const formula = this.env.definedName(name);
    const key = name.toUpperCase();
    if (!formula || this.namesInUse.has(key)) return NAME_ERROR;
    this.namesInUse.add(key);
    try {
      return this.evaluate(formula);
    } finally {
      this.namesInUse.delete(key);
    }
  }

  /** The table the formula's own cell is in, which "[Column]" references mean. */
  private enclosingTable(): string | undefined {
    const here = this.here();
    return here && this.env.tableNameAt(this.sheet, here.row, here.column);
  }

  /** The value of a formula as a cell holds it: ranges collapse, blanks become 0. */
  cellResult(node: FormulaNode): CellScalar {
    return this.cellValueOf(this.dereference(this.evaluate(node)));
  }

  /**
   * What a formula gives its cell: one value, or, when the formula is a reference to more than
   * one cell, their values row by row (a dynamic array, which spills; blanks become 0).
   */
  cellResults(node: FormulaNode): CellScalar | CellScalar[][] {
    if (node.kind === "call" && !isWorksheetFunction(node.name)) {
      const custom = this.custom(node.name, node.args);
      if (!Array.isArray(custom)) return this.cellValueOf(custom);
      return custom.length * (custom[0]?.length ?? 0) > MAX_SPILL_CELLS ? VALUE_ERROR : custom;
    }
    const value = this.evaluate(node);
    if (value === null || typeof value !== "object" || value instanceof CellError) {
      return this.cellValueOf(value);
    }
    const { sheet, area } = value;
    if (area.rowCount === 1 && area.columnCount === 1)
      return this.cellValueOf(this.dereference(value));
    if (area.rowCount * area.columnCount > MAX_SPILL_CELLS) return VALUE_ERROR;
    return Array.from({ length: area.rowCount }, (_, r) =>
      Array.from({ length: area.columnCount }, (_, c) =>
        this.cellValueOf(this.env.cellValue(sheet, area.row + r, area.column + c)),
      ),
    );
  }

  /** A custom function's value; #NAME? when no add-in declares the name. */
  custom(name: string, args: readonly FormulaNode[]): CellScalar | CellScalar[][] {
    return this.env.customFunction?.(name, args, this, this.cell) ?? NAME_ERROR;
  }

  private cellValueOf(value: ScalarValue): CellScalar {
    if (value === null || value === 0) return 0; // also -0: a cell holds no negative zero
    if (typeof value === "number" && !Number.isFinite(value)) return NUM_ERROR;
    return value;
  }

  evaluate(node: FormulaNode): EvalValue {
    switch (node.kind) {
      case "number":
      case "string":
      case "boolean":
      case "error":
        return node.value;
      case "missing":
        return null;
      case "reference": {
        const sheet = node.sheet === undefined ? this.sheet : this.env.sheetNamed(node.sheet);
        return sheet ? { kind: "range", sheet, area: node.area } : REF_ERROR;
      }
      case "structured": {
        const table = node.table === "" ? this.enclosingTable() : node.table;
        if (table === undefined) return REF_ERROR;
        const here = node.spec.items.includes("#This Row") ? this.here() : undefined;
        return this.env.structuredArea(table, node.spec, here);
      }
      case "name":
        return this.env.hasTable(node.name)
          ? this.env.structuredArea(node.name, { items: [] })
          : this.definedName(node.name);
      case "call":
        return callFunction(node.name, node.args, this);
      case "unary": {
        const n = this.number(node.operand);
        if (n instanceof CellError) return n;
        return node.operator === "-" ? -n : n;
      }
      case "percent": {
        const n = this.number(node.operand);
        return n instanceof CellError ? n : n / 100;
      }
      case "binary":
        return node.operator === ":"
          ? this.span(node.left, node.right)
          : this.binary(node.operator, node.left, node.right);
    }
  }

  /**
   * "a:b": the smallest block holding both references, which must be on one sheet (#REF!
   * otherwise, and #VALUE! when a side is not a reference).
   */
  private span(leftNode: FormulaNode, rightNode: FormulaNode): EvalValue {
    const left = this.evaluate(leftNode);
    if (left instanceof CellError) return left;
    const right = this.evaluate(rightNode);
    if (right instanceof CellError) return right;
    if (!isRangeValue(left) || !isRangeValue(right)) return VALUE_ERROR;
    if (left.sheet.name.toUpperCase() !== right.sheet.name.toUpperCase()) return REF_ERROR;
    const row = Math.min(left.area.row, right.area.row);
    const column = Math.min(left.area.column, right.area.column);
    const lastRow = Math.max(
      left.area.row + left.area.rowCount,
      right.area.row + right.area.rowCount,
    );
    const lastColumn = Math.max(
      left.area.column + left.area.columnCount,
      right.area.column + right.area.columnCount,
    );
    return {
      kind: "range",
      sheet: left.sheet,
      area: { row, column, rowCount: lastRow - row, columnCount: lastColumn - column },
    };
  }

  /** Evaluates to one value: a one-cell range gives its value, a larger one #VALUE!. */
  scalar(node: FormulaNode): ScalarValue {
    return this.dereference(this.evaluate(node));
  }

  dereference(value: EvalValue): ScalarValue {
    if (value === null || typeof value !== "object" || value instanceof CellError) return value;
    if (value.area.rowCount !== 1 || value.area.columnCount !== 1) return VALUE_ERROR;
    return this.env.cellValue(value.sheet, value.area.row, value.area.column);
  }

  number(node: FormulaNode): number | CellError {
    return toNumber(this.scalar(node));
  }

  private binary(operator: string, leftNode: FormulaNode, rightNode: FormulaNode): ScalarValue {
    const left = this.scalar(leftNode);
    if (left instanceof CellError) return left;
    return applyBinary(operator, left, this.scalar(rightNode));
  }
}

export function isRangeValue(value: EvalValue): value is RangeValue {
  return value !== null && typeof value === "object" && !(value instanceof CellError);
}

/** An operator applied to two values (the left one evaluated first, so its error wins). */
export function applyBinary(operator: string, left: ScalarValue, right: ScalarValue): ScalarValue {
  if (left instanceof CellError) return left;
  if (right instanceof CellError) return right;
  if (operator === "&") return toText(left) + toText(right);
  if (["=", "<>", "<", ">", "<=", ">="].includes(operator)) {
    const c = compareValues(left, right);
    switch (operator) {
      case "=":
        return c === 0;
      case "<>":
        return c !== 0;
      case "<":
        return c < 0;
      case ">":
        return c > 0;
      case "<=":
        return c <= 0;
      default:
        return c >= 0;
    }
  }
  const a = toNumber(left);
  if (a instanceof CellError) return a;
  const b = toNumber(right);
  if (b instanceof CellError) return b;
  switch (operator) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? DIV0_ERROR : a / b;
    case "^": {
      const result = a ** b;
      return Number.isFinite(result) ? result : NUM_ERROR;
    }
    default:
      return VALUE_ERROR;
  }
}

export function toNumber(value: ScalarValue): number | CellError {
  if (value === null) return 0;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof CellError) return value;
  if (value === "") return VALUE_ERROR;
  const typed = readTypedNumber(value);
  return typed ? typed.value : VALUE_ERROR;
}

export function toText(value: ScalarValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(Number(value.toPrecision(15)));
  return String(value);
}

export function toBoolean(value: ScalarValue): boolean | CellError {
  if (value === null) return false;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (value instanceof CellError) return value;
  const typed = readTypedBoolean(value);
  return typed === undefined ? VALUE_ERROR : typed;
}

/** Excel's ordering: numbers < text < booleans; text compares without case; blank adapts. */
export function compareValues(left: ScalarValue, right: ScalarValue): number {
  const a = left === null ? blankLike(right) : left;
  const b = right === null ? blankLike(left) : right;
  const rank = (v: ScalarValue) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === "number" && typeof b === "number") return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === "string" && typeof b === "string") {
    const x = a.toUpperCase();
    const y = b.toUpperCase();
    return x === y ? 0 : x < y ? -1 : 1;
  }
  return Number(a) - Number(b);
}

function blankLike(other: ScalarValue): ScalarValue {
  if (typeof other === "string") return "";
  if (typeof other === "boolean") return false;
  return 0;
}
