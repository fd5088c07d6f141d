// A shaped row's cells as the export writes them: the same shaping as the add-in's import (kinds,
// exact text, readable names), then for CSV plain text (dates in ISO 8601, numbers in their
// shortest exact form) and for .xlsx typed cells with the sheet's number formats.
import { NUMBER_FORMATS, type CellKind, type CellValue, type ColumnSpec } from "../sheets/cells";
import { serialToIsoDate, serialToIsoDateTime } from "../sheets/excelDates";
import type { CsvField } from "./csv";
import { xlsxText, type InlineText } from "./xlsxText";

/** One .xlsx cell: its value and number format ("@" for text). */
export interface XlsxCell {
  readonly value: string | InlineText | number | boolean | null;
  readonly numFmt: string;
  /** Characters of its text an .xlsx cannot hold, replaced by U+FFFD. */
  readonly replaced: number;
}

const DATE_KINDS: ReadonlySet<CellKind> = new Set(["date", "datetime"]);

/** The CSV field of a cell of a column of `kind`; `asText` when the shaper wrote it as text. */
export function csvField(kind: CellKind, value: CellValue, asText: boolean): CsvField {
  if (typeof value === "string" || asText) return { kind: "text", text: String(value) };
  if (typeof value === "boolean") return { kind: "number", text: value ? "TRUE" : "FALSE" };
  if (DATE_KINDS.has(kind)) {
    const iso = kind === "date" ? serialToIsoDate(value) : serialToIsoDateTime(value);
    if (iso !== null)
      return { kind: "text", text: kind === "date" ? iso : iso.replace(".000Z", "Z") };
  }
  // The shortest text that reads back as this double: the API's decimal for amounts of up to 15
  // digits (longer ones the shaper keeps as exact text).
  return { kind: "number", text: String(value) };
}

/** The .xlsx cell of a cell of a column of `kind`, formatted as the add-in formats the sheet. */
export function xlsxCell(kind: CellKind, value: CellValue, asText: boolean): XlsxCell {
  if (value === "") return { value: null, numFmt: NUMBER_FORMATS[kind], replaced: 0 };
  if (typeof value === "string" || asText) return { ...xlsxText(String(value)), numFmt: "@" };
  return { value, numFmt: NUMBER_FORMATS[kind], replaced: 0 };
}

/** The header row's fields. */
export function headerFields(columns: readonly ColumnSpec[]): CsvField[] {
  return columns.map((column) => ({ kind: "text", text: column.header }));
}
