// Which project the active sheet's data came from: an import table on it, or the
// journal it shows, records its project (src/settings/projects.ts). One request.
import { activeJournalOf, chartSheetActive, queueActiveJournalSheet } from "./journalSheetStates";
import type { ExcelRun } from "./run";
import { IMPORT_TABLES_SETTING, importTablesOf } from "../settings/importTables";
import { withShapes, workbookScoped } from "./importTablesSetting";

export interface SheetProject {
  readonly sheetName: string;
  /** The recorded project; undefined: recorded without a project (the workbook's first). */
  readonly project: string | undefined;
}

/** The active sheet's project, or null when it holds no table or journal of the add-in's. */
export async function activeSheetProject(run: ExcelRun): Promise<SheetProject | null> {
  return await run(async (context) => {
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load("name");
    const tables = sheet.tables.load("items/id,items/name");
    // A marker names its table, and table names are unique in the workbook: the sheet's tables
    // are enough to judge whether one of them is an import's.
    const names = context.workbook.names.load("items/name,items/formula,items/scope");
    const imports = context.workbook.settings.getItemOrNullObject(IMPORT_TABLES_SETTING);
    imports.load("value");
    const journal = queueActiveJournalSheet(context);
    try {
      await context.sync();
    } catch (error) {
      if (chartSheetActive(error)) return null;
      throw error;
    }
    const snapshot = await withShapes(context, {
      setting: imports.isNullObject ? undefined : imports.value,
      tables: tables.items.map((table) => ({ id: table.id, name: table.name })),
      names: workbookScoped(names),
      items: tables.items,
    });
    const { ours } = importTablesOf(snapshot);
    if (ours[0] !== undefined) return { sheetName: sheet.name, project: ours[0].project };
    const shown = activeJournalOf(journal);
    return shown === null ? null : { sheetName: shown.sheetName, project: shown.state?.project };
  });
}
