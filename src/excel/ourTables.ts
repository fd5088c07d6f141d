// Finding the add-in's own import tables in a request, shared by Fetch new and Refresh all: which
// tables are the import's on both proofs (the recorded id and the marker, see
// IMPORT_TABLES_SETTING), and which one an import of a given name writes to.
import { ownedBy, type TableProject } from "../domain/tableOwnership";
import { chooseImportTable } from "../sheets/tableNameAndStatus";
import { type DisputedTable, importTablesOf, type OurTable } from "../settings/importTables";
import { queueImportTablesSnapshot, withShapes } from "./importTablesSetting";

export interface OurTables {
  /** The workbook's tables, loaded with `items/id,items/name` and the extra properties asked. */
  readonly tables: readonly Excel.Table[];
  /** Those an import created, with their records. */
  readonly ours: readonly OurTable[];
  /** Tables the records claim whose proofs disagree: never written to. */
  readonly disputed: readonly DisputedTable[];
}

/**
 * Loads the workbook's tables, its defined names and the setting that records ours: one sync,
 * two when a marker or an id needs the tables' shapes (see withShapes).
 */
export async function loadOurTables(
  context: Excel.RequestContext,
  extra: readonly string[] = [],
): Promise<OurTables> {
  const read = queueImportTablesSnapshot(context, extra);
  await context.sync();
  const snapshot = await withShapes(context, read());
  const { ours, disputed } = importTablesOf(snapshot);
  return { tables: snapshot.items, ours, disputed };
}

/**
 * The table an earlier import of `wanted` created (on both proofs, whatever its name now), and
 * its record; null when there is none (the first import creates it).
 */
export function ourTableFor(
  wanted: string,
  found: OurTables,
  /** Only this project's tables (see {@link ownedBy}); none given: any of ours. */
  project?: TableProject,
): { table: Excel.Table; record: OurTable } | null {
  const choice = chooseImportTable(wanted, {
    tables: found.tables.map((table) => table.name),
    definedNames: [],
    ours: found.ours.filter((table) => ownedBy(table, project)),
  });
  if (!choice.refresh) return null;
  const key = choice.name.toLowerCase();
  const table = found.tables.find((item) => item.name.toLowerCase() === key);
  const record = found.ours.find((item) => item.id === table?.id);
  return table && record ? { table, record } : null;
}
