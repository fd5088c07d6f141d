// A table's rows as Parquet bytes, for DuckDB, Spark or a warehouse. The schema is the table's,
// whatever the rows: decimals DECIMAL(38, 4), dates DATE, timestamps TIMESTAMP(MICROS) adjusted
// to UTC, whole numbers INT64, true/false BOOLEAN, text and nested JSON as UTF-8 strings; every
// column optional (NULL for a value the record does not have). Encoded a row group at a time
// (parquetTable.ts), so memory stays flat however long the list.
//
// hyparquet-writer is an ES module; this file is loaded only for a .parquet export (Node 20.19+
// loads it with require).
import { ByteWriter, ParquetWriter, type SchemaElement } from "hyparquet-writer";
import {
  DECIMAL_PRECISION,
  DECIMAL_SCALE,
  type ExportColumn,
  type ExportTable,
} from "../export/exportSchema";
import { dateEpochDay, type ExportValue } from "../export/exportValues";
import { writeDecimalBytes } from "./decimalBytes";

/**
 * Columns whose values hardly ever repeat: ids, numbers of documents, instants, amounts. Written
 * plainly: the writer's dictionary would hash each value only to give up.
 */
const DISTINCT_VALUES = (column: ExportColumn): boolean =>
  column.type === "timestamp" ||
  column.type === "decimal" ||
  column.name === "id" ||
  column.name.endsWith("_number");

/**
 * Columns whose minimum and maximum a row group records, for readers to skip groups by date,
 * instant or number. Not amounts: min and max of raw bytes would order negative amounts above
 * positive ones, and none is better than a wrong one. Not text: comparing every string was a
 * large part of the statistics' CPU, for ranges of ids and names a query hardly filters on.
 */
const WITH_STATISTICS = (column: ExportColumn): boolean =>
  column.type === "date" ||
  column.type === "timestamp" ||
  column.type === "int64" ||
  column.type === "boolean";

/** Bytes the writer gathers before handing them to the output. */
const CHUNK_BYTES = 1 << 20;

function schemaElement(column: ExportColumn): SchemaElement {
  const optional = { name: column.name, repetition_type: "OPTIONAL" } as const;
  switch (column.type) {
    case "string":
    case "json":
      return { ...optional, type: "BYTE_ARRAY", converted_type: "UTF8" };
    case "decimal":
      // Written without its converted type until the footer (ParquetTable.finish): the writer
      // then takes each value's 16 bytes as decimalBytes encodes them, instead of converting
      // every bigint a byte at a time (a fifth of the export's CPU).
      return {
        ...optional,
        type: "FIXED_LEN_BYTE_ARRAY",
        type_length: 16,
        precision: DECIMAL_PRECISION,
        scale: DECIMAL_SCALE,
        logical_type: { type: "DECIMAL", precision: DECIMAL_PRECISION, scale: DECIMAL_SCALE },
      };
    case "date":
      return { ...optional, type: "INT32", converted_type: "DATE" };
    case "timestamp":
      return {
        ...optional,
        type: "INT64",
        logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" },
      };
    case "boolean":
      return { ...optional, type: "BOOLEAN" };
    case "int64":
      return { ...optional, type: "INT64" };
  }
}

type ParquetValue = string | bigint | number | boolean | Uint8Array | null;

/**
 * A column's values as the writer takes them for its physical type. A decimal column's 16-byte
 * values are views of one buffer: a buffer of their own each would cost more than the encoding.
 */
function parquetColumn(column: ExportColumn, values: readonly ExportValue[]): ParquetValue[] {
  if (column.type === "decimal") {
    const buffer = new Uint8Array(values.length * 16);
    const view = new DataView(buffer.buffer);
    return values.map((value, index) => {
      if (value === null) return null;
      writeDecimalBytes(value as string, view, index * 16);
      return buffer.subarray(index * 16, index * 16 + 16);
    });
  }
  if (column.type === "date") {
    return values.map((value) => (value === null ? null : dateEpochDay(value as string)));
  }
  return values as ParquetValue[];
}

/** Gathers the encoded bytes and hands them on a chunk at a time. */
class ChunkWriter extends ByteWriter {
  constructor(private readonly onChunk: (chunk: Uint8Array) => void) {
    super(CHUNK_BYTES);
  }

  override ensure(size: number): void {
    if (this.index > CHUNK_BYTES) this.flush();
    super.ensure(size);
  }

  /** Hands on what has been gathered; called after each row group too. */
  flush(): void {
    if (this.index === 0) return;
    this.onChunk(new Uint8Array(this.buffer.slice(0, this.index)));
    this.index = 0;
  }
}

/** Encodes one table: row groups of columns of export values, then the footer. */
export class ParquetEncoder {
  private readonly bytes: ChunkWriter;
  private readonly writer: ParquetWriter;
  private readonly schema: SchemaElement[];

  constructor(
    private readonly table: ExportTable,
    onChunk: (chunk: Uint8Array) => void,
  ) {
    this.bytes = new ChunkWriter(onChunk);
    this.schema = [
      { name: "schema", num_children: table.columns.length },
      ...table.columns.map(schemaElement),
    ];
    this.writer = new ParquetWriter({
      writer: this.bytes,
      schema: this.schema,
      createdBy: "ledger-sheets",
      // Snappy was a seventh of the encoding thread's CPU (profiled at 20,000 invoices); a
      // warehouse load reads the file once and stores it compressed its own way.
      codec: "UNCOMPRESSED",
    });
  }

  /** One row group: a list of values per column, all of one length. */
  group(columns: readonly (readonly ExportValue[])[]): void {
    const rows = columns[0]?.length ?? 0;
    if (rows === 0) return;
    // Synchronous: the writer waits only for a flush that returns a promise, and ours does not.
    void this.writer.write({
      columnData: this.table.columns.map((column, index) => ({
        name: column.name,
        data: parquetColumn(column, columns[index]!),
        ...(WITH_STATISTICS(column) ? {} : { statistics: false }),
        // Values that hardly repeat are written plainly, without trying a dictionary first.
        ...(DISTINCT_VALUES(column) ? { encoding: "PLAIN" as const } : {}),
      })),
      rowGroupSize: rows,
    });
    this.bytes.flush();
  }

  /** The footer; the file is then complete. */
  finish(): void {
    // The footer's schema: decimals get their converted type too, which readers such as
    // DuckDB need to read the bytes as DECIMAL(38, 4).
    for (const element of this.schema) {
      if (element.logical_type?.type === "DECIMAL") element.converted_type = "DECIMAL";
    }
    void this.writer.finish();
    this.bytes.flush();
  }
}
