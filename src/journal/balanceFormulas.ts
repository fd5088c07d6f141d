// The sheet's own balance check (the Total row, the Difference cell and B1), as Excel formulas
// whose verdict never contradicts Validate's exact one: each amount counted as whole minor units,
// cells Validate refuses (text, TRUE/FALSE, errors) giving no verdict, cells Validate takes as
// empty ("" from a formula such as =IF(…,"",…)) counted as empty.
//
// The lines' range is INDEX(F:F,first):INDEX(F:F,last), not OFFSET: OFFSET is volatile (Excel
// recalculates it on every change anywhere in the workbook), a range built from INDEX is not.
// Its ends are ROW() of the header cell plus one and of the Total cell minus one, so rows
// inserted anywhere among the lines, just under the header or just above Total, are counted.

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

/** The cells of a column from just under `fromRow` down to just above `toRow`, without OFFSET. */
function between(letter: string, fromRow: number, toRow: number): string {
  const column = `$${letter}:$${letter}`;
  return (
    `INDEX(${column},ROW($${letter}$${fromRow})+1):` + `INDEX(${column},ROW($${letter}$${toRow})-1)`
  );
}

/**
 * A column's total (in the Total row itself): from under the header row down to the row just
 * above the formula's own, wherever that is now. SUM counts numbers only, as Excel's SUM does.
 */
export function totalFormula(letter: string, headerRow: number): string {
  const column = `$${letter}:$${letter}`;
  return `=SUM(INDEX(${column},ROW($${letter}$${headerRow})+1):INDEX(${column},ROW()-1))`;
}

/**
 * The Difference cell: debits minus credits from each line's amount in whole minor units
 * (ROUND per cell, then SUMPRODUCT: sums of integers, exact below 15 digits), so it is exact
 * where the Total row's double sums may not be. A text instead when the sheet cannot tell:
 * {@link TOO_LARGE_TEXT} when a column's total has more than 15 digits in minor units, and
 * {@link UNCHECKED_TEXT} when an amount is text (other than ""), TRUE or FALSE, an error,
 * negative, or not within float noise of whole minor units (Validate refuses such an amount, or,
 * for a formula's larger noise, reads it knowing the formula's operands, which the sheet cannot).
 *
 * Each cell is looked at through IF(ISNUMBER(…)): arithmetic on text would convert "2500.00" to
 * a number (and fail on ""), which is how a sheet comes to count what Validate refuses. IF over
 * a range inside SUMPRODUCT works cell by cell in Excel with dynamic arrays (Microsoft 365,
 * Excel 2021, Excel on the web: every Excel with the ExcelApi 1.13 the manifest requires).
 */
export function differenceFormula(columns: AmountColumns): string {
  const scale = 10 ** columns.places;
  const lines = (letter: string): string => between(letter, columns.headerRow, columns.totalRow);
  const scaled = (letter: string): string => {
    const cells = lines(letter);
    return `IF(ISNUMBER(${cells}),${cells}${columns.places === 0 ? "" : `*${scale}`},0)`;
  };
  const units = (letter: string): string => `SUMPRODUCT(ROUND(${scaled(letter)},0))`;
  const refused = (letter: string): string => {
    const cells = lines(letter);
    // Text Validate would refuse: anything but "" (a formula's way of leaving a cell empty).
    return `SUMPRODUCT(ISTEXT(${cells})*(${cells}<>"")+ISLOGICAL(${cells}))`;
  };
  const unsure = (letter: string): string => {
    const value = scaled(letter);
    const off = `ABS(${value}-ROUND(${value},0))`;
    // Off by more than the relative noise and by more than 7e-10 of the amount (Validate
    // accepts 1e-9 whatever the size): the product is "both", cell by cell.
    return (
      `SUMPRODUCT((${value}<0)+` +
      `(${off}>ABS(${value})*${RELATIVE_NOISE})*(${off}>7E-${10 - columns.places}))`
    );
  };
  const { debit, credit } = columns;
  const exact = `(${units(debit)}-${units(credit)})${columns.places === 0 ? "" : `/${scale}`}`;
  return (
    `=IFERROR(IF(${refused(debit)}+${refused(credit)}>0,"${UNCHECKED_TEXT}",` +
    `IF(MAX(${units(debit)},${units(credit)})>=${LARGEST_TOTAL},"${TOO_LARGE_TEXT}",` +
    `IF(${unsure(debit)}+${unsure(credit)}>0,"${UNCHECKED_TEXT}",${exact}))),` +
    `"${UNCHECKED_TEXT}")`
  );
}

/** B1: Balanced or Unbalanced from the Difference cell, or the Difference cell's reason why not. */
export function balanceFormula(difference: string): string {
  return (
    `=IF(ISNUMBER(${difference}),` +
    `IF(${difference}=0,"${BALANCED_TEXT}","${UNBALANCED_TEXT}"),${difference})`
  );
}
