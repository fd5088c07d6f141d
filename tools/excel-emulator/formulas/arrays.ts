// Array evaluation, as Excel evaluates the arguments of SUMPRODUCT (in every version, without
// Ctrl+Shift+Enter): a reference is the block of its cells' values, operators, ROUND and ABS
// apply cell by cell, and a single value stretches over the other operand's shape.
import { CellError } from "../cellValues";
import { applyBinary, toBoolean, toNumber, VALUE_ERROR } from "./evaluate";
import type { EvalValue, Evaluator, RangeValue, ScalarValue } from "./evaluate";
import type { FormulaNode } from "./parser";

/** Rows of values; a single value is a 1×1 block. */
export type ValueBlock = readonly (readonly ScalarValue[])[];

function isRange(value: EvalValue): value is RangeValue {
  return value !== null && typeof value === "object" && !(value instanceof CellError);
}

/** The values of a range, row by row (blank cells as null). */
function blockOf(value: EvalValue, ev: Evaluator): ValueBlock {
  if (!isRange(value)) return [[value]];
  const { row, column, rowCount, columnCount } = value.area;
  return Array.from({ length: rowCount }, (_, r) =>
    Array.from({ length: columnCount }, (_, c) =>
      ev.env.cellValue(value.sheet, row + r, column + c),
    ),
  );
}

/** Each value of `block` mapped. */
function mapBlock(block: ValueBlock, map: (value: ScalarValue) => ScalarValue): ValueBlock {
  return block.map((row) => row.map(map));
}

/**
 * Two blocks combined cell by cell; a 1×1 block stretches over the other. Blocks of other,
 * different shapes give #VALUE! (Excel pads them with #N/A; the fake does not model that).
 */
function combine(
  left: ValueBlock,
  right: ValueBlock,
  apply: (a: ScalarValue, b: ScalarValue) => ScalarValue,
): ValueBlock | CellError {
  const single = (block: ValueBlock) => block.length === 1 && block[0]!.length === 1;
  if (single(right)) return mapBlock(left, (a) => apply(a, right[0]![0]!));
  if (single(left)) return mapBlock(right, (b) => apply(left[0]![0]!, b));
  if (left.length !== right.length || left[0]!.length !== right[0]!.length) return VALUE_ERROR;
  return left.map((row, r) => row.map((a, c) => apply(a, right[r]![c]!)));
}

/** A test of a value's type, cell by cell (an error is not of any type, as in Excel). */
function isType(test: (value: ScalarValue) => boolean) {
  return ([value]: ValueBlock[]): ValueBlock | CellError =>
    value === undefined ? VALUE_ERROR : mapBlock(value, test);
}

/**
 * IF over blocks: each cell's condition picks that cell of the second or third block (single
 * values stretch). Excel evaluates IF this way inside SUMPRODUCT in versions with dynamic arrays
 * (https://support.microsoft.com/en-us/office/dynamic-array-formulas-and-spilled-array-behavior-205c6b06-03ba-4151-89a1-87a7eb36e531);
 * older versions needed Ctrl+Shift+Enter, which the fake does not model.
 */
function ifCells([condition, yes, no]: ValueBlock[]): ValueBlock | CellError {
  if (condition === undefined || yes === undefined) return VALUE_ERROR;
  const blocks = [condition, yes, no ?? [[false]]];
  const tall = blocks.find((block) => block.length > 1) ?? condition;
  const wide = blocks.find((block) => (block[0]?.length ?? 0) > 1) ?? condition;
  const rows = tall.length;
  const columns = wide[0]?.length ?? 0;
  const at = (block: ValueBlock, r: number, c: number): ScalarValue | undefined =>
    block[block.length === 1 ? 0 : r]?.[block[0]?.length === 1 ? 0 : c];
  const result: ScalarValue[][] = [];
  for (let r = 0; r < rows; r++) {
    const row: ScalarValue[] = [];
    for (let c = 0; c < columns; c++) {
      const test = toBoolean(at(condition, r, c) ?? VALUE_ERROR);
      const picked = test instanceof CellError ? test : at(test ? yes : blocks[2]!, r, c);
      // A block of another shape: Excel pads it with #N/A, the fake gives #VALUE! (as combine).
      if (picked === undefined) return VALUE_ERROR;
      row.push(picked);
    }
    result.push(row);
  }
  return result;
}

/** Functions applied cell by cell to a block argument. */
const CELLWISE: Readonly<Record<string, (args: ValueBlock[]) => ValueBlock | CellError>> = {
  ABS: ([value]) =>
    value === undefined
      ? VALUE_ERROR
      : mapBlock(value, (v) => {
          const n = toNumber(v);
          return n instanceof CellError ? n : Math.abs(n);
        }),
  ISNUMBER: isType((v) => typeof v === "number"),
  ISTEXT: isType((v) => typeof v === "string"),
  ISLOGICAL: isType((v) => typeof v === "boolean"),
  IF: ifCells,
};

/**
 * The block `node` evaluates to in an array argument, or an error that stops the whole
 * function (a shape mismatch). Errors of single cells stay in the block. `round` is ROUND's
 * arithmetic (Excel's 15-digit correction), passed in so that this file needs no function table.
 */
export function blockValue(
  node: FormulaNode,
  ev: Evaluator,
  round: (n: number, digits: number) => number,
): ValueBlock | CellError {
  switch (node.kind) {
    case "unary": {
      const operand = blockValue(node.operand, ev, round);
      if (operand instanceof CellError) return operand;
      return mapBlock(operand, (v) => {
        const n = toNumber(v);
        return n instanceof CellError || node.operator === "+" ? n : -n;
      });
    }
    case "percent": {
      const operand = blockValue(node.operand, ev, round);
      if (operand instanceof CellError) return operand;
      return mapBlock(operand, (v) => {
        const n = toNumber(v);
        return n instanceof CellError ? n : n / 100;
      });
    }
    case "binary": {
      if (node.operator === ":") return blockOf(ev.evaluate(node), ev);
      const left = blockValue(node.left, ev, round);
      if (left instanceof CellError) return left;
      const right = blockValue(node.right, ev, round);
      if (right instanceof CellError) return right;
      return combine(left, right, (a, b) => applyBinary(node.operator, a, b));
    }
    case "call": {
      if (node.name === "ROUND" && node.args.length === 2) {
        const value = blockValue(node.args[0]!, ev, round);
        if (value instanceof CellError) return value;
        const digits = blockValue(node.args[1]!, ev, round);
        if (digits instanceof CellError) return digits;
        return combine(value, digits, (v, d) => {
          const n = toNumber(v);
          if (n instanceof CellError) return n;
          const places = toNumber(d);
          return places instanceof CellError ? places : round(n, places);
        });
      }
      const cellwise = CELLWISE[node.name];
      if (cellwise) {
        const args: ValueBlock[] = [];
        for (const arg of node.args) {
          const block = blockValue(arg, ev, round);
          if (block instanceof CellError) return block;
          args.push(block);
        }
        return cellwise(args);
      }
      return blockOf(ev.evaluate(node), ev);
    }
    default:
      return blockOf(ev.evaluate(node), ev);
  }
}

/**
 * SUMPRODUCT(array1, [array2], …): the sum of the products of the arrays' cells, position by
 * position. The arrays must have one shape (#VALUE! otherwise); a cell that is not a number
 * (text, TRUE, blank) counts as 0, and an error in any cell is the result.
 */
export function sumProduct(
  args: readonly FormulaNode[],
  ev: Evaluator,
  round: (n: number, digits: number) => number,
): ScalarValue {
  if (args.length === 0) return VALUE_ERROR;
  const blocks: ValueBlock[] = [];
  for (const arg of args) {
    const block = blockValue(arg, ev, round);
    if (block instanceof CellError) return block;
    blocks.push(block);
  }
  const [first] = blocks as [ValueBlock];
  const rows = first.length;
  const columns = first[0]?.length ?? 0;
  if (blocks.some((block) => block.length !== rows || (block[0]?.length ?? 0) !== columns)) {
    return VALUE_ERROR;
  }
  let total = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      let product = 1;
      for (const block of blocks) {
        const value = block[r]![c]!;
        if (value instanceof CellError) return value;
        product *= typeof value === "number" ? value : 0;
      }
      total += product;
    }
  }
  return total;
}
