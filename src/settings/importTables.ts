// The `ledgerSheets.importTables` workbook setting: the records of the tables imports created,
// how they are read from and written to the setting's JSON, and how they are judged against the
// workbook's tables and defined names. Pure: the reads and writes are in src/excel.
import {
  isDeadMarker,
  type MarkedCell,
  markedCell,
  markedTableName,
  TABLE_MARKER_PREFIX,
} from "./tableMarkers";

/**
 * The workbook setting (saved in the file) that records the tables imports created: only those are
 * refreshed in place. Each is `{"id", "marker", "given", "status", "shown", "project", "refreshed", "fullRefresh", "state", "parent", "columns", "key"}`
 * ({@link ImportTableRecord}). A table is the import's only on two proofs, since the file is
 * untrusted and Excel's table ids are not durable (a deleted table's id can be given to a table
 * the user makes later): the record's id is the table's, and the record's marker, a defined name
 * the import created with the table, still refers to that table ({@link importTablesOf}).
 * When the id is gone but the marker still refers to a table with the record's columns, the
 * table is adopted only if this computer made the record's key: the file alone never suffices.
 */
export const IMPORT_TABLES_SETTING = "ledgerSheets.importTables";

/** One table an import created, as {@link IMPORT_TABLES_SETTING} records it. */
export interface ImportTableRecord {
  /**
   * Excel's id of the table (Table.id). Absent only in the moment between the table's creation
   * and the next sync of the same request, which records it: a record without one claims nothing.
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
  /** When the last import or Fetch new into the table ended (ISO 8601, UTC). */
  readonly refreshed?: string;
  /**
   * When the last import of the whole list (Import, Refresh) ended: its existing rows are as
   * the server had them then, since Fetch new only adds rows (ISO 8601, UTC).
   */
  readonly fullRefresh?: string;
  /** How it ended: what the Tables view shows without reading the status line's words. */
  readonly state?: ImportTableState;
  /**
   * For a linked table (an invoice's lines, a payment's allocations), the name its records'
   * import asks for ("Invoices"): the Tables view lists it with them, not as an import of its own.
   */
  readonly parent?: string;
  /**
   * The headers of the columns the last import wrote. Any other column of the table is the
   * user's: a refresh keeps its cells with their records and never empties it.
   */
  readonly columns?: readonly string[];
  /**
   * The key this computer made for the record's marker when it created the table
   * (src/settings/importTableKeys.ts). Absent or made elsewhere, a table whose id changed is
   * never adopted on the file's word.
   */
  readonly key?: string;
}

/** How an import or a Fetch new into a table ended, as its record keeps it. */
export interface ImportTableOutcome {
  readonly status: string;
  readonly shown: boolean;
  readonly refreshed: string;
  readonly fullRefresh?: string;
  readonly state?: ImportTableState;
  /** The headers the import wrote; absent: those the record had. */
  readonly columns?: readonly string[];
}

/**
 * The record of a table once an import or a Fetch new into it ended: what identifies the table
 * and whose it is (id, marker, given name, project, parent, columns, key) as `record` has it,
 * with `outcome`. Fields left undefined are left out.
 */
export function recordAfter(
  record: ImportTableRecord,
  outcome: ImportTableOutcome,
): ImportTableRecord {
  const { id, marker, given, project, parent, columns, key } = record;
  const { status, shown, refreshed, fullRefresh, state } = outcome;
  const headers = outcome.columns ?? columns;
  return {
    ...(id === undefined ? {} : { id }),
    marker,
    given,
    status,
    shown,
    ...(project === undefined ? {} : { project }),
    refreshed,
    ...(fullRefresh === undefined ? {} : { fullRefresh }),
    ...(state === undefined ? {} : { state }),
    ...(parent === undefined ? {} : { parent }),
    ...(headers === undefined ? {} : { columns: headers }),
    ...(key === undefined ? {} : { key }),
  };
}

/** At most Excel's column count of headers, each at most Excel's 255 characters. */
function columnHeaders(value: unknown): readonly string[] | undefined {
  if (!Array.isArray(value) || value.length > 16_384) return undefined;
  const headers = value.filter((each): each is string => typeof each === "string");
  if (headers.length !== value.length || headers.some((each) => each.length > 255))
    return undefined;
  return headers;
}

/**
 * How the last import into a table ended: complete, complete with cells kept as text
 * ("warnings"), partial (cancelled, a row limit, an incomplete list) or stopped by an error.
 */
export type ImportTableState = "complete" | "warnings" | "partial" | "failed";

/** From best to worst. */
const STATES: readonly ImportTableState[] = ["complete", "warnings", "partial", "failed"];

/**
 * The state of a table after Fetch new: its rows from before keep whatever the last import left
 * them with (cells kept as text, a list cut short), so new rows never make it better than that.
 */
export function stateAfterFetchNew(
  before: ImportTableState | undefined,
  added: ImportTableState | undefined,
): ImportTableState | undefined {
  if (before === undefined || added === undefined) return added;
  return STATES.indexOf(before) > STATES.indexOf(added) ? before : added;
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

/** A table's first cell (of its whole range) and its columns' names. */
export interface TableShape extends MarkedCell {
  readonly columns: readonly string[];
}

/**
 * What one request read of the workbook for the import tables: the setting's value, the tables
 * (id and name) and the workbook's defined names (name and formula). `shapes` and `madeHere` are
 * read only when {@link needsShapes} says the names and ids are not enough.
 */
export interface ImportTablesSnapshot {
  readonly setting: unknown;
  readonly tables: readonly { readonly id: string; readonly name: string }[];
  readonly names: readonly { readonly name: string; readonly formula: string }[];
  /** Each table's shape, by id. */
  readonly shapes?: ReadonlyMap<string, TableShape>;
  /** The markers (lower case) of the records whose key this computer made. */
  readonly madeHere?: ReadonlySet<string>;
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
export function parseImportTableRecords(value: unknown): ImportTableRecord[] {
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
    const { id, marker, given, status, shown, project, refreshed, fullRefresh } = entry as Record<
      string,
      unknown
    >;
    const { state, parent, columns, key } = entry as Record<string, unknown>;
    const headers = columnHeaders(columns);
    if (typeof marker !== "string" || !marker.startsWith(TABLE_MARKER_PREFIX)) continue;
    if (typeof given !== "string" || (id !== undefined && typeof id !== "string")) continue;
    records.push({
      ...(id === undefined ? {} : { id }),
      marker,
      given,
      ...(typeof status === "string" ? { status } : {}),
      ...(shown === true ? { shown } : {}),
      ...(typeof project === "string" ? { project } : {}),
      ...(typeof refreshed === "string" && !Number.isNaN(Date.parse(refreshed))
        ? { refreshed }
        : {}),
      ...(typeof fullRefresh === "string" && !Number.isNaN(Date.parse(fullRefresh))
        ? { fullRefresh }
        : {}),
      ...(typeof state === "string" && (STATES as readonly string[]).includes(state)
        ? { state: state as ImportTableState }
        : {}),
      ...(typeof parent === "string" ? { parent } : {}),
      ...(headers === undefined ? {} : { columns: headers }),
      ...(typeof key === "string" && key.length <= 64 ? { key } : {}),
    });
  }
  return records;
}

/** The setting's value holding `records`, each with only the fields it has. */
export function serializeImportTableRecords(records: readonly ImportTableRecord[]): string {
  const listed = records.map((record) => {
    const { id, marker, given, status, shown, project, refreshed, fullRefresh } = record;
    const { state, parent, columns, key } = record;
    return {
      ...(id === undefined ? {} : { id }),
      marker,
      given,
      ...(status !== undefined ? { status } : {}),
      ...(shown ? { shown } : {}),
      ...(project !== undefined ? { project } : {}),
      ...(refreshed !== undefined ? { refreshed } : {}),
      ...(fullRefresh !== undefined ? { fullRefresh } : {}),
      ...(state !== undefined ? { state } : {}),
      ...(parent !== undefined ? { parent } : {}),
      ...(columns !== undefined ? { columns } : {}),
      ...(key !== undefined ? { key } : {}),
    };
  });
  return JSON.stringify(listed);
}

type TableEntry = { readonly id: string; readonly name: string };

/** Finds the table a marker refers to, by name or, for an A1 marker, by its first cell. */
function markedTables(snapshot: Omit<ImportTablesSnapshot, "setting">) {
  const byName = new Map(snapshot.tables.map((table) => [table.name.toLowerCase(), table]));
  const formulas = new Map(snapshot.names.map((name) => [name.name.toLowerCase(), name.formula]));
  const cellKey = (cell: MarkedCell) => `${cell.sheet.toLowerCase()}!${cell.row},${cell.column}`;
  const byCell = new Map<string, TableEntry>();
  for (const table of snapshot.tables) {
    const shape = snapshot.shapes?.get(table.id);
    if (shape) byCell.set(cellKey(shape), table);
  }
  /** The marked table; "unknown" for an A1 marker before the shapes were read. */
  return (marker: string): { formula?: string; table?: TableEntry; unknown?: true } => {
    const formula = formulas.get(marker.toLowerCase());
    if (formula === undefined) return {};
    const name = markedTableName(formula);
    if (name !== null) return { formula, table: byName.get(name.toLowerCase()) };
    const cell = markedCell(formula);
    if (cell === null) return { formula };
    if (snapshot.shapes === undefined) return { formula, unknown: true };
    return { formula, table: byCell.get(cellKey(cell)) };
  };
}

/**
 * True when `snapshot` cannot be judged on names and ids alone: a marker is an A1 reference, or
 * a record with a key has lost its table's id while its marker still names a table (which may
 * be adopted). The caller then reads the shapes and checks the keys ({@link ImportTablesSnapshot}).
 */
export function needsShapes(snapshot: ImportTablesSnapshot): boolean {
  if (snapshot.shapes !== undefined) return false;
  const ids = new Set(snapshot.tables.map((table) => table.id));
  const marked = markedTables(snapshot);
  return parseImportTableRecords(snapshot.setting).some((record) => {
    const found = marked(record.marker);
    if (found.unknown) return true;
    return found.table !== undefined && record.key !== undefined && !ids.has(record.id ?? "");
  });
}

/**
 * The records, among those whose table's id is gone, whose marker names a table that may be
 * adopted: keys made here, the table's columns include every column the record wrote, and no
 * record claims the table by its id.
 */
function adoptable(
  records: readonly ImportTableRecord[],
  snapshot: Omit<ImportTablesSnapshot, "setting">,
): (record: ImportTableRecord, table: TableEntry) => boolean {
  const claimedById = new Set(records.map((record) => record.id));
  return (record, table) => {
    const shape = snapshot.shapes?.get(table.id);
    const columns = record.columns ?? [];
    return (
      record.key !== undefined &&
      snapshot.madeHere?.has(record.marker.toLowerCase()) === true &&
      shape !== undefined &&
      columns.length > 0 &&
      columns.every((column) => shape.columns.includes(column)) &&
      !claimedById.has(table.id)
    );
  };
}

/**
 * Judges `records` against the workbook. A record's table is ours when its id is the table's
 * and its marker refers to that table; a record without an id is never enough (a file can hold
 * one whose marker names any table of the user's). When no table has the record's id (Excel
 * gave the table another) and the marker refers to a table, that table is adopted, with its new
 * id, if {@link adoptable}; otherwise it is disputed. A record whose marker refers to no table
 * is dropped (the table is gone; a table holding its id is disputed); one whose marker refers to
 * a table that does not hold its id is kept but that table is disputed, as is a table two
 * records claim. A record whose A1 marker could
 * not be checked (no shapes read) is kept as it is and claims nothing.
 */
function judge(
  records: readonly ImportTableRecord[],
  snapshot: Omit<ImportTablesSnapshot, "setting">,
): ImportTablesFound {
  const byId = new Map(snapshot.tables.map((table) => [table.id, table]));
  const marked = markedTables(snapshot);
  const mayAdopt = adoptable(records, snapshot);
  const claims = new Map<string, { table: TableEntry; record: ImportTableRecord }[]>();
  const disputes = new Map<string, DisputedTable>();
  const kept: ImportTableRecord[] = [];
  const deadMarkers: string[] = [];
  const dispute = (
    table: TableEntry,
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
    const { formula, table: markedTable, unknown } = marked(record.marker);
    // A record without an id proves nothing: the file alone can hold one, with a marker naming
    // any table. The add-in records the id in the request that creates the table.
    let held = record.id === undefined ? undefined : byId.get(record.id);
    if (unknown) {
      kept.push(record);
      continue;
    }
    if (!held && markedTable && record.id !== undefined && mayAdopt(record, markedTable)) {
      held = markedTable;
    }
    if (held && held !== markedTable) dispute(held, record, "id only");
    if (!markedTable) {
      // The marker refers to no table: the import's table is gone, whatever has its id now.
      if (formula !== undefined && (isDeadMarker(formula) || markedCell(formula) !== null)) {
        deadMarkers.push(record.marker);
      }
      continue;
    }
    if (held !== markedTable) dispute(markedTable, record, "marker only");
    if (record.id === undefined) continue;
    // Kept while its marker names a table: the computer that made it may adopt that table.
    const withId = held ? { ...record, id: held.id } : record;
    kept.push(withId);
    if (held !== markedTable) continue;
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
  return judge(parseImportTableRecords(snapshot.setting), snapshot);
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
            ...parseImportTableRecords(current.setting).filter(
              (record) => !markers.has(record.marker.toLowerCase()),
            ),
            ...own,
          ],
          current,
        ).kept;
  return serializeImportTableRecords([...records, ...(created ? [created] : [])]);
}
