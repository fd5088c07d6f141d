// The worksheet functions the fake evaluates: SUM, ROUND, ABS, IF, AND, OR, NOT, IFERROR, ROWS,
// COLUMNS, COUNTA, COUNT, MIN, MAX, ISBLANK, ISNUMBER, ISTEXT, ISLOGICAL, ROW, OFFSET, INDEX,
// SUBTOTAL and SUMPRODUCT (whose arguments are evaluated as arrays: arrays.ts). Any other name evaluates to #NAME?, as in Excel.
import { CellError, toExcelPrecision } from "../cellValues";
import type { CellScalar } from "../cellValues";
import { MAX_COLUMNS, MAX_ROWS } from "../addresses";
import { DIV0_ERROR, REF_ERROR, VALUE_ERROR, toBoolean, toNumber } from "./evaluate";
import type { EvalValue, Evaluator, RangeValue, ScalarValue } from "./evaluate";
import type { FormulaNode } from "./parser";
import { sumProduct } from "./arrays";

/** OFFSET gives a reference (a range); every other function a value. */
type WorksheetFunction = (args: FormulaNode[], ev: Evaluator) => ScalarValue | RangeValue;

function isRange(value: EvalValue): value is RangeValue {
  return value !== null && typeof value === "object" && !(value instanceof CellError);
}

/** Numbers from the arguments as SUM, MIN and MAX see them: in ranges only numbers count. */
function collectNumbers(args: FormulaNode[], ev: Evaluator): number[] | CellError {
  const numbers: number[] = [];
  for (const arg of args) {
    const value = ev.evaluate(arg);
    if (isRange(value)) {
      let error: CellError | undefined;
      ev.env.forEachValue(value.sheet, value.area, (v) => {
        if (v instanceof CellError) error ??= v;
        else if (typeof v === "number") numbers.push(v);
      });
      if (error) return error;
      continue;
    }
    if (arg.kind === "missing") continue;
    const n = toNumber(value);
    if (n instanceof CellError) return n;
    numbers.push(n);
  }
  return numbers;
}

function countWith(args: FormulaNode[], ev: Evaluator, counts: (v: CellScalar) => boolean) {
  let count = 0;
  for (const arg of args) {
    if (arg.kind === "missing") continue;
    const value = ev.evaluate(arg);
    if (isRange(value))
      ev.env.forEachValue(value.sheet, value.area, (v) => (count += counts(v) ? 1 : 0));
    else if (value !== null && counts(value)) count++;
  }
  return count;
}

function logical(args: FormulaNode[], ev: Evaluator, combine: "and" | "or"): ScalarValue {
  const values: boolean[] = [];
  for (const arg of args) {
    const value = ev.evaluate(arg);
    if (isRange(value)) {
      let error: CellError | undefined;
      ev.env.forEachValue(value.sheet, value.area, (v) => {
        if (v instanceof CellError) error ??= v;
        else if (typeof v === "boolean") values.push(v);
        else if (typeof v === "number") values.push(v !== 0);
      });
      if (error) return error;
      continue;
    }
    const b = toBoolean(value);
    if (b instanceof CellError) return b;
    values.push(b);
  }
  if (values.length === 0) return VALUE_ERROR;
  return combine === "and" ? values.every(Boolean) : values.some(Boolean);
}

function arity(args: FormulaNode[], min: number, max: number): boolean {
  return args.length >= min && args.length <= max;
}

/** Rounds half away from zero, after Excel's 15-digit correction (ROUND(1.005, 2) = 1.01). */
export function roundHalfAway(n: number, digits: number): number {
  const factor = 10 ** Math.trunc(digits);
  const scaled = toExcelPrecision(Math.abs(n) * factor);
  return (Math.sign(n) * Math.round(scaled)) / factor;
}

type Aggregate = (values: readonly CellScalar[]) => ScalarValue;

/** The numbers among the values, or the first error (as SUM, AVERAGE, MIN and MAX see a range). */
function numbersOf(values: readonly CellScalar[]): number[] | CellError {
  const numbers: number[] = [];
  for (const value of values) {
    if (value instanceof CellError) return value;
    if (typeof value === "number") numbers.push(value);
  }
  return numbers;
}

function numeric(compute: (numbers: number[]) => ScalarValue): Aggregate {
  return (values) => {
    const numbers = numbersOf(values);
    return numbers instanceof CellError ? numbers : compute(numbers);
  };
}

/** Sum of squared deviations from the mean, divided by n - `lost` (1 for a sample). */
function variance(numbers: readonly number[], lost: 0 | 1): number | CellError {
  if (numbers.length - lost < 1) return DIV0_ERROR;
  const mean = numbers.reduce((a, b) => a + b, 0) / numbers.length;
  const squares = numbers.reduce((sum, n) => sum + (n - mean) ** 2, 0);
  return squares / (numbers.length - lost);
}

function root(value: number | CellError): number | CellError {
  return value instanceof CellError ? value : Math.sqrt(value);
}

/** SUBTOTAL's function numbers 1-11 (101-111 are the same here: the fake hides no rows). */
const SUBTOTAL_FUNCTIONS: readonly Aggregate[] = [
  numeric((n) => (n.length === 0 ? DIV0_ERROR : n.reduce((a, b) => a + b, 0) / n.length)),
  (values) => values.filter((v) => typeof v === "number").length,
  (values) => values.length,
  numeric((n) => (n.length === 0 ? 0 : Math.max(...n))),
  numeric((n) => (n.length === 0 ? 0 : Math.min(...n))),
  numeric((n) => (n.length === 0 ? 0 : n.reduce((a, b) => a * b, 1))),
  numeric((n) => root(variance(n, 1))),
  numeric((n) => root(variance(n, 0))),
  numeric((n) => n.reduce((a, b) => a + b, 0)),
  numeric((n) => variance(n, 1)),
  numeric((n) => variance(n, 0)),
];

/**
 * SUBTOTAL(function_num, ref1, ...): the aggregate of the referenced cells, leaving out cells
 * that hold SUBTOTAL formulas themselves (so a total over totals does not count twice), as a
 * table's total row computes it: =SUBTOTAL(109,[Total]).
 */
function subtotal(args: FormulaNode[], ev: Evaluator): ScalarValue {
  if (args.length < 2) return VALUE_ERROR;
  const code = ev.number(args[0] as FormulaNode);
  if (code instanceof CellError) return code;
  const number = Math.trunc(code);
  const aggregate = SUBTOTAL_FUNCTIONS[(number > 100 ? number - 100 : number) - 1];
  if (!aggregate || number < 1 || (number > 11 && number < 101) || number > 111) {
    return VALUE_ERROR;
  }
  const values: CellScalar[] = [];
  for (const arg of args.slice(1)) {
    const value = ev.evaluate(arg);
    if (value instanceof CellError) return value;
    if (!isRange(value)) return VALUE_ERROR;
    ev.env.forEachValue(value.sheet, value.area, (v) => values.push(v), { skipSubtotals: true });
  }
  return aggregate(values);
}

const FUNCTIONS: Readonly<Record<string, WorksheetFunction>> = {
  SUM: (args, ev) => {
    const numbers = collectNumbers(args, ev);
    return numbers instanceof CellError ? numbers : numbers.reduce((a, b) => a + b, 0);
  },
  MIN: (args, ev) => {
    const numbers = collectNumbers(args, ev);
    if (numbers instanceof CellError) return numbers;
    return numbers.length === 0 ? 0 : Math.min(...numbers);
  },
  MAX: (args, ev) => {
    const numbers = collectNumbers(args, ev);
    if (numbers instanceof CellError) return numbers;
    return numbers.length === 0 ? 0 : Math.max(...numbers);
  },
  ROUND: (args, ev) => {
    if (!arity(args, 2, 2)) return VALUE_ERROR;
    const [valueArg, digitsArg] = args as [FormulaNode, FormulaNode];
    const n = ev.number(valueArg);
    if (n instanceof CellError) return n;
    const digits = ev.number(digitsArg);
    if (digits instanceof CellError) return digits;
    return roundHalfAway(n, digits);
  },
  ABS: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    const n = ev.number(args[0] as FormulaNode);
    return n instanceof CellError ? n : Math.abs(n);
  },
  IF: (args, ev) => {
    if (!arity(args, 1, 3)) return VALUE_ERROR;
    const condition = toBoolean(ev.scalar(args[0] as FormulaNode));
    if (condition instanceof CellError) return condition;
    const branch = args[condition ? 1 : 2];
    if (branch === undefined) return condition ? 0 : false;
    const value = ev.scalar(branch);
    return value === null ? 0 : value;
  },
  AND: (args, ev) => logical(args, ev, "and"),
  OR: (args, ev) => logical(args, ev, "or"),
  NOT: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    const b = toBoolean(ev.scalar(args[0] as FormulaNode));
    return b instanceof CellError ? b : !b;
  },
  IFERROR: (args, ev) => {
    if (!arity(args, 2, 2)) return VALUE_ERROR;
    const value = ev.scalar(args[0] as FormulaNode);
    if (!(value instanceof CellError)) return value === null ? 0 : value;
    const fallback = ev.scalar(args[1] as FormulaNode);
    return fallback === null ? 0 : fallback;
  },
  ROWS: (args, ev) => dimension(args, ev, "rowCount"),
  COLUMNS: (args, ev) => dimension(args, ev, "columnCount"),
  COUNT: (args, ev) => {
    let count = 0;
    for (const arg of args) {
      if (arg.kind === "missing") continue;
      const value = ev.evaluate(arg);
      if (isRange(value)) {
        ev.env.forEachValue(
          value.sheet,
          value.area,
          (v) => (count += typeof v === "number" ? 1 : 0),
        );
      } else if (typeof value === "number" || typeof value === "boolean") {
        count++;
      } else if (typeof value === "string" && !(toNumber(value) instanceof CellError)) {
        count++;
      }
    }
    return count;
  },
  COUNTA: (args, ev) => countWith(args, ev, () => true),
  /** ROW(): the formula's own row; ROW(reference): the reference's first row. 1-based. */
  ROW: (args, ev) => {
    if (!arity(args, 0, 1)) return VALUE_ERROR;
    if (args.length === 0) {
      const here = ev.here();
      return here === undefined ? VALUE_ERROR : here.row + 1;
    }
    const value = ev.evaluate(args[0] as FormulaNode);
    if (value instanceof CellError) return value;
    return isRange(value) ? value.area.row + 1 : VALUE_ERROR;
  },
  /** OFFSET(reference, rows, columns, [height], [width]): the moved (and resized) reference. */
  OFFSET: (args, ev) => {
    if (!arity(args, 3, 5)) return VALUE_ERROR;
    const base = ev.evaluate(args[0] as FormulaNode);
    if (base instanceof CellError) return base;
    if (!isRange(base)) return VALUE_ERROR;
    const numbers: number[] = [];
    for (const arg of args.slice(1)) {
      if (arg.kind === "missing") {
        numbers.push(NaN);
        continue;
      }
      const n = ev.number(arg);
      if (n instanceof CellError) return n;
      numbers.push(Math.trunc(n));
    }
    const [rows = 0, columns = 0, height = NaN, width = NaN] = numbers;
    const area = {
      row: base.area.row + rows,
      column: base.area.column + columns,
      rowCount: Number.isNaN(height) ? base.area.rowCount : height,
      columnCount: Number.isNaN(width) ? base.area.columnCount : width,
    };
    // Excel's OFFSET gives #REF! for a height or width of 0 and off-sheet results.
    if (area.rowCount < 1 || area.columnCount < 1) return REF_ERROR;
    if (area.row < 0 || area.column < 0) return REF_ERROR;
    if (area.row + area.rowCount > MAX_ROWS || area.column + area.columnCount > MAX_COLUMNS) {
      return REF_ERROR;
    }
    return { kind: "range", sheet: base.sheet, area };
  },
  SUBTOTAL: subtotal,
  /** TODAY(): the serial number of the current date (the host's clock), without a time. */
  TODAY: (args, ev) => {
    if (!arity(args, 0, 0)) return VALUE_ERROR;
    return ev.env.today?.() ?? dateSerial(new Date());
  },
  SUMPRODUCT: (args, ev) => sumProduct(args, ev, roundHalfAway),
  ISNUMBER: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    return typeof ev.scalar(args[0] as FormulaNode) === "number";
  },
  // https://support.microsoft.com/en-us/office/is-functions-0f2d7971-6019-40a0-a171-f2d869135665
  ISTEXT: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    return typeof ev.scalar(args[0] as FormulaNode) === "string";
  },
  ISLOGICAL: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    return typeof ev.scalar(args[0] as FormulaNode) === "boolean";
  },
  INDEX: index,
  ISBLANK: (args, ev) => {
    if (!arity(args, 1, 1)) return VALUE_ERROR;
    const value = ev.evaluate(args[0] as FormulaNode);
    if (!isRange(value)) return false;
    return ev.dereference(value) === null;
  },
};

/**
 * INDEX(reference, row_num, [column_num]), the reference form: the cell at that row and column
 * of the reference (1-based), a reference itself, so INDEX(F:F,8):INDEX(F:F,20) is F8:F20; a
 * row or column of 0 is the whole column or row; outside the reference, #REF!
 * (https://support.microsoft.com/en-us/office/index-function-a5dcf0dd-996d-40a4-a822-b56b061328bd).
 * The array form (a constant array first) and the area number of a multi-area reference are
 * not modelled (#VALUE!).
 */
function index(args: FormulaNode[], ev: Evaluator): ScalarValue | RangeValue {
  if (!arity(args, 2, 3)) return VALUE_ERROR;
  const base = ev.evaluate(args[0] as FormulaNode);
  if (base instanceof CellError) return base;
  if (!isRange(base)) return VALUE_ERROR;
  const at: number[] = [];
  for (const arg of args.slice(1)) {
    if (arg.kind === "missing") {
      at.push(0);
      continue;
    }
    const n = ev.number(arg);
    if (n instanceof CellError) return n;
    at.push(Math.trunc(n));
  }
  const [row = 0, column = base.area.columnCount === 1 ? 1 : 0] = at;
  if (row < 0 || column < 0 || row > base.area.rowCount || column > base.area.columnCount) {
    return REF_ERROR;
  }
  const area = {
    row: row === 0 ? base.area.row : base.area.row + row - 1,
    column: column === 0 ? base.area.column : base.area.column + column - 1,
    rowCount: row === 0 ? base.area.rowCount : 1,
    columnCount: column === 0 ? base.area.columnCount : 1,
  };
  return { kind: "range", sheet: base.sheet, area };
}

function dimension(
  args: FormulaNode[],
  ev: Evaluator,
  key: "rowCount" | "columnCount",
): ScalarValue {
  if (!arity(args, 1, 1)) return VALUE_ERROR;
  const value = ev.evaluate(args[0] as FormulaNode);
  if (value instanceof CellError) return value;
  return isRange(value) ? value.area[key] : 1;
}

/**
 * The result of a function call. Other names are custom functions (#NAME? when no add-in
 * declares them); a block of values one returns counts only as the whole formula (it spills),
 * so inside another formula it is #VALUE!.
 */
export function callFunction(name: string, args: FormulaNode[], ev: Evaluator): EvalValue {
  const fn = FUNCTIONS[name];
  if (fn) return fn(args, ev);
  const custom = ev.custom(name, args);
  return Array.isArray(custom) ? VALUE_ERROR : custom;
}

/** True for a function of the worksheet (not an add-in's). */
export function isWorksheetFunction(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
}

/** Excel's serial number of a date's local calendar day (1900 date system: 1 = 1900-01-01). */
export function dateSerial(date: Date): number {
  const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((day - Date.UTC(1899, 11, 30)) / 86_400_000);
}

/** The function names the fake evaluates. */
export const SUPPORTED_FUNCTIONS: readonly string[] = Object.keys(FUNCTIONS);
