// Calculated columns of tables ("Use calculated columns in an Excel table", support.microsoft.com):
// a column whose data cells all hold one formula (the same in R1C1 notation) written in one
// assignment. Rows the table gains get that formula; writing a value or another formula into
// part of the column ends it (the fake does not keep Excel's flagged exceptions).
import { lastRow } from "./addresses";
import type { Area } from "./addresses";
import { formulaFromR1C1, formulaToR1C1 } from "./formulas/r1c1";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import type { SheetModel } from "./sheet";
import type { TableColumnModel, TableModel } from "./tables";
import type { FakeWorkbook } from "./workbook";

/** The cell's formula in R1C1 notation, or undefined when it holds none. */
function r1c1At(sheet: SheetModel, row: number, column: number): string | undefined {
  const formula = sheet.getCell(row, column)?.formula;
  return formula ? formulaToR1C1(formula, { row, column }) : undefined;
}

/**
 * After cells of `area` were written (`written` tells which: null in a write leaves a cell as it
 * was), makes or ends the calculated columns of the tables there.
 */
export function noteTableCellWrites(
  wb: FakeWorkbook,
  sheet: SheetModel,
  area: Area,
  written: (row: number, column: number) => boolean,
): void {
  for (const table of wb.tables) {
    if (table.sheet !== sheet) continue;
    const data = table.dataArea;
    const top = Math.max(data.row, area.row);
    const bottom = Math.min(lastRow(data), lastRow(area));
    if (top > bottom) continue;
    table.columns.forEach((column, index) => {
      const at = data.column + index;
      if (at < area.column || at >= area.column + area.columnCount) return;
      noteColumnWrite(sheet, data, column, at, top, bottom, written);
    });
  }
}

function noteColumnWrite(
  sheet: SheetModel,
  data: Area,
  column: TableColumnModel,
  at: number,
  top: number,
  bottom: number,
  written: (row: number, column: number) => boolean,
): void {
  const formulas = new Set<string | undefined>();
  let count = 0;
  for (let row = top; row <= bottom; row++) {
    if (!written(row, at)) continue;
    count++;
    formulas.add(r1c1At(sheet, row, at));
  }
  if (count === 0) return;
  const [only] = formulas;
  if (count === data.rowCount) {
    // Every data cell in one assignment: one formula makes the column calculated.
    if (formulas.size === 1 && only !== undefined) column.calculatedFormula = only;
    else delete column.calculatedFormula;
    return;
  }
  if (column.calculatedFormula === undefined) return;
  const current = currentFormula(sheet, data, at, column.calculatedFormula, top, bottom, written);
  if (formulas.size !== 1 || only !== current) delete column.calculatedFormula;
}

/** The column's formula as its other cells hold it now (references follow renames and shifts). */
function currentFormula(
  sheet: SheetModel,
  data: Area,
  at: number,
  saved: string,
  top: number,
  bottom: number,
  written: (row: number, column: number) => boolean,
): string {
  for (let row = data.row; row <= lastRow(data); row++) {
    if (row >= top && row <= bottom && written(row, at)) continue;
    const formula = r1c1At(sheet, row, at);
    if (formula !== undefined) return formula;
  }
  return saved;
}

/**
 * The calculated column's formula in R1C1, as its cells hold it now (they follow renamed tables,
 * columns and sheets); the saved text when no cell holds it.
 */
export function calculatedFormulaOf(
  table: TableModel,
  column: TableColumnModel,
): string | undefined {
  const saved = column.calculatedFormula;
  if (saved === undefined) return undefined;
  const data = table.dataArea;
  const at = data.column + table.columns.indexOf(column);
  return currentFormula(table.sheet, data, at, saved, -1, -1, () => false);
}

/**
 * Gives the blank data cells of the table's calculated columns the column's formula: the rows
 * the table gained (a calculated column has no other blank cells, since clearing part of one
 * ends it).
 */
export function fillCalculatedColumns(wb: FakeWorkbook, table: TableModel): void {
  const data = table.dataArea;
  table.columns.forEach((column, index) => {
    const formula = calculatedFormulaOf(table, column);
    if (formula === undefined) return;
    column.calculatedFormula = formula;
    const at = data.column + index;
    for (let row = data.row; row <= lastRow(data); row++) {
      const cell = table.sheet.getCell(row, at);
      if (cell && (cell.formula !== null || cell.value !== "")) continue;
      let a1: string;
      try {
        a1 = formulaFromR1C1(formula, { row, column: at });
      } catch (error) {
        if (error instanceof FormulaSyntaxError) continue;
        throw error;
      }
      table.sheet.editCell(row, at, (edited) => {
        edited.formula = a1;
        edited.calculatedIn = 0;
      });
      wb.dirty = true;
    }
  });
}

/** fillCalculatedColumns for every table of the sheet (after cells were inserted there). */
export function fillCalculatedColumnsOn(wb: FakeWorkbook, sheet: SheetModel): void {
  for (const table of wb.tables) if (table.sheet === sheet) fillCalculatedColumns(wb, table);
}
