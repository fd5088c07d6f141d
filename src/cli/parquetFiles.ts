// A list as a Parquet file, for DuckDB, Spark or a warehouse: typed columns, written from the
// spool in row groups so memory stays flat however long the list. The rows are shaped with
// exact text (amounts as the server's decimal text), and each column's type is chosen from all
// its cells as the rows were spooled (parquetSurvey.ts):
// - amounts and rates: DECIMAL(38, s), s the most decimals any of its amounts has (the
//   currency's: 2, 3 for KWD, 0 for JPY), every digit kept;
// - dates: DATE; date-times: TIMESTAMP adjusted to UTC (milliseconds); true/false: BOOLEAN;
//   whole numbers: INT64; other numbers: DOUBLE;
// - ids and all other text: STRING (UTF-8), never cut.
// A column of a typed kind with a cell that is not of it (an amount the server wrote as "n/a")
// is STRING, each cell as the CSV has it, so no value is lost or changed.
//
// hyparquet-writer is an ES module; this file is loaded only for a .parquet export (Node 20.19+
// loads it with require).
import { ByteWriter, ParquetWriter, type SchemaElement } from "hyparquet-writer";
import type { CellKind, CellValue, ColumnSpec } from "../sheets/cells";
import { serialToIsoDate, serialToIsoDateTime } from "../sheets/excelDates";
import { finalColumns, type ExportSheet } from "./exportRun";
import type { PartialFile } from "./partialFile";
import { MAX_DECIMAL_DIGITS, type ColumnType, type ParquetSurvey } from "./parquetSurvey";

/** Rows per row group: a few MB of column data at a time. */
const PARQUET_ROW_GROUP = 10_000;

/** Bytes the writer gathers before handing them to the file. */
const CHUNK_BYTES = 1 << 20;

const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

function schemaElement(name: string, type: ColumnType): SchemaElement {
  const optional = { name, repetition_type: "OPTIONAL" } as const;
  switch (type.kind) {
    case "string":
      return { ...optional, type: "BYTE_ARRAY", converted_type: "UTF8" };
    case "decimal":
      return {
        ...optional,
        type: "FIXED_LEN_BYTE_ARRAY",
        type_length: 16,
        converted_type: "DECIMAL",
        precision: MAX_DECIMAL_DIGITS,
        scale: type.scale,
      };
    case "date":
      return { ...optional, type: "INT32", converted_type: "DATE" };
    case "timestamp":
      return {
        ...optional,
        type: "INT64",
        logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MILLIS" },
      };
    case "boolean":
      return { ...optional, type: "BOOLEAN" };
    case "int64":
      return { ...optional, type: "INT64" };
    case "double":
      return { ...optional, type: "DOUBLE" };
  }
}

/** A cell as text, as the CSV writes it (dates in ISO 8601). */
function cellText(kind: CellKind, value: CellValue, asText: boolean): string {
  if (typeof value === "number" && !asText) {
    if (kind === "date") return serialToIsoDate(value) ?? String(value);
    if (kind === "datetime") return serialToIsoDateTime(value) ?? String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}

/** Decimal text as the unscaled integer of `scale` decimals: "20659.6", 2 → 2065960n. */
function unscaled(text: string, scale: number): bigint {
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const digits = BigInt(whole + fraction.padEnd(scale, "0"));
  return text.startsWith("-") ? -digits : digits;
}

type ParquetValue = string | bigint | number | boolean | Date | null;

function parquetValue(
  type: ColumnType,
  kind: CellKind,
  value: CellValue,
  asText: boolean,
): ParquetValue {
  if (value === "") return null;
  switch (type.kind) {
    case "string":
      return cellText(kind, value, asText);
    case "decimal":
      return unscaled(String(value), type.scale);
    case "int64":
      return BigInt(value as number);
    case "date":
    case "timestamp":
      return new Date(Math.round(((value as number) - EXCEL_EPOCH_DAYS) * DAY_MS));
    case "boolean":
    case "double":
      return value as boolean | number;
  }
}

/** Hands the encoded bytes to the file a chunk at a time, waiting when it is behind. */
class FileByteWriter extends ByteWriter {
  private readonly chunks: Uint8Array[] = [];

  constructor(private readonly file: PartialFile) {
    super(CHUNK_BYTES);
  }

  override ensure(size: number): void {
    if (this.index > CHUNK_BYTES) this.park();
    super.ensure(size);
  }

  private park(): void {
    this.chunks.push(new Uint8Array(this.buffer.slice(0, this.index)));
    this.index = 0;
  }

  /** Called by the writer after each row group. */
  async flush(): Promise<void> {
    if (this.index > 0) this.park();
    for (const chunk of this.chunks.splice(0)) await this.file.write(chunk);
  }
}

/** Writes one spooled sheet as a Parquet file to `file`, and ends it. */
export async function writeParquet(
  file: PartialFile,
  sheet: ExportSheet,
  survey: ParquetSurvey,
): Promise<number> {
  const columns: readonly ColumnSpec[] = finalColumns(sheet);
  const types = survey.types(sheet, columns);
  const bytes = new FileByteWriter(file);
  const writer = new ParquetWriter({
    writer: bytes,
    schema: [
      { name: "schema", num_children: columns.length },
      ...columns.map((column, index) => schemaElement(column.header, types[index]!)),
    ],
    createdBy: "ledger-sheets",
  });
  let data: ParquetValue[][] = columns.map(() => []);
  let rows = 0;
  const writeGroup = async (): Promise<void> => {
    if (data[0]!.length === 0) return;
    const group = data;
    data = columns.map(() => []);
    await writer.write({
      columnData: columns.map((column, index) => ({
        name: column.header,
        data: group[index]!,
      })),
      rowGroupSize: group[0]!.length,
    });
    await bytes.flush();
  };
  for await (const row of sheet.spool.read()) {
    const text = new Set(row.textColumns);
    columns.forEach((column, index) => {
      data[index]!.push(
        parquetValue(types[index]!, column.kind, row.cells[index] ?? "", text.has(index)),
      );
    });
    rows += 1;
    if (rows % PARQUET_ROW_GROUP === 0) await writeGroup();
  }
  await writeGroup();
  await writer.finish();
  await bytes.flush();
  await file.finish();
  return rows;
}
