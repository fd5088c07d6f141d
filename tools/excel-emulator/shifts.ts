// Inserting and deleting cells with a shift (Range.insert / Range.delete): cells move, tables
// move, grow or shrink, and formulas that point at moved cells follow them, as in Excel.
// PivotTables move only whole (pivotTables.ts); spilled values do not move at all, their formulas
// spill again after the shift (spills.ts).
import { lastRow } from "./addresses";
import type { Area } from "./addresses";
import { fillCalculatedColumnsOn } from "./calculatedColumns";
import { officeError } from "./errors";
import { checkUnprotected, shiftsFilteredRange, splitsMergedCells } from "./guards";
import { referenceText } from "./formulas/rewrite";
import { shiftsPivotTable } from "./pivotTables";
import type { SheetModel } from "./sheet";
import type { TableModel } from "./tables";
import type { FakeWorkbook } from "./workbook";
import {
  type Axis,
  type Span,
  across,
  along,
  disjoint,
  end,
  limit,
  within,
  withAlong,
} from "./shiftSpans";
import { planTablesForDelete, planTablesForInsert } from "./tableShifts";

/** Deletes the cells of `area`, shifting the cells after them "Up" or "Left". */
export function deleteCells(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  direction: "Up" | "Left",
  errorLocation = "Range.delete",
): void {
  const axis: Axis = direction === "Up" ? "rows" : "columns";
  const removed = along(area, axis);
  const band = across(area, axis);
  checkShift(wb, sheet, axis, band, removed.start, errorLocation);
  const merged = planMergedForDelete(sheet, axis, band, removed, errorLocation);
  const pivots = planPivotTables(wb, sheet, axis, band, removed, -removed.count, errorLocation);

  const plans = planTablesForDelete(wb, sheet, removed, band, axis, errorLocation);
  for (const table of plans.deleted) wb.removeTable(table, "ref");

  moveCells(sheet, axis, band, removed.start, (position) => {
    if (position < removed.start) return position;
    if (position <= end(removed)) return undefined;
    return position - removed.count;
  });
  shiftSheetLevel(sheet, axis, band, removed.start, -removed.count);
  adjustFormulas(wb, sheet, axis, band, (span) => {
    if (end(span) < removed.start) return span;
    if (span.start > end(removed)) return { start: span.start - removed.count, count: span.count };
    if (within(span, removed)) return undefined;
    const start = Math.min(span.start, removed.start);
    const last = end(span) > end(removed) ? end(span) - removed.count : removed.start - 1;
    return { start, count: last - start + 1 };
  });
  for (const { table, apply } of plans.changed) apply(table);
  for (const move of pivots) move();
  sheet.merged = merged;
  for (const table of plans.emptied) refillLastDataRow(wb, table);
  wb.dirty = true;
}

/** Inserts blank cells at `area`, shifting the cells there "Down" or "Right". */
export function insertCells(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  direction: "Down" | "Right",
  errorLocation = "Range.insert",
  growTable?: TableModel,
): void {
  const axis: Axis = direction === "Down" ? "rows" : "columns";
  const inserted = along(area, axis);
  const band = across(area, axis);
  const max = limit(axis);
  checkShift(wb, sheet, axis, band, inserted.start, errorLocation);
  const merged = planMergedForInsert(sheet, axis, band, inserted, errorLocation);
  const pivots = planPivotTables(wb, sheet, axis, band, inserted, inserted.count, errorLocation);

  let overflow = false;
  sheet.forEachCellIn(
    withAlong(area, axis, { start: max - inserted.count, count: inserted.count }),
    () => {
      overflow = true;
    },
  );
  const tableChanges = planTablesForInsert(
    wb,
    sheet,
    inserted,
    band,
    axis,
    errorLocation,
    growTable,
  );
  if (overflow || tableChanges.overflow) {
    // NonBlankCellOffSheet: Microsoft's error-handling page documents its message for this case.
    throw officeError("NonBlankCellOffSheet", undefined, errorLocation);
  }
  // Rows that move whole (a table's columns are all there is below it) move as rows.
  const movedAsRows =
    axis === "rows" &&
    !hasSpills(sheet) &&
    sheet.shiftWholeRowsDown(inserted.start, inserted.count, band.start, end(band));
  if (!movedAsRows) {
    moveCells(sheet, axis, band, inserted.start, (position) =>
      position < inserted.start ? position : position + inserted.count,
    );
  }
  shiftSheetLevel(sheet, axis, band, inserted.start, inserted.count);
  adjustFormulas(wb, sheet, axis, band, (span) => {
    if (end(span) < inserted.start) return span;
    if (span.start >= inserted.start) {
      const moved = { start: span.start + inserted.count, count: span.count };
      return end(moved) < max ? moved : undefined;
    }
    return { start: span.start, count: Math.min(span.count + inserted.count, max - span.start) };
  });
  for (const change of tableChanges.changes) change();
  for (const move of pivots) move();
  sheet.merged = merged;
  wb.dirty = true;
  fillCalculatedColumnsOn(wb, sheet);
}

/**
 * What refuses a shift before anything moves: a protected sheet, and a filtered table among the
 * cells that move or go (the band from `start` on). Excel refuses to shift cells in a filtered
 * range; the fake refuses any shift that touches a filtered table's cells, the conservative model
 * (Excel may allow some shifts that move a filtered table whole).
 */
function checkShift(
  wb: FakeWorkbook,
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  start: number,
  errorLocation: string,
): void {
  checkUnprotected(sheet, errorLocation);
  for (const table of wb.tables) {
    if (table.sheet !== sheet || !table.isFiltered) continue;
    if (!disjoint(across(table.area, axis), band) && end(along(table.area, axis)) >= start) {
      throw shiftsFilteredRange(table, errorLocation);
    }
  }
}

/**
 * Where merged areas go when cells are inserted: those in the band after the insertion move
 * with the cells. One the shift would split (partly in the band, or cut by the insertion) is
 * refused, as Excel refuses.
 */
function planMergedForInsert(
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  inserted: Span,
  errorLocation: string,
): Area[] {
  return sheet.merged.map((merged) => {
    const side = across(merged, axis);
    const span = along(merged, axis);
    if (disjoint(side, band) || end(span) < inserted.start) return merged;
    if (!within(side, band) || span.start < inserted.start) {
      throw splitsMergedCells(merged, errorLocation);
    }
    return withAlong(merged, axis, { start: span.start + inserted.count, count: span.count });
  });
}

/** As planMergedForInsert, for deleted cells: merged areas deleted whole go with them. */
function planMergedForDelete(
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  removed: Span,
  errorLocation: string,
): Area[] {
  const kept: Area[] = [];
  for (const merged of sheet.merged) {
    const side = across(merged, axis);
    const span = along(merged, axis);
    if (disjoint(side, band) || end(span) < removed.start) {
      kept.push(merged);
      continue;
    }
    if (!within(side, band)) throw splitsMergedCells(merged, errorLocation);
    if (within(span, removed)) continue;
    if (span.start <= end(removed)) throw splitsMergedCells(merged, errorLocation);
    kept.push(withAlong(merged, axis, { start: span.start - removed.count, count: span.count }));
  }
  return kept;
}

/** Whether any formula of the sheet spills now. */
function hasSpills(sheet: SheetModel): boolean {
  for (const cell of sheet.formulaCells) if (cell.spill) return true;
  return false;
}

/**
 * Re-keys the cells of the band along the axis; `to` undefined drops a cell. `to` leaves every
 * position before `from` where it is: without spills (whose every cell is redone after a shift)
 * only the cells from there on are taken up, so a table growing at the bottom of a long sheet
 * does not re-key all its rows on every insert.
 */
function moveCells(
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  from: number,
  to: (position: number) => number | undefined,
): void {
  // Spilled values do not move: each formula spills again from where its cell is after the shift.
  const emptied: [number, number][] = [];
  const cells = hasSpills(sheet) ? sheet.takeAllCells() : sheet.takeCellsFrom(axis, from);
  for (const [row, column, cell] of cells) {
    const position = axis === "rows" ? row : column;
    const side = axis === "rows" ? column : row;
    let target: number | undefined = position;
    if (side >= band.start && side <= end(band)) target = to(position);
    if (target === undefined) {
      sheet.formulaCells.delete(cell);
      continue;
    }
    if (cell.spill) cell.spill = undefined;
    const at: [number, number] = axis === "rows" ? [target, column] : [row, target];
    if (cell.spilledFrom) {
      cell.spilledFrom = undefined;
      cell.value = "";
      emptied.push(at);
    }
    sheet.placeCell(at[0], at[1], cell);
  }
  for (const [row, column] of emptied) sheet.tidy(row, column);
}

/**
 * Where PivotTables go: one wholly after the shifted cells, inside the band, moves with them;
 * a shift that would move part of one, or insert or delete cells inside it, is refused.
 */
function planPivotTables(
  wb: FakeWorkbook,
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  shifted: Span,
  delta: number,
  errorLocation: string,
): (() => void)[] {
  const moves: (() => void)[] = [];
  for (const pivot of wb.pivotTables) {
    if (pivot.sheet !== sheet) continue;
    // The body and the report-filter area move together or not at all: moving one without the
    // other would move part of the PivotTable.
    const parts: (() => void)[] = [];
    let still = 0;
    for (const key of ["area", "filterArea"] as const) {
      const area = pivot[key];
      if (!area) continue;
      const span = along(area, axis);
      const side = across(area, axis);
      if (disjoint(side, band) || end(span) < shifted.start) {
        still++;
        continue;
      }
      const after = delta > 0 ? span.start >= shifted.start : span.start > end(shifted);
      if (!within(side, band) || !after) throw shiftsPivotTable(pivot, errorLocation);
      parts.push(() => {
        pivot[key] = withAlong(area, axis, { start: span.start + delta, count: span.count });
      });
    }
    if (parts.length > 0 && still > 0) throw shiftsPivotTable(pivot, errorLocation);
    moves.push(...parts);
  }
  return moves;
}

/** Row formats, column formats, widths and hidden state move when whole rows or columns shift. */
function shiftSheetLevel(
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  at: number,
  delta: number,
): void {
  const whole = band.start === 0 && band.count === limit(axis === "rows" ? "columns" : "rows");
  if (!whole) return;
  const maps: Map<number, string | number>[] =
    axis === "rows" ? [sheet.rowFormats] : [sheet.columnFormats, sheet.columnWidths];
  const moved = (key: number): number | undefined =>
    key < at ? key : delta > 0 || key >= at - delta ? key + delta : undefined;
  for (const map of maps) {
    const entries = [...map];
    map.clear();
    for (const [key, value] of entries) {
      const to = moved(key);
      if (to !== undefined) map.set(to, value);
    }
  }
  const hidden = axis === "rows" ? sheet.hiddenRows : sheet.hiddenColumns;
  const keys = [...hidden];
  hidden.clear();
  for (const key of keys) {
    const to = moved(key);
    if (to !== undefined) hidden.add(to);
  }
}

/** Rewrites A1 references into the shifted band of this sheet. */
function adjustFormulas(
  wb: FakeWorkbook,
  sheet: SheetModel,
  axis: Axis,
  band: Span,
  map: (span: Span) => Span | undefined,
): void {
  const upper = sheet.name.toUpperCase();
  wb.rewriteFormulas((token, formulaSheet) => {
    if (token.kind !== "reference") return undefined;
    const target = token.sheet === undefined ? formulaSheet : wb.sheetNamed(token.sheet);
    if (target?.name.toUpperCase() !== upper) return undefined;
    if (!within(across(token.area, axis), band)) return undefined;
    const span = along(token.area, axis);
    if (span.start === 0 && span.count === limit(axis)) return undefined; // whole rows/columns
    const moved = map(span);
    if (!moved) return "#REF!";
    if (moved.start === span.start && moved.count === span.count) return undefined;
    return referenceText(token, withAlong(token.area, axis, moved), token.sheet);
  });
}

/**
 * A table keeps one (empty) data row when all of its data rows are deleted: above the total
 * row when it is shown.
 */
function refillLastDataRow(wb: FakeWorkbook, table: TableModel): void {
  const row = table.totalsArea?.row ?? lastRow(table.area) + 1;
  const area = { ...table.area, row, rowCount: 1 };
  insertCells(wb, table.sheet, area, "Down", "Range.delete", table);
}
