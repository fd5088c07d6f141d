// Reads and writes the `ledgerSheets.importTables` setting and the tables and defined names it is
// judged against (src/settings/importTables.ts), in the request of the import that needs them.
import {
  IMPORT_TABLES_SETTING,
  type ImportTableRecord,
  importTablesOf,
  type ImportTablesSnapshot,
  mergedImportTablesValue,
  needsShapes,
  parseImportTableRecords,
  type TableShape,
} from "../settings/importTables";
import { markedCell, TABLE_MARKER_PREFIX } from "../settings/tableMarkers";
import { importTableKeysInUse } from "./tableKeys";

/**
 * Reads what {@link importTablesOf} and {@link mergedImportTablesValue} need (one sync): the
 * setting, the tables' ids and names and the defined names' formulas.
 */
export async function importTablesSetting(
  context: Excel.RequestContext,
): Promise<ImportTablesSnapshot> {
  const read = queueImportTablesSnapshot(context);
  await context.sync();
  return await withShapes(context, read());
}

/**
 * `snapshot` with what names and ids cannot settle (see needsShapes): each table's first cell
 * and columns (one more sync, only then) and the records whose key this computer made.
 */
export async function withShapes<T extends ImportTablesSnapshot>(
  context: Excel.RequestContext,
  snapshot: T & { readonly items: readonly Excel.Table[] },
): Promise<T & { readonly items: readonly Excel.Table[] }> {
  if (!needsShapes(snapshot)) return snapshot;
  const reads = snapshot.items.map((table) => ({
    id: table.id,
    range: table.getRange().load("address"),
    columns: table.columns.load("items/name"),
  }));
  await context.sync();
  const shapes = new Map<string, TableShape>();
  for (const { id, range, columns } of reads) {
    const cell = markedCell(`=${range.address}`);
    if (cell) shapes.set(id, { ...cell, columns: columns.items.map((column) => column.name) });
  }
  return { ...snapshot, shapes, madeHere: await markersMadeHere(snapshot) };
}

/** The markers (lower case) of the records whose key this computer made. */
async function markersMadeHere(snapshot: ImportTablesSnapshot): Promise<Set<string>> {
  const keys = importTableKeysInUse();
  const made = new Set<string>();
  if (keys === undefined) return made;
  for (const { key, marker } of parseImportTableRecords(snapshot.setting)) {
    const mine = key !== undefined && (await keys.madeHere(key, marker).catch(() => false));
    if (mine) made.add(marker.toLowerCase());
  }
  return made;
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
  const names = workbook.names.load("items/name,items/formula,items/scope");
  const setting = workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING).load("value");
  return () => snapshotOf(setting, tables, names);
}

/**
 * The workbook-scoped names loaded, with their formulas. A copied sheet brings worksheet-scoped
 * copies of the names that refer to it, the marker among them: only the workbook's own marker is
 * a proof.
 */
export function workbookScoped(
  names: Excel.NamedItemCollection,
): { readonly name: string; readonly formula: string }[] {
  return names.items
    .filter((item) => item.scope === "Workbook")
    .map((item) => ({ name: item.name, formula: item.formula }));
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
    names: workbookScoped(names),
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
