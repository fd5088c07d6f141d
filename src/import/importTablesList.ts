// The Tables view's list: every import table of the workbook, per project in the workbook's
// order and in the Collection list's order, with what its record says of the last update and
// its rows now. Found as Refresh all finds them (both proofs, see src/excel/ourTables.ts).
import type { ExcelRun } from "../excel/run";
import { loadOurTables, ourTableFor } from "../excel/ourTables";
import type { TableProject } from "../domain/tableOwnership";
import type { CollectionId } from "../domain/collections";
import type { ImportTableState } from "../settings/importTables";
import { importTargetsIn } from "./refreshAll";

/** One import table, as the Tables view lists it. */
export interface ImportTableEntry {
  readonly collection: CollectionId;
  /** "Invoices", or "Invoices (Acme)": its sheet's name when created. */
  readonly label: string;
  /** The project whose table it is, when the workbook has projects. */
  readonly project?: string;
  /** The table's name now, and its sheet's (Go to selects it there). */
  readonly tableName: string;
  readonly sheetName: string;
  /** Data rows now. */
  readonly rows: number;
  /** When its last import or Fetch new ended (ISO 8601), as its record says. */
  readonly refreshed?: string;
  readonly state?: ImportTableState;
}

/** The workbook's import tables. Two syncs: which are ours, then their sheets and rows. */
export async function listImportTables(
  run: ExcelRun,
  projects: readonly (TableProject | undefined)[] = [undefined],
): Promise<ImportTableEntry[]> {
  return await run(async (context) => {
    const found = await loadOurTables(context);
    const tables = importTargetsIn(found, projects).flatMap((target) => {
      const ours = ourTableFor(target.tableName, found, target.project);
      if (ours === null) return [];
      const sheet = ours.table.worksheet.load("name");
      return [{ target, ours, sheet, rows: ours.table.rows.getCount() }];
    });
    if (tables.length === 0) return [];
    await context.sync();
    return tables.map(({ target, ours, sheet, rows }): ImportTableEntry => {
      const { refreshed, state } = ours.record;
      return {
        collection: target.info.id,
        label: target.label,
        ...(target.project === undefined ? {} : { project: target.project.label }),
        tableName: ours.table.name,
        sheetName: sheet.name,
        rows: rows.value,
        ...(refreshed === undefined ? {} : { refreshed }),
        ...(state === undefined ? {} : { state }),
      };
    });
  });
}
