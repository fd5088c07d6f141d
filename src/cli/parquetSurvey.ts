// The type of each column of a Parquet export, learnt from its cells as the rows are spooled,
// so that writing the file afterwards is a single pass over the spool:
// - amounts and rates: DECIMAL(38, s), s the most decimals any of its amounts has;
// - dates, date-times, true/false, whole and other numbers: their Parquet types;
// - text, and any column with a cell not of its kind (an amount written as "n/a"): STRING.
// A shaper's columns only grow by appending and never change kind, so a row's cell at index i
// belongs to the column at index i of the columns known when the row was shaped.
import type { CellKind, CellValue, ColumnSpec } from "../sheets/cells";
import type { ExportSheet } from "./exportRun";
import type { SpooledRow } from "./spool";

const DECIMAL_TEXT = /^-?(\d+)(?:\.(\d+))?$/;
/** Digits a Parquet DECIMAL of 16 bytes holds. */
export const MAX_DECIMAL_DIGITS = 38;

export type ColumnType =
  | { readonly kind: "string" }
  | { readonly kind: "decimal"; readonly scale: number }
  | { readonly kind: "date" | "timestamp" | "boolean" | "int64" | "double" };

/** What the rows so far say of a column's cells. */
interface ColumnSurvey {
  fits: boolean;
  scale: number;
}

function surveyCell(kind: CellKind, value: CellValue, asText: boolean, survey: ColumnSurvey): void {
  if (value === "" || !survey.fits) return;
  switch (kind) {
    case "money":
    case "rate": {
      const match = typeof value === "string" ? DECIMAL_TEXT.exec(value) : null;
      const digits = (match?.[1]?.replace(/^0+/, "").length ?? 0) + (match?.[2]?.length ?? 0);
      if (!match || digits > MAX_DECIMAL_DIGITS) survey.fits = false;
      else survey.scale = Math.max(survey.scale, match[2]?.length ?? 0);
      return;
    }
    case "integer":
      survey.fits = !asText && typeof value === "number" && Number.isSafeInteger(value);
      return;
    case "number":
    case "date":
    case "datetime":
      survey.fits = !asText && typeof value === "number";
      return;
    case "boolean":
      survey.fits = !asText && typeof value === "boolean";
      return;
    case "text":
      return;
  }
}

function columnType(kind: CellKind, survey: ColumnSurvey): ColumnType {
  if (kind === "text" || !survey.fits) return { kind: "string" };
  switch (kind) {
    case "money":
    case "rate":
      return { kind: "decimal", scale: survey.scale };
    case "integer":
      return { kind: "int64" };
    case "number":
      return { kind: "double" };
    case "date":
      return { kind: "date" };
    case "datetime":
      return { kind: "timestamp" };
    case "boolean":
      return { kind: "boolean" };
  }
}

/** Each sheet's column surveys, fed with every page's rows during the walk. */
export class ParquetSurvey {
  private readonly sheets = new Map<ExportSheet, ColumnSurvey[]>();

  /** A page's rows of `sheet`, shaped for the columns the sheet's shaper has now. */
  observe(sheet: ExportSheet, rows: readonly SpooledRow[]): void {
    const columns = sheet.shaper.columns();
    const surveys = this.sheets.get(sheet) ?? [];
    this.sheets.set(sheet, surveys);
    while (surveys.length < columns.length) surveys.push({ fits: true, scale: 0 });
    for (const row of rows) {
      const text = row.textColumns.length > 0 ? new Set(row.textColumns) : undefined;
      row.cells.forEach((value, index) => {
        const column = columns[index];
        if (column) surveyCell(column.kind, value, text?.has(index) === true, surveys[index]!);
      });
    }
  }

  /** The Parquet type of each of the sheet's final columns. */
  types(sheet: ExportSheet, columns: readonly ColumnSpec[]): ColumnType[] {
    const surveys = this.sheets.get(sheet) ?? [];
    return columns.map((column, index) =>
      columnType(column.kind, surveys[index] ?? { fits: true, scale: 0 }),
    );
  }
}
