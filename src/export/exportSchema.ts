// The export's tables: for each list a fixed set of columns with fixed types, taken from the
// contract (payments) or from the service's documented records (the other lists), never from the
// rows a run happens to fetch. An empty list and a full one therefore give the same files with
// the same schema, and a warehouse load or a scheduled query never meets a changed table.

/**
 * What a column holds, the same in every format:
 * - `string`: text, `""` kept apart from absent (NULL);
 * - `decimal`: an exact decimal at {@link DECIMAL_SCALE} decimals (DECIMAL(38, 4));
 * - `date`: a calendar date; `timestamp`: an instant in UTC to the microsecond;
 * - `int64`: a whole number; `boolean`: true or false;
 * - `json`: a nested object or array (or any JSON value) as its JSON text.
 */
export type ExportType = "string" | "decimal" | "date" | "timestamp" | "int64" | "boolean" | "json";

/** Digits of every decimal column: the most a 16-byte Parquet DECIMAL holds. */
export const DECIMAL_PRECISION = 38;
/**
 * Decimals of every decimal column, whatever the rows hold: room for every ISO 4217 minor unit
 * (0 for JPY, 2 for USD, 3 for KWD, 4 for CLF and UYW) and the contract's two-decimal amounts
 * and rates, so that one list's column has one type in every run.
 */
export const DECIMAL_SCALE = 4;

export interface ExportColumn {
  /** snake_case, from the API's field name: `total`, `created_at`, `line_number`. */
  readonly name: string;
  readonly type: ExportType;
  /** The add-in's header for the same field, for the README's table: `Created at (UTC)`. */
  readonly header: string;
}

/** One file (or worksheet) of an export. */
export interface ExportTable {
  /** The file's stem, snake_case: `invoices`, `invoice_lines`, `payment_allocations`. */
  readonly name: string;
  /** The worksheet's name in an .xlsx: `Invoices`, `Invoice lines`. */
  readonly label: string;
  readonly columns: readonly ExportColumn[];
}

/** The column of every table that keeps the fields the schema does not name, as JSON text. */
export const OTHER_FIELDS_COLUMN = "other_fields";
/** The column of every line table: the line's place in its record's list, from 1. */
export const LINE_NUMBER_COLUMN = "line_number";
