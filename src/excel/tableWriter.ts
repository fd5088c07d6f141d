// Writes an import into an Excel table, block by block: one sheet per collection, a status line
// above the table, number formats per column before the values (so text stays text), and refresh
// in place (the same table keeps its name, position and columns, so formulas that refer to it,
// such as =SUM(Invoices[Total]), keep pointing at the same data, and a total row the user
// switched on stays under the data with its own formulas).
import { CellValue, ColumnSpec, NUMBER_FORMATS } from "../sheets/cells";
import type { ExcelRun } from "./run";

/** Excel's sheet size. */
export const EXCEL_MAX_ROWS = 1_048_576;
export const EXCEL_MAX_COLUMNS = 16_384;

/** Column widths: from the first rows' values, at most 40 characters wide. */
const WIDTH_SAMPLE_ROWS = 200;
const MAX_WIDTH_CHARS = 40;
const POINTS_PER_CHAR = 6;

/** A new table's header sits on row 3: row 1 holds the import status, row 2 is a gap. */
const NEW_TABLE_HEADER_ROW = 2;

/**
 * The workbook setting (saved in the file) that lists the tables imports created, by name: only
 * those are refreshed in place. A table of the same name that the user made is never emptied.
 */
export const IMPORT_TABLES_SETTING = "ledgerSheets.importTables";

/** Excel's longest table name. */
const MAX_TABLE_NAME_LENGTH = 255;

export interface TableLayout {
  /** The sheet to create or reuse, e.g. "Invoices". */
  readonly sheetName: string;
  /** The table's name, e.g. "Invoices"; an existing table of that name is refreshed in place. */
  readonly tableName: string;
}

/** Rows to append, with the cells of non-text columns that must nevertheless be written as text. */
export interface RowBlock {
  readonly rows: readonly (readonly CellValue[])[];
  readonly textCells: readonly { readonly row: number; readonly column: number }[];
}

/**
 * Where each import column sits in the table. On refresh the table's columns keep their places:
 * an import column goes to the existing column with its header (compared ignoring case, as Excel
 * does), and a column the table lacks is appended at the right. Excel rewrites structured
 * references when a header changes and turns them into #REF! when a column leaves the table, so
 * writing headers by position, or shrinking the table, would silently re-aim the user's formulas.
 */
export class ColumnPlaces {
  /** The table column of each import column placed so far. */
  private readonly placed: number[] = [];
  /** Existing columns no import column has claimed yet, by lower-case header. */
  private readonly unclaimed = new Map<string, number>();
  private readonly existing: readonly string[];
  private tableWidth: number;

  /** `existing`: the table's header texts, left to right (none for a new table). */
  constructor(existing: readonly string[]) {
    this.existing = existing;
    this.tableWidth = existing.length;
    existing.forEach((header, index) => {
      const key = header.toLowerCase();
      if (!this.unclaimed.has(key)) this.unclaimed.set(key, index);
    });
  }

  /** The table's column count. */
  get width(): number {
    return this.tableWidth;
  }

  /** How many import columns have a place. */
  get count(): number {
    return this.placed.length;
  }

  /** The table column of import column `index`. */
  position(index: number): number {
    const position = this.placed[index];
    if (position === undefined) throw new RangeError(`Column ${index} has no place yet.`);
    return position;
  }

  /** True when import column i is table column i for every column and the table has no others. */
  get isIdentity(): boolean {
    return this.tableWidth === this.placed.length && this.placed.every((p, i) => p === i);
  }

  /**
   * Places the columns of `columns` not placed yet. Returns those appended at the right, as the
   * table column of the first and their headers (contiguous), so their header cells get written.
   */
  place(columns: readonly ColumnSpec[]): { first: number; headers: string[] } {
    const first = this.tableWidth;
    const headers: string[] = [];
    for (const column of columns.slice(this.placed.length)) {
      const key = column.header.toLowerCase();
      const existing = this.unclaimed.get(key);
      if (existing !== undefined) {
        this.unclaimed.delete(key);
        this.placed.push(existing);
      } else {
        this.placed.push(this.tableWidth);
        this.tableWidth += 1;
        headers.push(column.header);
      }
    }
    return { first, headers };
  }

  /** Headers of the table's columns that no import column has filled, left to right. */
  unfilled(): string[] {
    return [...this.unclaimed.values()]
      .sort((a, b) => a - b)
      .map((index) => this.existing[index] ?? "");
  }

  /** A row of import cells laid out as a table row: unfilled columns are empty. */
  tableRow(row: readonly CellValue[]): CellValue[] {
    if (this.isIdentity) {
      return row.length === this.tableWidth
        ? [...row]
        : [...row, ...new Array<CellValue>(this.tableWidth - row.length).fill("")];
    }
    const cells = new Array<CellValue>(this.tableWidth).fill("");
    row.forEach((value, index) => {
      cells[this.position(index)] = value;
    });
    return cells;
  }
}

/** Queues the header cells of columns appended at the table's right, as text. */
function writeAppendedHeaders(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  appended: { first: number; headers: string[] },
): void {
  if (appended.headers.length === 0) return;
  const added = sheet.getRangeByIndexes(
    headerRow,
    firstColumn + appended.first,
    1,
    appended.headers.length,
  );
  added.numberFormat = uniform("@");
  added.values = [appended.headers];
}

/** What holds the name an import wanted for its table: the user's, never touched. */
export interface NameInTheWay {
  /** The wanted name, e.g. "Invoices". */
  readonly name: string;
  /** A defined name (Formulas > Name Manager), or a table that no import created. */
  readonly usedBy: "defined name" | "table";
}

/** The table an import writes to, as {@link chooseImportTable} decides. */
export interface ImportTableChoice {
  /** The table's name: the wanted one, or the first free "Invoices_2", "Invoices_3", .... */
  readonly name: string;
  /** True when an earlier import created this table: it is refreshed in place. */
  readonly refresh: boolean;
  /** What holds the wanted name, when the choice is another one. */
  readonly inTheWay: NameInTheWay | null;
}

/** `name` with "_n" appended (n from 2), cut to Excel's table name length. */
function numberedName(name: string, n: number): string {
  if (n === 1) return name;
  const suffix = `_${n}`;
  const kept = name.slice(0, MAX_TABLE_NAME_LENGTH - suffix.length).replace(/[\uD800-\uDBFF]$/, "");
  return `${kept}${suffix}`;
}

/** n when `name` is `wanted` numbered n ("Invoices" 1, "Invoices_2" 2, ...), ignoring case. */
function numberOf(wanted: string, name: string): number | undefined {
  const n = name.toLowerCase() === wanted.toLowerCase() ? 1 : Number(/_(\d+)$/.exec(name)?.[1]);
  if (!Number.isInteger(n) || n < 1) return undefined;
  return numberedName(wanted, n).toLowerCase() === name.toLowerCase() ? n : undefined;
}

/**
 * Which table an import of `wanted` writes to. An earlier import's table of that name, or
 * numbered "Invoices_2", "Invoices_3", ... (the lowest), is refreshed in place. Otherwise the
 * first of those names that nothing uses is created. Tables and defined names share one
 * namespace in Excel (ignoring case): a defined name, or a table the user made, that holds the
 * name keeps it, and the import takes the next one rather than fail or write into theirs.
 */
export function chooseImportTable(
  wanted: string,
  workbook: {
    readonly tables: readonly string[];
    readonly definedNames: readonly string[];
    /** Tables earlier imports created (see {@link IMPORT_TABLES_SETTING}). */
    readonly ours: readonly string[];
  },
): ImportTableChoice {
  const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));
  const tables = lower(workbook.tables);
  const definedNames = lower(workbook.definedNames);
  const ours = lower(workbook.ours);
  const wantedKey = wanted.toLowerCase();
  const blocker: NameInTheWay["usedBy"] | null = definedNames.has(wantedKey)
    ? "defined name"
    : tables.has(wantedKey) && !ours.has(wantedKey)
      ? "table"
      : null;
  const inTheWay = (name: string): NameInTheWay | null =>
    blocker === null || name.toLowerCase() === wantedKey ? null : { name: wanted, usedBy: blocker };
  const earlier = workbook.ours
    .filter((name) => tables.has(name.toLowerCase()))
    .map((name) => numberOf(wanted, name))
    .filter((n): n is number => n !== undefined);
  if (earlier.length > 0) {
    const name = numberedName(wanted, Math.min(...earlier));
    return { name, refresh: true, inTheWay: inTheWay(name) };
  }
  for (let n = 1; ; n++) {
    const name = numberedName(wanted, n);
    const key = name.toLowerCase();
    if (!tables.has(key) && !definedNames.has(key)) {
      return { name, refresh: false, inTheWay: inTheWay(name) };
    }
  }
}

/** The import tables the setting lists that still exist (case as the table has it now). */
function importTablesOf(setting: Excel.Setting, tables: readonly string[]): string[] {
  if (setting.isNullObject || typeof setting.value !== "string") return [];
  let listed: unknown;
  try {
    listed = JSON.parse(setting.value);
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  const names = new Set(
    listed.filter((n): n is string => typeof n === "string").map((n) => n.toLowerCase()),
  );
  return tables.filter((table) => names.has(table.toLowerCase()));
}

/** Where the table is, as found or created by {@link TableWriter.open}. */
interface Placement {
  readonly sheetName: string;
  readonly tableName: string;
  /** Zero-based row and column of the header row's first cell. */
  readonly headerRow: number;
  readonly firstColumn: number;
  /** Zero-based row of the status cell, or null when the table sits too high for one. */
  readonly statusRow: number | null;
  /** The user had hidden the table's header row: it is hidden again when the import finishes. */
  readonly hideHeaders?: boolean;
  /**
   * The user switched the table's total row on (Table Design > Total Row). It stays directly
   * under the data: rows are inserted above it, never written over it.
   */
  readonly totalsRow: boolean;
}

/** A single value applies to every cell of a range (documented; the typings only allow arrays). */
/** The rows of each column that hold text cells. */
function textRowsByColumn(
  cells: readonly { readonly row: number; readonly column: number }[],
): Map<number, Set<number>> {
  const byColumn = new Map<number, Set<number>>();
  for (const { row, column } of cells) {
    let rows = byColumn.get(column);
    if (!rows) byColumn.set(column, (rows = new Set()));
    rows.add(row);
  }
  return byColumn;
}

function uniform<T>(value: T): T[][] {
  return value as unknown as T[][];
}

/** A sheet name Excel accepts that is not `taken` (case-insensitive): "Invoices (2)", ... */
function freeSheetName(base: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((name) => name.toLowerCase()));
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, 31 - suffix.length)}${suffix}`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * One import's table. {@link open} finds or creates it (two or three syncs); {@link queueBlock}
 * queues a block of rows without syncing, so several tables can share one request
 * ({@link writeBlocks}); {@link finish} writes the final status.
 */
export class TableWriter {
  private rowsWritten = 0;
  /** The widest text seen per import column in the first rows, in characters. */
  private readonly widths: number[] = [];
  private sampledRows = 0;

  private constructor(
    private readonly placement: Placement,
    private readonly places: ColumnPlaces,
    columns: readonly ColumnSpec[],
    private readonly sheetRows: number,
    /** Set when this import created its table under another name than it wanted. */
    readonly nameInTheWay: NameInTheWay | null,
  ) {
    this.measure([columns.map((column) => column.header)]);
  }

  /** Remembers the widest value per column among the first rows (they decide column widths). */
  private measure(rows: readonly (readonly CellValue[])[]): void {
    for (const row of rows) {
      if (this.sampledRows >= WIDTH_SAMPLE_ROWS) return;
      this.sampledRows += 1;
      row.forEach((value, column) => {
        const chars = typeof value === "number" ? 14 : String(value).length;
        this.widths[column] = Math.max(this.widths[column] ?? 0, chars);
      });
    }
  }

  /**
   * Headers of the refreshed table's columns that this import has no data for. They stay in
   * the table (a formula may refer to them), empty for the new rows.
   */
  get unfilledColumns(): string[] {
    return this.places.unfilled();
  }

  get sheetName(): string {
    return this.placement.sheetName;
  }

  get tableName(): string {
    return this.placement.tableName;
  }

  get rows(): number {
    return this.rowsWritten;
  }

  /** How many data rows fit on the sheet below the header (and above a total row). */
  get capacity(): number {
    return this.sheetRows - (this.placement.headerRow + 1) - (this.placement.totalsRow ? 1 : 0);
  }

  /** How many more data rows fit below the rows written so far. */
  get remainingRows(): number {
    return this.capacity - this.rowsWritten;
  }

  /**
   * Finds the table an earlier import created as `layout.tableName` and empties its rows
   * (refresh: its columns stay, see {@link ColumnPlaces}), or creates the sheet and the table.
   * The user's things are never written over: a sheet of that name that holds other content
   * and no such table is left alone (the import goes to a new sheet, "Invoices (2)"), and a
   * defined name or a table the user made that holds the table's name is left alone too (the
   * table is "Invoices_2", see {@link chooseImportTable}; {@link nameInTheWay} says so).
   */
  static async open(
    run: ExcelRun,
    layout: TableLayout,
    columns: readonly ColumnSpec[],
    status: string,
    /** The sheet's row count; Excel's unless a test needs a smaller sheet. */
    sheetRows = EXCEL_MAX_ROWS,
  ): Promise<TableWriter> {
    if (columns.length === 0 || columns.length > EXCEL_MAX_COLUMNS) {
      throw new Error(`A table needs 1 to ${EXCEL_MAX_COLUMNS} columns, not ${columns.length}.`);
    }
    const { placement, places, nameInTheWay } = await run(async (context) => {
      const workbook = context.workbook;
      const tables = workbook.tables;
      tables.load("items/name,items/showHeaders,items/showTotals");
      const names = workbook.names;
      names.load("items/name");
      const setting = workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
      setting.load("value");
      const sheets = workbook.worksheets;
      sheets.load("items/name");
      await context.sync();

      const tableNames = tables.items.map((table) => table.name);
      const ours = importTablesOf(setting, tableNames);
      const choice = chooseImportTable(layout.tableName, {
        tables: tableNames,
        definedNames: names.items.map((name) => name.name),
        ours,
      });
      if (choice.refresh) {
        const key = choice.name.toLowerCase();
        const table = tables.items.find((item) => item.name.toLowerCase() === key) as Excel.Table;
        return { ...(await refreshExisting(context, table, columns, status)), nameInTheWay: null };
      }
      const existing = sheets.items.find(
        (sheet) => sheet.name.toLowerCase() === layout.sheetName.toLowerCase(),
      );
      let sheetName = layout.sheetName;
      if (existing) {
        const used = existing.getUsedRangeOrNullObject(true);
        used.load("address");
        await context.sync();
        if (!used.isNullObject) {
          sheetName = freeSheetName(
            layout.sheetName,
            sheets.items.map((sheet) => sheet.name),
          );
        }
      }
      const sheet =
        existing && sheetName === layout.sheetName
          ? existing
          : context.workbook.worksheets.add(sheetName);
      const width = columns.length;
      const header = sheet.getRangeByIndexes(NEW_TABLE_HEADER_ROW, 0, 1, width);
      header.numberFormat = uniform("@");
      header.values = [columns.map((column) => column.header)];
      writeStatus(sheet, 0, status);
      const created = sheet.tables.add(
        sheet.getRangeByIndexes(NEW_TABLE_HEADER_ROW, 0, 2, width),
        true,
      );
      created.name = choice.name;
      created.style = "TableStyleMedium2";
      sheet.freezePanes.freezeRows(NEW_TABLE_HEADER_ROW + 1);
      workbook.settings.add(IMPORT_TABLES_SETTING, JSON.stringify([...ours, choice.name]));
      await context.sync();
      const places = new ColumnPlaces(columns.map((column) => column.header));
      places.place(columns);
      return {
        placement: {
          sheetName,
          tableName: choice.name,
          headerRow: NEW_TABLE_HEADER_ROW,
          firstColumn: 0,
          statusRow: 0,
          totalsRow: false,
        },
        places,
        nameInTheWay: choice.inTheWay,
      };
    });
    return new TableWriter(placement, places, columns, sheetRows, nameInTheWay);
  }

  /**
   * Queues `block` below the rows written so far: number formats per column (a single value
   * per column, so the request stays small), "@" on the listed text cells, then the values in
   * one 2-D assignment, the table resized over them and the status line updated. `columns` is
   * the current column list; columns added since the last block get their header cells. Under a
   * table with a total row, the block's rows are first inserted above the total row.
   */
  queueBlock(
    context: Excel.RequestContext,
    columns: readonly ColumnSpec[],
    block: RowBlock,
    status: string,
  ): void {
    const count = block.rows.length;
    if (count === 0) return;
    if (count > this.remainingRows) {
      throw new Error(`Only ${this.remainingRows} more rows fit on sheet ${this.sheetName}.`);
    }
    const { headerRow, firstColumn } = this.placement;
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    const places = this.places;
    writeAppendedHeaders(sheet, headerRow, firstColumn, places.place(columns));
    const width = places.width;
    const top = headerRow + 1 + this.rowsWritten;
    const textRows = textRowsByColumn(block.textCells);
    if (this.placement.totalsRow) {
      // Cells inserted at the total row become data rows above it and push it down, as Excel
      // inserts table rows; so the values below land in the table and the total row's
      // formulas (=SUBTOTAL(109,[Total])) cover them. The first block also fills the one empty
      // data row the refresh left.
      const reused = this.rowsWritten === 0 ? 1 : 0;
      if (count > reused) {
        sheet.getRangeByIndexes(top + reused, firstColumn, count - reused, width).insert("Down");
      }
    }
    columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      const texts = textRows.get(index);
      // One range per column: its format for every cell, or, where some cells hold text, a
      // format per cell ("@" on those), never a range per text cell (each costs ~470 bytes).
      sheet.getRangeByIndexes(top, firstColumn + places.position(index), count, 1).numberFormat =
        texts
          ? Array.from({ length: count }, (_, row) => [texts.has(row) ? "@" : format])
          : uniform(format);
    });
    this.measure(block.rows);
    sheet.getRangeByIndexes(top, firstColumn, count, width).values = block.rows.map((row) =>
      places.tableRow(row),
    );
    this.rowsWritten += count;
    const table = context.workbook.tables.getItem(this.placement.tableName);
    table.resize(
      sheet.getRangeByIndexes(
        headerRow,
        firstColumn,
        tableRows(this.rowsWritten, this.placement.totalsRow),
        width,
      ),
    );
    if (this.placement.statusRow !== null) {
      writeStatus(sheet, this.placement.statusRow, status, firstColumn);
    }
  }

  /** Queues the final status, sizes the columns to their contents and shows the sheet. */
  queueFinish(context: Excel.RequestContext, status: string): void {
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    if (this.placement.statusRow !== null) {
      writeStatus(sheet, this.placement.statusRow, status, this.placement.firstColumn);
    }
    // Widths from the first rows, capped: autofit would follow a 30,000-character memo (and is
    // slow over 200,000 rows).
    // Only the import's columns: a kept column the import did not fill keeps its width.
    for (let column = 0; column < this.places.count; column++) {
      const chars = Math.min(this.widths[column] ?? 8, MAX_WIDTH_CHARS);
      const position = this.placement.firstColumn + this.places.position(column);
      sheet.getRangeByIndexes(0, position, 1, 1).format.columnWidth =
        Math.max(8, chars) * POINTS_PER_CHAR + 8;
    }
    if (this.placement.hideHeaders) {
      context.workbook.tables.getItem(this.placement.tableName).showHeaders = false;
    }
    sheet.activate();
  }
}

/**
 * The rows of the table's range holding `dataRows` rows: the header, the data (at least the one
 * row a table keeps) and the total row when shown. Table.resize takes the whole range, as
 * getRange() gives it; with a total row the writer only widens the table with it, the rows
 * having been inserted already.
 */
function tableRows(dataRows: number, totalsRow: boolean): number {
  return 1 + Math.max(1, dataRows) + (totalsRow ? 1 : 0);
}

/** Writes the status text into the status cell as literal text. */
function writeStatus(sheet: Excel.Worksheet, row: number, text: string, column = 0): void {
  const cell = sheet.getRangeByIndexes(row, column, 1, 1);
  cell.numberFormat = [["@"]];
  cell.values = [[text]];
  cell.format.font.bold = true;
}

/**
 * Empties an existing table's rows, keeping its name, place and every column where it is
 * ({@link ColumnPlaces}); columns the table lacks are appended at the right.
 */
async function refreshExisting(
  context: Excel.RequestContext,
  table: Excel.Table,
  columns: readonly ColumnSpec[],
  status: string,
): Promise<{ placement: Placement; places: ColumnPlaces }> {
  // The header texts are how the table's columns are matched, so a header row the user hid is
  // shown for the refresh (Excel puts it back above the data) and hidden again at the end.
  const hideHeaders = !table.showHeaders;
  if (hideHeaders) table.showHeaders = true;
  const totalsRow = table.showTotals;
  const range = table.getRange();
  range.load("rowIndex,columnIndex");
  const header = table.getHeaderRowRange();
  header.load("values");
  const body = table.getDataBodyRange();
  body.load("rowCount");
  const sheet = table.worksheet;
  sheet.load("name");
  await context.sync();
  const headerRow = range.rowIndex;
  const firstColumn = range.columnIndex;
  const headers = (header.values[0] ?? []).map((value) => String(value));
  const places = new ColumnPlaces(headers);
  const appended = places.place(columns);
  context.application.suspendApiCalculationUntilNextSync();
  if (totalsRow && body.rowCount > 1) {
    // Under a total row the old rows are deleted, not just emptied, so the total row moves up
    // under the one data row a table keeps (and the cells below the table with it, as when the
    // user deletes table rows); the new rows are inserted above it.
    sheet
      .getRangeByIndexes(headerRow + 2, firstColumn, body.rowCount - 1, headers.length)
      .delete("Up");
  }
  table.getDataBodyRange().clear("Contents");
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  table.resize(
    sheet.getRangeByIndexes(headerRow, firstColumn, tableRows(0, totalsRow), places.width),
  );
  const statusRow = headerRow >= 2 ? headerRow - 2 : null;
  if (statusRow !== null) writeStatus(sheet, statusRow, status, firstColumn);
  await context.sync();
  return {
    placement: {
      sheetName: sheet.name,
      tableName: table.name,
      headerRow,
      firstColumn,
      statusRow,
      hideHeaders,
      totalsRow,
    },
    places,
  };
}

/** One request for several tables' blocks (payments and their allocations go together). */
export async function writeBlocks(
  run: ExcelRun,
  entries: readonly {
    writer: TableWriter;
    columns: readonly ColumnSpec[];
    block: RowBlock;
    status: string;
  }[],
): Promise<void> {
  if (entries.every((entry) => entry.block.rows.length === 0)) return;
  await run(async (context) => {
    context.application.suspendApiCalculationUntilNextSync();
    for (const { writer, columns, block, status } of entries) {
      writer.queueBlock(context, columns, block, status);
    }
    await context.sync();
  });
}

/** One request that writes the final status of every table of the import. */
export async function finishTables(
  run: ExcelRun,
  entries: readonly { writer: TableWriter; status: string }[],
): Promise<void> {
  await run(async (context) => {
    for (const { writer, status } of entries) writer.queueFinish(context, status);
    // The blocks were written with calculation suspended; Excel leaves recalculating to us, so
    // formulas that refer to the table (=SUM(Invoices[Total])) show the new rows.
    context.application.calculate("Recalculate");
    await context.sync();
  });
}
