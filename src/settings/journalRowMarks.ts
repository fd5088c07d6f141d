// The rows of a journal sheet's structure (the lines table's header row, the Total row, the
// Difference row), each marked by a hidden, workbook-scoped defined name the add-in writes when
// it draws the sheet: `LedgerSheets_JournalTotal_<key>` is `='Journal JNL-0001'!$36:$36`. The
// reader finds the lines and the totals by these names, never by the labels in column A, which a
// user may type on any row ("Total" in a line's first cell).
//
// A name's reference follows inserted and deleted rows as a formula's references do, and a
// reference to a deleted row becomes #REF!, which reads as "no such row" here (and refuses the
// sheet with a reason): what matters is never guessed from what the cells say.
// Whole rows, so inserting or deleting columns never touches them. Workbook scope for the reason
// the sheet's own marker has it (journalMarkers.ts): a copied sheet gets worksheet-scoped copies,
// which `workbook.names` does not list.
//
// Pure: the names and the formulas. The requests live in src/excel/journalRowMarkRequests.ts.

import type { JournalRowMarks } from "../journal/contract";

/** Which row a mark marks. */
export type MarkKey = keyof JournalRowMarks;

const NAME_PREFIXES: Readonly<Record<MarkKey, string>> = {
  headerRow: "LedgerSheets_JournalHeader_",
  totalRow: "LedgerSheets_JournalTotal_",
  differenceRow: "LedgerSheets_JournalDifference_",
};

/** Every kind of row mark. */
export const MARK_KEYS = Object.keys(NAME_PREFIXES) as MarkKey[];

/** The defined name that marks `mark` of the journal sheet with key `sheetKey`. */
export function rowMarkName(mark: MarkKey, sheetKey: string): string {
  return NAME_PREFIXES[mark] + sheetKey;
}

/** The names of every row mark of a sheet, to delete them with the sheet's marker. */
export function rowMarkNames(sheetKey: string): string[] {
  return MARK_KEYS.map((mark) => rowMarkName(mark, sheetKey));
}

/** A whole row of a sheet as a name's formula: `='Journal JNL-0001'!$36:$36`. */
export function rowMarkFormula(sheetName: string, row: number): string {
  return `='${sheetName.replace(/'/g, "''")}'!$${row}:$${row}`;
}

/** The row a mark's formula points at, or null (deleted: `#REF!`; or not a single whole row). */
export function markedRow(formula: string): number | null {
  const match = /!\$?(\d+):\$?(\d+)$/.exec(formula);
  if (!match || match[1] !== match[2] || formula.includes("#REF!")) return null;
  return Number(match[1]);
}
