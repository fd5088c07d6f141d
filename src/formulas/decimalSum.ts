// LEDGER.DECIMALSUM and LEDGER.BALANCED: exact sums of money cells, offline. Each cell's double is
// settled to the decimal Excel shows (src/money), so 0.1 + 0.2 is 0.30 and never
// 0.30000000000000004; a value that is not an amount stops the sum and says which cell.

import {
  centsFromSpreadsheetNumber,
  parseMoney,
  sumMoney,
  toSpreadsheetNumber,
  toWireDecimal,
  type Money,
} from "../money";
import { plainCellValue } from "./dataTypeValue";
import { badArgument } from "./formulaError";

/** Where a cell is, for messages: "Row 3, column 1 of the debits". */
function where(what: string, row: number, column: number): string {
  return `Row ${row + 1}, column ${column + 1} of ${what}`;
}

/** The exact amount in one cell, or undefined for an empty one. */
function amountOf(cell: unknown, place: () => string): Money | undefined {
  const value = plainCellValue(cell);
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "number") {
    const settled = centsFromSpreadsheetNumber(value);
    if (!settled.ok) throw badArgument(`${place()}: ${settled.problem.message}`);
    return settled.value.amount;
  }
  if (typeof value === "string") {
    // Amounts kept as text (more digits than a cell holds) are summed exactly too.
    const parsed = parseMoney(value.trim());
    if (!parsed.ok) throw badArgument(`${place()}: ${parsed.problem.message}`);
    return parsed.value;
  }
  const shown = typeof value === "boolean" ? String(value).toUpperCase() : "this value";
  throw badArgument(`${place()}: ${shown} is not an amount.`);
}

/** The exact sum of every amount in a range (a 2-D array of cell values). */
export function sumOfRange(range: readonly (readonly unknown[])[] | unknown, what: string): Money {
  const rows = Array.isArray(range) ? (range as unknown[]) : [[range]];
  const amounts: Money[] = [];
  rows.forEach((row, r) => {
    const cells = Array.isArray(row) ? (row as unknown[]) : [row];
    cells.forEach((cell, c) => {
      const amount = amountOf(cell, () => where(what, r, c));
      if (amount !== undefined) amounts.push(amount);
    });
  });
  return sumMoney(amounts);
}

/**
 * A sum as a cell value: a number when a cell holds it exactly, else its exact decimal text
 * (98765432109876.54 has more digits than a double keeps).
 */
export function sumCell(sum: Money): number | string {
  const text = toWireDecimal(sum);
  const number = toSpreadsheetNumber(text);
  return number.ok ? number.value : text;
}

/** LEDGER.DECIMALSUM: the exact sum of every amount in every range given (empty cells skipped). */
export function decimalSum(ranges: readonly unknown[]): number | string {
  const sums = ranges.map((range, index) =>
    sumOfRange(range, ranges.length === 1 ? "the values" : `value ${index + 1}`),
  );
  return sumCell(sumMoney(sums));
}

/** LEDGER.BALANCED: true when the debits and the credits sum to the same amount, to the cent. */
export function balanced(debits: unknown, credits: unknown): boolean {
  return sumOfRange(debits, "the debits").equals(sumOfRange(credits, "the credits"));
}
