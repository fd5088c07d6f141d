// Dynamic arrays: a formula whose result is more than one cell (in the fake, a reference to a
// block of cells, such as =A1:B3 or =Sales[Amount]) spills its values into the cells right of and
// below it. The spill range must be empty: a cell with content (a value, a formula, another
// spill's values), merged cells, a table or a PivotTable there, or the sheet's edge, and the
// formula shows #SPILL! instead (a formula inside a table always does: Excel has no dynamic
// arrays in tables). Spilled values are not content: they are the formula's, and come back each
// time it is calculated. Writing a value into a spilled cell is accepted, as Excel accepts it,
// and the formula then shows #SPILL!. An insert or delete moves cells, not spilled values: the
// formula's cell moves with its band, and its values spill again from where it now is (over the
// cells the shift left there; #SPILL! when something blocks them).
import { MAX_COLUMNS, MAX_ROWS, areasOverlap, cellCount, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { CellError } from "./cellValues";
import type { CellScalar } from "./cellValues";
import type { PivotTableModel } from "./pivotTables";
import type { Cell, SheetModel } from "./sheet";
import type { TableModel } from "./tables";

export const SPILL_ERROR = CellError.of("#SPILL!");

/** What a spill range may not cover besides cells with content. */
export interface SpillObstacles {
  readonly tables: readonly TableModel[];
  readonly pivotTables: readonly PivotTableModel[];
}

/**
 * Spills `grid` from the formula cell `anchor`: fills the cells and returns the anchor's own
 * value, or #SPILL! when something is in the way. The anchor's previous spill must be removed
 * first ({@link removeSpill}).
 */
export function spillFrom(
  sheet: SheetModel,
  anchor: Cell,
  grid: readonly (readonly CellScalar[])[],
  obstacles: SpillObstacles,
  /** The format each value carries, where a custom function returned formatted numbers. */
  formats?: readonly (readonly (string | undefined)[])[],
): CellScalar {
  const at = sheet.positionOf(anchor);
  const rows = grid.length;
  const columns = grid[0]?.length ?? 0;
  if (!at || rows === 0 || columns === 0) return SPILL_ERROR;
  const area: Area = { row: at.row, column: at.column, rowCount: rows, columnCount: columns };
  if (lastRow(area) >= MAX_ROWS || lastColumn(area) >= MAX_COLUMNS) return SPILL_ERROR;
  const inTheWay = (other: { sheet: SheetModel; area: Area }) =>
    other.sheet === sheet && areasOverlap(other.area, area);
  if (obstacles.tables.some(inTheWay) || obstacles.pivotTables.some(inTheWay)) return SPILL_ERROR;
  if (sheet.merged.some((merged) => areasOverlap(merged, area))) return SPILL_ERROR;
  let blocked = false;
  sheet.forEachCellIn(area, (_r, _c, cell) => {
    if (cell !== anchor && (cell.formula !== null || cell.value !== "")) blocked = true;
  });
  if (blocked) return SPILL_ERROR;
  anchor.spill = area;
  anchor.valueFormat = formats?.[0]?.[0];
  grid.forEach((line, r) =>
    line.forEach((value, c) => {
      if (r === 0 && c === 0) return;
      sheet.editCell(area.row + r, area.column + c, (cell) => {
        cell.value = value;
        cell.spilledFrom = anchor;
        cell.valueFormat = formats?.[r]?.[c];
      });
    }),
  );
  return grid[0]?.[0] ?? SPILL_ERROR;
}

/** Empties the cells the anchor's last spill filled (those not written over since). */
export function removeSpill(sheet: SheetModel, anchor: Cell): void {
  const area = anchor.spill;
  if (!area) return;
  anchor.spill = undefined;
  const filled: [number, number][] = [];
  sheet.forEachCellIn(area, (r, c, cell) => {
    if (cell.spilledFrom === anchor) filled.push([r, c]);
  });
  for (const [r, c] of filled) {
    sheet.editCell(r, c, (cell) => {
      cell.value = "";
      cell.spilledFrom = undefined;
      cell.valueFormat = undefined;
    });
  }
}

/** The spill ranges of the sheet now, each with its formula's cell. */
export function spillRanges(sheet: SheetModel): { anchor: Cell; area: Area }[] {
  const ranges: { anchor: Cell; area: Area }[] = [];
  for (const cell of sheet.formulaCells)
    if (cell.spill) ranges.push({ anchor: cell, area: cell.spill });
  return ranges;
}

/** The spill range that holds the cell, if any (its formula's cell is part of it). */
export function spillRangeAt(
  sheet: SheetModel,
  row: number,
  column: number,
): { anchor: Cell; area: Area } | undefined {
  const cell = sheet.getCell(row, column);
  const anchor = cell?.spill ? cell : cell?.spilledFrom;
  return anchor?.spill ? { anchor, area: anchor.spill } : undefined;
}

/**
 * Range.hasSpill: true when every cell of the area is part of a spill range, false when none is,
 * null otherwise. A formula showing #SPILL! has no spill range.
 */
export function hasSpill(sheet: SheetModel, area: Area): boolean | null {
  let covered = 0;
  for (const spill of spillRanges(sheet)) {
    const top = Math.max(area.row, spill.area.row);
    const left = Math.max(area.column, spill.area.column);
    const bottom = Math.min(lastRow(area), lastRow(spill.area));
    const right = Math.min(lastColumn(area), lastColumn(spill.area));
    if (bottom >= top && right >= left) covered += (bottom - top + 1) * (right - left + 1);
  }
  return covered === 0 ? false : covered === cellCount(area) ? true : null;
}
