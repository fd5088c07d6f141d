// A table as a Parquet file, for DuckDB, Spark or a warehouse. The schema is the table's, whatever
// the rows: decimals DECIMAL(38, 4), dates DATE, timestamps TIMESTAMP(MICROS) adjusted to UTC,
// whole numbers INT64, true/false BOOLEAN, text and nested JSON as UTF-8 strings; every column
// optional (NULL for a value the record does not have). Written in row groups, so memory stays
// flat however long the list.
//
// hyparquet-writer is an ES module; this file is loaded only for a .parquet export (Node 20.19+
// loads it with require).
import { ByteWriter, ParquetWriter, type SchemaElement } from "hyparquet-writer";
import type { ExportRow } from "../export/exportRows";
import {
  DECIMAL_PRECISION,
  DECIMAL_SCALE,
  type ExportColumn,
  type ExportTable,
} from "../export/exportSchema";
import { dateEpochDay, type ExportValue } from "../export/exportValues";
import { decimalBytes } from "./decimalBytes";
import type { ByteOutput, TableWriter } from "./tableOutput";

/** Rows per row group: a few MB of column data at a time. */
const ROW_GROUP = 10_000;

/** Columns whose values hardly ever repeat: ids, numbers of documents, instants. */
const DISTINCT_VALUES = (column: ExportColumn): boolean =>
  column.type === "timestamp" || column.name === "id" || column.name.endsWith("_number");

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
 * The value as the writer takes it for the column's physical type. Decimals repeat (0.00, 1.00,
 * a price): each text's bytes are made once a row group, so the writer's dictionary finds them by
 * identity and nothing is allocated twice.
 */
function parquetValue(
  column: ExportColumn,
  value: ExportValue,
  decimals: Map<string, Uint8Array>,
): ParquetValue {
  if (value === null) return null;
  if (column.type === "decimal") {
    let bytes = decimals.get(value as string);
    if (bytes === undefined) {
      bytes = decimalBytes(value as string);
      decimals.set(value as string, bytes);
    }
    return bytes;
  }
  if (column.type === "date") return dateEpochDay(value as string);
  return value;
}

/** Hands the encoded bytes to the output a chunk at a time, waiting when it is behind. */
class OutputByteWriter extends ByteWriter {
  private readonly chunks: Uint8Array[] = [];

  constructor(private readonly output: ByteOutput) {
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

  /** Called after each row group. */
  async flush(): Promise<void> {
    if (this.index > 0) this.park();
    for (const chunk of this.chunks.splice(0)) await this.output.write(chunk);
  }
}

class ParquetTable implements TableWriter {
  private readonly bytes: OutputByteWriter;
  private readonly writer: ParquetWriter;
  private readonly schema: SchemaElement[];
  private data: ParquetValue[][];
  private decimals = new Map<string, Uint8Array>();

  constructor(
    private readonly output: ByteOutput,
    private readonly table: ExportTable,
  ) {
    this.bytes = new OutputByteWriter(output);
    this.schema = [
      { name: "schema", num_children: table.columns.length },
      ...table.columns.map(schemaElement),
    ];
    this.writer = new ParquetWriter({
      writer: this.bytes,
      schema: this.schema,
      createdBy: "ledger-sheets",
    });
    this.data = table.columns.map(() => []);
  }

  async add(rows: readonly ExportRow[]): Promise<void> {
    const columns = this.table.columns;
    for (const row of rows) {
      for (let index = 0; index < columns.length; index++) {
        this.data[index]!.push(parquetValue(columns[index]!, row[index]!, this.decimals));
      }
      if (this.data[0]!.length >= ROW_GROUP) await this.writeGroup();
    }
  }

  private async writeGroup(): Promise<void> {
    const group = this.data;
    if (group[0]!.length === 0) return;
    this.data = this.table.columns.map(() => []);
    this.decimals = new Map();
    await this.writer.write({
      columnData: this.table.columns.map((column, index) => ({
        name: column.name,
        data: group[index]!,
        // Min and max of raw bytes would order negative amounts above positive ones: none is
        // better than a wrong one, which a reader would use to skip row groups.
        ...(column.type === "decimal" ? { statistics: false } : {}),
        // Values that hardly repeat are written plainly, without trying a dictionary first.
        ...(DISTINCT_VALUES(column) ? { encoding: "PLAIN" as const } : {}),
      })),
      rowGroupSize: group[0]!.length,
    });
    await this.bytes.flush();
  }

  async finish(): Promise<void> {
    await this.writeGroup();
    // The footer's schema: decimals get their converted type too, which readers such as
    // DuckDB need to read the bytes as DECIMAL(38, 4).
    for (const element of this.schema) {
      if (element.logical_type?.type === "DECIMAL") element.converted_type = "DECIMAL";
    }
    await this.writer.finish();
    await this.bytes.flush();
    await this.output.finish();
  }
}

export function parquetTable(output: ByteOutput, table: ExportTable): TableWriter {
  return new ParquetTable(output, table);
}
