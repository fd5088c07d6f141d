// Finding the add-in's own import tables in a request, shared by Fetch new and Refresh all: which
// tables the workbook's setting records (by table id), and which one an import of a given name
// writes to.
import {
  chooseImportTable,
  IMPORT_TABLES_SETTING,
  importTablesOf,
  ownedBy,
  type OurTable,
  type TableProject,
} from "./tableWriter";

export interface OurTables {
  /** The workbook's tables, loaded with `items/id,items/name` and the extra properties asked. */
  readonly tables: readonly Excel.Table[];
  /** Those an import created, with their records. */
  readonly ours: readonly OurTable[];
}

/** Loads the workbook's tables and the setting that records ours. One sync. */
export async function loadOurTables(
  context: Excel.RequestContext,
  extra: readonly string[] = [],
): Promise<OurTables> {
  const tables = context.workbook.tables.load(
    ["items/id", "items/name", ...extra.map((property) => `items/${property}`)].join(","),
  );
  const setting = context.workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
  setting.load("value");
  await context.sync();
  const listed = tables.items.map((table) => ({ id: table.id, name: table.name }));
  return {
    tables: tables.items,
    ours: importTablesOf(setting.isNullObject ? undefined : setting.value, listed),
  };
}

/**
 * The table an earlier import of `wanted` created (by id, whatever its name now), and its
 * record; null when there is none (the first import creates it).
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
