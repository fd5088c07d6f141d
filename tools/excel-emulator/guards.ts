// What Excel refuses before it changes anything: edits of a protected sheet, writes that cover
// part of merged cells, tables over merged cells, and the AutoFilter's hidden rows.
import { areaContains, areasOverlap, formatArea, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { CellError } from "./cellValues";
import { officeError } from "./errors";
import { formatCellText } from "./numberFormat";
import type { SheetModel } from "./sheet";
import type { FilterCriterionModel, TableModel } from "./tables";

/**
 * A protected sheet refuses every edit of a locked cell (every cell: the fake keeps no per-cell
 * Locked format), every insert, delete and format change, and creating or resizing a table.
 */
export function checkUnprotected(sheet: SheetModel, errorLocation: string): void {
  if (sheet.protection) {
    throw officeError("AccessDenied", `Sheet ${sheet.name} is protected.`, errorLocation);
  }
}

const MERGED_CELL = "We can't do that to a merged cell.";

/** Values written over part of merged cells are refused (the whole merged area is fine). */
export function checkWholeMergedAreas(sheet: SheetModel, area: Area, errorLocation: string): void {
  for (const merged of sheet.merged) {
    if (areasOverlap(merged, area) && !areaContains(area, merged)) {
      throw officeError(
        "InvalidOperation",
        `${MERGED_CELL} (${formatArea(merged)} is merged.)`,
        errorLocation,
      );
    }
  }
}

/**
 * A table cannot hold merged cells: MergedRangeConflict, whose documented message ("A table can't
 * overlap with ... merged cells") is this case (Microsoft's error-handling page).
 */
export function checkNoMergedCells(sheet: SheetModel, area: Area, errorLocation: string): void {
  const merged = sheet.merged.find((each) => areasOverlap(each, area));
  if (merged) {
    throw officeError(
      "MergedRangeConflict",
      `A table cannot contain merged cells (${formatArea(merged)}).`,
      errorLocation,
    );
  }
}

/**
 * The error for a shift that would split merged cells. Microsoft documents InsertDeleteConflict
 * ("The insert or delete operation attempted resulted in a conflict") without saying which
 * conflicts answer with it: that this one does is a guess.
 */
export function splitsMergedCells(merged: Area, errorLocation: string) {
  return officeError(
    "InsertDeleteConflict",
    `${MERGED_CELL} (The shift would split ${formatArea(merged)}.)`,
    errorLocation,
  );
}

/**
 * The error for a shift of cells in a filtered table's rows: FilteredRangeConflict ("The attempted
 * operation causes a conflict with a filtered range", Microsoft's error-handling page); that an
 * insert or delete there answers with it rather than InsertDeleteConflict is a guess.
 */
export function shiftsFilteredRange(table: TableModel, errorLocation: string) {
  return officeError(
    "FilteredRangeConflict",
    `This operation is not allowed: it would shift cells of the filtered table ${table.name}.`,
    errorLocation,
  );
}

/** Merges `area` (across: each of its rows); the top-left cell's value stays, others clear. */
export function mergeCells(
  sheet: SheetModel,
  tables: readonly TableModel[],
  area: Area,
  across: boolean,
  clear: (area: Area) => void,
  errorLocation: string,
): void {
  checkUnprotected(sheet, errorLocation);
  const parts: Area[] = across
    ? Array.from({ length: area.rowCount }, (_, r) => ({ ...area, row: area.row + r, rowCount: 1 }))
    : [area];
  const table = tables.find((t) => t.sheet === sheet && areasOverlap(t.area, area));
  if (table) {
    throw officeError(
      "InvalidOperation",
      `Cells of table ${table.name} cannot be merged.`,
      errorLocation,
    );
  }
  for (const merged of sheet.merged) {
    if (areasOverlap(merged, area) && !areaContains(area, merged)) {
      throw officeError(
        "InvalidOperation",
        `${formatArea(merged)} is merged and only partly inside.`,
        errorLocation,
      );
    }
  }
  sheet.merged = sheet.merged.filter((merged) => !areasOverlap(merged, area));
  for (const part of parts) {
    if (part.rowCount * part.columnCount < 2) continue;
    const rest: Area[] = [
      { ...part, column: part.column + 1, rowCount: 1, columnCount: part.columnCount - 1 },
      { ...part, row: part.row + 1, rowCount: part.rowCount - 1 },
    ];
    for (const cells of rest) if (cells.rowCount > 0 && cells.columnCount > 0) clear(cells);
    sheet.merged.push(part);
  }
}

/** Unmerges every merged area that overlaps `area`. */
export function unmergeCells(sheet: SheetModel, area: Area, errorLocation: string): void {
  checkUnprotected(sheet, errorLocation);
  sheet.merged = sheet.merged.filter((merged) => !areasOverlap(merged, area));
}

/** The merged areas that overlap `area`, whole. */
export function mergedAreasIn(sheet: SheetModel, area: Area): Area[] {
  return sheet.merged
    .filter((merged) => areasOverlap(merged, area))
    .sort((a, b) => a.row - b.row || a.column - b.column);
}

// ---- AutoFilter ----

type Compare = (text: string, value: string | number | boolean | CellError) => boolean;

/** One custom criterion ("=x", ">5", "<>", ...) as a test of a cell. */
function customTest(criterion: string): Compare {
  const match = /^(<>|>=|<=|=|>|<)?(.*)$/s.exec(criterion);
  const operator = match?.[1] ?? "=";
  const operand = match?.[2] ?? "";
  const number = operand.trim() === "" ? NaN : Number(operand);
  return (text, value) => {
    const numeric = typeof value === "number" && !Number.isNaN(number);
    const order = numeric
      ? value - number
      : text.toLowerCase().localeCompare(operand.toLowerCase());
    switch (operator) {
      case "<>":
        return order !== 0;
      case ">":
        return order > 0;
      case ">=":
        return order >= 0;
      case "<":
        return order < 0;
      case "<=":
        return order <= 0;
      default:
        return order === 0;
    }
  };
}

/** The test a column's criterion makes of each cell. */
function criterionTest(criterion: FilterCriterionModel): Compare {
  if (criterion.filterOn === "Values") {
    const wanted = new Set((criterion.values ?? []).map((value) => value.toLowerCase()));
    return (text) => wanted.has(text.toLowerCase());
  }
  const first = customTest(criterion.criterion1 ?? "");
  if (criterion.criterion2 === undefined) return first;
  const second = customTest(criterion.criterion2);
  return criterion.operator === "Or"
    ? (text, value) => first(text, value) || second(text, value)
    : (text, value) => first(text, value) && second(text, value);
}

/**
 * Hides the table's data rows its AutoFilter criteria reject and shows those it hid before that
 * now pass (rows the user hid stay hidden).
 */
export function applyTableFilter(table: TableModel): void {
  const sheet = table.sheet;
  for (const row of table.filterHidden) sheet.hiddenRows.delete(row);
  table.filterHidden.clear();
  if (!table.isFiltered) return;
  const data = table.dataArea;
  const tests = [...table.filters].map(([column, criterion]) => ({
    column: data.column + table.columns.indexOf(column),
    test: criterionTest(criterion),
  }));
  for (let row = data.row; row <= lastRow(data); row++) {
    const passes = tests.every(({ column, test }) => {
      if (column < data.column || column > lastColumn(data)) return true;
      const cell = sheet.getCell(row, column);
      const value = cell?.value ?? "";
      return test(cell ? formatCellText(cell.value, cell.numberFormat) : "", value);
    });
    if (!passes && !sheet.hiddenRows.has(row)) {
      sheet.hiddenRows.add(row);
      table.filterHidden.add(row);
    }
  }
}

/** Table.clearFilters / AutoFilter.clearCriteria: no criteria, the rows they hid shown. */
export function clearTableFilters(table: TableModel): void {
  table.filters.clear();
  applyTableFilter(table);
}
