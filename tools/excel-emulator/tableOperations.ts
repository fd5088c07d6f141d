// What the table methods do to the workbook: create, rename, resize, delete, convert to a range,
// add rows and columns, show or hide the header row and the total row, with Excel's rules for
// each.
import { MAX_ROWS, areasOverlap, isWithinSheet, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import { fillCalculatedColumns } from "./calculatedColumns";
import { clearArea, validateInput, writeValues } from "./cellWrites";
import { DIMENSION_MISMATCH, officeError } from "./errors";
import { formatStructured } from "./formulas/structured";
import { checkNoMergedCells, checkUnprotected } from "./guards";
import { checkTableClearOfPivotTables } from "./pivotTables";
import { deleteCells, insertCells } from "./shifts";
import type { SheetModel } from "./sheet";
import {
  TableModel,
  checkNoOverlap,
  checkResize,
  headerNames,
  headerTexts,
  isTableStyle,
  tableNameProblem,
  writeHeaderCells,
} from "./tables";
import type { TableColumnModel, TotalCellModel } from "./tables";
import type { FakeWorkbook } from "./workbook";

/**
 * Creates a table over `area`. With headers, the first row names the columns (a one-row range
 * gets an empty data row below); without, a header row "Column1".. is inserted above the data.
 */
export function addTable(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  hasHeaders: boolean,
  errorLocation = "TableCollection.add",
): TableModel {
  checkUnprotected(sheet, errorLocation);
  let tableArea = hasHeaders && area.rowCount === 1 ? { ...area, rowCount: 2 } : area;
  if (!isWithinSheet(tableArea) || (!hasHeaders && lastRow(area) + 1 >= 1_048_576)) {
    throw officeError("InvalidArgument", "The table does not fit on the sheet.", errorLocation);
  }
  checkNoMergedCells(sheet, tableArea, errorLocation);
  checkNoOverlap(wb.tables, sheet, tableArea, undefined, errorLocation);
  checkTableClearOfPivotTables(wb.pivotTables, sheet, tableArea, errorLocation);
  let names: string[];
  if (hasHeaders) {
    names = headerNames(headerTexts(sheet, tableArea));
  } else {
    insertCells(wb, sheet, { ...area, rowCount: 1 }, "Down", errorLocation);
    tableArea = { ...area, rowCount: area.rowCount + 1 };
    names = headerNames(new Array<string>(area.columnCount).fill(""));
  }
  const table = wb.createTable(wb.nextTableName(), sheet, tableArea, names);
  writeHeaderCells(sheet, table);
  return table;
}

export function renameTable(
  wb: FakeWorkbook,
  table: TableModel,
  name: unknown,
  errorLocation = "Table.name",
): void {
  const problem = tableNameProblem(name);
  if (problem) throw officeError("InvalidArgument", problem, errorLocation);
  const text = name as string;
  // Tables and defined names share one namespace. Excel refuses a taken name with
  // InvalidArgument, not ItemAlreadyExists (OfficeDev/office-js#551).
  const other = wb.tableNamed(text);
  if (other && other !== table) {
    throw officeError("InvalidArgument", `A table named ${text} already exists.`, errorLocation);
  }
  if (wb.definedNamed(text)) {
    throw officeError(
      "InvalidArgument",
      `${text} is already a defined name of the workbook (Formulas > Name Manager).`,
      errorLocation,
    );
  }
  wb.renameTable(table, text);
}

/**
 * Table.resize: same header row, overlapping the old range; no cells move. The new range is the
 * whole table, as getRange() reports it: with a total row, its last row becomes the total row,
 * which keeps each column's total (the totals are moved there when the last row changes).
 */
export function resizeTable(
  wb: FakeWorkbook,
  table: TableModel,
  sheet: SheetModel,
  area: Area,
  errorLocation = "Table.resize",
): void {
  if (sheet !== table.sheet) {
    throw officeError("InvalidArgument", "A table cannot move to another sheet.", errorLocation);
  }
  checkUnprotected(sheet, errorLocation);
  checkResize(table, area, errorLocation);
  checkNoOverlap(wb.tables, sheet, area, table, errorLocation);
  checkNoMergedCells(sheet, area, errorLocation);
  checkTableClearOfPivotTables(wb.pivotTables, sheet, area, errorLocation);
  const old = table.area;
  const kept: TableColumnModel[] = [];
  const removed: TableColumnModel[] = [];
  table.columns.forEach((column, index) => {
    const position = old.column + index;
    if (position >= area.column && position <= lastColumn(area)) kept.push(column);
    else removed.push(column);
  });
  const totals = table.totalsArea && takeTotals(wb, table);
  table.area = area;
  if (totals) putTotals(wb, table, totals);
  for (const column of removed) wb.renameTableColumn(table, column.name, undefined);
  let nextId = Math.max(0, ...table.columns.map((c) => c.id)) + 1;
  const columns: TableColumnModel[] = [];
  for (let c = area.column; c <= lastColumn(area); c++) {
    const existing =
      c >= old.column && c <= lastColumn(old) ? table.columns[c - old.column] : undefined;
    columns.push(existing ?? { id: nextId++, name: "" });
  }
  table.columns.splice(0, table.columns.length, ...columns);
  if (table.showHeaders) {
    const names = headerNames(headerTexts(sheet, { ...area, rowCount: 1 }));
    columns.forEach((column, index) => {
      if (column.name === "") column.name = names[index] ?? `Column${index + 1}`;
    });
    wb.normalizeHeaders(table);
  }
  wb.dirty = true;
  fillCalculatedColumns(wb, table);
}

/** Table.delete: the table and its cells' contents and formats go; formulas become #REF!. */
export function deleteTable(wb: FakeWorkbook, table: TableModel): void {
  checkUnprotected(table.sheet, "Table.delete");
  const { sheet, area } = table;
  wb.removeTable(table, "ref");
  clearArea(wb, sheet, area, "All");
}

/** Table.convertToRange: the cells stay; structured references become A1 references. */
export function convertTableToRange(wb: FakeWorkbook, table: TableModel): Area {
  const area = table.area;
  wb.removeTable(table, "convert");
  return area;
}

/**
 * TableRowCollection.add: inserts rows into the table (cells below shift down within the table's
 * columns), copies the formats of the row above, then writes the values.
 */
export function addTableRows(
  wb: FakeWorkbook,
  table: TableModel,
  index: number | null | undefined,
  values: unknown,
  errorLocation = "TableRowCollection.add",
): Area {
  checkUnprotected(table.sheet, errorLocation);
  const data = table.dataArea;
  const at = index ?? data.rowCount;
  if (!Number.isInteger(at) || at < 0 || at > data.rowCount) {
    throw officeError(
      "InvalidArgument",
      `Row index ${String(index)} is outside the table.`,
      errorLocation,
    );
  }
  const count = Array.isArray(values) ? values.length : 1;
  if (count === 0) throw officeError("InvalidArgument", DIMENSION_MISMATCH, errorLocation);
  const area: Area = {
    row: data.row + at,
    column: data.column,
    rowCount: count,
    columnCount: data.columnCount,
  };
  const input =
    values === undefined ? undefined : validateInput("values", values, area, errorLocation);
  const template = at > 0 ? data.row + at - 1 : data.row;
  insertCells(wb, table.sheet, area, "Down", errorLocation, table);
  const sourceRow = template >= area.row ? template + count : template;
  for (let r = area.row; r <= lastRow(area); r++) copyRowFormats(table.sheet, sourceRow, r, area);
  if (input) writeValues(wb, table.sheet, area, input, errorLocation);
  return area;
}

function copyRowFormats(sheet: SheetModel, from: number, to: number, area: Area): void {
  for (let c = area.column; c <= lastColumn(area); c++) {
    const source = sheet.getCell(from, c);
    if (!source) continue;
    const cell = sheet.ensureCell(to, c);
    cell.numberFormat = source.numberFormat;
    cell.bold = source.bold;
    cell.fontColor = source.fontColor;
    cell.fillColor = source.fillColor;
    sheet.tidy(to, c);
  }
}

/** TableColumnCollection.add: inserts a column (cells to the right shift within the table rows). */
export function addTableColumn(
  wb: FakeWorkbook,
  table: TableModel,
  index: number | null | undefined,
  values: unknown,
  name: string | undefined,
  errorLocation = "TableColumnCollection.add",
): TableColumnModel {
  checkUnprotected(table.sheet, errorLocation);
  const at = index ?? table.columns.length;
  if (!Number.isInteger(at) || at < 0 || at > table.columns.length) {
    throw officeError(
      "InvalidArgument",
      `Column index ${String(index)} is outside the table.`,
      errorLocation,
    );
  }
  const area: Area = {
    row: table.area.row,
    column: table.area.column + at,
    rowCount: table.area.rowCount,
    columnCount: 1,
  };
  if (!isWithinSheet(area) || lastColumn(table.area) + 1 >= 16_384) {
    throw officeError("InvalidArgument", "The column does not fit on the sheet.", errorLocation);
  }
  // With a total row, the values may leave out its cell (it stays blank).
  const valuesArea =
    table.showTotals && Array.isArray(values) && values.length === area.rowCount - 1
      ? { ...area, rowCount: area.rowCount - 1 }
      : area;
  const input =
    values === undefined || values === null
      ? undefined
      : validateInput("values", values, valuesArea, errorLocation);
  if (name !== undefined && name !== null && typeof name !== "string") {
    throw officeError("InvalidArgument", "A column name is text.", errorLocation);
  }
  insertCells(wb, table.sheet, area, "Right", errorLocation, table);
  if (input) writeValues(wb, table.sheet, valuesArea, input, errorLocation);
  const column = table.columns[at] as TableColumnModel;
  if (name) {
    const header = table.headerArea;
    if (header) {
      const cell = table.sheet.ensureCell(header.row, area.column);
      cell.value = name;
      cell.formula = null;
    } else column.name = name;
  }
  wb.normalizeHeaders(table);
  return column;
}

/** TableColumn.delete: the column's cells go and cells to the right shift left. */
export function deleteTableColumn(
  wb: FakeWorkbook,
  table: TableModel,
  column: TableColumnModel,
): void {
  const index = table.columns.indexOf(column);
  if (table.columns.length === 1) {
    throw officeError(
      "InvalidOperation",
      "A table keeps at least one column.",
      "TableColumn.delete",
    );
  }
  deleteCells(
    wb,
    table.sheet,
    { ...table.area, column: table.area.column + index, columnCount: 1 },
    "Left",
    "TableColumn.delete",
  );
}

/** TableRow.delete: the row's cells go and cells below shift up (within the table's columns). */
export function deleteTableRow(wb: FakeWorkbook, table: TableModel, index: number): void {
  const data = table.dataArea;
  deleteCells(
    wb,
    table.sheet,
    { ...data, row: data.row + index, rowCount: 1 },
    "Up",
    "TableRow.delete",
  );
}

/** The total row's cells per column, taken out of the sheet (the cells are cleared). */
function takeTotals(wb: FakeWorkbook, table: TableModel): Map<TableColumnModel, TotalCellModel> {
  const totals = table.totalsArea as Area;
  const taken = new Map<TableColumnModel, TotalCellModel>();
  table.columns.forEach((column, index) => {
    const cell = table.sheet.getCell(totals.row, totals.column + index);
    if (!cell || (cell.formula === null && cell.value === "")) return;
    const { value, formula, numberFormat } = cell;
    taken.set(column, { value, formula, numberFormat });
  });
  clearArea(wb, table.sheet, totals, "All");
  return taken;
}

/** Writes each column's total into the total row; columns without one get a blank cell. */
function putTotals(
  wb: FakeWorkbook,
  table: TableModel,
  totals: ReadonlyMap<TableColumnModel, TotalCellModel>,
): void {
  const area = table.totalsArea as Area;
  clearArea(wb, table.sheet, area, "All");
  table.columns.forEach((column, index) => {
    const total = totals.get(column);
    if (!total) return;
    table.sheet.editCell(area.row, area.column + index, (cell) => {
      cell.value = total.value;
      cell.formula = total.formula;
      cell.numberFormat = total.numberFormat;
      cell.calculatedIn = 0;
    });
  });
  wb.dirty = true;
}

/**
 * The total row Excel shows the first time: "Total" in the first column and, in the last, the
 * sum of its numbers (SUBTOTAL 109) or, when it holds none, the count of its entries (103).
 */
function defaultTotals(wb: FakeWorkbook, table: TableModel): Map<TableColumnModel, TotalCellModel> {
  const totals = new Map<TableColumnModel, TotalCellModel>();
  const last = table.columns[table.columns.length - 1] as TableColumnModel;
  const data = table.dataArea;
  let numbers = false;
  wb.forEachValue(table.sheet, { ...data, column: lastColumn(data), columnCount: 1 }, (v) => {
    if (typeof v === "number") numbers = true;
  });
  const reference = formatStructured("", { items: [], firstColumn: last.name });
  const numberFormat = table.sheet.defaultFormat(lastRow(table.area) + 1, table.area.column);
  if (table.columns.length > 1) {
    totals.set(table.columns[0] as TableColumnModel, {
      value: "Total",
      formula: null,
      numberFormat,
    });
  }
  const formula = `=SUBTOTAL(${numbers ? 109 : 103},${reference})`;
  totals.set(last, { value: 0, formula, numberFormat });
  return totals;
}

/**
 * Table.showTotals. Showing adds the total row directly under the data body: the row below the
 * table when it is blank, else a row of cells inserted there (the cells below the table move
 * down, never written over). Hiding removes the row (its cells are cleared; nothing moves up)
 * and remembers each column's total for the next time it is shown. Formulas that refer to the
 * total row (Table1[#Totals]) are #REF! while it is hidden.
 */
export function setShowTotals(
  wb: FakeWorkbook,
  table: TableModel,
  show: boolean,
  errorLocation = "Table.showTotals",
): void {
  if (typeof show !== "boolean")
    throw officeError("InvalidArgument", "showTotals is true or false.", errorLocation);
  checkUnprotected(table.sheet, errorLocation);
  if (show === table.showTotals) return;
  if (!show) {
    const totals = takeTotals(wb, table);
    for (const column of table.columns) {
      const total = totals.get(column);
      if (total) column.hiddenTotal = total;
      else delete column.hiddenTotal;
    }
    table.showTotals = false;
    table.area = { ...table.area, rowCount: table.area.rowCount - 1 };
    wb.dirty = true;
    return;
  }
  const below: Area = { ...table.area, row: lastRow(table.area) + 1, rowCount: 1 };
  if (below.row >= MAX_ROWS) {
    throw officeError(
      "InvalidOperation",
      "The total row does not fit on the sheet.",
      errorLocation,
    );
  }
  let free = !wb.tables.some(
    (other) => other !== table && other.sheet === table.sheet && areasOverlap(other.area, below),
  );
  table.sheet.forEachCellIn(below, (_r, _c, cell) => {
    if (cell.value !== "" || cell.formula !== null) free = false;
  });
  if (!free) insertCells(wb, table.sheet, below, "Down", errorLocation);
  const remembered = new Map<TableColumnModel, TotalCellModel>();
  for (const column of table.columns) {
    if (column.hiddenTotal) remembered.set(column, column.hiddenTotal);
    delete column.hiddenTotal;
  }
  const totals = remembered.size > 0 ? remembered : defaultTotals(wb, table);
  table.showTotals = true;
  table.area = { ...table.area, rowCount: table.area.rowCount + 1 };
  putTotals(wb, table, totals);
  wb.dirty = true;
}

/** Table.showHeaders: hiding clears the header cells; showing writes the names above the data. */
export function setShowHeaders(
  wb: FakeWorkbook,
  table: TableModel,
  show: boolean,
  errorLocation = "Table.showHeaders",
): void {
  if (typeof show !== "boolean")
    throw officeError("InvalidArgument", "showHeaders is true or false.", errorLocation);
  checkUnprotected(table.sheet, errorLocation);
  if (show === table.showHeaders) return;
  if (!show) {
    const header = table.headerArea as Area;
    table.showHeaders = false;
    table.area = { ...table.area, row: table.area.row + 1, rowCount: table.area.rowCount - 1 };
    clearArea(wb, table.sheet, header, "Contents");
    return;
  }
  const above: Area = { ...table.area, row: table.area.row - 1, rowCount: 1 };
  let free = above.row >= 0;
  if (free) {
    table.sheet.forEachCellIn(above, (_r, _c, cell) => {
      if (cell.value !== "" || cell.formula !== null) free = false;
    });
    checkNoOverlap(wb.tables, table.sheet, above, table, errorLocation);
  }
  if (!free) {
    const row: Area = { ...table.area, rowCount: 1 };
    insertCells(wb, table.sheet, row, "Down", errorLocation);
    table.area = { ...table.area, row: table.area.row - 1, rowCount: table.area.rowCount + 1 };
  } else {
    table.area = { ...table.area, row: above.row, rowCount: table.area.rowCount + 1 };
  }
  table.showHeaders = true;
  writeHeaderCells(table.sheet, table);
  wb.dirty = true;
}

export function setTableStyle(
  table: TableModel,
  style: unknown,
  errorLocation = "Table.style",
): void {
  if (!isTableStyle(style)) {
    throw officeError(
      "InvalidArgument",
      `${String(style)} is not a built-in table style.`,
      errorLocation,
    );
  }
  table.style = style as string;
}
