// Table.sort (Excel.TableSort, ExcelApi 1.2): reorders a table's data rows whole by key columns,
// in Excel's default sort order ("Default sort orders", Excel help): numbers, then text, then
// FALSE and TRUE, then errors; blanks last in both directions. The sort is stable.
import { lastRow } from "./addresses";
import type { CellScalar } from "./cellValues";
import { officeError } from "./errors";
import { formulaFromR1C1, formulaToR1C1 } from "./formulas/r1c1";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import { applyTableFilter, checkUnprotected } from "./guards";
import type { Cell } from "./sheet";
import type { TableModel } from "./tables";
import type { FakeWorkbook } from "./workbook";

/** One sort condition as Excel.SortField gives it; only sorting on values is modelled. */
export interface SortFieldModel {
  readonly key: number;
  readonly ascending: boolean;
  readonly sortOn?: string;
  readonly dataOption?: string;
}

/** What Table.sort.apply was given, kept for `fields`, `matchCase`, `method` and reapply(). */
export interface TableSortState {
  readonly fields: readonly SortFieldModel[];
  readonly matchCase: boolean;
  readonly method: string;
}

/** Checks Table.sort.apply's arguments as Excel does; sorting on colours or icons is refused. */
export function sortState(
  table: TableModel,
  fields: unknown,
  matchCase: unknown,
  method: unknown,
  errorLocation: string,
): TableSortState {
  if (!Array.isArray(fields) || fields.length === 0) {
    throw officeError("InvalidArgument", "Sort fields are a non-empty array.", errorLocation);
  }
  const models = fields.map((field: unknown): SortFieldModel => {
    const f = (field ?? {}) as Record<string, unknown>;
    const key = f.key;
    if (typeof key !== "number" || !Number.isInteger(key) || key < 0) {
      throw officeError("InvalidArgument", "A sort field's key is a column index.", errorLocation);
    }
    if (key >= table.columns.length) {
      throw officeError("InvalidArgument", `Column ${key} is outside the table.`, errorLocation);
    }
    if (f.sortOn !== undefined && f.sortOn !== "Value") {
      throw officeError(
        "InvalidArgument",
        "The Excel emulator sorts on cell values only.",
        errorLocation,
      );
    }
    return {
      key,
      ascending: f.ascending !== false,
      ...(typeof f.sortOn === "string" ? { sortOn: f.sortOn } : {}),
      ...(typeof f.dataOption === "string" ? { dataOption: f.dataOption } : {}),
    };
  });
  return {
    fields: models,
    matchCase: matchCase === true,
    method: typeof method === "string" ? method : "PinYin",
  };
}

/** Excel's default order of value kinds: numbers, text, logical, errors; blanks apart. */
function kindRank(value: CellScalar): number {
  if (typeof value === "number") return 0;
  if (typeof value === "string") return 1;
  if (typeof value === "boolean") return 2;
  return 3;
}

function isBlank(cell: Cell | undefined): boolean {
  return !cell || (cell.formula === null && cell.value === "");
}

function compareKeys(a: CellScalar, b: CellScalar, collator: Intl.Collator): number {
  const rank = kindRank(a) - kindRank(b);
  if (rank !== 0) return rank;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string") return collator.compare(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return 0; // all errors are equal
}

/**
 * Sorts the table's data rows by the state's fields. Each row moves whole, with its values,
 * formulas (relative references adjusted as when cells are copied, so [@Col] and same-row
 * references still mean the row) and formats. An AutoFilter's criteria are applied again.
 */
export function sortTable(
  wb: FakeWorkbook,
  table: TableModel,
  state: TableSortState,
  errorLocation: string,
): void {
  checkUnprotected(table.sheet, errorLocation);
  const sheet = table.sheet;
  const data = table.dataArea;
  const width = table.columns.length;
  const rows: (Cell | undefined)[][] = [];
  for (let r = data.row; r <= lastRow(data); r++) {
    rows.push(Array.from({ length: width }, (_v, c) => sheet.getCell(r, data.column + c)));
  }
  const collator = new Intl.Collator("en", {
    sensitivity: state.matchCase ? "variant" : "accent",
    caseFirst: "lower",
    numeric: false,
  });
  const order = rows.map((_row, index) => index);
  order.sort((x, y) => {
    for (const field of state.fields) {
      const a = rows[x]?.[field.key];
      const b = rows[y]?.[field.key];
      const blankA = isBlank(a);
      const blankB = isBlank(b);
      if (blankA || blankB) {
        if (blankA !== blankB) return blankA ? 1 : -1; // blanks last in both directions
        continue;
      }
      const c = compareKeys((a as Cell).value, (b as Cell).value, collator);
      if (c !== 0) return field.ascending ? c : -c;
    }
    return x - y;
  });
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < width; c++) sheet.putCell(data.row + r, data.column + c, undefined);
  }
  order.forEach((from, to) => {
    (rows[from] ?? []).forEach((cell, c) => {
      if (!cell) return;
      const column = data.column + c;
      if (cell.formula !== null && from !== to) {
        cell.formula = movedFormula(cell.formula, data.row + from, data.row + to, column);
        cell.calculatedIn = 0;
      }
      sheet.putCell(data.row + to, column, cell);
    });
  });
  wb.dirty = true;
  if (table.isFiltered) applyTableFilter(table);
}

/** A formula moved from one row to another, its relative references following it. */
function movedFormula(formula: string, from: number, to: number, column: number): string {
  try {
    return formulaFromR1C1(formulaToR1C1(formula, { row: from, column }), { row: to, column });
  } catch (error) {
    if (error instanceof FormulaSyntaxError) return formula;
    throw error;
  }
}
