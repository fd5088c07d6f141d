// Records as the 2-D arrays a formula spills: a header row, then one row per record, each cell a
// number, a date serial, a boolean or text. The columns and cell rules are the import's
// (src/sheets), so a formula and an imported sheet show a record the same way.

import type { JournalLine, JsonRecord, Payment } from "../api";
import { createDiscoveringShaper, createPaymentsShaper, IMPORT_NOTES_HEADER } from "../sheets";
import type { CellKind, CellValue, ColumnSpec } from "../sheets";
import { ColumnSet, readPath, shapeRows, type ShapedBlock } from "../sheets/rowShaper";

/** A spilled table: the header row first, every row as long as the header. */
export type SpilledTable = CellValue[][];

/**
 * In a formula's table the import's "Import notes" column says why a cell is text (an amount
 * with more digits than a cell holds, a date Excel cannot show), so it is just "Notes".
 */
export const NOTES_HEADER = "Notes";

function spilled(columns: readonly ColumnSpec[], block: ShapedBlock): SpilledTable {
  const header = columns.map((column) =>
    column.header === IMPORT_NOTES_HEADER ? NOTES_HEADER : column.header,
  );
  // A discovering shaper may add columns on later rows; pad earlier ones so the array is square.
  const rows = block.rows.map((row) =>
    row.length < header.length
      ? [...row, ...new Array<CellValue>(header.length - row.length).fill("")]
      : row,
  );
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
 * The table with a last row saying it is incomplete: the first cell in a few words (where the
 * eye lands at the end of the list), the Notes cell in full, as Notes explain inexact amounts.
 * Every other cell is empty text, so sums over a column are not disturbed.
 */
export function withShortfallRow(table: SpilledTable, shortfall: Shortfall): SpilledTable {
  const header = table[0] ?? [];
  const row = new Array<CellValue>(header.length).fill("");
  const { shown, wanted, total, noun } = shortfall;
  row[0] = `Incomplete: ${shown} of ${wanted} ${noun}`;
  const notes = header.indexOf(NOTES_HEADER);
  row[notes >= 0 ? notes : header.length - 1] =
    `The server reports ${total} ${noun} but sent only ${shown}, with no way to ask for the ` +
    `rest (no next-page cursor). Totals over this table leave out ${wanted - shown} ${noun}.`;
  return [...table, row];
}

/**
 * A collection's records with the columns discovered from them (`id` first, nested fields as
 * their own columns). No records: the header row alone, "ID" and "Notes", so the formula still
 * shows something that says what it is.
 */
export function collectionTable(records: readonly JsonRecord[]): SpilledTable {
  if (records.length === 0) return [["ID", NOTES_HEADER]];
  const shaper = createDiscoveringShaper();
  const block = shaper.shape(records);
  return spilled(shaper.columns(), block);
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

/** A journal's lines: Account code, Account name, Description, Debit, Credit, …, Notes. */
export function journalLinesTable(lines: readonly JournalLine[]): SpilledTable {
  const set = new ColumnSet();
  for (const column of LINE_COLUMNS) {
    set.add(column.key, column.header, column.kind, (record) => readPath(record, [column.key]));
  }
  set.closeWithImportNotes();
  return spilled(set.columns(), shapeRows(set, lines.map(lineRecord)));
}
