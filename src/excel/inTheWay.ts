// Stops an import before it writes anything when something of the user's is in the way of the
// cells its table's rows and columns shift or fill: part of another table, merged cells, a
// PivotTable or a spill range, or a protected sheet.
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS } from "../domain/excelLimits";
import { type Box, boxesOf, mergedInTheWay, shiftedBoxes, tableInTheWay } from "../sheets/boxes";
import { queuePivotPlaces, queueSheetObstacles, spillIn } from "./spillsAndPivots";
import type { Obstacle, SheetObstacles } from "./spillsAndPivots";

/** A table of the same sheet, placed, for tableInTheWay. */
export type PlacedTable = Box & { readonly name: string; readonly address: string };

/**
 * Queues loading where `others` sit; after the sync, the returned function gives those on sheet
 * `sheetName` (the only ones a shift on that sheet can cut).
 */
export function queueOtherTables(
  others: readonly Excel.Table[],
): (sheetName: string) => PlacedTable[] {
  const queued = others.map((other) => {
    const place = other.getRange();
    place.load("address,rowIndex,columnIndex,rowCount,columnCount");
    const sheet = other.worksheet;
    sheet.load("name");
    return { name: other.name, place, sheet };
  });
  return (sheetName) =>
    queued
      .filter((other) => other.sheet.name === sheetName)
      .map(({ name, place }) => ({
        name,
        address: place.address,
        row: place.rowIndex,
        column: place.columnIndex,
        rows: place.rowCount,
        columns: place.columnCount,
      }));
}

/** The message when the sheet an import writes to is protected: nothing was written. */
export function protectedSheet(sheetName: string, again = "import again"): Error {
  return new Error(
    `Sheet ${sheetName} is protected. Unprotect it (Review > Unprotect Sheet), then ${again}.`,
  );
}

/** What {@link queueInTheWay} reads. */
export interface InTheWay {
  readonly sheet: Excel.Worksheet;
  /** The merged cells from the table's header row down, left of its right edge. */
  readonly merged: Excel.RangeAreas;
  /** Whether the sheet has spilled values and which PivotTables it has. */
  readonly obstacles: SheetObstacles;
  readonly filtered: () => boolean;
}

/**
 * Queues the reads that say what else is in the way of writing to `table`, in the request that
 * reads the table: whether its AutoFilter filters it, the merged cells among the cells its rows
 * shift or fill, and whether the sheet has spill ranges or PivotTables.
 *
 * Merged cells are asked of those cells only, not of the whole sheet: getMergedAreasOrNullObject
 * fails above 512 merged areas (Microsoft's Range reference), so merged cells elsewhere would
 * stop every import. Asked from column A on the header row to the table's last column at the
 * sheet's last row: Excel may answer only merged areas whose top-left cell is in the range
 * (OfficeDev/office-js#3611), and one reaching into the table's columns below it from the left
 * starts there. One above the header cannot reach into them without covering the table.
 */
export function queueInTheWay(table: Excel.Table, sheet: Excel.Worksheet): InTheWay {
  const filter = table.autoFilter;
  filter.load("isDataFiltered");
  const place = table.getRange();
  const below = place
    .getEntireRow()
    .getCell(0, 0)
    .getBoundingRect(place.getEntireColumn().getLastCell());
  const merged = below.getMergedAreasOrNullObject();
  merged.load("address");
  const obstacles = queueSheetObstacles(sheet);
  return { sheet, merged, obstacles, filtered: () => filter.isDataFiltered };
}

/**
 * Queues the merged areas of the cells right of the table's columns that appending columns
 * shifts or fills: the new columns, and the table's rows right of them, each from row 1 (an area
 * is reported by its top-left cell, which may sit above the table).
 */
function queueMergedRight(sheet: Excel.Worksheet, ours: Box, width: number): Excel.RangeAreas[] {
  const first = ours.column + ours.columns;
  const beyond = Math.min(ours.column + width, EXCEL_MAX_COLUMNS);
  const parts = [
    { rows: EXCEL_MAX_ROWS, column: first, columns: beyond - first },
    { rows: ours.row + ours.rows, column: beyond, columns: EXCEL_MAX_COLUMNS - beyond },
  ];
  return parts
    .filter((part) => part.columns > 0)
    .map((part) => {
      const areas = sheet
        .getRangeByIndexes(0, part.column, part.rows, part.columns)
        .getMergedAreasOrNullObject();
      areas.load("address");
      return areas;
    });
}

/** What a table's checks need, loaded in the request that read the table. */
export interface LoadedTable {
  readonly range: Excel.Range;
  readonly sheetName: string;
  readonly othersOn: (sheetName: string) => PlacedTable[];
  /** True when the header row was shown for the import: it is hidden again if it stops. */
  readonly hideHeaders: boolean;
  readonly inTheWay: InTheWay;
}

/**
 * Stops, before anything is written, when the cells that writing the table's rows and columns
 * shifts or fills (its `width` columns from its header down, and its rows right of it when it
 * grows from `columns` to `width`) hold part of another table, merged cells, a PivotTable or a
 * spill range: Excel refuses to move part of a table, merged cells or a PivotTable, and a value
 * written into a spilled cell breaks the user's formula. `doing` says what shifts them, e.g. "a
 * refresh inserts". A header row shown for the purpose is hidden again first.
 */
export async function stopIfInTheWay(
  context: Excel.RequestContext,
  table: Excel.Table,
  loaded: LoadedTable,
  columns: number,
  width: number,
  doing: string,
): Promise<void> {
  const { range, sheetName, inTheWay } = loaded;
  const ours = { row: range.rowIndex, column: range.columnIndex, rows: range.rowCount, columns };
  const blocker = tableInTheWay(ours, width, loaded.othersOn(sheetName));
  let merged = inTheWay.merged.isNullObject
    ? undefined
    : mergedInTheWay(ours, width, boxesOf(inTheWay.merged.address));
  let obstacle: Obstacle | null = null;
  if (!blocker && !merged) {
    // Both ride on one sync: the merged cells right of the table (known only now that its width
    // is) and where the PivotTables are.
    const right = width > columns ? queueMergedRight(inTheWay.sheet, ours, width) : [];
    const pivots = queuePivotPlaces(inTheWay.obstacles);
    if (right.length > 0 || pivots) await context.sync();
    for (const areas of right) {
      if (areas.isNullObject) continue;
      merged ??= mergedInTheWay(ours, width, boxesOf(areas.address));
    }
    const boxes = shiftedBoxes(ours, width);
    if (!merged) obstacle = (await pivots?.(context, boxes)) ?? null;
    if (!merged && !obstacle) {
      obstacle = await spillIn(context, inTheWay.sheet, inTheWay.obstacles, boxes);
    }
  }
  if (!blocker && !merged && !obstacle) return;
  if (loaded.hideHeaders) {
    table.showHeaders = false;
    await context.sync();
  }
  const name = table.name;
  if (blocker) {
    throw new Error(
      `Table “${blocker.name}” (${blocker.address}) is in the way of table “${name}”: ${doing} cells ${blocker.side} it, and Excel cannot move part of a table. Move one of the tables and try again; nothing was changed.`,
    );
  }
  if (merged) {
    throw new Error(
      `Merged cells ${merged.address} on sheet ${sheetName} are in the way of table “${name}”: ${doing} cells there, and Excel cannot move merged cells with them. Unmerge them (Home > Merge & Center) or move them, then try again; nothing was changed.`,
    );
  }
  if (obstacle?.kind === "pivot") {
    throw new Error(
      `PivotTable “${obstacle.name}” (${obstacle.address} on sheet ${sheetName}) is in the way of table “${name}”: ${doing} cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
    );
  }
  throw new Error(
    `The formula in ${obstacle?.anchor ?? ""} on sheet ${sheetName} spills into ${obstacle?.range ?? ""}, in the way of table “${name}”: ${doing} cells there, and a value written into a spilled cell breaks the formula (#SPILL!). Move the formula away from the table's columns and the rows below it, then try again; nothing was changed.`,
  );
}
