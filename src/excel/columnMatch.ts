// Matches an import's columns to the header of the table it writes to (see ColumnPlaces), once
// the header is read, and stops before anything is written when something is in the way.
import { ColumnPlaces } from "../sheets/columnPlaces";
import type { ColumnSpec } from "../sheets/cells";
import { type LoadedTable, stopIfInTheWay } from "./inTheWay";

/**
 * Matches the import's columns to a loaded table's header (see {@link ColumnPlaces}) and stops,
 * before anything is written, when something is in the way ({@link stopIfInTheWay}).
 */
export async function placeColumns(
  context: Excel.RequestContext,
  table: Excel.Table,
  loaded: LoadedTable & { readonly header: Excel.Range },
  columns: readonly ColumnSpec[],
  doing: string,
): Promise<{
  headerRow: number;
  firstColumn: number;
  places: ColumnPlaces;
  appended: { first: number; headers: string[] };
}> {
  const { range, header } = loaded;
  const headers = (header.values[0] ?? []).map((value) => String(value));
  const places = new ColumnPlaces(headers);
  const appended = places.place(columns);
  await stopIfInTheWay(context, table, loaded, headers.length, places.width, doing);
  return { headerRow: range.rowIndex, firstColumn: range.columnIndex, places, appended };
}
