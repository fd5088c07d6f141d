// The numbers a cell's formula combines, so that its binary noise is judged by the size of its
// operands: =82721670.99-77137106.29 carries noise of the size of 82 million, not of its result.

import { columnIndex } from "../sheets/cellAddresses";
import type { CellInput } from "./cellReading";

/** Ranges larger than this are not read for their sizes (a whole-column SUM). */
const MAX_RANGE_CELLS = 10_000;

const TOKEN =
  /"(?:[^"]|"")*"|'(?:[^']|'')*'!|([A-Za-z_][\w.]*!)|(\$?[A-Za-z]{1,3}\$?\d+)(?::(\$?[A-Za-z]{1,3}\$?\d+))?(?![\w(])|(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)/g;

function position(reference: string): { row: number; column: number } {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(reference);
  return { row: Number(match?.[2] ?? 0), column: columnIndex(match?.[1] ?? "A") };
}

/**
 * The numeric literals of `formula` and the numbers in the cells of this sheet it refers to
 * (`valueAt` gives a cell's value by one-based row and zero-based column). References to other
 * sheets or workbooks are skipped (their sizes are unknown: the reader then allows only the
 * noise of the result's own size). Null when the cell holds no formula.
 */
export function formulaOperands(
  formula: CellInput,
  valueAt: (row: number, column: number) => CellInput,
): number[] | null {
  if (typeof formula !== "string" || !formula.startsWith("=")) return null;
  const operands: number[] = [];
  let otherSheet = false;
  for (const match of formula.slice(1).matchAll(TOKEN)) {
    const [token, sheet, from, to, literal] = match;
    if (token.startsWith("'") || sheet !== undefined) {
      otherSheet = true;
      continue;
    }
    if (token.startsWith('"')) continue;
    if (literal !== undefined) {
      const number = Number(literal);
      if (Number.isFinite(number)) operands.push(number);
      continue;
    }
    if (from === undefined) continue;
    if (otherSheet) {
      otherSheet = false;
      continue;
    }
    const start = position(from);
    const end = to === undefined ? start : position(to);
    const rows = [Math.min(start.row, end.row), Math.max(start.row, end.row)] as const;
    const columns = [
      Math.min(start.column, end.column),
      Math.max(start.column, end.column),
    ] as const;
    if ((rows[1] - rows[0] + 1) * (columns[1] - columns[0] + 1) > MAX_RANGE_CELLS) continue;
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (let column = columns[0]; column <= columns[1]; column++) {
        const value = valueAt(row, column);
        if (typeof value === "number" && Number.isFinite(value)) operands.push(value);
      }
    }
  }
  return operands;
}
