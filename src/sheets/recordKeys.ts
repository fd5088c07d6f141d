// What identifies a row of an import table across refreshes, so a value the user typed beside a
// record goes with that record whatever order the server gives: the record's own id, or, for a
// nested list's row without one (an invoice's line), its parent's id and its place among the
// parent's rows.
import type { CellValue, ColumnSpec } from "./cells";

/** Which import column keys a row, and how. */
export type RecordKeyColumn =
  | { readonly kind: "id"; readonly column: number }
  | { readonly kind: "parent"; readonly column: number };

/**
 * The column that keys a table's rows: the one of key `id`; else the first of a linked row's
 * parent ids (`invoice_id`, first among the columns a nested list's rows carry); else none.
 */
export function recordKeyColumn(columns: readonly ColumnSpec[]): RecordKeyColumn | null {
  const id = columns.findIndex((column) => column.key === "id");
  if (id >= 0) return { kind: "id", column: id };
  const parent = columns.findIndex((column) => /^[a-z][a-z0-9]*_id$/.test(column.key));
  return parent >= 0 ? { kind: "parent", column: parent } : null;
}

/** A cell's key text: ids are text, but a number keeps its digits. "" has no key. */
function keyText(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * Keys of rows read top to bottom, in blocks: a parent's rows are numbered in the order they
 * come, so the same list gives the same keys however it is cut into blocks.
 */
export class RecordKeys {
  private readonly seen = new Map<string, number>();

  constructor(private readonly key: RecordKeyColumn) {}

  /** The keys of `rows` (cells of the import's columns), null where a row has none. */
  of(rows: readonly (readonly CellValue[])[]): (string | null)[] {
    return this.ofCells(rows.map((row) => row[this.key.column]));
  }

  /** The keys of rows whose key cells are `cells`, top to bottom. */
  ofCells(cells: readonly unknown[]): (string | null)[] {
    return cells.map((cell) => {
      const text = keyText(cell);
      if (text === null || this.key.kind === "id") return text;
      const place = (this.seen.get(text) ?? 0) + 1;
      this.seen.set(text, place);
      return `${text}\u0000${place}`;
    });
  }
}
