// The number format of each cell a formula spills: dates as dates, amounts with their currency's
// decimals, as the import formats the same columns (src/sheets: NUMBER_FORMATS, and a cell's own
// format for a currency without two decimals). A spilled cell's format cannot be set on the
// sheet by the function, so where the host takes data types from custom functions the number
// goes out as a formatted number value, which carries its format with it (Microsoft: "Use data
// types with custom functions in Excel", Output a formatted number).

import { NUMBER_FORMATS, type CellKind, type CellValue, type ColumnSpec } from "../sheets";
import type { FormattedCell } from "../sheets/rowShaper";

/** The kinds whose numbers read wrong without their format (a date as 46045, 12.5 for 12.50). */
const FORMATTED_KINDS: ReadonlySet<CellKind> = new Set(["money", "rate", "date", "datetime"]);

/**
 * Each data row's formats, by the row itself: cutting a table to size and adding a row saying
 * why keep the data rows as they are, so their formats follow them to the result.
 */
const ROW_FORMATS = new WeakMap<readonly CellValue[], readonly (string | undefined)[]>();

/** Remembers the number format of each cell of data rows shaped under `columns`. */
export function rememberRowFormats(
  rows: readonly (readonly CellValue[])[],
  columns: readonly ColumnSpec[],
  cellFormats: readonly FormattedCell[] = [],
): void {
  const byColumn = columns.map((column) =>
    FORMATTED_KINDS.has(column.kind) ? NUMBER_FORMATS[column.kind] : undefined,
  );
  const own = new Map<number, Map<number, string>>();
  for (const { row, column, format } of cellFormats) {
    own.set(row, (own.get(row) ?? new Map<number, string>()).set(column, format));
  }
  rows.forEach((row, index) => {
    const formats = byColumn.map((format, column) => own.get(index)?.get(column) ?? format);
    ROW_FORMATS.set(row, formats);
  });
}

/**
 * A number with its format, as a custom function returns it: `Double` with `numberFormat`
 * (ExcelApi 1.19's DoubleCellValue), or `FormattedNumber` (FormattedNumberCellValue, ExcelApi
 * 1.16, which 1.19 deprecates in favour of the former).
 */
export interface FormattedNumberValue {
  readonly type: "Double" | "FormattedNumber";
  readonly basicValue: number;
  readonly numberFormat: string;
}

export type SpilledCell = CellValue | FormattedNumberValue;

/** What wrapping a number as a formatted number value adds to its JSON, less the format. */
const WRAPPER_BYTES =
  JSON.stringify({ type: "FormattedNumber", basicValue: 0, numberFormat: "" }).length - 1;

/**
 * The bytes {@link withNumberFormats} adds to a row: a table is cut to fit Excel's result limit
 * with them counted, whether or not the host takes formatted numbers.
 */
export function formatBytes(row: readonly CellValue[]): number {
  const formats = ROW_FORMATS.get(row);
  if (formats === undefined) return 0;
  let bytes = 0;
  row.forEach((value, column) => {
    const format = formats[column];
    if (typeof value === "number" && format !== undefined) bytes += WRAPPER_BYTES + format.length;
  });
  return bytes;
}

/**
 * The table with each number of a data row that has a format made a formatted number value of
 * `type`. Text (a header, an amount kept as text, a row saying the table is incomplete) and
 * numbers without a format stay as they are.
 */
export function withNumberFormats(
  table: readonly (readonly CellValue[])[],
  type: FormattedNumberValue["type"],
): SpilledCell[][] {
  return table.map((row) => {
    const formats = ROW_FORMATS.get(row);
    if (formats === undefined) return [...row];
    return row.map((value, column): SpilledCell => {
      const numberFormat = formats[column];
      if (typeof value !== "number" || numberFormat === undefined) return value;
      return { type, basicValue: value, numberFormat };
    });
  });
}
