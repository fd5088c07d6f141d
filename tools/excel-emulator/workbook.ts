// The in-memory workbook: sheets, tables and settings, formula recalculation, and the formula
// rewriting Excel does when a sheet or table is renamed or deleted.
import { parseAddress, quoteSheetName } from "./addresses";
import type { Area } from "./addresses";
import { CellError } from "./cellValues";
import type { CellScalar } from "./cellValues";
import { officeError } from "./errors";
import { Evaluator, REF_ERROR } from "./formulas/evaluate";
import type { FormulaEnvironment, RangeValue, ScalarValue } from "./formulas/evaluate";
import { dateSerial } from "./formulas/functions";
import { parseFormula } from "./formulas/parser";
import type { FormulaNode } from "./formulas/parser";
import { absoluteReference, rewriteFormula } from "./formulas/rewrite";
import type { RewritableToken } from "./formulas/rewrite";
import { formatStructured } from "./formulas/structured";
import type { StructuredSpec } from "./formulas/structured";
import { FormulaSyntaxError } from "./formulas/syntaxError";
import type { DefinedNameModel } from "./names";
import { SettingsStore } from "./settings";
import type { CustomFunctionCalls } from "./customFunctionCalls";
import type { PivotTableModel } from "./pivotTables";
import { SheetModel } from "./sheet";
import { sheetNameProblem } from "./sheetNames";
import { removeSpill, spillFrom } from "./spills";
import type { Cell } from "./sheet";
import { TableModel, headerNames, headerTexts, writeHeaderCells } from "./tables";
import { renamedColumnSpec, structuredAreaOf } from "./structuredAreas";

export class FakeWorkbook implements FormulaEnvironment {
  readonly sheets: SheetModel[] = [];
  readonly tables: TableModel[] = [];
  /** PivotTables, as the cells they occupy (pivotTables.ts). */
  readonly pivotTables: PivotTableModel[] = [];
  /** Workbook-scoped defined names (see names.ts). */
  readonly names: DefinedNameModel[] = [];
  settings = new SettingsStore();
  private active: SheetModel;
  /**
   * The name of a chart sheet the user made the active sheet, or undefined when a worksheet is
   * active. Chart sheets are not modelled otherwise: they are not worksheets, so
   * getActiveWorksheet() fails while one is active (see FakeWorksheetCollection).
   */
  activeChartSheet: string | undefined;
  selection: { sheet: SheetModel; area: Area } | undefined;
  /** True when formulas need recalculating. */
  dirty = false;
  private pass = 1;
  private readonly computing = new Set<Cell>();
  private sheetIds = 0;
  private tableIds = 0;
  private pivotIds = 0;
  /** A new table takes the lowest id no table holds (see ReopenOptions in serialization.ts). */
  reuseFreedTableIds = false;
  /**
   * A name given a structured reference keeps the A1 address it stands for (office-js#740; see
   * FakeExcelHostOptions.structuredNamesAsAddresses).
   */
  structuredNamesAsAddresses = false;
  /** The add-in's custom functions, where the host has them (customFunctionCalls.ts). */
  customFunctionCalls: CustomFunctionCalls | undefined;
  /** The clock TODAY() reads; the host sets it so tests can fix the date. */
  clock: () => Date = () => new Date();

  constructor(sheetNames: readonly string[] = ["Sheet1"]) {
    for (const name of sheetNames.length > 0 ? sheetNames : ["Sheet1"]) this.addSheet(name);
    this.active = this.sheets[0] as SheetModel;
  }

  /** The active worksheet (the last one active while a chart sheet is). */
  get activeSheet(): SheetModel {
    return this.active;
  }
  /** Activating a worksheet leaves any chart sheet. */
  set activeSheet(sheet: SheetModel) {
    this.active = sheet;
    this.activeChartSheet = undefined;
  }

  // ---- sheets ----

  sheetNamed(name: string): SheetModel | undefined {
    const upper = name.toUpperCase();
    return this.sheets.find((s) => s.name.toUpperCase() === upper);
  }

  sheetById(id: string): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  addSheet(name?: string, errorLocation = "WorksheetCollection.add", id?: string): SheetModel {
    const finalName = name ?? this.nextSheetName();
    const problem = sheetNameProblem(finalName);
    if (problem) throw officeError("InvalidArgument", problem, errorLocation);
    if (this.sheetNamed(finalName)) {
      throw officeError("ItemAlreadyExists", `A sheet named "${finalName}" exists.`, errorLocation);
    }
    let sheetId = id;
    while (sheetId === undefined || (id === undefined && this.sheetById(sheetId))) {
      this.sheetIds += 1;
      sheetId = `{${String(this.sheetIds).padStart(8, "0")}-0001-0000-0000-000000000000}`;
    }
    const sheet = new SheetModel(sheetId, finalName);
    this.sheets.push(sheet);
    return sheet;
  }

  /**
   * Gives every sheet a new id, as Excel may when it opens a file (Microsoft staff said
   * Worksheet.id can change between sessions): ids of a series no sheet had before, and the
   * numbering of new sheets starts again, so a sheet added later may get an id that another
   * sheet had when the file was saved.
   */
  renumberSheets(): void {
    const series = this.sheets.map((sheet) => Number(/^\{\d{8}-(\d{4})-/.exec(sheet.id)?.[1] ?? 1));
    const next = String(Math.max(1, ...series) + 1).padStart(4, "0");
    this.sheets.forEach((sheet, index) => {
      sheet.id = `{${String(index + 1).padStart(8, "0")}-${next}-0000-0000-000000000000}`;
    });
    this.sheetIds = 0;
  }

  private nextSheetName(): string {
    let n = this.sheets.length + 1;
    while (this.sheetNamed(`Sheet${n}`)) n++;
    return `Sheet${n}`;
  }

  renameSheet(sheet: SheetModel, name: string, errorLocation = "Worksheet.name"): void {
    if (sheet.name === name) return;
    const problem = sheetNameProblem(name);
    if (problem) throw officeError("InvalidArgument", problem, errorLocation);
    const other = this.sheetNamed(name);
    if (other && other !== sheet) {
      throw officeError("ItemAlreadyExists", `A sheet named "${name}" exists.`, errorLocation);
    }
    const oldName = sheet.name;
    sheet.name = name;
    this.rewriteFormulas((token) =>
      token.kind === "reference" && token.sheet?.toUpperCase() === oldName.toUpperCase()
        ? renameSheetInReference(token, name)
        : undefined,
    );
  }

  deleteSheet(sheet: SheetModel, errorLocation = "Worksheet.delete"): void {
    if (this.sheets.length === 1) {
      throw officeError(
        "InvalidOperation",
        "A workbook must contain at least one sheet.",
        errorLocation,
      );
    }
    for (const table of this.tables.filter((t) => t.sheet === sheet))
      this.removeTable(table, "ref");
    for (const pivot of this.pivotTables.filter((p) => p.sheet === sheet)) {
      pivot.deleted = true;
      this.pivotTables.splice(this.pivotTables.indexOf(pivot), 1);
    }
    const index = this.sheets.indexOf(sheet);
    this.sheets.splice(index, 1);
    sheet.deleted = true;
    const upper = sheet.name.toUpperCase();
    this.rewriteFormulas((token) =>
      token.kind === "reference" && token.sheet?.toUpperCase() === upper
        ? `#REF!${token.text}`
        : undefined,
    );
    if (this.activeSheet === sheet) {
      this.activeSheet = this.sheets[Math.min(index, this.sheets.length - 1)] as SheetModel;
    }
    if (this.selection?.sheet === sheet) this.selection = undefined;
  }

  // ---- tables ----

  tableNamed(name: string): TableModel | undefined {
    const upper = name.toUpperCase();
    return this.tables.find((t) => t.name.toUpperCase() === upper);
  }

  /** "Table1", "Table2", ...: the first that no table and no defined name uses. */
  nextTableName(): string {
    let n = 1;
    while (this.nameUser(`Table${n}`)) n++;
    return `Table${n}`;
  }

  /** Registers a PivotTable over `area` (its cells already hold what it shows); `id` from a file. */
  addPivotTable(name: string, sheet: SheetModel, area: Area, id?: string): PivotTableModel {
    this.pivotIds = Math.max(this.pivotIds + 1, Number(id ?? 0));
    const pivot = { id: id ?? String(this.pivotIds), name, sheet, area, deleted: false };
    this.pivotTables.push(pivot);
    return pivot;
  }

  // ---- defined names ----

  definedNamed(name: string): DefinedNameModel | undefined {
    const upper = name.toUpperCase();
    return this.names.find((n) => n.name.toUpperCase() === upper);
  }

  /** What uses `name` in the namespace tables and defined names share (ignoring case). */
  nameUser(name: string): "table" | "defined name" | undefined {
    if (this.tableNamed(name)) return "table";
    return this.definedNamed(name) ? "defined name" : undefined;
  }

  definedName(name: string): FormulaNode | undefined {
    const defined = this.definedNamed(name);
    return defined && parseFormula(defined.formula);
  }

  /**
   * `id`: the table's id as a saved file holds it (ids stay when a workbook is reopened, as
   * Table.id does in Excel); a new table takes the next id after the highest held so far, or
   * with {@link reuseFreedTableIds} the lowest id no table holds (a deleted table's).
   */
  createTable(
    name: string,
    sheet: SheetModel,
    area: Area,
    columnNames: string[],
    id?: number,
  ): TableModel {
    let tableId = id;
    if (tableId === undefined && this.reuseFreedTableIds) {
      const held = new Set(this.tables.map((table) => table.id));
      tableId = 1;
      while (held.has(tableId)) tableId += 1;
    }
    this.tableIds = tableId === undefined ? this.tableIds + 1 : Math.max(this.tableIds, tableId);
    const columns = columnNames.map((columnName, index) => ({ id: index + 1, name: columnName }));
    const table = new TableModel(tableId ?? this.tableIds, name, sheet, area, columns);
    this.tables.push(table);
    this.dirty = true;
    return table;
  }

  /**
   * Removes a table from the workbook. Formulas that refer to it become #REF! ("ref", when the
   * table is deleted) or absolute A1 references ("convert", when it becomes a plain range).
   */
  removeTable(table: TableModel, formulas: "ref" | "convert"): void {
    const index = this.tables.indexOf(table);
    if (index >= 0) this.tables.splice(index, 1);
    table.deleted = true;
    const upper = table.name.toUpperCase();
    this.rewriteFormulas((token, formulaSheet, here) => {
      const name =
        token.kind === "structured" ? token.table : token.kind === "name" ? token.name : undefined;
      const ofTable =
        name === "" ? isInside(table, formulaSheet, here) : name?.toUpperCase() === upper;
      if (!ofTable) return undefined;
      if (formulas === "ref") return "#REF!";
      const spec: StructuredSpec = token.kind === "structured" ? token.spec : { items: [] };
      const area = structuredAreaOf(table, spec, here());
      if (area instanceof CellError) return area.code;
      return absoluteReference(area, table.sheet === formulaSheet ? undefined : table.sheet.name);
    });
    this.dirty = true;
  }

  renameTable(table: TableModel, name: string): void {
    const oldUpper = table.name.toUpperCase();
    table.name = name;
    this.rewriteFormulas((token) => {
      if (token.kind === "structured" && token.table.toUpperCase() === oldUpper) {
        return formatStructured(name, token.spec);
      }
      if (token.kind === "name" && token.name.toUpperCase() === oldUpper) return name;
      return undefined;
    });
  }

  /**
   * Rewrites structured references to a renamed (or removed: newName undefined) column: those
   * that name the table, and "[Column]" references inside it (also in a hidden total row).
   */
  renameTableColumn(table: TableModel, oldName: string, newName: string | undefined): void {
    const tableUpper = table.name.toUpperCase();
    const rename = (token: RewritableToken, inside: () => boolean): string | undefined => {
      if (token.kind !== "structured") return undefined;
      const unqualified = token.table === "";
      if (unqualified ? !inside() : token.table.toUpperCase() !== tableUpper) return undefined;
      const spec = renamedColumnSpec(token.spec, oldName, newName);
      if (spec === undefined) return undefined;
      if (spec === null) return "#REF!";
      return formatStructured(unqualified ? "" : table.name, spec);
    };
    this.rewriteFormulas((token, formulaSheet, here) =>
      rename(token, () => isInside(table, formulaSheet, here)),
    );
    for (const column of table.columns) {
      const total = column.hiddenTotal;
      if (total?.formula) {
        const formula = rewriteFormula(total.formula, (token) => rename(token, () => true));
        column.hiddenTotal = { ...total, formula };
      }
    }
    this.dirty = true;
  }

  /**
   * Keeps a table's column names and its header cells in step after the header cells changed:
   * header cells hold text, blanks become "ColumnN", duplicates get a number appended.
   */
  normalizeHeaders(table: TableModel): void {
    const header = table.headerArea;
    if (!header) return;
    const names = headerNames(headerTexts(table.sheet, header));
    names.forEach((name, index) => {
      const column = table.columns[index];
      if (column && column.name !== name) {
        const oldName = column.name;
        column.name = name;
        this.renameTableColumn(table, oldName, name);
      }
    });
    writeHeaderCells(table.sheet, table);
  }

  // ---- formulas ----

  /**
   * Recalculates every formula in the workbook; `full` (a full calculation) also calls custom
   * functions again, whose answers are otherwise kept while their arguments stay the same.
   */
  recalculate(full = false): void {
    if (full) this.customFunctionCalls?.forgetAll();
    this.pass += 1;
    for (const sheet of this.sheets) {
      for (const cell of [...sheet.formulaCells]) this.compute(sheet, cell);
    }
    this.dirty = false;
  }

  /**
   * Recalculates the formulas of one sheet (Worksheet.calculate): the cells of other sheets are
   * computed only where this sheet's formulas refer to them.
   */
  recalculateSheet(sheet: SheetModel, full = false): void {
    if (full) for (const cell of sheet.formulaCells) this.customFunctionCalls?.forget(cell);
    this.pass += 1;
    for (const cell of [...sheet.formulaCells]) this.compute(sheet, cell);
  }

  private compute(sheet: SheetModel, cell: Cell): CellScalar {
    if (cell.formula === null || cell.calculatedIn === this.pass) return cell.value;
    if (this.computing.has(cell)) return 0; // a circular reference: Excel shows 0
    this.computing.add(cell);
    removeSpill(sheet, cell);
    cell.valueFormat = undefined;
    // Never calculated since its formula was written: entered anew, its custom functions are called again.
    if (cell.calculatedIn === 0) this.customFunctionCalls?.forget(cell);
    try {
      const evaluator = new Evaluator(this, sheet, () => sheet.positionOf(cell), cell);
      const result = evaluator.cellResults(parseFormula(cell.formula));
      cell.value = Array.isArray(result)
        ? spillFrom(sheet, cell, result, this, this.customFunctionCalls?.formatsOf(cell))
        : result;
    } catch (error) {
      if (!(error instanceof FormulaSyntaxError)) throw error;
      cell.value = CellError.of("#NAME?");
    } finally {
      this.computing.delete(cell);
    }
    cell.calculatedIn = this.pass;
    return cell.value;
  }

  cellValue(sheet: SheetModel, row: number, column: number): ScalarValue {
    let cell = sheet.getCell(row, column);
    if (cell?.spilledFrom) {
      // A spilled value is its formula's: that formula is calculated first.
      this.compute(sheet, cell.spilledFrom);
      cell = sheet.getCell(row, column);
    }
    if (!cell) return null;
    const value = cell.formula === null ? cell.value : this.compute(sheet, cell);
    return value === "" && cell.formula === null ? null : value;
  }

  forEachValue(
    sheet: SheetModel,
    area: Area,
    visit: (value: CellScalar) => void,
    options: { readonly skipSubtotals?: boolean } = {},
  ): void {
    sheet.forEachCellIn(area, (_r, _c, cell) => {
      if (options.skipSubtotals && cell.formula !== null && SUBTOTAL_CALL.test(cell.formula)) {
        return;
      }
      const value = cell.formula === null ? cell.value : this.compute(sheet, cell);
      if (value !== "" || cell.formula !== null) visit(value);
    });
  }

  customFunction(
    name: string,
    args: readonly FormulaNode[],
    ev: Evaluator,
    cell: object,
  ): CellScalar | CellScalar[][] | undefined {
    return this.customFunctionCalls?.evaluate(name, args, ev, cell);
  }

  today(): number {
    return dateSerial(this.clock());
  }

  hasTable(name: string): boolean {
    return this.tableNamed(name) !== undefined;
  }

  tableNameAt(sheet: SheetModel, row: number, column: number): string | undefined {
    return this.tables.find((t) => t.contains(sheet, row, column))?.name;
  }

  structuredArea(
    tableName: string,
    spec: StructuredSpec,
    here?: { row: number; column: number },
  ): RangeValue | CellError {
    const table = this.tableNamed(tableName);
    if (!table) return REF_ERROR;
    const area = structuredAreaOf(table, spec, here);
    return area instanceof CellError ? area : { kind: "range", sheet: table.sheet, area };
  }

  /**
   * Applies `rewrite` to the references of every formula; changed formulas are recalculated.
   * `here` finds the formula's cell, for "[Column]" references (they mean the table there).
   */
  rewriteFormulas(
    rewrite: (
      token: RewritableToken,
      /** The formula's sheet; undefined for a defined name's formula. */
      formulaSheet: SheetModel | undefined,
      here: () => Position | undefined,
    ) => string | undefined,
  ): void {
    for (const defined of this.names) {
      const rewritten = rewriteFormula(defined.formula, (token) =>
        rewrite(token, undefined, () => undefined),
      );
      if (rewritten !== defined.formula) {
        defined.formula = rewritten;
        this.dirty = true;
      }
    }
    for (const sheet of this.sheets) {
      for (const cell of sheet.formulaCells) {
        const formula = cell.formula as string;
        const here = () => sheet.positionOf(cell);
        const rewritten = rewriteFormula(formula, (token) => rewrite(token, sheet, here));
        if (rewritten !== formula) {
          cell.formula = rewritten;
          cell.calculatedIn = 0;
          this.dirty = true;
        }
      }
    }
  }

  /** Resolves "Sheet1!A1:B2" (or a local address on `defaultSheet`) for test helpers. */
  resolveAddress(
    address: string,
    defaultSheet: SheetModel,
  ): { sheet: SheetModel; area: Area } | undefined {
    const parsed = parseAddress(address);
    if (!parsed) return undefined;
    const sheet = parsed.sheet === undefined ? defaultSheet : this.sheetNamed(parsed.sheet);
    return sheet && { sheet, area: parsed.area };
  }
}

/** Cells whose formulas call SUBTOTAL: SUBTOTAL leaves them out of its ranges. */
const SUBTOTAL_CALL = /\bSUBTOTAL\s*\(/i;

type Position = { row: number; column: number };

/** True when the formula's cell (found by `here`) is inside the table. */
function isInside(
  table: TableModel,
  formulaSheet: SheetModel | undefined,
  here: () => Position | undefined,
): boolean {
  const at = formulaSheet && here();
  return at !== undefined && table.contains(formulaSheet as SheetModel, at.row, at.column);
}

function renameSheetInReference(
  token: Extract<RewritableToken, { kind: "reference" }>,
  name: string,
) {
  return `${quoteSheetName(name)}!${token.text}`;
}
