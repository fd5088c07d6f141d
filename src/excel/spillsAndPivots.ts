// Spill ranges and PivotTables in the way of an import's writes. Excel accepts a value written
// into a cell a formula's dynamic array spills into, and the user's formula then shows #SPILL!;
// it refuses to insert or delete cells that would move part of a PivotTable, after the earlier
// commands of the batch have run. Both are found before the first write. Range.hasSpill and the
// spill lookups are ExcelApi 1.12; PivotLayout.getRange, getFilterAxisRange and
// PivotTable.filterHierarchies 1.8: within the 1.13 the manifest requires, so no fallback is
// needed.
import type { Box } from "../sheets/boxes";

/** Rows (then columns) asked about at once while looking for a spilled cell. */
const PARTS = 64;

/** What the request that reads the table also learns of its sheet: any spill, any PivotTable. */
export interface SheetObstacles {
  /** The sheet's used range (values only): a null object on an empty sheet. */
  readonly used: Excel.Range;
  readonly pivots: Excel.PivotTableCollection;
}

/** A spill range or PivotTable among the cells an import writes or moves. */
export type Obstacle =
  | {
      readonly kind: "spill";
      /** The formula's cell and the cells it spills into, local addresses ("A70", "A70:B72"). */
      readonly anchor: string;
      readonly range: string;
    }
  | { readonly kind: "pivot"; readonly name: string; readonly address: string };

/**
 * Queues, in a request made anyway, whether the sheet has spilled values and which PivotTables
 * it has: a sheet with neither costs no round trip of its own.
 */
export function queueSheetObstacles(sheet: Excel.Worksheet): SheetObstacles {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("hasSpill");
  const pivots = sheet.pivotTables;
  pivots.load("items/name");
  return { used, pivots };
}

/** "Invoices!$A$70:$B$72" as "A70:B72". */
function localAddress(address: string): string {
  return address.slice(address.lastIndexOf("!") + 1).replace(/\$/g, "");
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns
  );
}

/** Finds, after the sync it was queued for, the first PivotTable with cells in `boxes`. */
export type PivotFinder = (
  context: Excel.RequestContext,
  boxes: readonly Box[],
) => Promise<Obstacle | null>;

function boxOf(range: Excel.Range): Box {
  return {
    row: range.rowIndex,
    column: range.columnIndex,
    rows: range.rowCount,
    columns: range.columnCount,
  };
}

/**
 * Queues reading where the sheet's PivotTables are, for a sync the caller makes; null when the
 * loaded `found` shows none. PivotLayout.getRange leaves out a PivotTable's report-filter area
 * (PivotLayout.getFilterAxisRange, ExcelApi 1.8), which Excel moves only with the PivotTable too:
 * the report filters are counted in the same sync, and the finder asks the filter areas of those
 * that have some in one more (what getFilterAxisRange answers without report filters is not
 * documented, so it is never asked then).
 */
export function queuePivotPlaces(found: SheetObstacles): PivotFinder | null {
  if (found.pivots.items.length === 0) return null;
  const queued = found.pivots.items.map((pivot) => {
    const range = pivot.layout.getRange();
    range.load("address,rowIndex,columnIndex,rowCount,columnCount");
    return { pivot, range, filters: pivot.filterHierarchies.getCount() };
  });
  return async (context, boxes) => {
    const filtered = queued
      .filter(({ filters }) => filters.value > 0)
      .map(({ pivot }) => {
        const range = pivot.layout.getFilterAxisRange();
        range.load("address,rowIndex,columnIndex,rowCount,columnCount");
        return { name: pivot.name, range };
      });
    if (filtered.length > 0) await context.sync();
    const places = [
      ...queued.map(({ pivot, range }) => ({ name: pivot.name, range })),
      ...filtered,
    ];
    for (const { name, range } of places) {
      if (boxes.some((each) => overlaps(each, boxOf(range)))) {
        return { kind: "pivot", name, address: localAddress(range.address) };
      }
    }
    return null;
  };
}

/**
 * The first spill range with cells in `boxes` (each within the sheet), or null. Nothing is asked
 * when the loaded `found` shows no spill on the sheet; otherwise a few syncs find the first
 * spilled cell (Range.hasSpill over at most {@link PARTS} parts at a time) and its formula.
 */
export async function spillIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  found: SheetObstacles,
  boxes: readonly Box[],
): Promise<Obstacle | null> {
  if (found.used.isNullObject || found.used.hasSpill === false) return null;
  const cell = await firstSpilledCell(context, sheet, boxes);
  if (!cell) return null;
  const parent = sheet.getRangeByIndexes(cell.row, cell.column, 1, 1).getSpillParentOrNullObject();
  parent.load("address");
  const spill = parent.getSpillingToRangeOrNullObject();
  spill.load("address");
  await context.sync();
  if (parent.isNullObject) return null;
  const anchor = localAddress(parent.address);
  return {
    kind: "spill",
    anchor,
    range: spill.isNullObject ? anchor : localAddress(spill.address),
  };
}

/** The first cell in a spill range of the first of `boxes` that has one, or null. */
async function firstSpilledCell(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  boxes: readonly Box[],
): Promise<{ row: number; column: number } | null> {
  const [box, ...rest] = boxes;
  if (!box) return null;
  return (await narrowed(context, sheet, box, false)) ?? firstSpilledCell(context, sheet, rest);
}

/**
 * The first cell of `area` (top to bottom, then left to right) in a spill range, or null: one
 * sync asks up to {@link PARTS} parts of it, then the first part that has one is narrowed.
 * `asked`: `area` is known to have one.
 */
async function narrowed(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: Box,
  asked: boolean,
): Promise<{ row: number; column: number } | null> {
  if (asked && area.rows === 1 && area.columns === 1) return { row: area.row, column: area.column };
  const byRows = area.rows > 1;
  const length = byRows ? area.rows : area.columns;
  const size = Math.ceil(length / PARTS);
  const parts: { part: Box; range: Excel.Range }[] = [];
  for (let start = 0; start < length; start += size) {
    const count = Math.min(size, length - start);
    const part: Box = byRows
      ? { row: area.row + start, column: area.column, rows: count, columns: area.columns }
      : { row: area.row, column: area.column + start, rows: 1, columns: count };
    const range = sheet.getRangeByIndexes(part.row, part.column, part.rows, part.columns);
    range.load("hasSpill");
    parts.push({ part, range });
  }
  await context.sync();
  const hit = parts.find(({ range }) => range.hasSpill !== false);
  return hit ? narrowed(context, sheet, hit.part, true) : null;
}
