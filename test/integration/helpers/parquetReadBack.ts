// A Parquet export of invoices read back by an engine nobody here wrote (DuckDB) and compared
// value by value with the API: the same records shaped as the add-in shapes them (exact text),
// every cell of every column, plus ids, amounts, dates and date-times straight from the records.
// Shared by the integration test (a few thousand invoices) and the benchmark (200,000), so it
// reads and compares a window of rows at a time: memory stays that of one window.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import Decimal from "decimal.js";
import { iterateCollection, type JsonRecord, type LedgerApi } from "../../../src/api";
import { shapersFor } from "../../../src/import/shapers";
import type { CellValue } from "../../../src/sheets/cells";
import { serialToIsoDate } from "../../../src/sheets/excelDates";

/** Rows compared at a time. */
const WINDOW = 10_000;
/** Records shaped at a time, as the export shapes a page. */
const PAGE = 100;
/** Differences described in full; the rest are only counted. */
const DESCRIBED = 20;

export interface ParquetRows {
  /** DuckDB's type of each column, in the file's order. */
  readonly types: Record<string, string>;
  /** Each column as DuckDB's text of it (timestamps as epoch milliseconds), null for NULL. */
  readonly rows: Record<string, string | null>[];
}

export interface ParquetComparison {
  readonly types: Record<string, string>;
  /** The columns of the add-in's shaping of the same records, in its order. */
  readonly columns: { readonly key: string; readonly header: string }[];
  readonly records: number;
  readonly rows: number;
  /** Cells compared (records x columns), beside the checks straight from the records. */
  readonly compared: number;
  readonly differenceCount: number;
  /** The first differences, each as `where: got … expected …`. */
  readonly differences: string[];
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const source = (path: string): string =>
  `read_parquet('${path.replace(/'/g, "''")}', file_row_number = true)`;

async function describe(
  connection: DuckDBConnection,
  path: string,
): Promise<Record<string, string>> {
  const described = (
    await connection.runAndReadAll(
      `DESCRIBE SELECT * EXCLUDE (file_row_number) FROM ${source(path)}`,
    )
  ).getRowObjectsJson() as { column_name: string; column_type: string }[];
  return Object.fromEntries(described.map((each) => [each.column_name, each.column_type]));
}

/** Rows `offset` to `offset + limit` (to the end when no limit) in the file's order. */
async function readRows(
  connection: DuckDBConnection,
  path: string,
  types: Record<string, string>,
  offset = 0,
  limit?: number,
): Promise<Record<string, string | null>[]> {
  const select = Object.entries(types)
    .map(([name, type]) =>
      type.startsWith("TIMESTAMP")
        ? `CAST(epoch_ms(${quoted(name)}) AS VARCHAR) AS ${quoted(name)}`
        : `CAST(${quoted(name)} AS VARCHAR) AS ${quoted(name)}`,
    )
    .join(", ");
  const window =
    ` WHERE file_row_number >= ${offset}` +
    (limit === undefined ? "" : ` AND file_row_number < ${offset + limit}`);
  return (
    await connection.runAndReadAll(
      `SELECT ${select} FROM ${source(path)}${window} ORDER BY file_row_number`,
    )
  ).getRowObjectsJson() as Record<string, string | null>[];
}

/** Every row of a Parquet file, with its column types. */
export async function readParquet(path: string): Promise<ParquetRows> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  try {
    const types = await describe(connection, path);
    return { types, rows: await readRows(connection, path, types) };
  } finally {
    connection.closeSync();
  }
}

/** Whether DuckDB's text of a cell is the shaped value, by the column's type. */
function sameCell(type: string, value: CellValue, got: string | null): boolean {
  if (value === "") return got === null;
  if (got === null) return false;
  if (type.startsWith("DECIMAL")) return new Decimal(got).equals(String(value));
  if (type === "DATE") return got === serialToIsoDate(value as number);
  if (type.startsWith("TIMESTAMP"))
    return got === String(Math.round(((value as number) - 25_569) * 86_400_000));
  return got === String(value);
}

/**
 * The invoices exported to `path` against the API's invoices, walked again: every value of the
 * file equal to the API's, the columns those of the add-in's shaping, in its order.
 */
export async function compareInvoicesWithApi(
  api: LedgerApi,
  path: string,
): Promise<ParquetComparison> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const shapers = shapersFor("invoices", undefined, { exactText: true });
  const differences: string[] = [];
  let differenceCount = 0;
  const differ = (where: string, got: unknown, expected: unknown): void => {
    differenceCount += 1;
    if (differences.length < DESCRIBED)
      differences.push(
        `${where}: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
      );
  };
  let records = 0;
  let rows = 0;
  let compared = 0;
  try {
    const types = await describe(connection, path);
    const headers = Object.keys(types);
    let pending: JsonRecord[] = [];
    const compareWindow = async (): Promise<void> => {
      const window = await readRows(connection, path, types, records, pending.length);
      rows += window.length;
      const cells: CellValue[][] = [];
      for (let start = 0; start < pending.length; start += PAGE) {
        cells.push(...shapers.shapePage(pending.slice(start, start + PAGE)).main.rows);
      }
      // A column first seen on a later page has no cell in these rows: NULL in the file.
      const columns = shapers.main.columns();
      const header = (key: string): string =>
        columns.find((column) => column.key === key)?.header ?? key;
      const index = new Map(columns.map((column, c) => [column.header, c]));
      pending.forEach((record, i) => {
        const row = window[i];
        const at = records + i + 1;
        if (!row) return differ(`row ${at}`, undefined, record["id"]);
        // Straight from the API: ids, amounts with their scale, dates, date-times in UTC.
        const direct: [string, unknown][] = [
          ["id", record["id"]],
          ["invoice_number", record["invoice_number"]],
          ["total", record["total"]],
          ["issue_date", record["issue_date"]],
          ["created_at", String(Date.parse(String(record["created_at"])))],
        ];
        for (const [key, expected] of direct) {
          if (row[header(key)] !== expected)
            differ(`${header(key)} of row ${at}`, row[header(key)], expected);
        }
        for (const name of headers) {
          const c = index.get(name);
          const value = c === undefined ? "" : (cells[i]?.[c] ?? "");
          const got = row[name] ?? null;
          if (!sameCell(types[name]!, value, got)) differ(`${name} of row ${at}`, got, value);
          compared += 1;
        }
      });
      records += pending.length;
      pending = [];
    };
    for await (const page of iterateCollection(api, "/invoices")) {
      pending.push(...page.data);
      if (pending.length >= WINDOW) await compareWindow();
    }
    if (pending.length > 0) await compareWindow();
    const extra = await readRows(connection, path, types, records);
    rows += extra.length;
    if (extra.length > 0) differ(`rows after ${records}`, extra.length, 0);
    const columns = shapers.main.columns().map(({ key, header }) => ({ key, header }));
    const shaped = columns.map((column) => column.header);
    if (JSON.stringify(shaped) !== JSON.stringify(headers)) differ("columns", headers, shaped);
    return { types, columns, records, rows, compared, differenceCount, differences };
  } finally {
    connection.closeSync();
  }
}
