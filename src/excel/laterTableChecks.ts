// The in-the-way checks of the tables an import writes after its first (a payment's
// allocations), queued in the request that opens the first, so nothing is written when any of
// them would stop.
import { ColumnPlaces } from "../sheets/columnPlaces";
import type { ColumnSpec } from "../sheets/cells";
import {
  type InTheWay,
  type PlacedTable,
  queueInTheWay,
  queueOtherTables,
  stopIfInTheWay,
} from "./inTheWay";

/**
 * Queues what says whether something is in the way of the refresh of tables the import writes
 * after its first ({@link stopIfInTheWay}), for a sync the caller makes anyway; after it, the
 * returned function stops if so (undefined when there are no such tables). The columns are
 * matched by header where the header row is shown; under a hidden one the table is taken at its
 * width.
 */
export function queueLaterChecks(
  context: Excel.RequestContext,
  later: readonly { table: Excel.Table; columns: readonly ColumnSpec[] }[],
  tables: readonly Excel.Table[],
): (() => Promise<void>) | undefined {
  if (later.length === 0) return undefined;
  const queued = later.map(({ table, columns }) => {
    const range = table.getRange();
    range.load("rowIndex,columnIndex,rowCount,columnCount");
    const header = table.showHeaders ? table.getHeaderRowRange() : undefined;
    header?.load("values");
    const sheet = table.worksheet;
    const othersOn = queueOtherTables(tables.filter((item) => item !== table));
    return { table, columns, range, header, othersOn, inTheWay: queueInTheWay(table, sheet) };
  });
  return async () => {
    for (const each of queued) await stopLaterIfInTheWay(context, each);
  };
}

/** {@link queueLaterChecks}'s check of one table, after the sync. */
async function stopLaterIfInTheWay(
  context: Excel.RequestContext,
  queued: {
    readonly table: Excel.Table;
    readonly columns: readonly ColumnSpec[];
    readonly range: Excel.Range;
    readonly header: Excel.Range | undefined;
    readonly othersOn: (sheetName: string) => PlacedTable[];
    readonly inTheWay: InTheWay;
  },
): Promise<void> {
  const { table, columns, range, header, othersOn, inTheWay } = queued;
  const headers = header ? (header.values[0] ?? []).map((value) => String(value)) : undefined;
  const places = new ColumnPlaces(headers ?? []);
  if (headers) places.place(columns);
  const current = headers ? headers.length : range.columnCount;
  const width = headers ? places.width : current;
  const loaded = { range, sheetName: table.worksheet.name, othersOn, hideHeaders: false, inTheWay };
  await stopIfInTheWay(context, table, loaded, current, width, "a refresh inserts");
}
