// Writes an import into an Excel table, block by block: one sheet per collection, a status line
// above the table, number formats per column before the values (so text stays text), and refresh
// in place (the same table keeps its name, position and columns, so formulas that refer to it,
// such as =SUM(Invoices[Total]), keep pointing at the same data, and a total row the user
// switched on stays under the data with its own formulas).
import { sameLabel } from "../settings/projects";
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
 * The workbook setting (saved in the file) that lists the tables imports created: only those are
 * refreshed in place. Each is recorded by Excel's table id, which stays when the table is renamed
 * and is not taken by a table the user makes later (even one they give the same name), as
 * `{"id", "given", "status", "shown"}` ({@link ImportTableRecord}). Versions up to 0.1 listed
 * names only (`["Invoices"]`); such a name is read as the table that holds it now and saved
 * back by id.
 */
export const IMPORT_TABLES_SETTING = "ledgerSheets.importTables";

/** One table an import created, as {@link IMPORT_TABLES_SETTING} records it. */
export interface ImportTableRecord {
  /** Excel's id of the table (Table.id). */
  readonly id: string;
  /** The name the import gave it ("Invoices", "Invoices_2"): which import it belongs to. */
  readonly given: string;
  /** The last import's final status line (also when it could not be shown on the sheet). */
  readonly status?: string;
  /** True when `status` was written into the status cell, two rows above the header. */
  readonly shown?: boolean;
  /**
   * The project whose data the table holds (src/settings/projects.ts); absent for a table
   * imported before the workbook had projects, which belongs to its first project.
   */
  readonly project?: string;
}

/** A table of the workbook that an import created, with the name it has now. */
export interface OurTable extends ImportTableRecord {
  readonly name: string;
  /** Recorded by name by an earlier version: its status cell is recognised by its text. */
  readonly legacy?: boolean;
}

/** Excel's longest table name. */
const MAX_TABLE_NAME_LENGTH = 255;

export interface TableLayout {
  /** The sheet to create or reuse, e.g. "Invoices". */
  readonly sheetName: string;
  /** The table's name, e.g. "Invoices"; an existing table of that name is refreshed in place. */
  readonly tableName: string;
  /** The project the data comes from: only its tables are refreshed (see {@link ownedBy}). */
  readonly project?: TableProject;
}

/** Which project an import is of, as its tables record it. */
export interface TableProject {
  readonly label: string;
  /** The workbook's first project, which also owns tables recorded without a project. */
  readonly first: boolean;
}

/**
 * True when the table `record` describes holds `project`'s data; with no project given (one
 * connection, the CLI's tests), every table does.
 */
export function ownedBy(record: { readonly project?: string }, project?: TableProject): boolean {
  if (project === undefined) return true;
  if (record.project === undefined) return project.first;
  return sameLabel(record.project, project.label);
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
export function writeAppendedHeaders(
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
    /**
     * Tables earlier imports created (see {@link IMPORT_TABLES_SETTING}): the name each has now
     * and the name the import gave it.
     */
    readonly ours: readonly { readonly name: string; readonly given: string }[];
  },
): ImportTableChoice {
  const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));
  const tables = lower(workbook.tables);
  const definedNames = lower(workbook.definedNames);
  const ours = lower(workbook.ours.map((table) => table.name));
  const wantedKey = wanted.toLowerCase();
  const blocker: NameInTheWay["usedBy"] | null = definedNames.has(wantedKey)
    ? "defined name"
    : tables.has(wantedKey) && !ours.has(wantedKey)
      ? "table"
      : null;
  const inTheWay = (name: string): NameInTheWay | null =>
    blocker === null || name.toLowerCase() === wantedKey ? null : { name: wanted, usedBy: blocker };
  // The import's own table, found by the name it was given: the user may have renamed it since.
  const earlier = workbook.ours
    .filter((table) => tables.has(table.name.toLowerCase()))
    .map((table) => ({ name: table.name, n: numberOf(wanted, table.given) }))
    .filter((table): table is { name: string; n: number } => table.n !== undefined)
    .sort((a, b) => a.n - b.n);
  if (earlier[0]) {
    const name = earlier[0].name;
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

/**
 * The tables the setting records that still exist, with the names they have now. A record is
 * matched by table id; a name saved by an earlier version, by the table that holds it now.
 */
export function importTablesOf(
  value: unknown,
  tables: readonly { readonly id: string; readonly name: string }[],
): OurTable[] {
  let listed: unknown;
  try {
    listed = typeof value === "string" ? JSON.parse(value) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  const byId = new Map(tables.map((table) => [table.id, table]));
  const byName = new Map(tables.map((table) => [table.name.toLowerCase(), table]));
  const found = new Map<string, OurTable>();
  for (const entry of listed as unknown[]) {
    if (typeof entry === "string") {
      const table = byName.get(entry.toLowerCase());
      if (table && !found.has(table.id)) {
        found.set(table.id, { id: table.id, name: table.name, given: table.name, legacy: true });
      }
      continue;
    }
    if (typeof entry !== "object" || entry === null) continue;
    const { id, given, status, shown, project } = entry as Record<string, unknown>;
    const table = typeof id === "string" ? byId.get(id) : undefined;
    if (!table || typeof given !== "string") continue;
    found.set(table.id, {
      id: table.id,
      name: table.name,
      given,
      ...(typeof status === "string" ? { status } : {}),
      ...(shown === true ? { shown } : {}),
      ...(typeof project === "string" ? { project } : {}),
    });
  }
  return [...found.values()];
}

/**
 * The setting's value for `tables`. `created`: the name of a table created in the same request,
 * whose id is not known yet; it is listed by name, as earlier versions did, until the next
 * request saves it by id (so an import stopped in between still knows its table).
 */
export function importTablesValue(tables: readonly ImportTableRecord[], created?: string): string {
  const records: unknown[] = tables.map(({ id, given, status, shown, project }) => ({
    id,
    given,
    ...(status !== undefined ? { status } : {}),
    ...(shown ? { shown } : {}),
    ...(project !== undefined ? { project } : {}),
  }));
  if (created !== undefined) records.push(created);
  return JSON.stringify(records);
}

/**
 * The setting's value with `own` records put in: entries for other tables are kept as they
 * are; an entry with one of `own`'s ids, or the name placeholder of one `own` table was created
 * under ({@link importTablesValue}), is replaced.
 */
export function mergedImportTablesValue(
  current: unknown,
  own: readonly ImportTableRecord[],
): string {
  let listed: unknown;
  try {
    listed = typeof current === "string" ? JSON.parse(current) : [];
  } catch {
    listed = [];
  }
  const ids = new Set(own.map((record) => record.id));
  const names = new Set(own.map((record) => record.given.toLowerCase()));
  const kept = (Array.isArray(listed) ? (listed as unknown[]) : []).filter((entry) => {
    if (typeof entry === "string") return !names.has(entry.toLowerCase());
    if (typeof entry !== "object" || entry === null) return false;
    const id = (entry as Record<string, unknown>)["id"];
    return !(typeof id === "string" && ids.has(id));
  });
  const records = JSON.parse(importTablesValue(own)) as unknown[];
  return JSON.stringify([...kept, ...records]);
}

/** Reads the setting that records the import tables (one sync), for {@link mergedImportTablesValue}. */
export async function importTablesSetting(context: Excel.RequestContext): Promise<unknown> {
  const setting = context.workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
  setting.load("value");
  await context.sync();
  return setting.isNullObject ? undefined : setting.value;
}

/**
 * Whether the status cell two rows above a refreshed table may be written: it is empty, or it
 * still holds the status line the last import wrote there. Anything else is the user's.
 */
function statusCellIsOurs(formula: unknown, table: OurTable): boolean {
  if (formula === "" || formula === null || formula === undefined) return true;
  if (typeof formula !== "string") return false;
  if (table.shown && table.status !== undefined) {
    // The final status is recorded; a progress line means the last import was stopped (the
    // task pane closed) after it wrote its first block.
    return formula === table.status || PROGRESS_STATUS.test(formula);
  }
  // Recorded by an earlier version, which always wrote its status line there.
  return table.legacy === true && LEGACY_STATUS.test(formula);
}

/** The progress lines an import writes while it runs (see importCollection). */
const PROGRESS_STATUS =
  /^(Importing .+ from .+: [\d,]+ records? so far \(partial until finished\)…|Allocations of the payments on sheet .+; importing…)$/;

/** The status lines versions up to 0.1 wrote (see importCollection). */
const LEGACY_STATUS =
  /^(PARTIAL · |Importing .+ from .+: |Allocations of the payments on sheet |.+ · [\d,]+ records? · imported )/;

/** Where the table is, as found or created by {@link TableWriter.open}. */
interface Placement {
  readonly sheetName: string;
  readonly tableName: string;
  /** Zero-based row and column of the header row's first cell. */
  readonly headerRow: number;
  readonly firstColumn: number;
  /**
   * Zero-based row of the status cell (two rows above the header), or null when the import may
   * not write there: the table sits too high for one, or the cell holds the user's content.
   */
  readonly statusRow: number | null;
  /** Why there is no status cell: "no room", or the address of the user's cell in the way. */
  readonly statusBlocked?: StatusBlocked;
  /**
   * Data rows below the header that are the import's to write in place: the table's rows when
   * it was refreshed (emptied, they stay the import's). Rows beyond them are inserted, so the
   * user's cells under the table move down rather than being written over.
   */
  readonly ownedRows: number;
  /** The user had hidden the table's header row: it is hidden again when the import finishes. */
  readonly hideHeaders?: boolean;
  /**
   * The user switched the table's total row on (Table Design > Total Row). It stays directly
   * under the data: rows are inserted above it, never written over it.
   */
  readonly totalsRow: boolean;
}

/** Why a table's status line could not be written above it. */
export type StatusBlocked =
  { readonly reason: "no room" } | { readonly reason: "in the way"; readonly address: string };

/** The rows of each column that hold text cells. */
export function textRowsByColumn(
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

/** A single value applies to every cell of a range (documented; the typings only allow arrays). */
export function uniform<T>(value: T): T[][] {
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
 *
 * The user's cells are never written over. Rows the table grows into beyond its own are inserted
 * first (cells shift down in the table's columns, as Excel's query tables do by default, and
 * Excel adjusts formulas that refer to the moved cells); a column appended at the right shifts
 * the cells right of the table's rows. The status line is written only into an empty cell or the
 * one the last import wrote.
 */
export class TableWriter {
  private rowsWritten = 0;
  /** Data rows below the header that may be written in place (see Placement.ownedRows). */
  private ownedRows: number;
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
    /** This table's record as the setting held it when it was opened (or a new one). */
    private readonly record: ImportTableRecord,
    /**
     * A new table's: the setting as the request that created the table left it (the table
     * listed by name, its id not known yet), until a request saves {@link record} by id.
     */
    private unsaved: string | null,
  ) {
    this.ownedRows = placement.ownedRows;
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

  /**
   * Null when the status line is written above the table; otherwise why not: the table sits on
   * the sheet's first rows, or the cell two rows above its header holds the user's content.
   */
  get statusBlocked(): StatusBlocked | null {
    return this.placement.statusBlocked ?? null;
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
   * Finds the table an earlier import created for `layout.tableName` (by its id, see
   * {@link IMPORT_TABLES_SETTING}) and empties its rows (refresh: its columns stay, see
   * {@link ColumnPlaces}), or creates the sheet and the table.
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
    const opened = await run(async (context) => {
      const workbook = context.workbook;
      const tables = workbook.tables;
      tables.load("items/name,items/id,items/showHeaders,items/showTotals");
      const names = workbook.names;
      names.load("items/name");
      const setting = workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
      setting.load("value");
      const sheets = workbook.worksheets;
      sheets.load("items/name");
      await context.sync();

      const tableNames = tables.items.map((table) => table.name);
      const ours = importTablesOf(
        setting.isNullObject ? undefined : setting.value,
        tables.items.map((table) => ({ id: table.id, name: table.name })),
      );
      // Another project's table is never refreshed with this one's data.
      const choice = chooseImportTable(layout.tableName, {
        tables: tableNames,
        definedNames: names.items.map((name) => name.name),
        ours: ours.filter((table) => ownedBy(table, layout.project)),
      });
      if (choice.refresh) {
        const key = choice.name.toLowerCase();
        const table = tables.items.find((item) => item.name.toLowerCase() === key) as Excel.Table;
        const record = ours.find((item) => item.id === table.id) as OurTable;
        // Names saved by an earlier version are saved by id from now on.
        if (ours.some((item) => item.legacy)) {
          workbook.settings.add(IMPORT_TABLES_SETTING, importTablesValue(ours));
        }
        const others = tables.items.filter((item) => item !== table);
        const refreshed = await refreshExisting(context, table, record, columns, others);
        return { ...refreshed, nameInTheWay: null, record, unsaved: null };
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
      // A new or empty sheet: nothing of the user's is in the way of the table or its status.
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
      created.load("id");
      sheet.freezePanes.freezeRows(NEW_TABLE_HEADER_ROW + 1);
      const unsaved = importTablesValue(ours, choice.name);
      workbook.settings.add(IMPORT_TABLES_SETTING, unsaved);
      await context.sync();
      // The id is known only now: the first block's request (or the final one) saves it.
      const record: ImportTableRecord = {
        id: created.id,
        given: choice.name,
        status,
        shown: true,
        ...(layout.project === undefined ? {} : { project: layout.project.label }),
      };
      const places = new ColumnPlaces(columns.map((column) => column.header));
      places.place(columns);
      const placement: Placement = {
        sheetName,
        tableName: choice.name,
        headerRow: NEW_TABLE_HEADER_ROW,
        firstColumn: 0,
        statusRow: 0,
        ownedRows: 1,
        totalsRow: false,
      };
      return {
        placement,
        places,
        nameInTheWay: choice.inTheWay,
        record,
        unsaved,
      };
    });
    return new TableWriter(
      opened.placement,
      opened.places,
      columns,
      sheetRows,
      opened.nameInTheWay,
      opened.record,
      opened.unsaved,
    );
  }

  /**
   * Queues `block` below the rows written so far: number formats per column (a single value
   * per column, so the request stays small), "@" on the listed text cells, then the values in
   * one 2-D assignment, the table resized over them and the status line updated. `columns` is
   * the current column list; columns added since the last block get their header cells. Rows
   * beyond the table's own are inserted first (above the total row when it is shown), so what
   * lies under the table moves down.
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
    const { headerRow, firstColumn, totalsRow } = this.placement;
    const sheet = context.workbook.worksheets.getItem(this.placement.sheetName);
    const places = this.places;
    const appended = places.place(columns);
    const ownRows = Math.max(this.ownedRows, this.rowsWritten);
    insertAppendedColumns(
      sheet,
      headerRow,
      firstColumn,
      1 + ownRows + (totalsRow ? 1 : 0),
      appended,
    );
    writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
    const width = places.width;
    const top = headerRow + 1 + this.rowsWritten;
    const textRows = textRowsByColumn(block.textCells);
    const end = this.rowsWritten + count;
    if (end > ownRows) {
      // Under a total row these cells are inserted at the total row: they become data rows
      // above it and push it down, as Excel inserts table rows, so its formulas
      // (=SUBTOTAL(109,[Total])) cover them. Otherwise they are inserted right under the table.
      // Either way the cells below move down in the table's columns, with the formulas that
      // refer to them, rather than being written over.
      sheet
        .getRangeByIndexes(headerRow + 1 + ownRows, firstColumn, end - ownRows, width)
        .insert("Down");
      this.ownedRows = end;
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
        tableRows(this.rowsWritten, totalsRow),
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

  /**
   * The setting's value as this new table's creation left it, until a request records the
   * table by id (the next block does, with no extra read); null once recorded.
   */
  get unrecorded(): string | null {
    return this.unsaved;
  }

  /**
   * Queues the setting that records the import's tables: `current` (the setting's value, read
   * in the same request) with each writer's record put in, and in `final` the final status of
   * each. Other tables' records are kept as read, so imports that run side by side (Refresh
   * all) never put back each other's older statuses.
   */
  static queueRecords(
    context: Excel.RequestContext,
    writers: readonly TableWriter[],
    current: unknown,
    final?: readonly string[],
  ): void {
    const own = writers.map((writer, index) => {
      const status = final?.[index];
      const { id, given, project } = writer.record;
      writer.unsaved = null;
      return status === undefined
        ? writer.record
        : {
            id,
            given,
            status,
            shown: writer.placement.statusRow !== null,
            ...(project === undefined ? {} : { project }),
          };
    });
    context.workbook.settings.add(IMPORT_TABLES_SETTING, mergedImportTablesValue(current, own));
  }
}

/**
 * The rows of the table's range holding `dataRows` rows: the header, the data (at least the one
 * row a table keeps) and the total row when shown. Table.resize takes the whole range, as
 * getRange() gives it; with a total row the writer only widens the table with it, the rows
 * having been inserted already.
 */
export function tableRows(dataRows: number, totalsRow: boolean): number {
  return 1 + Math.max(1, dataRows) + (totalsRow ? 1 : 0);
}

/**
 * Inserts cells for columns appended at the table's right, over `rows` rows from the header:
 * the user's cells right of the table move right rather than being written over.
 */
export function insertAppendedColumns(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  rows: number,
  appended: { first: number; headers: string[] },
): void {
  if (appended.headers.length === 0) return;
  sheet
    .getRangeByIndexes(headerRow, firstColumn + appended.first, rows, appended.headers.length)
    .insert("Right");
}

export interface Box {
  readonly row: number;
  readonly column: number;
  readonly rows: number;
  readonly columns: number;
}

/**
 * A table on the sheet that the refresh's shifts would cut (Excel refuses to move part of a
 * table): one below `ours` that shares some but not all of the `width` columns the table will
 * have (cells are inserted, or deleted under a total row, across those columns), or one right
 * of it that shares some but not all of its rows (when columns are appended).
 */
export function tableInTheWay<T extends Box>(
  ours: Box,
  width: number,
  others: readonly T[],
): (T & { side: "under" | "right of" }) | undefined {
  const cut = (start: number, count: number, bandStart: number, bandCount: number) =>
    start < bandStart + bandCount &&
    start + count > bandStart &&
    (start < bandStart || start + count > bandStart + bandCount);
  for (const other of others) {
    if (other.row >= ours.row + ours.rows && cut(other.column, other.columns, ours.column, width)) {
      return { ...other, side: "under" };
    }
    if (
      width > ours.columns &&
      other.column >= ours.column + ours.columns &&
      cut(other.row, other.rows, ours.row, ours.rows)
    ) {
      return { ...other, side: "right of" };
    }
  }
  return undefined;
}

/** A table of the same sheet, placed, for tableInTheWay. */
export type PlacedTable = Box & { readonly name: string; readonly address: string };

/**
 * Queues loading where `others` sit; after the sync, the returned function gives those on sheet
 * `sheetName` (the only ones a shift on that sheet can cut).
 */
export function queueOtherTables(
  others: readonly Excel.Table[],
): (sheetName: string) => PlacedTable[] {
  const queued = others.map((other) => {
    const place = other.getRange();
    place.load("address,rowIndex,columnIndex,rowCount,columnCount");
    const sheet = other.worksheet;
    sheet.load("name");
    return { name: other.name, place, sheet };
  });
  return (sheetName) =>
    queued
      .filter((other) => other.sheet.name === sheetName)
      .map(({ name, place }) => ({
        name,
        address: place.address,
        row: place.rowIndex,
        column: place.columnIndex,
        rows: place.rowCount,
        columns: place.columnCount,
      }));
}

/**
 * Matches the import's columns to a loaded table's header (see {@link ColumnPlaces}) and stops,
 * before anything is written, when the cells its rows or columns would shift cut another table
 * of the sheet. `doing` says what shifts them, e.g. "a refresh inserts". A header row shown for
 * the purpose is hidden again first.
 */
export async function placeColumns(
  context: Excel.RequestContext,
  table: Excel.Table,
  loaded: {
    readonly range: Excel.Range;
    readonly header: Excel.Range;
    readonly sheetName: string;
    readonly othersOn: (sheetName: string) => PlacedTable[];
    readonly hideHeaders: boolean;
  },
  columns: readonly ColumnSpec[],
  doing: string,
): Promise<{
  headerRow: number;
  firstColumn: number;
  places: ColumnPlaces;
  appended: { first: number; headers: string[] };
}> {
  const { range, header } = loaded;
  const headerRow = range.rowIndex;
  const firstColumn = range.columnIndex;
  const headers = (header.values[0] ?? []).map((value) => String(value));
  const places = new ColumnPlaces(headers);
  const appended = places.place(columns);
  const blocker = tableInTheWay(
    { row: headerRow, column: firstColumn, rows: range.rowCount, columns: headers.length },
    places.width,
    loaded.othersOn(loaded.sheetName),
  );
  if (blocker) {
    if (loaded.hideHeaders) {
      table.showHeaders = false;
      await context.sync();
    }
    throw new Error(
      `Table “${blocker.name}” (${blocker.address}) is in the way of table “${table.name}”: ${doing} cells ${blocker.side} it, and Excel cannot move part of a table. Move one of the tables and try again; nothing was changed.`,
    );
  }
  return { headerRow, firstColumn, places, appended };
}

/**
 * Queues reading the status cell two rows above a table's header; after the sync, the returned
 * function says where the import may write its status (null: nowhere) and, if not there, why.
 */
export function queueStatusCell(
  sheet: Excel.Worksheet,
  headerRow: number,
  firstColumn: number,
  record: OurTable,
): () => { statusRow: number | null; statusBlocked: StatusBlocked | null } {
  const statusRow = headerRow >= 2 ? headerRow - 2 : null;
  const cell = statusRow === null ? null : sheet.getRangeByIndexes(statusRow, firstColumn, 1, 1);
  cell?.load("formulas,address");
  return () => {
    if (cell === null) return { statusRow: null, statusBlocked: { reason: "no room" } };
    if (statusCellIsOurs(cell.formulas[0]?.[0], record)) return { statusRow, statusBlocked: null };
    return { statusRow: null, statusBlocked: { reason: "in the way", address: cell.address } };
  };
}

/** Writes the status text into the status cell as literal text. */
export function writeStatus(sheet: Excel.Worksheet, row: number, text: string, column = 0): void {
  const cell = sheet.getRangeByIndexes(row, column, 1, 1);
  cell.numberFormat = [["@"]];
  cell.values = [[text]];
  cell.format.font.bold = true;
}

/**
 * Empties an existing table's rows, keeping its name, place and every column where it is
 * ({@link ColumnPlaces}); columns the table lacks are appended at the right (the cells right of
 * the table move right). The status cell above is only read here: whether it may be written
 * (empty, or the last import's status) is known after this request, and the first block or the
 * final status writes it.
 */
async function refreshExisting(
  context: Excel.RequestContext,
  table: Excel.Table,
  record: OurTable,
  columns: readonly ColumnSpec[],
  /** The workbook's other tables: one on the same sheet may be in the way of a shift. */
  others: readonly Excel.Table[],
): Promise<{ placement: Placement; places: ColumnPlaces }> {
  // The header texts are how the table's columns are matched, so a header row the user hid is
  // shown for the refresh (Excel puts it back above the data) and hidden again at the end.
  const hideHeaders = !table.showHeaders;
  if (hideHeaders) table.showHeaders = true;
  const totalsRow = table.showTotals;
  const range = table.getRange();
  range.load("rowIndex,columnIndex,rowCount");
  const header = table.getHeaderRowRange();
  header.load("values");
  const body = table.getDataBodyRange();
  body.load("rowCount");
  const sheet = table.worksheet;
  sheet.load("name");
  const othersOn = queueOtherTables(others);
  await context.sync();
  // Checked before anything is written: the table is left as it was.
  const { headerRow, firstColumn, places, appended } = await placeColumns(
    context,
    table,
    { range, header, sheetName: sheet.name, othersOn, hideHeaders },
    columns,
    "a refresh inserts",
  );
  const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
  context.application.suspendApiCalculationUntilNextSync();
  // The table's rows stay the import's to write in place; rows beyond them are inserted.
  let ownedRows = Math.max(1, body.rowCount);
  // First, so that if Excel refuses to shift cells (another table in the way), nothing of the
  // table has been changed yet.
  insertAppendedColumns(
    sheet,
    headerRow,
    firstColumn,
    1 + ownedRows + (totalsRow ? 1 : 0),
    appended,
  );
  if (totalsRow && body.rowCount > 1) {
    // Under a total row the old rows are deleted, not just emptied, so the total row moves up
    // under the one data row a table keeps (and the cells below the table with it, as when the
    // user deletes table rows); the new rows are inserted above it.
    sheet
      .getRangeByIndexes(headerRow + 2, firstColumn, body.rowCount - 1, places.width)
      .delete("Up");
    ownedRows = 1;
  }
  table.getDataBodyRange().clear("Contents");
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  table.resize(
    sheet.getRangeByIndexes(headerRow, firstColumn, tableRows(0, totalsRow), places.width),
  );
  await context.sync();
  const { statusRow, statusBlocked } = statusOf();
  return {
    placement: {
      sheetName: sheet.name,
      tableName: table.name,
      headerRow,
      firstColumn,
      statusRow,
      ...(statusBlocked ? { statusBlocked } : {}),
      ownedRows,
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
    // A new table's first block records it by id, over the setting as its creation left it
    // (the last opened writer's holds the others'): no read, so no extra round trip.
    const unsaved = entries
      .map(({ writer }) => writer.unrecorded)
      .filter((value) => value !== null);
    if (unsaved.length > 0) {
      const current = unsaved[unsaved.length - 1];
      TableWriter.queueRecords(
        context,
        entries.map(({ writer }) => writer),
        current,
      );
    }
    await context.sync();
  });
}

/**
 * One request that writes the final status of every table of the import, on the sheet where
 * there is room and in the setting that records the tables (so it is kept even where not).
 */
export async function finishTables(
  run: ExcelRun,
  entries: readonly { writer: TableWriter; status: string }[],
): Promise<void> {
  await run(async (context) => {
    const current = await importTablesSetting(context);
    for (const { writer, status } of entries) writer.queueFinish(context, status);
    TableWriter.queueRecords(
      context,
      entries.map(({ writer }) => writer),
      current,
      entries.map(({ status }) => status),
    );
    // The blocks were written with calculation suspended; Excel leaves recalculating to us, so
    // formulas that refer to the table (=SUM(Invoices[Total])) show the new rows.
    context.application.calculate("Recalculate");
    await context.sync();
  });
}
