// A Parquet export of invoices read back by an engine nobody here wrote (DuckDB) and compared
// value by value with the API's JSON: every column of every row against the record's field of
// the same name (decimals as decimals, dates, timestamps to the microsecond, nested objects as
// JSON). Shared by the integration test (a few thousand invoices) and the benchmark (200,000), so
// it reads and compares a window of rows at a time: memory stays that of one window.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import Decimal from "decimal.js";
import { isDeepStrictEqual } from "node:util";
import {
  iterateCollection,
  stringifyJson,
  type JsonRecord,
  type LedgerApi,
} from "../../../src/api";

/** Rows compared at a time. */
const WINDOW = 10_000;
/** Differences described in full; the rest are only counted. */
const DESCRIBED = 20;

export interface ParquetRows {
  /** DuckDB's type of each column, in the file's order. */
  readonly types: Record<string, string>;
  /** Each column as DuckDB's text of it (timestamps as epoch microseconds), null for NULL. */
  readonly rows: Record<string, string | null>[];
}

export interface ParquetComparison {
  readonly types: Record<string, string>;
  readonly records: number;
  readonly rows: number;
  /** Cells compared (records x columns). */
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
        ? `CAST(epoch_us(${quoted(name)}) AS VARCHAR) AS ${quoted(name)}`
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

/** Microseconds since 1970 of an ISO 8601 date-time with a zone, worked out apart from the export. */
function epochMicros(text: string): string {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? "";
  const micros = BigInt(fraction.slice(3, 6).padEnd(3, "0"));
  return String(BigInt(Date.parse(text)) * 1000n + micros);
}

/** Whether DuckDB's text of a cell is the API's value, by the column's type. */
function sameCell(name: string, type: string, value: unknown, got: string | null): boolean {
  if (value === undefined || value === null) return got === null;
  if (got === null) return false;
  if (type.startsWith("DECIMAL")) return new Decimal(got).equals(String(value));
  if (type.startsWith("TIMESTAMP")) return got === epochMicros(String(value));
  if (typeof value === "object") return isDeepStrictEqual(JSON.parse(got), value);
  if (name === "other_fields") return false;
  return got === String(value);
}

/**
 * The invoices exported to `path` against the API's invoices, walked again: every value of the
 * file equal to the API's field of the column's name, no record missing or extra.
 */
export async function compareInvoicesWithApi(
  api: LedgerApi,
  path: string,
): Promise<ParquetComparison> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const differences: string[] = [];
  let differenceCount = 0;
  const differ = (where: string, got: unknown, expected: unknown): void => {
    differenceCount += 1;
    if (differences.length < DESCRIBED)
      differences.push(
        `${where}: got ${JSON.stringify(got)}, expected ${stringifyJson(expected as never)}`,
      );
  };
  let records = 0;
  let rows = 0;
  let compared = 0;
  try {
    const types = await describe(connection, path);
    const names = Object.keys(types);
    let pending: JsonRecord[] = [];
    const compareWindow = async (): Promise<void> => {
      const window = await readRows(connection, path, types, records, pending.length);
      rows += window.length;
      pending.forEach((record, i) => {
        const row = window[i];
        const at = records + i + 1;
        if (!row) return differ(`row ${at}`, undefined, record["id"]);
        for (const name of names) {
          const expected = name === "other_fields" ? null : record[name];
          const got = row[name] ?? null;
          if (!sameCell(name, types[name]!, expected, got))
            differ(`${name} of row ${at}`, got, expected);
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
    return { types, records, rows, compared, differenceCount, differences };
  } finally {
    connection.closeSync();
  }
}
