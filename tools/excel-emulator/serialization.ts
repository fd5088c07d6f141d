// The workbook as a file: cells, formats, tables, defined names and settings in JSON, so tests
// can save, close and reopen a workbook (serialize -> FakeExcelHost.fromSerialized).
import type { Area } from "./addresses";
import { CellError, errorFromText } from "./cellValues";
import type { CellScalar } from "./cellValues";
import { SettingsStore } from "./settings";
import type { SheetModel, SheetVisibility } from "./sheet";
import { calculatedFormulaOf } from "./calculatedColumns";
import type { FilterCriterionModel } from "./tables";
import type { TableSortState } from "./tableSort";
import { FakeWorkbook } from "./workbook";

const FORMAT_VERSION = 1;

type SavedValue = string | number | boolean | { error: string };

/** [row, column, value, formula, numberFormat, bold, fontColor, fillColor] */
type SavedCell = [
  number,
  number,
  SavedValue,
  string | null,
  string,
  boolean,
  string | null,
  string | null,
];

interface SavedSheet {
  id: string;
  name: string;
  frozenRows: number;
  frozenColumns: number;
  columnFormats: [number, string][];
  rowFormats: [number, string][];
  columnWidths: [number, number][];
  /** Absent in workbooks saved before hidden rows and columns were kept. */
  hiddenRows?: number[];
  hiddenColumns?: number[];
  visibility?: SheetVisibility;
  /** The password ("" for none) of a protected sheet. */
  protection?: { password: string };
  merged?: Area[];
  cells: SavedCell[];
}

interface SavedTotal {
  value: SavedValue;
  formula: string | null;
  numberFormat: string;
}

interface SavedTable {
  /** Table.id; absent in files saved before ids were kept (the table then gets a new one). */
  id?: number;
  name: string;
  sheet: string;
  /** The whole table: header row, data body and total row (when shown). */
  area: Area;
  /** hiddenTotal: a column's total while the total row is hidden. */
  columns: { id: number; name: string; hiddenTotal?: SavedTotal; calculatedFormula?: string }[];
  showHeaders: boolean;
  /** Absent in files saved before total rows were modelled. */
  showTotals?: boolean;
  style: string;
  /** AutoFilter criteria by column index, and the rows they hide. */
  filters?: [number, FilterCriterionModel][];
  filterHidden?: number[];
  /** Table.sort's fields and options, for reapply(). */
  sort?: TableSortState;
}

interface SavedName {
  name: string;
  formula: string;
  comment: string;
  visible: boolean;
}

interface SavedWorkbook {
  version: number;
  activeSheet: string;
  sheets: SavedSheet[];
  tables: SavedTable[];
  /** Absent in files saved before defined names were modelled. */
  names?: SavedName[];
  /** PivotTables as the cells they occupy; absent when there are none. */
  pivotTables?: { id: string; name: string; sheet: string; area: Area; filterArea?: Area }[];
  settings: Record<string, string>;
}

function saveValue(value: CellScalar): SavedValue {
  return value instanceof CellError ? { error: value.code } : value;
}

function loadValue(value: SavedValue): CellScalar {
  if (typeof value === "object") return errorFromText(value.error) ?? CellError.of("#VALUE!");
  return value;
}

function saveSheet(sheet: SheetModel): SavedSheet {
  const cells: SavedCell[] = [];
  sheet.forEachCell((r, c, cell) => {
    // A spilled value is not content: the formula spills it again when the file is opened.
    if (cell.spilledFrom) {
      const plain =
        cell.numberFormat === sheet.defaultFormat(r, c) &&
        !cell.bold &&
        cell.fontColor === null &&
        cell.fillColor === null;
      if (plain) return;
      cells.push([r, c, "", null, cell.numberFormat, cell.bold, cell.fontColor, cell.fillColor]);
      return;
    }
    cells.push([
      r,
      c,
      saveValue(cell.value),
      cell.formula,
      cell.numberFormat,
      cell.bold,
      cell.fontColor,
      cell.fillColor,
    ]);
  });
  cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    id: sheet.id,
    name: sheet.name,
    frozenRows: sheet.frozenRows,
    frozenColumns: sheet.frozenColumns,
    columnFormats: [...sheet.columnFormats],
    rowFormats: [...sheet.rowFormats],
    columnWidths: [...sheet.columnWidths],
    hiddenRows: [...sheet.hiddenRows],
    hiddenColumns: [...sheet.hiddenColumns],
    ...(sheet.visibility === "Visible" ? {} : { visibility: sheet.visibility }),
    ...(sheet.protection ? { protection: { ...sheet.protection } } : {}),
    ...(sheet.merged.length > 0 ? { merged: sheet.merged.map((area) => ({ ...area })) } : {}),
    cells,
  };
}

export function serializeWorkbook(workbook: FakeWorkbook): string {
  const saved: SavedWorkbook = {
    version: FORMAT_VERSION,
    activeSheet: workbook.activeSheet.name,
    sheets: workbook.sheets.map(saveSheet),
    tables: workbook.tables.map((t) => ({
      id: t.id,
      name: t.name,
      sheet: t.sheet.name,
      area: t.area,
      columns: t.columns.map((c) => {
        const calculatedFormula = calculatedFormulaOf(t, c);
        return {
          id: c.id,
          name: c.name,
          ...(c.hiddenTotal
            ? { hiddenTotal: { ...c.hiddenTotal, value: saveValue(c.hiddenTotal.value) } }
            : {}),
          ...(calculatedFormula === undefined ? {} : { calculatedFormula }),
        };
      }),
      showHeaders: t.showHeaders,
      showTotals: t.showTotals,
      style: t.style,
      ...(t.isFiltered
        ? {
            filters: [...t.filters].map(([column, criterion]): [number, FilterCriterionModel] => [
              t.columns.indexOf(column),
              criterion,
            ]),
            filterHidden: [...t.filterHidden],
          }
        : {}),
      ...(t.sort ? { sort: t.sort } : {}),
    })),
    names: workbook.names.map(({ name, formula, comment, visible }) => ({
      name,
      formula,
      comment,
      visible,
    })),
    ...(workbook.pivotTables.length > 0
      ? {
          pivotTables: workbook.pivotTables.map(({ id, name, sheet, area, filterArea }) => ({
            id,
            name,
            sheet: sheet.name,
            area: { ...area },
            ...(filterArea ? { filterArea: { ...filterArea } } : {}),
          })),
        }
      : {}),
    settings: workbook.settings.toJSON(),
  };
  return JSON.stringify(saved);
}

/** How a saved workbook is opened: Excel's ids are not durable, so tests can make them move. */
export interface ReopenOptions {
  /** A new table takes the lowest id no table holds, such as a deleted table's. */
  readonly reuseFreedTableIds?: boolean;
  /** Every sheet gets a new Worksheet.id, as Excel may when it opens a file. */
  readonly renumberSheetIds?: boolean;
  /**
   * Every table gets a new Table.id (the ids after the highest saved). A guess: Microsoft does
   * not document whether Table.id lasts across sessions (Graph has both `id` and `legacyId`).
   */
  readonly renumberTableIds?: boolean;
}

export function deserializeWorkbook(json: string, options: ReopenOptions = {}): FakeWorkbook {
  const saved = JSON.parse(json) as SavedWorkbook;
  if (saved.version !== FORMAT_VERSION)
    throw new Error(`Unknown workbook format ${String(saved.version)}.`);
  const workbook = new FakeWorkbook([" placeholder "]);
  const placeholder = workbook.sheets[0] as SheetModel;
  for (const savedSheet of saved.sheets) {
    const sheet = workbook.addSheet(savedSheet.name, "open", savedSheet.id);
    sheet.frozenRows = savedSheet.frozenRows;
    sheet.frozenColumns = savedSheet.frozenColumns;
    for (const [c, f] of savedSheet.columnFormats) sheet.columnFormats.set(c, f);
    for (const [r, f] of savedSheet.rowFormats) sheet.rowFormats.set(r, f);
    for (const [c, w] of savedSheet.columnWidths) sheet.columnWidths.set(c, w);
    for (const r of savedSheet.hiddenRows ?? []) sheet.hiddenRows.add(r);
    for (const c of savedSheet.hiddenColumns ?? []) sheet.hiddenColumns.add(c);
    sheet.visibility = savedSheet.visibility ?? "Visible";
    if (savedSheet.protection) sheet.protection = { ...savedSheet.protection };
    sheet.merged = (savedSheet.merged ?? []).map((area) => ({ ...area }));
    for (const [
      r,
      c,
      value,
      formula,
      numberFormat,
      bold,
      fontColor,
      fillColor,
    ] of savedSheet.cells) {
      const cell = sheet.ensureCell(r, c);
      cell.value = loadValue(value);
      cell.formula = formula;
      cell.numberFormat = numberFormat;
      cell.bold = bold;
      cell.fontColor = fontColor;
      cell.fillColor = fillColor;
      sheet.tidy(r, c);
    }
  }
  workbook.deleteSheet(placeholder, "open");
  if (options.renumberSheetIds) workbook.renumberSheets();
  const highestId = Math.max(0, ...saved.tables.map((table) => table.id ?? 0));
  for (const [index, savedTable] of saved.tables.entries()) {
    const sheet = workbook.sheetNamed(savedTable.sheet) as SheetModel;
    const table = workbook.createTable(
      savedTable.name,
      sheet,
      savedTable.area,
      savedTable.columns.map((c) => c.name),
      options.renumberTableIds ? highestId + index + 1 : savedTable.id,
    );
    table.columns.splice(
      0,
      table.columns.length,
      ...savedTable.columns.map(({ id, name, hiddenTotal, calculatedFormula }) => ({
        id,
        name,
        ...(hiddenTotal
          ? { hiddenTotal: { ...hiddenTotal, value: loadValue(hiddenTotal.value) } }
          : {}),
        ...(calculatedFormula === undefined ? {} : { calculatedFormula }),
      })),
    );
    table.showHeaders = savedTable.showHeaders;
    table.showTotals = savedTable.showTotals ?? false;
    table.style = savedTable.style;
    for (const [index, criterion] of savedTable.filters ?? []) {
      const column = table.columns[index];
      if (column) table.filters.set(column, criterion);
    }
    for (const row of savedTable.filterHidden ?? []) table.filterHidden.add(row);
    if (savedTable.sort) table.sort = savedTable.sort;
  }
  for (const { name, formula, comment, visible } of saved.names ?? []) {
    workbook.names.push({ name, formula, comment, visible, deleted: false });
  }
  for (const { id, name, sheet, area, filterArea } of saved.pivotTables ?? []) {
    const pivot = workbook.addPivotTable(name, workbook.sheetNamed(sheet) as SheetModel, area, id);
    if (filterArea) pivot.filterArea = { ...filterArea };
  }
  workbook.reuseFreedTableIds = options.reuseFreedTableIds === true;
  workbook.settings = SettingsStore.fromJSON(saved.settings);
  workbook.activeSheet =
    workbook.sheetNamed(saved.activeSheet) ?? (workbook.sheets[0] as SheetModel);
  workbook.recalculate();
  return workbook;
}
