// Writes an import into an Excel table, block by block: one sheet per collection, a status line
// above the table, number formats per column before the values (so text stays text), and refresh
// in place (the same table keeps its name, position and columns, so formulas that refer to it,
// such as =SUM(Invoices[Total]), keep pointing at the same data, and a total row the user
// switched on stays under the data with its own formulas).
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS, MAX_TABLE_NAME_LENGTH } from "../domain/excelLimits";
import { sameLabel } from "../domain/projectLabels";
import { CellValue, ColumnSpec, NUMBER_FORMATS } from "../sheets/cells";
import type { ExcelRun } from "./run";
import { obstacleIn, queueSheetObstacles } from "./spillsAndPivots";
import type { SheetObstacles } from "./spillsAndPivots";

/** Column widths: from the first rows' values, at most 40 characters wide. */
const WIDTH_SAMPLE_ROWS = 200;
const MAX_WIDTH_CHARS = 40;
const POINTS_PER_CHAR = 6;

/** A new table's header sits on row 3: row 1 holds the import status, row 2 is a gap. */
const NEW_TABLE_HEADER_ROW = 2;

/**
 * The workbook setting (saved in the file) that records the tables imports created: only those are
 * refreshed in place. Each is `{"id", "marker", "given", "status", "shown", "project"}`
 * ({@link ImportTableRecord}). A table is the import's only on two proofs, since the file is
 * untrusted and Excel's table ids are not durable (a deleted table's id can be given to a table
 * the user makes later): the record's id is the table's, and the record's marker, a defined name
 * the import created with the table, still refers to that table ({@link importTablesOf}).
 */
export const IMPORT_TABLES_SETTING = "ledgerSheets.importTables";

/**
 * The start of the defined names that mark the add-in's import tables. Journal sheets have their
 * own prefix: a marker is never taken for another kind of the add-in's names.
 */
export const TABLE_MARKER_PREFIX = "LedgerSheets_Table_";

/** One table an import created, as {@link IMPORT_TABLES_SETTING} records it. */
export interface ImportTableRecord {
  /**
   * Excel's id of the table (Table.id). Absent while the import that created the table has not
   * finished: until then the marker alone says which table it is.
   */
  readonly id?: string;
  /**
   * The hidden workbook-scoped defined name created with the table, `=Invoices[#All]`. Excel
   * rewrites it when the table is renamed and turns it into `=#REF!` when the table is deleted.
   */
  readonly marker: string;
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

/** A table of the workbook that an import created, with its id and the name it has now. */
export interface OurTable extends ImportTableRecord {
  readonly id: string;
  readonly name: string;
}

/**
 * A table the records claim but whose proofs disagree: the add-in never writes to it.
 * "id only": it has a record's id but not that record's marker (the import's table was
 * deleted and its id given to this one, or the file was edited); "marker only": it has a
 * record's marker but not its id; "claimed twice": more than one record claims it.
 */
export interface DisputedTable {
  /** The table's name now. */
  readonly name: string;
  /** The name the claiming record says the import gave its table. */
  readonly given: string;
  readonly project?: string;
  readonly reason: "id only" | "marker only" | "claimed twice";
}

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
  /** Cells with a number format of their own (amounts of a currency without two decimals). */
  readonly formatCells?: readonly {
    readonly row: number;
    readonly column: number;
    readonly format: string;
  }[];
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
 * The name of the table a marker's formula refers to as a whole (`=Invoices[#All]`, as the import
 * wrote it and Excel keeps it through renames), or null for anything else (`=#REF!` once the table
 * is deleted, or a formula the user or another program put there).
 */
export function markedTableName(formula: string): string | null {
  const match = /^=\s*([^\s[\]!'"=#]+)\s*\[\s*(?:\[\s*#all\s*\]|#all)\s*\]\s*$/i.exec(formula);
  return match?.[1] ?? null;
}

/** A marker's formula once its table is deleted. */
function isDeadMarker(formula: string): boolean {
  return /^=\s*#REF!\s*$/i.test(formula);
}

/** A new marker name: the prefix and 16 random hex digits, not `taken` (ignoring case). */
export function newTableMarker(taken: readonly string[]): string {
  const lower = new Set(taken.map((name) => name.toLowerCase()));
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    const name = `${TABLE_MARKER_PREFIX}${hex}`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** The formula of a new table's marker. */
export function tableMarkerFormula(tableName: string): string {
  return `=${tableName}[#All]`;
}

/**
 * What one request read of the workbook for the import tables: the setting's value, the tables
 * (id and name) and the workbook's defined names (name and formula).
 */
export interface ImportTablesSnapshot {
  readonly setting: unknown;
  readonly tables: readonly { readonly id: string; readonly name: string }[];
  readonly names: readonly { readonly name: string; readonly formula: string }[];
}

/** The import tables a {@link ImportTablesSnapshot} shows. */
export interface ImportTablesFound {
  /** The tables that are the import's on both proofs, with their records. */
  readonly ours: readonly OurTable[];
  /** The tables records claim whose proofs disagree. */
  readonly disputed: readonly DisputedTable[];
  /** The records to write back: those whose table is still there, ids filled in. */
  readonly kept: readonly ImportTableRecord[];
  /** Markers of recorded tables that Excel turned into `=#REF!` (the tables are deleted). */
  readonly deadMarkers: readonly string[];
}

/** The records a setting's value holds; anything malformed is left out. */
function parseRecords(value: unknown): ImportTableRecord[] {
  let listed: unknown;
  try {
    listed = typeof value === "string" ? JSON.parse(value) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(listed)) return [];
  const records: ImportTableRecord[] = [];
  for (const entry of listed as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { id, marker, given, status, shown, project } = entry as Record<string, unknown>;
    if (typeof marker !== "string" || !marker.startsWith(TABLE_MARKER_PREFIX)) continue;
    if (typeof given !== "string" || (id !== undefined && typeof id !== "string")) continue;
    records.push({
      ...(id === undefined ? {} : { id }),
      marker,
      given,
      ...(typeof status === "string" ? { status } : {}),
      ...(shown === true ? { shown } : {}),
      ...(typeof project === "string" ? { project } : {}),
    });
  }
  return records;
}

/**
 * Judges `records` against the workbook. A record's table is ours when its id is the table's
 * and its marker refers to that table; a record without an id (its import has not finished) by
 * the marker alone. A record whose table is gone (no table has its id, or its marker is missing
 * or refers to no table) is dropped; one whose proofs point at different tables is kept (the
 * table is still there) but its tables are disputed, as is a table two records claim.
 */
function judge(
  records: readonly ImportTableRecord[],
  snapshot: Omit<ImportTablesSnapshot, "setting">,
): ImportTablesFound {
  const byId = new Map(snapshot.tables.map((table) => [table.id, table]));
  const byName = new Map(snapshot.tables.map((table) => [table.name.toLowerCase(), table]));
  const formulas = new Map(snapshot.names.map((name) => [name.name.toLowerCase(), name.formula]));
  const claims = new Map<
    string,
    { table: { id: string; name: string }; record: ImportTableRecord }[]
  >();
  const disputes = new Map<string, DisputedTable>();
  const kept: ImportTableRecord[] = [];
  const deadMarkers: string[] = [];
  const dispute = (
    table: { id: string; name: string },
    record: ImportTableRecord,
    reason: DisputedTable["reason"],
  ) => {
    if (disputes.has(table.id)) return;
    const { given, project } = record;
    disputes.set(table.id, {
      name: table.name,
      given,
      ...(project === undefined ? {} : { project }),
      reason,
    });
  };
  for (const record of records) {
    const formula = formulas.get(record.marker.toLowerCase());
    if (formula !== undefined && isDeadMarker(formula)) deadMarkers.push(record.marker);
    const markedName = formula === undefined ? null : markedTableName(formula);
    const marked = markedName === null ? undefined : byName.get(markedName.toLowerCase());
    const held = record.id === undefined ? marked : byId.get(record.id);
    if (held && held !== marked) dispute(held, record, "id only");
    if (marked && held !== marked) dispute(marked, record, "marker only");
    if (!held || !marked) continue;
    const withId = { ...record, id: held.id };
    kept.push(withId);
    if (held !== marked) continue;
    const list = claims.get(held.id) ?? [];
    list.push({ table: held, record: withId });
    claims.set(held.id, list);
  }
  const ours: OurTable[] = [];
  for (const [id, list] of claims) {
    const only = list.length === 1 ? list[0] : undefined;
    if (only && !disputes.has(id)) {
      ours.push({ ...only.record, id, name: only.table.name });
    } else if (!disputes.has(id) && list[0]) {
      dispute(list[0].table, list[0].record, "claimed twice");
    }
  }
  return { ours, disputed: [...disputes.values()], kept, deadMarkers };
}

/** The import tables of the workbook as `snapshot` shows it (see {@link judge}). */
export function importTablesOf(snapshot: ImportTablesSnapshot): ImportTablesFound {
  return judge(parseRecords(snapshot.setting), snapshot);
}

/**
 * The setting's value with `own` records put in, over `current` read in the same request:
 * records of other tables are kept as they are (imports that run side by side never put back
 * each other's older statuses), a record with one of `own`'s markers is replaced, and records
 * whose table is gone are dropped, own ones too. `created`: the record of a table created in
 * this request (its marker is not in `current`), kept as it is. With nothing read, only `own`.
 */
export function mergedImportTablesValue(
  current: ImportTablesSnapshot | undefined,
  own: readonly ImportTableRecord[],
  created?: ImportTableRecord,
): string {
  const markers = new Set(own.map((record) => record.marker.toLowerCase()));
  const records =
    current === undefined
      ? own
      : judge(
          [
            ...parseRecords(current.setting).filter(
              (record) => !markers.has(record.marker.toLowerCase()),
            ),
            ...own,
          ],
          current,
        ).kept;
  const listed = [...records, ...(created ? [created] : [])].map(
    ({ id, marker, given, status, shown, project }) => ({
      ...(id === undefined ? {} : { id }),
      marker,
      given,
      ...(status !== undefined ? { status } : {}),
      ...(shown ? { shown } : {}),
      ...(project !== undefined ? { project } : {}),
    }),
  );
  return JSON.stringify(listed);
}

/**
 * Reads what {@link importTablesOf} and {@link mergedImportTablesValue} need (one sync): the
 * setting, the tables' ids and names and the defined names' formulas.
 */
export async function importTablesSetting(
  context: Excel.RequestContext,
): Promise<ImportTablesSnapshot> {
  const read = queueImportTablesSnapshot(context);
  await context.sync();
  return read();
}

/**
 * Queues loading an {@link ImportTablesSnapshot} (the tables with `extra` properties too); after
 * the sync, the returned function gives it, with the loaded tables.
 */
export function queueImportTablesSnapshot(
  context: Excel.RequestContext,
  extra: readonly string[] = [],
): () => ImportTablesSnapshot & { readonly items: Excel.Table[] } {
  const workbook = context.workbook;
  const tables = workbook.tables.load(
    ["items/id", "items/name", ...extra.map((property) => `items/${property}`)].join(","),
  );
  const names = workbook.names.load("items/name,items/formula");
  const setting = workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING).load("value");
  return () => snapshotOf(setting, tables, names);
}

/** The snapshot {@link queueImportTablesSnapshot} loaded, read after the sync. */
function snapshotOf(
  setting: Excel.Setting,
  tables: Excel.TableCollection,
  names: Excel.NamedItemCollection,
): ImportTablesSnapshot & { readonly items: Excel.Table[] } {
  return {
    setting: setting.isNullObject ? undefined : setting.value,
    tables: tables.items.map((table) => ({ id: table.id, name: table.name })),
    names: names.items.map((name) => ({ name: name.name, formula: name.formula })),
    items: tables.items,
  };
}

/**
 * Queues writing the setting ({@link mergedImportTablesValue}) and deleting the markers of
 * recorded tables that are gone. Deleting such a marker is safe: it is the add-in's (its prefix,
 * and a record names it), and `=#REF!` refers to nothing, so no formula gets a value from it;
 * no other name is ever deleted.
 */
export function queueImportTables(
  context: Excel.RequestContext,
  current: ImportTablesSnapshot,
  own: readonly ImportTableRecord[],
  created?: ImportTableRecord,
): void {
  const workbook = context.workbook;
  workbook.settings.add(IMPORT_TABLES_SETTING, mergedImportTablesValue(current, own, created));
  for (const marker of importTablesOf(current).deadMarkers) {
    if (marker.startsWith(TABLE_MARKER_PREFIX)) workbook.names.getItem(marker).delete();
  }
}

/**
 * Whether the status cell two rows above a refreshed table may be written: it is empty, or it
 * still holds the status line the last import wrote there. Anything else is the user's.
 */
function statusCellIsOurs(formula: unknown, table: OurTable): boolean {
  if (formula === "" || formula === null || formula === undefined) return true;
  if (typeof formula !== "string" || !table.shown || table.status === undefined) return false;
  // A progress line means the last import was stopped (the task pane closed) after it wrote
  // its first block.
  return formula === table.status || PROGRESS_STATUS.test(formula);
}

/** The progress lines an import writes while it runs (see importCollection). */
const PROGRESS_STATUS =
  /^(Importing .+ from .+: [\d,]+ records? so far \(partial until finished\)…|Allocations of the payments on sheet .+; importing…)$/;

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
  /** False when the user hid the sheet: it is not activated at the end. */
  readonly visible: boolean;
  /** The refreshed table was filtered: its filters were cleared so the new rows show. */
  readonly filtersCleared: boolean;
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
    /**
     * Tables the workbook's records claim for this import whose proofs disagree: left alone,
     * the import wrote beside them.
     */
    readonly disputed: readonly DisputedTable[],
    /** This table's record as the setting held it when it was opened (or a new one). */
    private readonly record: OurTable,
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

  /** True when the refreshed table was filtered and its filters were cleared. */
  get filtersCleared(): boolean {
    return this.placement.filtersCleared;
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
   * Finds the table an earlier import created for `layout.tableName` (on both proofs, see
   * {@link IMPORT_TABLES_SETTING}) and empties its rows (refresh: its columns stay, see
   * {@link ColumnPlaces}), or creates the sheet, the table and its marker. A table the records
   * claim whose proofs disagree is left alone ({@link disputed} says which).
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
    /**
     * Tables the same import writes next (a payment's allocations), with their columns: a
     * protected sheet, or something in the way ({@link stopIfInTheWay}), of one an earlier
     * import made stops this import too, before anything is written.
     */
    next: readonly { readonly layout: TableLayout; readonly columns: readonly ColumnSpec[] }[] = [],
  ): Promise<TableWriter> {
    if (columns.length === 0 || columns.length > EXCEL_MAX_COLUMNS) {
      throw new Error(`A table needs 1 to ${EXCEL_MAX_COLUMNS} columns, not ${columns.length}.`);
    }
    const opened = await run(async (context) => {
      const workbook = context.workbook;
      const read = queueImportTablesSnapshot(context, [
        "showHeaders",
        "showTotals",
        "worksheet/name",
      ]);
      const sheets = workbook.worksheets;
      // Protection and visibility ride on this read: a protected sheet stops the import before
      // anything is written, and a hidden one is never activated.
      sheets.load("items/name,items/visibility,items/protection/protected");
      await context.sync();
      const sheetState = (name: string) => {
        const sheet = sheets.items.find((item) => item.name.toLowerCase() === name.toLowerCase());
        return {
          protected: sheet?.protection.protected === true,
          visible: sheet === undefined || sheet.visibility === "Visible",
        };
      };

      const snapshot = read();
      const found = importTablesOf(snapshot);
      const choose = (of: TableLayout) =>
        chooseImportTable(of.tableName, {
          tables: snapshot.tables.map((table) => table.name),
          definedNames: snapshot.names.map((name) => name.name),
          // Another project's table is never refreshed with this one's data.
          ours: found.ours.filter((record) => ownedBy(record, of.project)),
        });
      const mine = (record: { readonly project?: string }) => ownedBy(record, layout.project);
      const disputed = found.disputed.filter(
        (table) => mine(table) && numberOf(layout.tableName, table.given) !== undefined,
      );
      const choice = choose(layout);
      const laterTables: { table: Excel.Table; columns: readonly ColumnSpec[] }[] = [];
      for (const later of next) {
        const { name, refresh } = choose(later.layout);
        const key = name.toLowerCase();
        const table = refresh
          ? snapshot.items.find((item) => item.name.toLowerCase() === key)
          : undefined;
        if (table && sheetState(table.worksheet.name).protected) {
          throw protectedSheet(table.worksheet.name);
        }
        if (table) laterTables.push({ table, columns: later.columns });
      }
      // Checked after the next sync, before anything is written.
      const checkLater = queueLaterChecks(context, laterTables, snapshot.items);
      if (choice.refresh) {
        const key = choice.name.toLowerCase();
        const table = snapshot.items.find((item) => item.name.toLowerCase() === key) as Excel.Table;
        const record = found.ours.find((item) => item.id === table.id) as OurTable;
        const others = snapshot.items.filter((item) => item !== table);
        const state = sheetState(table.worksheet.name);
        if (state.protected) throw protectedSheet(table.worksheet.name);
        const refreshed = await refreshExisting(
          context,
          table,
          record,
          columns,
          others,
          state.visible,
          checkLater,
        );
        return { ...refreshed, nameInTheWay: null, disputed, record };
      }
      if (checkLater) {
        await context.sync();
        await checkLater();
      }
      const existing = sheets.items.find(
        (sheet) => sheet.name.toLowerCase() === layout.sheetName.toLowerCase(),
      );
      let sheetName = layout.sheetName;
      if (existing) {
        const used = existing.getUsedRangeOrNullObject(true);
        used.load("address");
        // Merged cells are the user's layout, even empty: the table never goes over them.
        const merged = existing.getRange().getMergedAreasOrNullObject();
        merged.load("address");
        await context.sync();
        if (!used.isNullObject || !merged.isNullObject) {
          sheetName = freeSheetName(
            layout.sheetName,
            sheets.items.map((sheet) => sheet.name),
          );
        }
      }
      const reused = existing !== undefined && sheetName === layout.sheetName;
      if (reused && sheetState(sheetName).protected) throw protectedSheet(sheetName);
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
      // The second proof, created with the table: Excel keeps it with the table from now on.
      const marker = newTableMarker([
        ...snapshot.names.map((name) => name.name),
        ...snapshot.tables.map((table) => table.name),
      ]);
      workbook.names.add(marker, tableMarkerFormula(choice.name)).visible = false;
      sheet.freezePanes.freezeRows(NEW_TABLE_HEADER_ROW + 1);
      // Recorded by its marker: the id is known only after this sync, and the final request
      // records it. An import stopped before then still finds its table by the marker.
      const pending: ImportTableRecord = {
        marker,
        given: choice.name,
        status,
        shown: true,
        ...(layout.project === undefined ? {} : { project: layout.project.label }),
      };
      queueImportTables(context, snapshot, [], pending);
      await context.sync();
      const record: OurTable = { ...pending, id: created.id, name: choice.name };
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
        visible: !reused || sheetState(sheetName).visible,
        filtersCleared: false,
      };
      return { placement, places, nameInTheWay: choice.inTheWay, disputed, record };
    });
    return new TableWriter(
      opened.placement,
      opened.places,
      columns,
      sheetRows,
      opened.nameInTheWay,
      opened.disputed,
      opened.record,
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
    const tableRowsNow = 1 + ownRows + (totalsRow ? 1 : 0);
    insertAppendedColumns(sheet, headerRow, firstColumn, tableRowsNow, appended);
    writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
    const width = places.width;
    const table = context.workbook.tables.getItem(this.placement.tableName);
    if (appended.headers.length > 0) {
      // The table takes its new columns first, so the rows inserted below span exactly the
      // table (Excel refuses a shift across a table and cells beside it).
      table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, tableRowsNow, width));
    }
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
    const ownFormats = new Map<number, Map<number, string>>();
    for (const cell of block.formatCells ?? []) {
      const rows = ownFormats.get(cell.column) ?? new Map<number, string>();
      rows.set(cell.row, cell.format);
      ownFormats.set(cell.column, rows);
    }
    columns.forEach((column, index) => {
      const format = NUMBER_FORMATS[column.kind];
      const texts = textRows.get(index);
      const own = ownFormats.get(index);
      // One range per column: its format for every cell, or, where some cells hold text or a
      // format of their own (a KWD amount), a format per cell, never a range per cell (each
      // costs ~470 bytes).
      sheet.getRangeByIndexes(top, firstColumn + places.position(index), count, 1).numberFormat =
        texts || own
          ? Array.from({ length: count }, (_, row) => [
              texts?.has(row) ? "@" : (own?.get(row) ?? format),
            ])
          : uniform(format);
    });
    this.measure(block.rows);
    sheet.getRangeByIndexes(top, firstColumn, count, width).values = block.rows.map((row) =>
      places.tableRow(row),
    );
    this.rowsWritten += count;
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
    // A sheet the user hid stays hidden (Excel refuses to activate it).
    if (this.placement.visible) sheet.activate();
  }

  /**
   * Queues the setting that records the import's tables: `current` (read in the same request)
   * with each writer's record put in, with its final status from `final`. Other tables'
   * records are kept as read, so imports that run side by side (Refresh all) never put back
   * each other's older statuses; records of tables that are gone are dropped.
   */
  static queueRecords(
    context: Excel.RequestContext,
    writers: readonly TableWriter[],
    current: ImportTablesSnapshot,
    final: readonly string[],
  ): void {
    const own = writers.map((writer, index): ImportTableRecord => {
      const { id, marker, given, project } = writer.record;
      return {
        id,
        marker,
        given,
        status: final[index] ?? "",
        shown: writer.placement.statusRow !== null,
        ...(project === undefined ? {} : { project }),
      };
    });
    queueImportTables(context, current, own);
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

/** The message when the sheet an import writes to is protected: nothing was written. */
export function protectedSheet(sheetName: string, again = "import again"): Error {
  return new Error(
    `Sheet ${sheetName} is protected. Unprotect it (Review > Unprotect Sheet), then ${again}.`,
  );
}

/** What {@link queueInTheWay} reads. */
export interface InTheWay {
  readonly sheet: Excel.Worksheet;
  /** The merged cells of the sheet. */
  readonly merged: Excel.RangeAreas;
  /** Whether the sheet has spilled values and which PivotTables it has. */
  readonly obstacles: SheetObstacles;
  readonly filtered: () => boolean;
}

/**
 * Queues the reads that say what else is in the way of writing to `table`, in the request that
 * reads the table: whether its AutoFilter filters it, the merged cells of its sheet, and whether
 * the sheet has spill ranges or PivotTables.
 */
export function queueInTheWay(table: Excel.Table, sheet: Excel.Worksheet): InTheWay {
  const filter = table.autoFilter;
  filter.load("isDataFiltered");
  const merged = sheet.getRange().getMergedAreasOrNullObject();
  merged.load("address");
  const obstacles = queueSheetObstacles(sheet);
  return { sheet, merged, obstacles, filtered: () => filter.isDataFiltered };
}

/**
 * The rectangles of a loaded address such as "Sheet1!A1:B2,Sheet1!D4", zero-based, each with its
 * local address (whole rows or columns are left out).
 */
export function boxesOf(address: string): (Box & { readonly address: string })[] {
  const boxes: (Box & { address: string })[] = [];
  const cell = /!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?(?=\s*,|\s*$)/g;
  for (const match of address.matchAll(cell)) {
    const [text, c1 = "", r1 = "", c2 = c1, r2 = r1] = match;
    const column = columnNumber(c1);
    const row = Number(r1) - 1;
    boxes.push({
      row,
      column,
      rows: Number(r2) - row,
      columns: columnNumber(c2) - column + 1,
      address: text.slice(1).replace(/\$/g, ""),
    });
  }
  return boxes;
}

/** "A" 0, "Z" 25, "AA" 26. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + letter.charCodeAt(0) - 64;
  return n - 1;
}

/**
 * Merged cells among the cells a write to the table moves: the table's columns (as wide as it
 * will be) from its header down, and, when columns are appended, its rows right of it. Excel
 * refuses to split merged cells, and a table cannot hold them; any merged cell there stops the
 * import before anything is written.
 */
export function mergedInTheWay<T extends Box>(
  ours: Box,
  width: number,
  merged: readonly T[],
): T | undefined {
  const overlaps = (a: Box, b: Box) =>
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns;
  const below: Box = { row: ours.row, column: ours.column, rows: EXCEL_MAX_ROWS, columns: width };
  const right: Box = {
    row: ours.row,
    column: ours.column + ours.columns,
    rows: ours.rows,
    columns: EXCEL_MAX_COLUMNS,
  };
  return merged.find(
    (box) => overlaps(box, below) || (width > ours.columns && overlaps(box, right)),
  );
}

/** What a table's checks need, loaded in the request that read the table. */
export interface LoadedTable {
  readonly range: Excel.Range;
  readonly sheetName: string;
  readonly othersOn: (sheetName: string) => PlacedTable[];
  /** True when the header row was shown for the import: it is hidden again if it stops. */
  readonly hideHeaders: boolean;
  readonly inTheWay: InTheWay;
}

/**
 * Matches the import's columns to a loaded table's header (see {@link ColumnPlaces}) and stops,
 * before anything is written, when something is in the way ({@link stopIfInTheWay}).
 */
export async function placeColumns(
  context: Excel.RequestContext,
  table: Excel.Table,
  loaded: LoadedTable & { readonly header: Excel.Range },
  columns: readonly ColumnSpec[],
  doing: string,
): Promise<{
  headerRow: number;
  firstColumn: number;
  places: ColumnPlaces;
  appended: { first: number; headers: string[] };
}> {
  const { range, header } = loaded;
  const headers = (header.values[0] ?? []).map((value) => String(value));
  const places = new ColumnPlaces(headers);
  const appended = places.place(columns);
  await stopIfInTheWay(context, table, loaded, headers.length, places.width, doing);
  return { headerRow: range.rowIndex, firstColumn: range.columnIndex, places, appended };
}

/**
 * Stops, before anything is written, when the cells that writing the table's rows and columns
 * shifts or fills (its `width` columns from its header down, and its rows right of it when it
 * grows from `columns` to `width`) hold part of another table, merged cells, a PivotTable or a
 * spill range: Excel refuses to move part of a table, merged cells or a PivotTable, and a value
 * written into a spilled cell breaks the user's formula. `doing` says what shifts them, e.g. "a
 * refresh inserts". A header row shown for the purpose is hidden again first.
 */
export async function stopIfInTheWay(
  context: Excel.RequestContext,
  table: Excel.Table,
  loaded: LoadedTable,
  columns: number,
  width: number,
  doing: string,
): Promise<void> {
  const { range, sheetName, inTheWay } = loaded;
  const ours = { row: range.rowIndex, column: range.columnIndex, rows: range.rowCount, columns };
  const blocker = tableInTheWay(ours, width, loaded.othersOn(sheetName));
  const merged = inTheWay.merged.isNullObject
    ? undefined
    : mergedInTheWay(ours, width, boxesOf(inTheWay.merged.address));
  const boxes: Box[] = [
    {
      row: ours.row,
      column: ours.column,
      rows: EXCEL_MAX_ROWS - ours.row,
      columns: Math.min(width, EXCEL_MAX_COLUMNS - ours.column),
    },
  ];
  const right = ours.column + ours.columns;
  if (width > ours.columns && right < EXCEL_MAX_COLUMNS) {
    boxes.push({
      row: ours.row,
      column: right,
      rows: ours.rows,
      columns: EXCEL_MAX_COLUMNS - right,
    });
  }
  const obstacle =
    blocker || merged ? null : await obstacleIn(context, inTheWay.sheet, inTheWay.obstacles, boxes);
  if (!blocker && !merged && !obstacle) return;
  if (loaded.hideHeaders) {
    table.showHeaders = false;
    await context.sync();
  }
  const name = table.name;
  if (blocker) {
    throw new Error(
      `Table “${blocker.name}” (${blocker.address}) is in the way of table “${name}”: ${doing} cells ${blocker.side} it, and Excel cannot move part of a table. Move one of the tables and try again; nothing was changed.`,
    );
  }
  if (merged) {
    throw new Error(
      `Merged cells ${merged.address} on sheet ${sheetName} are in the way of table “${name}”: ${doing} cells there, and Excel cannot move merged cells with them. Unmerge them (Home > Merge & Center) or move them, then try again; nothing was changed.`,
    );
  }
  if (obstacle?.kind === "pivot") {
    throw new Error(
      `PivotTable “${obstacle.name}” (${obstacle.address} on sheet ${sheetName}) is in the way of table “${name}”: ${doing} cells there, and Excel cannot move part of a PivotTable. Move the PivotTable to another place or sheet (PivotTable Analyze > Move PivotTable), then try again; nothing was changed.`,
    );
  }
  throw new Error(
    `The formula in ${obstacle?.anchor ?? ""} on sheet ${sheetName} spills into ${obstacle?.range ?? ""}, in the way of table “${name}”: ${doing} cells there, and a value written into a spilled cell breaks the formula (#SPILL!). Move the formula away from the table's columns and the rows below it, then try again; nothing was changed.`,
  );
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
  /** False when the user hid the sheet. */
  visible: boolean,
  /** Checks of the tables the import writes next, queued for this request's first sync. */
  checkLater?: () => Promise<void>,
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
  const inTheWay = queueInTheWay(table, sheet);
  await context.sync();
  // Checked before anything is written: the table is left as it was.
  const { headerRow, firstColumn, places, appended } = await placeColumns(
    context,
    table,
    { range, header, sheetName: sheet.name, othersOn, hideHeaders, inTheWay },
    columns,
    "a refresh inserts",
  );
  if (checkLater) {
    try {
      await checkLater();
    } catch (error) {
      if (hideHeaders) {
        table.showHeaders = false;
        await context.sync();
      }
      throw error;
    }
  }
  const statusOf = queueStatusCell(sheet, headerRow, firstColumn, record);
  context.application.suspendApiCalculationUntilNextSync();
  // Excel refuses to shift cells of a filtered table, and rows the filter hid would hide new
  // rows: the filters go first.
  const filtersCleared = inTheWay.filtered();
  if (filtersCleared) table.clearFilters();
  // The table's rows stay the import's to write in place; rows beyond them are inserted.
  let ownedRows = Math.max(1, body.rowCount);
  // First, so that if Excel refuses to shift cells (another table in the way), nothing of the
  // table has been changed yet. The table then takes the new columns at once, so every shift
  // after this spans exactly the table.
  const rowsNow = 1 + ownedRows + (totalsRow ? 1 : 0);
  insertAppendedColumns(sheet, headerRow, firstColumn, rowsNow, appended);
  writeAppendedHeaders(sheet, headerRow, firstColumn, appended);
  if (appended.headers.length > 0) {
    table.resize(sheet.getRangeByIndexes(headerRow, firstColumn, rowsNow, places.width));
  }
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
      visible,
      filtersCleared,
    },
    places,
  };
}

/**
 * Queues what says whether something is in the way of the refresh of tables the import writes
 * after its first ({@link stopIfInTheWay}), for a sync the caller makes anyway; after it, the
 * returned function stops if so (undefined when there are no such tables). The columns are
 * matched by header where the header row is shown; under a hidden one the table is taken at its
 * width.
 */
function queueLaterChecks(
  context: Excel.RequestContext,
  later: readonly { table: Excel.Table; columns: readonly ColumnSpec[] }[],
  tables: readonly Excel.Table[],
): (() => Promise<void>) | undefined {
  if (later.length === 0) return undefined;
  const queued = later.map(({ table, columns }) => {
    const range = table.getRange();
    range.load("rowIndex,columnIndex,rowCount,columnCount");
    const header = table.showHeaders ? table.getHeaderRowRange() : undefined;
    header?.load("values");
    const sheet = table.worksheet;
    const othersOn = queueOtherTables(tables.filter((item) => item !== table));
    return { table, columns, range, header, othersOn, inTheWay: queueInTheWay(table, sheet) };
  });
  return async () => {
    for (const each of queued) await stopLaterIfInTheWay(context, each);
  };
}

/** {@link queueLaterChecks}'s check of one table, after the sync. */
async function stopLaterIfInTheWay(
  context: Excel.RequestContext,
  queued: {
    readonly table: Excel.Table;
    readonly columns: readonly ColumnSpec[];
    readonly range: Excel.Range;
    readonly header: Excel.Range | undefined;
    readonly othersOn: (sheetName: string) => PlacedTable[];
    readonly inTheWay: InTheWay;
  },
): Promise<void> {
  const { table, columns, range, header, othersOn, inTheWay } = queued;
  const headers = header ? (header.values[0] ?? []).map((value) => String(value)) : undefined;
  const places = new ColumnPlaces(headers ?? []);
  if (headers) places.place(columns);
  const current = headers ? headers.length : range.columnCount;
  const width = headers ? places.width : current;
  const loaded = { range, sheetName: table.worksheet.name, othersOn, hideHeaders: false, inTheWay };
  await stopIfInTheWay(context, table, loaded, current, width, "a refresh inserts");
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
