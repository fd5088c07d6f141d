// The contract between the journal core (pure: layout, parsing, validation, the PATCH body) and
// the Excel layer that draws a journal sheet and reads it back. Nothing here touches Office.
import type { CellValue } from "../sheets/cells";

/** The layout generation of journal sheets; stored with the sheet so old sheets are recognised. */
export const JOURNAL_LAYOUT_VERSION = 1;

/** One cell the layout writes. Addresses are A1 style on the journal's own sheet. */
export interface LayoutCell {
  readonly address: string;
  /** A constant: written after the cell's number format, so text stays literal. */
  readonly value?: CellValue;
  /** A formula such as `=SUM(F17:F36)` (our own, never server data). */
  readonly formula?: string;
  readonly numberFormat: string;
  readonly bold?: boolean;
  /**
   * What the cell is. Only "input" cells (of a DRAFT journal) are sent: they stay white; every
   * other cell, and the empty cells of the extent, are shaded as not sent.
   */
  readonly role: "label" | "fact" | "input" | "header" | "total" | "balance";
}

/** The whole drawing of a journal sheet. */
export interface JournalLayout {
  /** e.g. "Journal JNL-0001" (a valid sheet name). */
  readonly sheetName: string;
  readonly cells: readonly LayoutCell[];
  /** The used rectangle the layout covers, e.g. "A1:L40": the reader reads at least this. */
  readonly extent: string;
  /** Column widths in points, by zero-based column. */
  readonly columnWidths: readonly number[];
  /** Rows to freeze (the header block stays visible). */
  readonly frozenRows: number;
  /**
   * The rows the add-in marks with hidden names, so it finds them again whatever the labels
   * say; absent for a drawing without a lines table.
   */
  readonly marks?: JournalRowMarks;
  /**
   * Things the drawing could not show exactly, for the task pane to list (for example an amount
   * with more than 15 significant digits, kept as text). Absent or empty when there are none.
   */
  readonly notes?: readonly string[];
}

/**
 * The rows of a journal sheet's structure (one-based), as the add-in drew them and as its hidden
 * names point at them now: Excel moves a name's row when rows are inserted or deleted above it,
 * and a name whose row was deleted points nowhere (null). Never found by the labels in column A,
 * which a user may type anywhere.
 */
export interface JournalRowMarks {
  /** The lines table's header row; the lines are the rows under it, down to the Total row. */
  readonly headerRow: number | null;
  readonly totalRow: number | null;
  /** The row of debits minus credits, whose Debit cell B1's verdict is read from. */
  readonly differenceRow: number | null;
}

/** What the reader gives the parser: a rectangle of the sheet from A1, as Excel reports it. */
export interface GridSnapshot {
  /** `Range.values`: numbers, strings, booleans; "" for empty cells. */
  readonly values: readonly (readonly (string | number | boolean)[])[];
  /** `Range.formulas`: the formula text where a cell has one, else the same as values. */
  readonly formulas: readonly (readonly (string | number | boolean)[])[];
  /**
   * `Range.numberFormat` of each cell, in the shape of `values`: what the amounts are shown with.
   * Absent when not read (the amounts are then read without comparing them with what they show).
   */
  readonly numberFormats?: readonly (readonly string[])[];
  /** `Range.text`: what each cell displays, for the formats whose decimals vary (General). */
  readonly texts?: readonly (readonly string[])[];
  /** One-based rows the user cannot see (hidden, or filtered out); absent when none. */
  readonly hiddenRows?: readonly number[];
  /** Zero-based columns that are hidden; absent when none. */
  readonly hiddenColumns?: readonly number[];
  /** Where the add-in's row markers point now; absent when the sheet has none. */
  readonly marks?: JournalRowMarks;
}

/** What the sheet remembers about the journal it shows (kept in the workbook's settings). */
export interface JournalSheetState {
  readonly layoutVersion: number;
  readonly journalId: string;
  /** `updated_at` of the journal as loaded: a different value on the server means someone else changed it. */
  readonly loadedUpdatedAt: string;
  readonly status: string;
  readonly sheetName: string;
  /**
   * Cells marked as problems by the last validation, so the next one can restore them: one entry
   * per span of adjacent cells of a column that had the same fill ("F20:F31"), or per cell.
   */
  readonly marked?: readonly ProblemMark[];
  /**
   * The project the journal was opened from (src/settings/projects.ts): Send goes there only.
   * Absent on a sheet drawn before the workbook had projects: the workbook's first project.
   */
  readonly project?: string;
  /**
   * The accounts of the journal's lines as drawn (each once): what a changed Account code is
   * compared with, and, with the other open journals', the codes it can be resolved by.
   */
  readonly accounts?: readonly KnownAccount[];
  /**
   * The decimals the amount cells' formats, the totals and the balance check were drawn with
   * (the currency's when drawn): a Currency cell changed since then gets them redrawn.
   */
  readonly amountPlaces?: number;
  /** The journal's own reference (`JNL-0004`, which names the sheet), which the API cannot read. */
  readonly reference?: string;
  /** Its transaction reference, by which the API finds it (or "" when it has none). */
  readonly transactionReference?: string;
}

/** An account as a journal names it: the service takes the id; code and name are for people. */
export interface KnownAccount {
  readonly accountId: string;
  readonly accountCode: string;
  readonly accountName: string;
}

/** A cell marked as a problem, and the fill it had before, which clearing the mark restores. */
export interface ProblemMark {
  /** The cell ("F20"), or a span of adjacent cells of one column ("F20:F31"). */
  readonly address: string;
  /** `#RRGGBB`, or null for no fill (of every cell of the span). */
  readonly fill: string | null;
}

/** A problem found in the sheet, pointing at its cell. */
export interface SheetProblem {
  /** A1 address of the cell, e.g. "F12", or null for a problem of the whole journal. */
  readonly address: string | null;
  /** e.g. "Line 4, Credit (F12): 10.005 has more than two decimals". */
  readonly message: string;
  /**
   * "error" (also when absent) stops the journal from being sent; "info" tells the user what the
   * reader did for them (for example an account id filled in from a matching account code).
   */
  readonly severity?: "error" | "info";
}
