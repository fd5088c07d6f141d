// Structured references (Table1[Col], [@Col], Table1[[#Headers],[A]:[B]]) as the workbook resolves
// them: the cells one covers in a table now, and its spec once a column of the table is renamed.
import { lastColumn } from "./addresses";
import type { Area } from "./addresses";
import { CellError } from "./cellValues";
import { REF_ERROR, VALUE_ERROR } from "./formulas/evaluate";
import type { StructuredSpec } from "./formulas/structured";
import type { TableModel } from "./tables";

/**
 * A structured reference's spec with column `oldName` renamed: undefined when it does not
 * mention the column, null when the column is gone (newName undefined: the reference is #REF!).
 */
export function renamedColumnSpec(
  spec: StructuredSpec,
  oldName: string,
  newName: string | undefined,
): StructuredSpec | null | undefined {
  const oldUpper = oldName.toUpperCase();
  const first = spec.firstColumn?.toUpperCase() === oldUpper;
  const last = spec.lastColumn?.toUpperCase() === oldUpper;
  if (!first && !last) return undefined;
  if (newName === undefined) return null;
  return {
    ...spec,
    ...(first ? { firstColumn: newName } : {}),
    ...(last ? { lastColumn: newName } : {}),
  };
}

/**
 * The rows a structured reference's items cover: the data body by default; #Headers, #Data and
 * #Totals in any contiguous combination; #All for the whole table. #REF! for a hidden part.
 */
function structuredRows(table: TableModel, items: ReadonlySet<string>): Area | CellError {
  if (items.has("#All")) return table.area;
  const headers = items.has("#Headers");
  const totals = items.has("#Totals");
  const data = items.has("#Data") || (!headers && !totals);
  if (headers && totals && !data) return REF_ERROR; // not one block of cells
  const parts: Area[] = [];
  if (headers) {
    if (!table.headerArea) return REF_ERROR;
    parts.push(table.headerArea);
  }
  if (data) parts.push(table.dataArea);
  if (totals) {
    if (!table.totalsArea) return REF_ERROR;
    parts.push(table.totalsArea);
  }
  const first = parts[0] as Area;
  const last = parts[parts.length - 1] as Area;
  return { ...first, rowCount: last.row + last.rowCount - first.row };
}

/**
 * The cells a structured reference covers in a table now. "This row" ([@Col]) is the data row of
 * the formula's cell (`here`); #VALUE! when that row is outside the data body, as in Excel.
 */
export function structuredAreaOf(
  table: TableModel,
  spec: StructuredSpec,
  here?: { row: number },
): Area | CellError {
  const items = new Set(spec.items);
  let rows: Area | CellError;
  if (items.has("#This Row")) {
    const data = table.dataArea;
    if (!here || here.row < data.row || here.row >= data.row + data.rowCount) return VALUE_ERROR;
    rows = { ...data, row: here.row, rowCount: 1 };
  } else {
    rows = structuredRows(table, items);
  }
  if (rows instanceof CellError) return rows;
  if (spec.firstColumn === undefined) return rows;
  const first = table.columnIndex(spec.firstColumn);
  const last = spec.lastColumn === undefined ? first : table.columnIndex(spec.lastColumn);
  if (first < 0 || last < 0) return REF_ERROR;
  const from = Math.min(first, last);
  const to = Math.max(first, last);
  const column = table.area.column + from;
  if (column + (to - from) > lastColumn(table.area)) return REF_ERROR;
  return { ...rows, column, columnCount: to - from + 1 };
}
