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
  /** The cells it occupies (PivotLayout.getRange()). */
  area: Area;
  deleted: boolean;
}

/** The first PivotTable of `pivots` on `sheet` that overlaps `area`. */
export function pivotTableIn(
  pivots: readonly PivotTableModel[],
  sheet: SheetModel,
  area: Area,
): PivotTableModel | undefined {
  return pivots.find((pivot) => pivot.sheet === sheet && areasOverlap(pivot.area, area));
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
