// Range.formulasR1C1 (ExcelApi 1.1): the cells' formulas read and written in R1C1 notation,
// converted from and to the A1 formula each cell holds, relative to that cell.
import type { Area } from "./addresses";
import { valueForApi } from "./cellValues";
import { readGrid } from "./cellWrites";
import type { CellInput } from "./cellWrites";
import type { InputValue } from "./coercion";
import { officeError } from "./errors";
import { formulaFromR1C1, formulaToR1C1 } from "./formulas/r1c1";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import type { SheetModel } from "./sheet";

/** Each cell's formula in R1C1 notation; constants as `formulas` reads them. */
export function readFormulasR1C1(sheet: SheetModel, area: Area): (string | number | boolean)[][] {
  return readGrid(sheet, area, (cell, row, column) => {
    if (!cell) return "";
    return cell.formula === null
      ? valueForApi(cell.value)
      : formulaToR1C1(cell.formula, { row, column });
  });
}

/**
 * A validated `formulasR1C1` assignment as the A1 input `formulas` takes: each formula converted
 * for its own cell (one R1C1 formula for every cell stands for a different A1 text in each).
 */
export function inputFromR1C1(
  input: CellInput<InputValue>,
  area: Area,
  errorLocation: string,
): CellInput<InputValue> {
  const convert = (value: InputValue, r: number, c: number): InputValue => {
    if (typeof value !== "string" || !value.startsWith("=") || value.length < 2) return value;
    try {
      return formulaFromR1C1(value, { row: area.row + r, column: area.column + c });
    } catch (error) {
      if (!(error instanceof FormulaSyntaxError)) throw error;
      throw officeError("InvalidArgument", `"${value}" is not a valid formula.`, errorLocation);
    }
  };
  if (input.kind === "scalar" && !(typeof input.value === "string" && input.value.startsWith("=")))
    return input;
  const rows = Array.from({ length: area.rowCount }, (_v, r) =>
    Array.from({ length: area.columnCount }, (_w, c) =>
      convert(input.kind === "scalar" ? input.value : (input.rows[r]?.[c] ?? null), r, c),
    ),
  );
  return { kind: "grid", rows };
}
