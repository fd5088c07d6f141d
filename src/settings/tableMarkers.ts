// The defined names that mark the add-in's import tables: a hidden workbook-scoped name created
// with each table, `=Invoices[#All]`, which Excel rewrites when the table is renamed and turns
// into `=#REF!` when the table is deleted. With the table's id it proves a table is the import's
// (see importTables.ts).

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
