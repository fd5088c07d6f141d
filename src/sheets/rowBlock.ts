// A block of rows an import writes in one request, with the cells that need a number format of
// their own.
import type { CellValue } from "./cells";

/** Rows to append, with the cells of non-text columns that must nevertheless be written as text. */
export interface RowBlock {
  readonly rows: readonly (readonly CellValue[])[];
  readonly textCells: readonly { readonly row: number; readonly column: number }[];
  /** Cells with a number format of their own (amounts of a currency without two decimals). */
  readonly formatCells?: readonly {
    readonly row: number;
    readonly column: number;
    readonly format: string;
  }[];
}

/** The rows of each column that hold text cells. */
export function textRowsByColumn(
  cells: readonly { readonly row: number; readonly column: number }[],
): Map<number, Set<number>> {
  const byColumn = new Map<number, Set<number>>();
  for (const { row, column } of cells) {
    let rows = byColumn.get(column);
    if (!rows) byColumn.set(column, (rows = new Set()));
    rows.add(row);
  }
  return byColumn;
}

/** The rows of each column that have a number format of their own, with the format. */
export function formatsByColumn(
  cells: readonly { readonly row: number; readonly column: number; readonly format: string }[],
): Map<number, Map<number, string>> {
  const byColumn = new Map<number, Map<number, string>>();
  for (const cell of cells) {
    const rows = byColumn.get(cell.column) ?? new Map<number, string>();
    rows.set(cell.row, cell.format);
    byColumn.set(cell.column, rows);
  }
  return byColumn;
}

/** The rows of `block` marked in `keep`, with their text cells and own formats. */
export function keptRows(block: RowBlock, keep: readonly boolean[]): RowBlock {
  if (keep.every((kept) => kept)) return block;
  const newIndex: number[] = [];
  let next = 0;
  for (const kept of keep) newIndex.push(kept ? next++ : -1);
  return {
    rows: block.rows.filter((_, row) => keep[row] === true),
    textCells: block.textCells
      .filter((cell) => keep[cell.row] === true)
      .map((cell) => ({ row: newIndex[cell.row] ?? -1, column: cell.column })),
    formatCells: (block.formatCells ?? [])
      .filter((cell) => keep[cell.row] === true)
      .map((cell) => ({ ...cell, row: newIndex[cell.row] ?? -1 })),
  };
}
