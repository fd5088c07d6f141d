// The defined names that mark the add-in's import tables: a hidden workbook-scoped name created
// with each table, `=Invoices[#All]`, which Excel rewrites when the table is renamed and turns
// into `=#REF!` when the table is deleted. With the table's id it proves a table is the import's
// (see importTables.ts).

import { columnIndex, columnLetter } from "../sheets/cellAddresses";

/**
 * The start of the defined names that mark the add-in's import tables. Journal sheets have their
 * own prefix: a marker is never taken for another kind of the add-in's names.
 */
export const TABLE_MARKER_PREFIX = "LedgerSheets_Table_";

/**
 * The name of the table a marker's formula refers to as a whole (`=Invoices[#All]`, as the import
 * wrote it and Excel keeps it through renames), or null for anything else (`=#REF!` once the table
 * is deleted, or a formula the user or another program put there).
 */
export function markedTableName(formula: string): string | null {
  const match = /^=\s*([^\s[\]!'"=#]+)\s*\[\s*(?:\[\s*#all\s*\]|#all)\s*\]\s*$/i.exec(formula);
  return match?.[1] ?? null;
}

/** A marker's formula once its table is deleted. */
export function isDeadMarker(formula: string): boolean {
  return /^=\s*#REF!\s*$/i.test(formula);
}

/** A new marker name: the prefix and 16 random hex digits, not `taken` (ignoring case). */
export function newTableMarker(taken: readonly string[]): string {
  const lower = new Set(taken.map((name) => name.toLowerCase()));
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    const name = `${TABLE_MARKER_PREFIX}${hex}`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** The formula of a new table's marker. */
export function tableMarkerFormula(tableName: string): string {
  return `=${tableName}[#All]`;
}

/** The first cell of a range reference, zero-based, on its named sheet. */
export interface MarkedCell {
  readonly sheet: string;
  readonly row: number;
  readonly column: number;
}

/**
 * The first cell of a marker Excel turned into an A1 reference (`=Invoices!$A$3:$G$140`,
 * `='2026 invoices'!$C$5`), or null for anything else. Excel may store a name made with a
 * structured reference as the A1 address it stood for (office-js#740): such a marker no longer
 * follows the table's name, but Excel still moves its cells with the table's when rows or
 * columns are inserted or deleted, so its first cell stays the table's first cell.
 */
export function markedCell(formula: string): MarkedCell | null {
  const match =
    /^=\s*(?:'((?:[^']|'')+)'|([^\s'!=[\]:]+))!\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?[A-Z]{1,3}\$?\d{1,7})?\s*$/i.exec(
      formula,
    );
  if (match === null) return null;
  const [, quoted, plain, letters = "", digits = ""] = match;
  return {
    sheet: quoted === undefined ? (plain ?? "") : quoted.replace(/''/g, "'"),
    row: Number(digits) - 1,
    column: columnIndex(letters),
  };
}

/**
 * The A1 marker of a table's whole range: what a marker must be when Excel did not keep the
 * structured reference. Excel moves its cells with the table's, so its first cell stays the
 * table's first cell.
 */
export function rangeMarkerFormula(
  sheet: string,
  first: { readonly row: number; readonly column: number },
  rows: number,
  columns: number,
): string {
  const cell = (row: number, column: number) => `$${columnLetter(column)}$${row + 1}`;
  const last = cell(first.row + rows - 1, first.column + columns - 1);
  return `='${sheet.replace(/'/g, "''")}'!${cell(first.row, first.column)}:${last}`;
}

/**
 * True when a marker's formula, as Excel read it back, refers to the table named `table` whose
 * first cell is `first`: by the table's name, or by an A1 reference that starts there.
 */
export function markerRefersTo(formula: string, table: string, first: MarkedCell): boolean {
  const name = markedTableName(formula);
  if (name !== null) return name.toLowerCase() === table.toLowerCase();
  const cell = markedCell(formula);
  return (
    cell !== null &&
    cell.sheet.toLowerCase() === first.sheet.toLowerCase() &&
    cell.row === first.row &&
    cell.column === first.column
  );
}
