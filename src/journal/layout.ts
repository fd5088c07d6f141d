// Draws a manual journal as a sheet: title and balance, the header block, the lines table with
// Debit and Credit side by side, spare rows for new lines, and live totals.

import type { JournalLine, ManualJournal } from "../api/types";
import {
  DECIMAL_TEXT,
  MoneyDecimal,
  currencyMinorUnits,
  decimalsOfText,
  formatMoney,
  moneyFormatFor,
  sendablePlaces,
  toSpreadsheetNumber,
} from "../money";
import { SERVICE_DECIMALS } from "../api/config";
import { dateTimeToSerial, dateToSerial, looksLikeIsoDate } from "../sheets/excelDates";
import { MAX_SHEET_NAME_LENGTH } from "../domain/excelLimits";
import { sheetNameFor, withProjectName } from "../sheets/names";
import { fitText } from "../sheets/textCells";
import { cellAddress, columnLetter, compareAddresses } from "../sheets/cellAddresses";
import { balanceFormula, differenceFormula, totalFormula } from "./balanceFormulas";
import { JournalLayout, LayoutCell } from "./contract";
import {
  DEFAULT_SPARE_LINES,
  DIFFERENCE_LABEL,
  FieldKind,
  HEADER_FIELDS,
  JOURNAL_FORMATS,
  LEGEND_TEXT,
  LINE_COLUMNS,
  LineColumn,
  TOTAL_LABEL,
  readOnlyReason,
} from "./journalSheet";

export interface LayoutOptions {
  /** Empty input rows under the lines for new lines (DRAFT journals only). Default 10. */
  readonly spareLines?: number;
  /** Names of the workbook's other sheets, which the journal's sheet name must avoid. */
  readonly takenSheetNames?: Iterable<string>;
  /** The project's name, for a journal of a project other than the workbook's first. */
  readonly project?: string;
}

/** Row of the title and the balance cell. */
const TITLE_ROW = 1;
/** The legend of the shading, under the title. */
const LEGEND_ROW = 2;
/** The header block starts under the title and the legend. */
const FIRST_FIELD_ROW = 3;
/** The column of the header fields' values, and of the balance cell. */
const VALUE_COLUMN = 1;
/** Column widths as the import sets them: characters to points, at most 40 characters. */
const POINTS_PER_CHAR = 6;
const MIN_WIDTH_CHARS = 8;
const MAX_WIDTH_CHARS = 40;
/** How many characters a formatted number takes, for widths (dates and times are fixed). */
const DATE_CHARS = 10;
const DATETIME_CHARS = 19;

/** The value of each header field, by label; null shows as an empty cell. */
const FIELD_VALUES: Readonly<Record<string, (journal: ManualJournal) => string | null>> = {
  Reference: (j) => j.reference,
  "Transaction reference": (j) => j.transaction_reference,
  Status: (j) => j.status,
  "Journal ID": (j) => j.id,
  "Transaction date": (j) => j.transaction_date,
  Currency: (j) => j.currency_code,
  "Exchange rate": (j) => j.exchange_rate,
  Description: (j) => j.description,
  "Created by": (j) => j.created_by,
  "Created at (UTC)": (j) => j.created_at,
  "Updated at (UTC)": (j) => j.updated_at,
  "Approved by": (j) => j.approved_by,
  "Approved at (UTC)": (j) => j.approved_at,
  "Rejection reason": (j) => j.rejection_reason,
};

/**
 * The sheet name of a journal of a project other than the workbook's first:
 * "Journal JNL-0001 (Acme)", or without "Journal " when that does not fit in a sheet name.
 */
function projectSheetName(reference: string, project: string): string {
  const full = `Journal ${reference} (${project})`;
  return full.length <= MAX_SHEET_NAME_LENGTH ? full : withProjectName(reference, project);
}

/**
 * The sheet of `journal`. A DRAFT journal gets input cells for the date, currency, rate,
 * description and the lines (plus `spareLines` empty rows for new ones); any other status is
 * drawn with facts only and its status cell says why it cannot be sent. Server strings are
 * always "@" values, never formulas; the only formulas are the totals, the difference and the
 * balance cell, which follow the user's typing.
 */
export function layoutJournal(journal: ManualJournal, options: LayoutOptions = {}): JournalLayout {
  const editable = journal.status === "DRAFT";
  // Amounts show the currency's decimals (ISO 4217): JPY none, KWD three; and never fewer than
  // an amount has, so that no amount opens shown rounded.
  const places = Math.max(
    currencyMinorUnits(journal.currency_code ?? "").places,
    ...journal.lines.flatMap((line) => [decimalsOfText(line.debit), decimalsOfText(line.credit)]),
  );
  const drawing = new Drawing(moneyFormatFor(places));
  drawTitle(drawing, journal, editable);
  const headerRow = drawHeaderFields(drawing, journal, editable) + 1;
  const spare = editable ? Math.max(0, Math.floor(options.spareLines ?? DEFAULT_SPARE_LINES)) : 0;
  // The SUM ranges need at least one row; a journal without lines still gets one empty row.
  const rowCount = Math.max(1, journal.lines.length + spare);
  drawLines(drawing, journal.lines, { headerRow, rowCount, editable });
  const totalRow = headerRow + rowCount + 1;
  // The balance check counts the minor units that may be sent: a third KWD decimal gets no
  // verdict, as Validate refuses it (the service keeps two).
  const difference = drawTotals(drawing, {
    headerRow,
    totalRow,
    places: sendablePlaces(journal.currency_code ?? "", SERVICE_DECIMALS),
  });
  drawBalance(drawing, journal.status, difference);
  return {
    sheetName: sheetNameFor(
      options.project === undefined
        ? `Journal ${journal.reference}`
        : projectSheetName(journal.reference, options.project),
      options.takenSheetNames,
    ),
    cells: drawing.cellsInSheetOrder(),
    extent: `A1:${cellAddress(LINE_COLUMNS.length - 1, totalRow + 1)}`,
    columnWidths: drawing.columnWidths(LINE_COLUMNS.length),
    frozenRows: headerRow,
    marks: { headerRow, totalRow, differenceRow: totalRow + 1 },
    notes: drawing.notes,
  };
}

/** The title, and on a draft the legend that says which cells to edit. */
function drawTitle(drawing: Drawing, journal: ManualJournal, editable: boolean): void {
  drawing.put(0, TITLE_ROW, {
    ...textCell(drawing, "Title (A1)", `Manual journal ${journal.reference}`),
    role: "header",
    bold: true,
  });
  if (editable) {
    drawing.put(0, LEGEND_ROW, {
      value: LEGEND_TEXT,
      numberFormat: JOURNAL_FORMATS.text,
      role: "label",
    });
  }
}

/** The header fields, a label and a value each; returns the row after the last. */
function drawHeaderFields(drawing: Drawing, journal: ManualJournal, editable: boolean): number {
  let row = FIRST_FIELD_ROW;
  for (const field of HEADER_FIELDS) {
    drawing.put(0, row, { value: field.label, numberFormat: JOURNAL_FORMATS.text, role: "label" });
    const text = FIELD_VALUES[field.label]?.(journal) ?? null;
    const role = editable && field.input !== undefined ? "input" : "fact";
    const where = `${field.label} (${cellAddress(VALUE_COLUMN, row)})`;
    drawing.put(VALUE_COLUMN, row, { ...fieldCell(drawing, where, field.kind, text), role });
    row += 1;
  }
  return row;
}

/** The lines' header row, then `rowCount` rows: the journal's lines, then empty spare ones. */
function drawLines(
  drawing: Drawing,
  lines: ManualJournal["lines"],
  at: { readonly headerRow: number; readonly rowCount: number; readonly editable: boolean },
): void {
  const { headerRow, rowCount, editable } = at;
  LINE_COLUMNS.forEach((column, index) => {
    drawing.put(index, headerRow, {
      value: column.header,
      numberFormat: JOURNAL_FORMATS.text,
      role: "header",
      bold: true,
    });
  });
  for (let i = 0; i < rowCount; i++) {
    const line = lines[i];
    LINE_COLUMNS.forEach((column, index) => {
      const cell = line
        ? lineCell(drawing, column, line, i + 1, cellAddress(index, headerRow + 1 + i))
        : { value: "", numberFormat: formatOf(column.kind, drawing.moneyFormat) };
      drawing.put(index, headerRow + 1 + i, {
        ...cell,
        role: editable && column.input ? "input" : "fact",
      });
    });
  }
}

/** The Total row and the Difference row below it; returns the difference's address. */
function drawTotals(
  drawing: Drawing,
  at: { readonly headerRow: number; readonly totalRow: number; readonly places: number },
): string {
  const { headerRow, totalRow, places } = at;
  const differenceRow = totalRow + 1;
  const debit = columnOf("debit");
  const credit = columnOf("credit");
  const label = (row: number, value: string): void =>
    drawing.put(0, row, { value, numberFormat: JOURNAL_FORMATS.text, role: "label", bold: true });
  const total = (column: number, row: number, formula: string): void =>
    drawing.put(column, row, {
      formula,
      numberFormat: drawing.moneyFormat,
      role: "total",
      bold: true,
    });
  label(totalRow, TOTAL_LABEL);
  for (const column of [debit, credit]) {
    total(column, totalRow, totalFormula(columnLetter(column), headerRow));
  }
  label(differenceRow, DIFFERENCE_LABEL);
  const formula = differenceFormula({
    debit: columnLetter(debit),
    credit: columnLetter(credit),
    headerRow,
    totalRow,
    places,
  });
  total(debit, differenceRow, formula);
  return cellAddress(debit, differenceRow);
}

/** Beside the title: whether the journal balances, or why it cannot be changed. */
function drawBalance(drawing: Drawing, status: string, difference: string): void {
  const reason = readOnlyReason(status);
  drawing.put(
    VALUE_COLUMN,
    TITLE_ROW,
    reason === null
      ? {
          formula: balanceFormula(difference),
          numberFormat: JOURNAL_FORMATS.formula,
          role: "balance",
          bold: true,
        }
      : { value: reason, numberFormat: JOURNAL_FORMATS.text, role: "balance", bold: true },
  );
}

type CellDrawing = Omit<LayoutCell, "address" | "role"> & Partial<Pick<LayoutCell, "role">>;

/** Collects the cells, the notes about values drawn inexactly, and the widest text per column. */
class Drawing {
  constructor(readonly moneyFormat: string) {}

  readonly cells: LayoutCell[] = [];
  readonly notes: string[] = [];
  private readonly widths: number[] = [];

  put(column: number, row: number, cell: CellDrawing & Pick<LayoutCell, "role">): void {
    this.cells.push({ address: cellAddress(column, row), ...cell });
    // The title, the status sentence, the legend and the header block's texts run on into the
    // empty cells to their right, so they do not widen their columns.
    const overflows =
      (row === TITLE_ROW && column > 0) || row === LEGEND_ROW
        ? true
        : row < FIRST_FIELD_ROW + HEADER_FIELDS.length &&
          column === VALUE_COLUMN &&
          cell.numberFormat === JOURNAL_FORMATS.text;
    if (!overflows) this.measure(column, shownChars(cell, this.moneyFormat) + (cell.bold ? 2 : 0));
  }

  /** Top to bottom, left to right: the order a person reads them (and a golden file lists them). */
  cellsInSheetOrder(): LayoutCell[] {
    return [...this.cells].sort((a, b) => compareAddresses(a.address, b.address));
  }

  note(text: string): void {
    this.notes.push(text);
  }

  private measure(column: number, chars: number): void {
    this.widths[column] = Math.max(this.widths[column] ?? 0, chars);
  }

  columnWidths(count: number): number[] {
    return Array.from({ length: count }, (_, column) => {
      const chars = Math.min(Math.max(this.widths[column] ?? 0, MIN_WIDTH_CHARS), MAX_WIDTH_CHARS);
      return chars * POINTS_PER_CHAR + 8;
    });
  }
}

/** Roughly how many characters a cell shows, for its column's width. */
function shownChars(cell: CellDrawing, moneyFormat: string): number {
  if (cell.formula !== undefined) return cell.numberFormat === moneyFormat ? 14 : 10;
  const value = cell.value ?? "";
  if (typeof value !== "number") return String(value).length;
  if (cell.numberFormat === JOURNAL_FORMATS.date) return DATE_CHARS;
  if (cell.numberFormat === JOURNAL_FORMATS.datetime) return DATETIME_CHARS;
  if (cell.numberFormat === moneyFormat) {
    const places = moneyFormat.split(".")[1]?.length ?? 0;
    return formatMoney(new MoneyDecimal(value), { grouping: true, places }).length;
  }
  return String(value).length;
}

function formatOf(kind: FieldKind | LineColumn["kind"], moneyFormat: string): string {
  return kind === "money" ? moneyFormat : JOURNAL_FORMATS[kind];
}

function columnOf(key: LineColumn["key"]): number {
  return LINE_COLUMNS.findIndex((column) => column.key === key);
}

/** A header field's value cell: dates and rates as numbers, text as "@" (empty for null). */
function fieldCell(
  drawing: Drawing,
  where: string,
  kind: FieldKind,
  text: string | null,
): CellDrawing {
  if (text === null || text === "") {
    return { value: "", numberFormat: formatOf(kind, drawing.moneyFormat) };
  }
  if (kind === "date") {
    // transaction_date is a date-time; the sheet shows the calendar date it names, as written.
    const datePart = text.slice(0, 10);
    const serial = looksLikeIsoDate(datePart) ? dateToSerial(datePart) : null;
    if (serial !== null) return { value: serial, numberFormat: JOURNAL_FORMATS.date };
  } else if (kind === "datetime") {
    const serial = dateTimeToSerial(text);
    if (serial !== null) return { value: serial, numberFormat: JOURNAL_FORMATS.datetime };
  } else if (kind === "rate") {
    const number = DECIMAL_TEXT.test(text) ? toSpreadsheetNumber(text) : null;
    if (number?.ok) return { value: number.value, numberFormat: JOURNAL_FORMATS.rate };
  }
  // Text, or a value the sheet cannot show as a number or date: text exactly as the server sent it.
  if (kind !== "text") {
    drawing.note(`${where}: ${text} is kept as text, as the server sent it`);
  }
  return textCell(drawing, where, text);
}

function textCell(drawing: Drawing, what: string, text: string): CellDrawing {
  const fitted = fitText(text, what);
  if (fitted.note !== null) drawing.note(fitted.note);
  return { value: fitted.text, numberFormat: JOURNAL_FORMATS.text };
}

function lineCell(
  drawing: Drawing,
  column: LineColumn,
  line: JournalLine,
  position: number,
  address: string,
): CellDrawing {
  const where = `Line ${position}, ${column.header} (${address})`;
  switch (column.key) {
    case "line":
      return { value: position, numberFormat: JOURNAL_FORMATS.integer };
    case "debit":
      return amountCell(drawing, where, line.debit);
    case "credit":
      return amountCell(drawing, where, line.credit);
    case "taxAmount":
      return amountCell(drawing, where, line.tax_amount);
    default:
      return textCell(drawing, where, lineText(line, column.key) ?? "");
  }
}

function lineText(line: JournalLine, key: LineColumn["key"]): string | null {
  switch (key) {
    case "accountId":
      return line.account_id;
    case "accountCode":
      return line.account_code;
    case "accountName":
      return line.account_name;
    case "description":
      return line.description;
    case "taxId":
      return line.tax_id;
    case "contactId":
      return line.contact_id;
    case "staffId":
      return line.staff_id;
    case "lineId":
      return line.id;
    default:
      return null;
  }
}

/**
 * An amount cell: the number, or empty for zero (the unused side of a line stays empty, as on
 * paper). An amount a cell cannot hold exactly (more than 15 significant digits) is kept as text,
 * so no digit is lost; the note says the totals leave it out and Send refuses it as it is.
 */
function amountCell(drawing: Drawing, where: string, text: string): CellDrawing {
  if (DECIMAL_TEXT.test(text) && new MoneyDecimal(text).isZero()) {
    return { value: "", numberFormat: drawing.moneyFormat };
  }
  const number = toSpreadsheetNumber(text);
  if (number.ok) return { value: number.value, numberFormat: drawing.moneyFormat };
  drawing.note(
    `${where}: ${text} is kept as text because a spreadsheet number would lose digits; ` +
      "the sheet's totals leave it out, and the journal cannot be sent until it has at most " +
      "15 digits",
  );
  return { value: text, numberFormat: JOURNAL_FORMATS.text };
}
