// A table as CSV or JSON Lines, every column of its fixed schema on every row.
// - CSV: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting, the header the column names. An
//   empty field is NULL and `""` is the empty string, as DuckDB, PostgreSQL's COPY and pandas
//   read them. Decimals are the server's text, timestamps ISO 8601 UTC with six decimals.
// - JSON Lines: one object per row, keys the column names; decimals as strings (the API's own
//   form, which no reader turns into an inexact double), nested values as JSON, NULL as null.
import type { ExportRow } from "../export/exportRows";
import type { ExportColumn, ExportTable } from "../export/exportSchema";
import { timestampText, type ExportValue } from "../export/exportValues";
import { csvText, UTF8_BOM } from "./csv";
import type { ByteOutput, TableWriter } from "./tableOutput";

function csvCell(column: ExportColumn, value: ExportValue): string {
  if (value === null) return "";
  switch (column.type) {
    case "string":
    case "json":
      return value === "" ? '""' : csvText(value as string);
    case "timestamp":
      return timestampText(value as bigint);
    default:
      return String(value);
  }
}

function jsonCell(column: ExportColumn, value: ExportValue): string {
  if (value === null) return "null";
  switch (column.type) {
    case "json":
      return value as string;
    case "timestamp":
      return `"${timestampText(value as bigint)}"`;
    case "int64":
    case "boolean":
      return String(value);
    default:
      return JSON.stringify(value);
  }
}

class TextTable implements TableWriter {
  private started = false;

  constructor(
    private readonly output: ByteOutput,
    private readonly header: string,
    private readonly line: (row: ExportRow) => string,
  ) {}

  async add(rows: readonly ExportRow[]): Promise<void> {
    let text = this.started ? "" : this.header;
    this.started = true;
    for (const row of rows) text += this.line(row);
    if (text !== "") await this.output.write(text);
  }

  async finish(): Promise<void> {
    if (!this.started) await this.add([]);
    await this.output.finish();
  }
}

export function csvTable(output: ByteOutput, table: ExportTable): TableWriter {
  const columns = table.columns;
  const header = `${UTF8_BOM}${columns.map((column) => column.name).join(",")}\r\n`;
  return new TextTable(
    output,
    header,
    (row) => `${columns.map((column, index) => csvCell(column, row[index]!)).join(",")}\r\n`,
  );
}

export function jsonlTable(output: ByteOutput, table: ExportTable): TableWriter {
  const keys = table.columns.map((column) => `${JSON.stringify(column.name)}:`);
  return new TextTable(
    output,
    "",
    (row) =>
      `{${table.columns.map((column, index) => keys[index]! + jsonCell(column, row[index]!)).join(",")}}\n`,
  );
}
