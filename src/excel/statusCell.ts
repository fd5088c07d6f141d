// The status cell two rows above an import table's header: whether the import may write it (it
// is empty or holds the last import's status, see src/sheets/tableNameAndStatus.ts) and the write.
import { statusCellIsOurs } from "../sheets/tableNameAndStatus";
import type { OurTable } from "../settings/importTables";

/** Why a table's status line could not be written above it. */
export type StatusBlocked =
  { readonly reason: "no room" } | { readonly reason: "in the way"; readonly address: string };

/**
 * Queues reading the status cell two rows above a table's header; after the sync, the returned
 * function says where the import may write its status (null: nowhere) and, if not there, why.
 */
export function queueStatusCell(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  record: OurTable,
): () => { statusRow: number | null; statusBlocked: StatusBlocked | null } {
  const statusRow = headerRow >= 2 ? headerRow - 2 : null;
  const cell = statusRow === null ? null : sheet.getRangeByIndexes(statusRow, firstColumn, 1, 1);
  cell?.load("formulas,address");
  return () => {
    if (cell === null) return { statusRow: null, statusBlocked: { reason: "no room" } };
    if (statusCellIsOurs(cell.formulas[0]?.[0], record)) return { statusRow, statusBlocked: null };
    return { statusRow: null, statusBlocked: { reason: "in the way", address: cell.address } };
  };
}

/** Writes the status text into the status cell as literal text. */
export function writeStatus(sheet: Excel.Worksheet, row: number, text: string, column = 0): void {
  const cell = sheet.getRangeByIndexes(row, column, 1, 1);
  cell.numberFormat = [["@"]];
  cell.values = [[text]];
  cell.format.font.bold = true;
}
