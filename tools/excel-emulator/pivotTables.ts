// PivotTables as the cells they occupy: the fake keeps no source, fields or refresh, only where a
// PivotTable is, so that what Excel refuses around one is refused here too. Microsoft documents
// the code (PivotTableRangeConflict: "The attempted operation causes a conflict with a PivotTable
// range") but not which operations answer with it; the fake answers it for a write of values or
// formulas into a PivotTable's cells, for clearing their contents, and for an insert or delete
// that would move part of a PivotTable or cells inside it. A table over a PivotTable is refused
// with MergedRangeConflict, whose documented message names PivotTable reports.
import { areasOverlap, formatArea } from "./addresses";
import type { Area } from "./addresses";
import { officeError } from "./errors";
import type { SheetModel } from "./sheet";

export interface PivotTableModel {
  /** PivotTable.id. */
  readonly id: string;
  name: string;
  readonly sheet: SheetModel;
  /**
   * The cells of its body (PivotLayout.getRange()), which leaves out the report-filter area: the
   * reference documents getFilterAxisRange as "the range of the PivotTable's filter area".
   */
  area: Area;
  /**
   * Its report-filter area (PivotLayout.getFilterAxisRange(), ExcelApi 1.8), when it has report
   * filters: one row per filter field (Excel's default layout), above the body. Part of the
   * PivotTable for what is refused around it.
   */
  filterArea?: Area;
  deleted: boolean;
}

/** The cells a PivotTable occupies: its body, and its report-filter area when it has one. */
export function pivotTableAreas(pivot: PivotTableModel): Area[] {
  return pivot.filterArea ? [pivot.area, pivot.filterArea] : [pivot.area];
}

/** The first PivotTable of `pivots` on `sheet` that overlaps `area` (its body or filter area). */
export function pivotTableIn(
  pivots: readonly PivotTableModel[],
  sheet: SheetModel,
  area: Area,
): PivotTableModel | undefined {
  return pivots.find(
    (pivot) =>
      pivot.sheet === sheet && pivotTableAreas(pivot).some((cells) => areasOverlap(cells, area)),
  );
}

/**
 * Gives PivotTable `name` of `pivots` a report-filter area at `area` of its sheet (the cells are
 * written by the caller first, as a user's report filter shows them).
 */
export function setPivotFilterArea(
  pivots: readonly PivotTableModel[],
  name: string,
  area: Area,
): void {
  const upper = name.toUpperCase();
  const pivot = pivots.find((each) => each.name.toUpperCase() === upper && !each.deleted);
  if (!pivot) throw new Error(`There is no PivotTable named ${name}.`);
  const other = pivotTableIn(
    pivots.filter((each) => each !== pivot),
    pivot.sheet,
    area,
  );
  if (other || areasOverlap(pivot.area, area)) {
    throw new Error(`The filter area of PivotTable ${name} would overlap a PivotTable.`);
  }
  pivot.filterArea = area;
}

/** Values, formulas and cleared contents cannot go into a PivotTable's cells. */
export function checkNoPivotTableCells(
  pivots: readonly PivotTableModel[],
  sheet: SheetModel,
  area: Area,
  errorLocation: string,
): void {
  const pivot = pivotTableIn(pivots, sheet, area);
  if (pivot) {
    throw officeError(
      "PivotTableRangeConflict",
      `We can't change this part of PivotTable ${pivot.name} (${formatArea(pivot.area)}).`,
      errorLocation,
    );
  }
}

/** A table cannot overlap a PivotTable. */
export function checkTableClearOfPivotTables(
  pivots: readonly PivotTableModel[],
  sheet: SheetModel,
  area: Area,
  errorLocation: string,
): void {
  const pivot = pivotTableIn(pivots, sheet, area);
  if (pivot) {
    throw officeError(
      "MergedRangeConflict",
      `(PivotTable ${pivot.name} is at ${formatArea(pivot.area)}.)`,
      errorLocation,
    );
  }
}

/** The error for a shift that would move part of a PivotTable, or cells inside one. */
export function shiftsPivotTable(pivot: PivotTableModel, errorLocation: string) {
  return officeError(
    "PivotTableRangeConflict",
    `The shift would change part of PivotTable ${pivot.name} (${formatArea(pivot.area)}); move the PivotTable and try again.`,
    errorLocation,
  );
}
