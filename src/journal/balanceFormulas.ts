// The sheet's own balance check (the Difference cell and B1), as Excel formulas whose verdict
// never contradicts Validate's exact one: each amount counted as whole minor units, or no verdict.

import { BALANCED_TEXT, TOO_LARGE_TEXT, UNBALANCED_TEXT, UNCHECKED_TEXT } from "./journalSheet";

/** Where the lines' amounts are: the columns, the lines table's header row and the Total row. */
export interface AmountColumns {
  /** Column letters of Debit and Credit. */
  readonly debit: string;
  readonly credit: string;
  readonly headerRow: number;
  readonly totalRow: number;
  /** The currency's decimals. */
  readonly places: number;
}

/**
 * Minor units a column's total may reach: 15 digits. Below it every sum of whole minor units
 * is exact in a double (2^53 is about 9.007e15), so the difference is exact too.
 */
const LARGEST_TOTAL = "1E15";
/**
 * How far (times the value) a cell's amount in minor units may be from a whole number and still
 * count as that number: within 3.5e-16 of the value, with the error of scaling it, a cell lies
 * within half a unit of its 15th digit of the whole amount, which is how Validate reads it (a
 * typed amount is within 2.3e-16: its double's error and the scaling's).
 */
const RELATIVE_NOISE = "3.5E-16";

/** A column's lines: under the header row down to just above the Total row, rows inserted too. */
function linesOf(letter: string, columns: AmountColumns): string {
  const header = `${letter}${columns.headerRow}`;
  return `OFFSET(${header},1,0,ROW(${letter}${columns.totalRow})-ROW(${header})-1,1)`;
}

/**
 * The Difference cell: debits minus credits from each line's amount in whole minor units
 * (ROUND per cell, then SUMPRODUCT: sums of integers, exact below 15 digits), so it is exact
 * where the Total row's double sums may not be. A text instead when the sheet cannot tell:
 * {@link TOO_LARGE_TEXT} when a column's total has more than 15 digits in minor units, and
 * {@link UNCHECKED_TEXT} when an amount is negative, not a number, or not within float noise of
 * whole minor units (Validate refuses such an amount, or, for a formula's larger noise, reads it
 * knowing the formula's operands, which the sheet cannot).
 */
export function differenceFormula(columns: AmountColumns): string {
  const scale = 10 ** columns.places;
  const scaled = (letter: string): string => {
    const lines = linesOf(letter, columns);
    return columns.places === 0 ? lines : `${lines}*${scale}`;
  };
  const units = (letter: string): string => `SUMPRODUCT(ROUND(${scaled(letter)},0))`;
  const unsure = (letter: string): string => {
    const value = scaled(letter);
    const off = `ABS(${value}-ROUND(${value},0))`;
    // Off by more than the relative noise and by more than 7e-10 of the amount (Validate
    // accepts 1e-9 whatever the size): the product is "both", cell by cell.
    return (
      `SUMPRODUCT((${linesOf(letter, columns)}<0)+` +
      `(${off}>ABS(${value})*${RELATIVE_NOISE})*(${off}>7E-${10 - columns.places}))`
    );
  };
  const { debit, credit } = columns;
  const exact = `(${units(debit)}-${units(credit)})${columns.places === 0 ? "" : `/${scale}`}`;
  return (
    `=IFERROR(IF(MAX(${units(debit)},${units(credit)})>=${LARGEST_TOTAL},"${TOO_LARGE_TEXT}",` +
    `IF(${unsure(debit)}+${unsure(credit)}>0,"${UNCHECKED_TEXT}",${exact})),"${UNCHECKED_TEXT}")`
  );
}

/** B1: Balanced or Unbalanced from the Difference cell, or the Difference cell's reason why not. */
export function balanceFormula(difference: string): string {
  return (
    `=IF(ISNUMBER(${difference}),` +
    `IF(${difference}=0,"${BALANCED_TEXT}","${UNBALANCED_TEXT}"),${difference})`
  );
}
