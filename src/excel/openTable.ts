// Opens an import's table: finds the table an earlier import created for it and empties it
// (refresh in place), or creates the sheet, the table and its marker. The user's things are never
// written over, and nothing is written when something would stop the import.
import { EXCEL_MAX_COLUMNS, EXCEL_MAX_ROWS } from "../domain/excelLimits";
import { ownedBy } from "../domain/tableOwnership";
import type { ColumnSpec } from "../sheets/cells";
import { ColumnPlaces } from "../sheets/columnPlaces";
import {
  chooseImportTable,
  freeSheetName,
  type ImportTableChoice,
  type NameInTheWay,
  numberOf,
  type TableLayout,
} from "../sheets/tableNameAndStatus";
import {
  type DisputedTable,
  type ImportTableRecord,
  type ImportTablesFound,
  IMPORT_TABLES_SETTING,
  importTablesOf,
  type ImportTablesSnapshot,
  mergedImportTablesValue,
  type OurTable,
} from "../settings/importTables";
import {
  markerRefersTo,
  newTableMarker,
  rangeMarkerFormula,
  tableMarkerFormula,
} from "../settings/tableMarkers";
import { queueImportTables, queueImportTablesSnapshot, withShapes } from "./importTablesSetting";
import { protectedSheet } from "./inTheWay";
import { queueLaterChecks } from "./laterTableChecks";
import { refreshExisting } from "./refreshTable";
import { importTableKeysInUse } from "./tableKeys";
import type { ExcelRun } from "./run";
import { writeStatus } from "./statusCell";
import { uniform } from "./tableCells";
import type { Placement } from "./tablePlacement";

/** A new table's header sits on row 3: row 1 holds the import status, row 2 is a gap. */
const NEW_TABLE_HEADER_ROW = 2;

/** A table the same import writes next, with its columns. */
export interface NextTable {
  readonly layout: TableLayout;
  readonly columns: readonly ColumnSpec[];
}

/** The table {@link openImportTable} found or created, ready for the import's rows. */
export interface OpenedTable {
  readonly placement: Placement;
  readonly places: ColumnPlaces;
  /** Set when this import created its table under another name than it wanted. */
  readonly nameInTheWay: NameInTheWay | null;
  /** Tables the records claim for this import whose proofs disagree: left alone. */
  readonly disputed: readonly DisputedTable[];
  /** This table's record as the setting held it when it was opened (or a new one). */
  readonly record: OurTable;
}

/** What the first sync of {@link openImportTable} read of the workbook. */
interface WorkbookRead {
  readonly snapshot: ImportTablesSnapshot & { readonly items: Excel.Table[] };
  readonly found: ImportTablesFound;
  readonly sheets: Excel.WorksheetCollection;
  readonly sheetState: (name: string) => { protected: boolean; visible: boolean };
}

/**
 * Finds the table an earlier import created for `layout.tableName` (on both proofs, see
 * src/settings/importTables.ts) and empties its rows (refresh: its columns stay, see
 * {@link ColumnPlaces}), or creates the sheet, the table and its marker. A table the records
 * claim whose proofs disagree is left alone (`disputed` says which).
 * The user's things are never written over: a sheet of that name that holds other content
 * and no such table is left alone (the import goes to a new sheet, "Invoices (2)"), and a
 * defined name or a table the user made that holds the table's name is left alone too (the
 * table is "Invoices_2", see {@link chooseImportTable}; `nameInTheWay` says so).
 * `next`: tables the same import writes next (a payment's allocations): a protected sheet, or
 * something in the way, of one an earlier import made stops this import too, before anything
 * is written.
 */
export async function openImportTable(
  run: ExcelRun,
  layout: TableLayout,
  columns: readonly ColumnSpec[],
  status: string,
  next: readonly NextTable[],
): Promise<OpenedTable> {
  if (columns.length === 0 || columns.length > EXCEL_MAX_COLUMNS) {
    throw new Error(`A table needs 1 to ${EXCEL_MAX_COLUMNS} columns, not ${columns.length}.`);
  }
  return run(async (context) => {
    const read = await readWorkbook(context);
    const { snapshot, found, sheetState } = read;
    const choose = (of: TableLayout) =>
      chooseImportTable(of.tableName, {
        tables: snapshot.tables.map((table) => table.name),
        definedNames: snapshot.names.map((name) => name.name),
        // Another project's table is never refreshed with this one's data.
        ours: found.ours.filter((record) => ownedBy(record, of.project)),
      });
    const disputed = found.disputed.filter(
      (table) =>
        ownedBy(table, layout.project) && numberOf(layout.tableName, table.given) !== undefined,
    );
    const choice = choose(layout);
    // Checked after the next sync, before anything is written.
    const checkLater = queueNextTables(context, read, next, choose);
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
    const created = await createTable(context, read, layout, columns, status, choice);
    return { ...created, nameInTheWay: choice.inTheWay, disputed };
  });
}

/** The first sync: the import tables' setting, tables and names, and the sheets. */
async function readWorkbook(context: Excel.RequestContext): Promise<WorkbookRead> {
  const read = queueImportTablesSnapshot(context, ["showHeaders", "showTotals", "worksheet/name"]);
  const sheets = context.workbook.worksheets;
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
  const snapshot = await withShapes(context, read());
  return { snapshot, found: importTablesOf(snapshot), sheets, sheetState };
}

/**
 * Stops at once when a table of `next` that an earlier import made is on a protected sheet, and
 * queues the in-the-way checks of the others (see queueLaterChecks).
 */
function queueNextTables(
  context: Excel.RequestContext,
  read: WorkbookRead,
  next: readonly NextTable[],
  choose: (of: TableLayout) => ImportTableChoice,
): (() => Promise<void>) | undefined {
  const { snapshot, sheetState } = read;
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
  return queueLaterChecks(context, laterTables, snapshot.items);
}

/**
 * The sheet a new table goes on: the layout's, or, when a sheet of that name holds content of
 * the user's or merged cells in the table's `width` columns, a new one ("Invoices (2)").
 */
async function sheetForNewTable(
  context: Excel.RequestContext,
  read: WorkbookRead,
  wanted: string,
  width: number,
): Promise<{ sheet: Excel.Worksheet; sheetName: string; reused: boolean }> {
  const { sheets, sheetState } = read;
  const existing = sheets.items.find((sheet) => sheet.name.toLowerCase() === wanted.toLowerCase());
  let sheetName = wanted;
  if (existing) {
    const used = existing.getUsedRangeOrNullObject(true);
    used.load("address");
    // Merged cells are the user's layout, even empty: the table never goes over them. Asked of
    // the columns the table and its status fill, from row 1 down, not of the whole sheet:
    // getMergedAreasOrNullObject fails above 512 merged areas (Microsoft's Range reference).
    const merged = existing
      .getRangeByIndexes(0, 0, EXCEL_MAX_ROWS, width)
      .getMergedAreasOrNullObject();
    merged.load("address");
    await context.sync();
    if (!used.isNullObject || !merged.isNullObject) {
      sheetName = freeSheetName(
        wanted,
        sheets.items.map((sheet) => sheet.name),
      );
    }
  }
  const reused = existing !== undefined && sheetName === wanted;
  if (reused && sheetState(sheetName).protected) throw protectedSheet(sheetName);
  // A new or empty sheet: nothing of the user's is in the way of the table or its status.
  const sheet =
    existing && sheetName === wanted ? existing : context.workbook.worksheets.add(sheetName);
  return { sheet, sheetName, reused };
}

/** Creates the sheet (if needed), the table with its status line and marker, and its record. */
async function createTable(
  context: Excel.RequestContext,
  read: WorkbookRead,
  layout: TableLayout,
  columns: readonly ColumnSpec[],
  status: string,
  choice: ImportTableChoice,
): Promise<{ placement: Placement; places: ColumnPlaces; record: OurTable }> {
  const { snapshot, sheetState } = read;
  const width = columns.length;
  const { sheet, sheetName, reused } = await sheetForNewTable(
    context,
    read,
    layout.sheetName,
    width,
  );
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
  const markerName = context.workbook.names.add(marker, tableMarkerFormula(choice.name));
  markerName.visible = false;
  markerName.load("formula");
  // Without a key the table is still the import's; only adopting it after an id change needs one.
  const key = await importTableKeysInUse()
    ?.make(marker)
    .catch(() => undefined);
  sheet.freezePanes.freezeRows(NEW_TABLE_HEADER_ROW + 1);
  // Recorded by its marker first (the id is known only after this sync), then with its id.
  const pending: ImportTableRecord = {
    marker,
    given: choice.name,
    status,
    shown: true,
    ...(layout.project === undefined ? {} : { project: layout.project.label }),
    ...(layout.parent === undefined ? {} : { parent: layout.parent }),
    columns: columns.map((column) => column.header),
    ...(key === undefined ? {} : { key }),
  };
  queueImportTables(context, snapshot, [], pending);
  await context.sync();
  // Excel may keep a structured reference in a name as the A1 address it stood for
  // (office-js#740), which still proves the table by its first cell. Anything else is made that.
  const first = { sheet: sheetName, row: NEW_TABLE_HEADER_ROW, column: 0 };
  if (!markerRefersTo(markerName.formula, choice.name, first)) {
    // By name: office.js refuses an object from add() after the sync that made it.
    context.workbook.names.getItem(marker).formula = rangeMarkerFormula(sheetName, first, 2, width);
  }
  // The id is known now: recorded at once, since a record without one proves nothing
  // (src/settings/importTables.ts).
  // (The first write deleted the markers of tables that are gone: this one only records.)
  const recorded = mergedImportTablesValue(snapshot, [], { ...pending, id: created.id });
  context.workbook.settings.add(IMPORT_TABLES_SETTING, recorded);
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
  };
  return { placement, places, record };
}
