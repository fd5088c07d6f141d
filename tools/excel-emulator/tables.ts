// Excel tables in the workbook model: their ranges, column names, and Excel's rules for table
// names, header cells and resizing.
import { areasOverlap, lastColumn, lastRow } from "./addresses";
import type { Area } from "./addresses";
import type { CellScalar } from "./cellValues";
import { officeError } from "./errors";
import { formatCellText } from "./numberFormat";
import type { SheetModel } from "./sheet";
import type { TableSortState } from "./tableSort";

export const DEFAULT_TABLE_STYLE = "TableStyleMedium2";

/** What a column's cell of the total row holds: a label ("Total") or a formula, and a format. */
export interface TotalCellModel {
  readonly value: CellScalar;
  readonly formula: string | null;
  readonly numberFormat: string;
}

/**
 * One column's AutoFilter criterion, as Excel.FilterCriteria gives it: "Values" (the cells whose
 * displayed text is one of `values`) or "Custom" (criterion1, and criterion2 with operator
 * "And"/"Or"; each "=x", "<>x", ">n", ">=n", "<n", "<=n" or a plain value meaning "=").
 */
export interface FilterCriterionModel {
  readonly filterOn: "Values" | "Custom";
  readonly values?: readonly string[];
  readonly criterion1?: string;
  readonly criterion2?: string;
  readonly operator?: "And" | "Or";
}

export interface TableColumnModel {
  readonly id: number;
  name: string;
  /**
   * The column's total while the total row is hidden: Excel keeps each column's total function
   * or label, so showing the row again brings them back.
   */
  hiddenTotal?: TotalCellModel;
  /**
   * Set while the column is a calculated column: its formula in R1C1 notation (the same for
   * every row), which rows the table gains get (calculatedColumns.ts).
   */
  calculatedFormula?: string;
}

export class TableModel {
  showHeaders = true;
  showTotals = false;
  style = DEFAULT_TABLE_STYLE;
  deleted = false;
  /** The AutoFilter's criteria by column (Table.autoFilter.apply); none: not filtered. */
  readonly filters = new Map<TableColumnModel, FilterCriterionModel>();
  /** The sheet rows the AutoFilter hides now (they are also in the sheet's hidden rows). */
  readonly filterHidden = new Set<number>();
  /** The last Table.sort.apply, which reapply() sorts by again; cleared by clear(). */
  sort: TableSortState | undefined;

  constructor(
    readonly id: number,
    public name: string,
    public sheet: SheetModel,
    /** The whole table: header row (when shown), data body and total row (when shown). */
    public area: Area,
    readonly columns: TableColumnModel[],
  ) {}

  get headerArea(): Area | undefined {
    if (!this.showHeaders) return undefined;
    return { ...this.area, rowCount: 1 };
  }

  /** The total row, directly under the data body, or undefined when it is hidden. */
  get totalsArea(): Area | undefined {
    if (!this.showTotals) return undefined;
    return { ...this.area, row: lastRow(this.area), rowCount: 1 };
  }

  get dataArea(): Area {
    const top = this.showHeaders ? 1 : 0;
    const bottom = this.showTotals ? 1 : 0;
    return { ...this.area, row: this.area.row + top, rowCount: this.area.rowCount - top - bottom };
  }

  /** True when the cell is inside the table's range. */
  contains(sheet: SheetModel, row: number, column: number): boolean {
    const a = this.area;
    return (
      sheet === this.sheet &&
      row >= a.row &&
      row <= lastRow(a) &&
      column >= a.column &&
      column <= lastColumn(a)
    );
  }

  /** AutoFilter.isDataFiltered: some column has a criterion. */
  get isFiltered(): boolean {
    return this.filters.size > 0;
  }

  columnIndex(name: string): number {
    const upper = name.toUpperCase();
    return this.columns.findIndex((c) => c.name.toUpperCase() === upper);
  }
}

/**
 * Excel's rules for a table name or a defined name (the same rules: the two share one
 * namespace); returns what is wrong, or undefined when it is valid.
 */
export function tableNameProblem(name: unknown, noun = "table name"): string | undefined {
  if (typeof name !== "string" || name === "") return `A ${noun} cannot be empty.`;
  if (name.length > 255) return `A ${noun} has at most 255 characters.`;
  if (!/^[A-Za-z_\\\u00C0-\uFFFF][A-Za-z0-9_.\\\u00C0-\uFFFF]*$/.test(name)) {
    return `"${name}" is not a valid ${noun}: start with a letter or underscore, and use only letters, digits, periods and underscores.`;
  }
  if (/^[A-Za-z]{1,3}\d+$/.test(name) || /^[RrCc]$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name)) {
    return `"${name}" looks like a cell reference and cannot be a ${noun}.`;
  }
  if (/^(TRUE|FALSE)$/i.test(name)) return `"${name}" is reserved.`;
  return undefined;
}

/**
 * Column names from header cell texts, as Excel derives them: blank headers become "ColumnN"
 * (N its position), and a repeated name gets the next free number appended ("Amount2").
 */
export function headerNames(texts: readonly string[]): string[] {
  const used = new Set<string>();
  return texts.map((text, index) => {
    const base = text.trim() === "" ? `Column${index + 1}` : text;
    let name = base;
    let n = 2;
    while (used.has(name.toUpperCase())) name = `${base}${n++}`;
    used.add(name.toUpperCase());
    return name;
  });
}

/** The text of each header cell of an area's first row. */
export function headerTexts(sheet: SheetModel, area: Area): string[] {
  const texts: string[] = [];
  for (let c = area.column; c <= lastColumn(area); c++) {
    const cell = sheet.getCell(area.row, c);
    texts.push(cell ? formatCellText(cell.value, cell.numberFormat) : "");
  }
  return texts;
}

/** Writes column names into the header cells as text. */
export function writeHeaderCells(sheet: SheetModel, table: TableModel): void {
  const header = table.headerArea;
  if (!header) return;
  table.columns.forEach((column, index) => {
    const cell = sheet.ensureCell(header.row, header.column + index);
    cell.value = column.name;
    cell.formula = null;
    sheet.tidy(header.row, header.column + index);
  });
}

/** Refuses an area that would overlap another table on the same sheet. */
export function checkNoOverlap(
  tables: readonly TableModel[],
  sheet: SheetModel,
  area: Area,
  except: TableModel | undefined,
  errorLocation: string,
): void {
  for (const other of tables) {
    if (other === except || other.sheet !== sheet) continue;
    if (areasOverlap(other.area, area)) {
      throw officeError(
        "InvalidArgument",
        `A table cannot overlap another table (${other.name}).`,
        errorLocation,
      );
    }
  }
}

/**
 * Excel's resize rule: the headers stay in the same row, the new range overlaps the old one, and
 * at least one data row remains (between the header row and the total row, when shown).
 */
export function checkResize(table: TableModel, area: Area, errorLocation: string): void {
  if (area.row !== table.area.row) {
    throw officeError(
      "InvalidArgument",
      "The header row must stay in the same row.",
      errorLocation,
    );
  }
  if (!areasOverlap(area, table.area)) {
    throw officeError(
      "InvalidArgument",
      "The new range must overlap the table's current range.",
      errorLocation,
    );
  }
  if (area.rowCount < 1 + (table.showHeaders ? 1 : 0) + (table.showTotals ? 1 : 0)) {
    throw officeError("InvalidArgument", "A table needs at least one data row.", errorLocation);
  }
}

/** The table whose area contains the cell, if any. */
export function tableAt(
  tables: readonly TableModel[],
  sheet: SheetModel,
  row: number,
  column: number,
): TableModel | undefined {
  return tables.find((t) => t.contains(sheet, row, column));
}

const BUILT_IN_STYLE =
  /^TableStyle(Light([1-9]|1\d|2[01])|Medium([1-9]|1\d|2[0-8])|Dark([1-9]|1[01]))$/;

/** True for the built-in table style names Excel accepts. */
export function isTableStyle(style: unknown): boolean {
  return typeof style === "string" && (style === "" || BUILT_IN_STYLE.test(style));
}
