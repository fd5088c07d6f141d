// Records as the 2-D arrays a formula spills: a header row, then one row per record, each cell a
// number, a date serial, a boolean or text. The columns and cell rules are the import's
// (src/sheets), so a formula and an imported sheet show a record the same way.

import {
  BYTES_PER_MB,
  EXCEL_PAYLOAD_LIMIT_MB,
  FORMULA_RESULT_BUDGET_BYTES,
} from "../domain/excelLimits";
import type { JournalLine, JsonRecord, Payment } from "../api";
import { createDiscoveringShaper, createPaymentsShaper, IMPORT_NOTES_HEADER } from "../sheets";
import type { CellKind, CellValue, ColumnSpec } from "../sheets";
import { MONEY_PLACES } from "../money";
import {
  ColumnSet,
  readPath,
  recordMoneyPlaces,
  shapeRows,
  type ShapedBlock,
} from "../sheets/rowShaper";
import { groupDigits } from "../sheets/textCells";
import { NestedListChoice } from "../sheets/nestedList";
import { createNestedListShaper } from "../sheets/shapeNestedList";
import { rememberRowFormats } from "./spillFormats";
import { GrowingTableSize, type CutRow } from "./resultSize";

/** A spilled table: the header row first, every row as long as the header. */
export type SpilledTable = CellValue[][];

/**
 * In a formula's table the import's "Import notes" column says why a cell is text (an amount
 * with more digits than a cell holds, a date Excel cannot show), so it is just "Notes".
 */
export const NOTES_HEADER = "Notes";

function headerRow(columns: readonly ColumnSpec[]): string[] {
  return columns.map((column) =>
    column.header === IMPORT_NOTES_HEADER ? NOTES_HEADER : column.header,
  );
}

function spilled(columns: readonly ColumnSpec[], block: ShapedBlock): SpilledTable {
  const header = headerRow(columns);
  // A discovering shaper may add columns on later rows; pad earlier ones so the array is square.
  const rows = block.rows.map((row) =>
    row.length < header.length
      ? [...row, ...new Array<CellValue>(header.length - row.length).fill("")]
      : row,
  );
  rememberRowFormats(rows, columns, block.formatCells);
  return [header, ...rows];
}

/** Payments: the Payments sheet's columns (Payment ID, Payment date (UTC), Vendor, Amount, …). */
export function paymentsTable(payments: readonly Payment[]): SpilledTable {
  const shaper = createPaymentsShaper();
  const block = shaper.shapePayments(payments);
  return spilled(shaper.columns(), block);
}

/** Why a table holds fewer records than were asked for: shown on a last row of its own. */
export interface Shortfall {
  /** The records the table holds. */
  readonly shown: number;
  /** The records the formula should have shown: its count, or fewer when the server has fewer. */
  readonly wanted: number;
  /** The number the server reports it has. */
  readonly total: number;
  /** What the records are called, plural: "payments". */
  readonly noun: string;
}

/**
 * A last row saying the table is incomplete: the first cell in a few words (where the eye lands
 * at the end of the list), the Notes cell in full, as Notes explain inexact amounts. Every other
 * cell is empty text, so sums over a column are not disturbed.
 */
function incompleteRow(header: readonly CellValue[], summary: string, notes: string): CellValue[] {
  const row = new Array<CellValue>(header.length).fill("");
  row[0] = summary;
  const column = header.indexOf(NOTES_HEADER);
  row[column >= 0 ? column : header.length - 1] = notes;
  return row;
}

function shortfallSentence({ shown, total, noun }: Shortfall): string {
  return (
    `The server reports ${groupDigits(total)} ${noun} but sent only ${groupDigits(shown)}, ` +
    "with no way to ask for the rest (no next-page cursor)."
  );
}

/** The table with a last row saying the server sent fewer records than it has and was asked for. */
export function withShortfallRow(table: SpilledTable, shortfall: Shortfall): SpilledTable {
  const { shown, wanted, noun } = shortfall;
  const row = incompleteRow(
    table[0] ?? [],
    `Incomplete: ${groupDigits(shown)} of ${groupDigits(wanted)} ${noun}`,
    `${shortfallSentence(shortfall)} Totals over this table leave out ` +
      `${groupDigits(wanted - shown)} ${noun}.`,
  );
  return [...table, row];
}

/** Why a table was cut short of the rows at hand: its result would be too large for Excel. */
export interface SizeCut {
  /** What the rows are, plural: "invoices", "payments", "lines". */
  readonly noun: string;
  /** The rows the table was cut from: every record fetched, or every line of the journal. */
  readonly fetched: number;
  /** Set when fetching stopped because no more rows could be shown: how many were asked for. */
  readonly askedFor?: number;
  /** Set when the server also sent fewer than asked for, with no way to the rest (PAYMENTS). */
  readonly shortfall?: Shortfall;
  /** What to do instead, for a table that shows `shown` rows: a sentence or two. */
  readonly instead: (shown: number) => string;
}

/**
 * The row that ends a table cut to fit a formula's result: how many rows it shows of how many,
 * that the whole would be too large for a cell formula, what totals leave out, what to do instead.
 */
export function sizeCutRow(cut: SizeCut): CutRow {
  const { noun, fetched, askedFor, shortfall } = cut;
  const limits =
    `too large for a cell formula (Excel takes at most ${EXCEL_PAYLOAD_LIMIT_MB} MB; ` +
    `this table stops at ${FORMULA_RESULT_BUDGET_BYTES / BYTES_PER_MB} MB)`;
  return (header, shown) => {
    let summary: string;
    let why: string;
    let leftOut: string;
    if (askedFor !== undefined) {
      summary = `Incomplete: ${groupDigits(shown)} of ${groupDigits(fetched)} ${noun} fetched`;
      why =
        `The ${noun} fetched would make a result ${limits}, so fetching stopped at ` +
        `${groupDigits(fetched)} of the ${groupDigits(askedFor)} asked for.`;
      leftOut = `at least ${groupDigits(fetched - shown)}`;
    } else {
      const wanted = shortfall?.wanted ?? fetched;
      summary = `Incomplete: ${groupDigits(shown)} of ${groupDigits(wanted)} ${noun}`;
      why =
        `All ${groupDigits(fetched)} ${noun}${shortfall === undefined ? "" : " received"} ` +
        `would make a result ${limits}.` +
        (shortfall === undefined ? "" : ` ${shortfallSentence(shortfall)}`);
      leftOut = groupDigits(wanted - shown);
    }
    const notes = `${why} Totals over this table leave out ${leftOut} ${noun}. ${cut.instead(shown)}`;
    return incompleteRow(header, summary, notes);
  };
}

/**
 * A collection's records with the columns discovered from them (`id` first, nested fields as
 * their own columns). No records: the header row alone, "ID" and "Notes", so the formula still
 * shows something that says what it is.
 */
export function collectionTable(records: readonly JsonRecord[], label: string): SpilledTable {
  if (records.length === 0) return [["ID", NOTES_HEADER]];
  // A nested list (invoice lines) shows as each record's count, as on the imported sheet; its
  // items are a table of their own (nestedListTable).
  const nested = new NestedListChoice(label);
  nested.choose(records);
  const shaper = createDiscoveringShaper({}, nested);
  const block = shaper.shape(records);
  return spilled(shaper.columns(), block);
}

/**
 * The items of the records' nested list (invoice lines), one row each with its record's number
 * and id, as on the imported linked sheet; null when the records hold no list `isWanted` names.
 */
export function nestedListTable(
  records: readonly JsonRecord[],
  label: string,
  isWanted: (listKey: string) => boolean,
): SpilledTable | null {
  const choice = new NestedListChoice(label);
  const list = choice.choose(records);
  if (!list || !isWanted(list.listKey)) return null;
  const shaper = createNestedListShaper(choice);
  const block = shaper.shape(records);
  return spilled(shaper.columns(), block);
}

/** The size of a table being fetched page by page, without keeping it (see resultSize.ts). */
export interface TableSize<T> {
  /** Counts the rows of the next page of records. */
  add(records: readonly T[]): void;
  /** The estimate of `resultBytes` of the table made of every record added so far. */
  readonly bytes: number;
}

/**
 * About the size of {@link collectionTable} of the records added so far. Shaped page by page, a
 * later page's new fields come after Notes instead of before it, and a column's kind comes from
 * the values of the page that revealed it rather than from all the records, so a few cells may be
 * text here and numbers there (or the other way): a few bytes each. It only decides when to stop
 * fetching; the table itself is shaped from all the records and cut by its own size.
 */
export function collectionTableSize(label: string): TableSize<JsonRecord> {
  const nested = new NestedListChoice(label);
  const shaper = createDiscoveringShaper({}, nested);
  const size = new GrowingTableSize();
  return {
    add: (records) => {
      nested.choose(records);
      size.add(shaper.shape(records).rows);
    },
    get bytes() {
      return size.bytes(headerRow(shaper.columns()));
    },
  };
}

/** The size of {@link paymentsTable} of the payments added so far. */
export function paymentsTableSize(): TableSize<Payment> {
  const shaper = createPaymentsShaper();
  const size = new GrowingTableSize();
  return {
    add: (payments) => size.add(shaper.shapePayments(payments).rows),
    get bytes() {
      return size.bytes(headerRow(shaper.columns()));
    },
  };
}

interface LineColumn {
  readonly key: keyof JournalLine;
  readonly header: string;
  readonly kind: CellKind;
}

/** A journal's lines, in the order an accountant reads them: account, text, then amounts. */
const LINE_COLUMNS: readonly LineColumn[] = [
  { key: "account_code", header: "Account code", kind: "text" },
  { key: "account_name", header: "Account name", kind: "text" },
  { key: "description", header: "Description", kind: "text" },
  { key: "debit", header: "Debit", kind: "money" },
  { key: "credit", header: "Credit", kind: "money" },
  { key: "forex_debit", header: "Forex debit", kind: "money" },
  { key: "forex_credit", header: "Forex credit", kind: "money" },
  { key: "tax_amount", header: "Tax amount", kind: "money" },
  { key: "tax_id", header: "Tax ID", kind: "text" },
  { key: "contact_id", header: "Contact ID", kind: "text" },
  { key: "staff_id", header: "Staff ID", kind: "text" },
  { key: "account_id", header: "Account ID", kind: "text" },
  { key: "id", header: "Line ID", kind: "text" },
];

/** The headers of {@link journalLinesTable}, for documentation and tests. */
export const JOURNAL_LINE_HEADERS: readonly string[] = [
  ...LINE_COLUMNS.map((column) => column.header),
  NOTES_HEADER,
];

function lineRecord(line: JournalLine): JsonRecord {
  const record: JsonRecord = {};
  for (const column of LINE_COLUMNS) record[column.key] = line[column.key];
  return record;
}

/**
 * A journal's lines: Account code, Account name, Description, Debit, Credit, …, Notes. Debits,
 * credits and tax amounts have the decimals of the journal's `currency`; the forex amounts are
 * in the base currency, which the journal does not name: two decimals.
 */
export function journalLinesTable(lines: readonly JournalLine[], currency = ""): SpilledTable {
  const set = new ColumnSet();
  for (const column of LINE_COLUMNS) {
    set.add(column.key, column.header, column.kind, (record) => readPath(record, [column.key]));
  }
  set.closeWithImportNotes();
  const places = recordMoneyPlaces({ currency_code: currency });
  return spilled(
    set.columns(),
    shapeRows(set, lines.map(lineRecord), undefined, (_, column) =>
      column.key.startsWith("forex_") ? MONEY_PLACES : places,
    ),
  );
}
