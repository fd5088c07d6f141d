// An export row's values as .xlsx cells: each amount a number in its own currency's format
// (KWD 3 decimals, JPY 0), dates real dates, ids and other text as text. What a cell cannot hold
// exactly is counted per column for the command to say: amounts of more than 15 significant
// digits (a cell's number is a double) are written as text, text over 32,767 characters is cut.
import { EXCEL_CELL_TEXT_LIMIT } from "../domain/excelLimits";
import type { ExportColumn, ExportTable } from "../export/exportSchema";
import { dateEpochDay, timestampText, type ExportValue } from "../export/exportValues";
import { currencyMinorUnits, moneyFormatFor } from "../money";
import { xlsxText, type InlineText } from "./xlsxText";

const EPOCH_SERIAL = 25_569;
/** Significant digits a double holds exactly, as Excel shows them. */
const EXACT_DIGITS = 15;

/** One style object per format: exceljs recognises a style object it has seen by identity. */
const STYLES = new Map<string, { numFmt: string }>();
function styleOf(numFmt: string): { numFmt: string } {
  let style = STYLES.get(numFmt);
  if (style === undefined) {
    style = { numFmt };
    STYLES.set(numFmt, style);
  }
  return style;
}

export const TEXT_STYLE = styleOf("@");
const DATE_STYLE = styleOf("yyyy-mm-dd");
const WHOLE_STYLE = styleOf("0");
const RATE_STYLE = styleOf("0.00##");
const GENERAL_STYLE = styleOf("General");

export type XlsxValue = string | InlineText | number | boolean | null;

export interface XlsxCell {
  readonly value: XlsxValue;
  readonly style: { numFmt: string };
}

/** Why cells of a column are not what the server sent, counted. */
export interface CellNotes {
  /** Amounts written as text, having more significant digits than a cell's number holds. */
  inexact: number;
  /** Texts cut to a cell's 32,767 characters. */
  cut: number;
  /** Characters an .xlsx cannot hold, replaced by U+FFFD. */
  replaced: number;
}

/** Significant digits of decimal text: leading zeros and trailing zeros of the fraction apart. */
export function significantDigits(decimal: string): number {
  let first = -1;
  let last = -1;
  let point = decimal.length;
  for (let i = 0; i < decimal.length; i++) {
    const code = decimal.charCodeAt(i);
    if (code === 46) point = i;
    else if (code >= 49 && code <= 57) {
      if (first < 0) first = i;
      last = i;
    } else if (code === 48 && i < point) {
      if (first >= 0) last = i;
    }
  }
  if (first < 0) return 0;
  // Zeros between the first and last significant digit count; the point does not.
  const end = Math.max(last, point - 1);
  return end - first + 1 - (first < point && point < end ? 1 : 0);
}

/** Each cell of one table's rows. */
export class XlsxCells {
  private readonly currencyIndex: number;
  readonly notes: CellNotes[];

  constructor(private readonly table: ExportTable) {
    this.currencyIndex = table.columns.findIndex((column) => column.name === "currency_code");
    this.notes = table.columns.map(() => ({ inexact: 0, cut: 0, replaced: 0 }));
  }

  private text(index: number, value: string): XlsxCell {
    let text = value;
    if (text.length > EXCEL_CELL_TEXT_LIMIT) {
      text = text.slice(0, EXCEL_CELL_TEXT_LIMIT);
      this.notes[index]!.cut += 1;
    }
    const cell = xlsxText(text);
    if (cell.replaced > 0) this.notes[index]!.replaced += 1;
    return { value: cell.value, style: TEXT_STYLE };
  }

  private decimal(column: ExportColumn, index: number, value: string, row: readonly ExportValue[]) {
    if (significantDigits(value) > EXACT_DIGITS) {
      this.notes[index]!.inexact += 1;
      return { value, style: TEXT_STYLE };
    }
    let style = GENERAL_STYLE;
    if (column.name === "exchange_rate") style = RATE_STYLE;
    else if (column.name !== "quantity") {
      const currency = this.currencyIndex >= 0 ? row[this.currencyIndex] : null;
      const places = typeof currency === "string" ? currencyMinorUnits(currency).places : 2;
      style = styleOf(moneyFormatFor(places));
    }
    return { value: Number(value), style };
  }

  cell(index: number, value: ExportValue, row: readonly ExportValue[]): XlsxCell {
    const column = this.table.columns[index]!;
    if (value === null) return { value: null, style: GENERAL_STYLE };
    switch (column.type) {
      case "string":
      case "json":
        return this.text(index, value as string);
      case "decimal":
        return this.decimal(column, index, value as string, row);
      case "date":
        return { value: dateEpochDay(value as string) + EPOCH_SERIAL, style: DATE_STYLE };
      case "timestamp":
        // Text: an Excel date-time is a double that holds milliseconds at best.
        return { value: timestampText(value as bigint), style: TEXT_STYLE };
      case "int64": {
        const number = Number(value);
        return Number.isSafeInteger(number)
          ? { value: number, style: WHOLE_STYLE }
          : { value: String(value), style: TEXT_STYLE };
      }
      case "boolean":
        return { value: value as boolean, style: GENERAL_STYLE };
    }
  }
}
