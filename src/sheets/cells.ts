// The vocabulary shared by the record-to-row mapping and the Excel writer: column kinds, their
// number formats, and the values a cell may hold.

/** What a column holds, which decides its number format and how values are written. */
export type CellKind =
  | "text" // ids, codes, references, names, any string: format "@", so nothing is coerced
  | "money" // decimal amounts: numbers with two decimals
  | "rate" // exchange rates: numbers, at least two decimals shown
  | "integer" // counts
  | "number" // other JSON numbers
  | "date" // YYYY-MM-DD: an Excel date serial
  | "datetime" // ISO 8601 date-time: an Excel serial with a time fraction, in UTC
  | "boolean"; // JSON true/false: Excel booleans

/** The Excel number format of each kind. Text must be "@" so server strings stay literal. */
export const NUMBER_FORMATS: Readonly<Record<CellKind, string>> = {
  text: "@",
  money: "#,##0.00",
  rate: "0.00########",
  integer: "0",
  number: "General",
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm:ss",
  boolean: "General",
};

/** One column of an imported table. */
export interface ColumnSpec {
  /** Where the value comes from in the record, e.g. `vendor.display_name`. Unique per table. */
  readonly key: string;
  /** The header cell text, e.g. `Vendor`. Unique per table. */
  readonly header: string;
  readonly kind: CellKind;
}

/** A value as written to a cell: "" is an empty cell (never null, which would leave it unchanged). */
export type CellValue = string | number | boolean;
