// The Tables view's list: every import table of the workbook, per project in the workbook's
// order and in the Collection list's order, with what its record says of the last update and
// its rows now. Found as Refresh all finds them (both proofs, see src/excel/ourTables.ts). A
// linked table (an invoice's lines) is listed with its records' table, which writes it: it is
// refreshed with them, never on its own.
import type { ExcelRun } from "../excel/run";
import { loadOurTables, ourTableFor, type OurTables } from "../excel/ourTables";
import { ownedBy, type TableProject } from "../domain/tableOwnership";
import type { CollectionId } from "../domain/collections";
import type { ImportTableState } from "../settings/importTables";
import { importTargetsIn } from "./refreshAll";

/** A linked table of an import table: its name, its sheet's and its rows now. */
export interface LinkedTableEntry {
  readonly tableName: string;
  readonly sheetName: string;
  readonly rows: number;
}

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
  /** When its last import of the whole list ended: how old its existing rows are. */
  readonly fullRefresh?: string;
  /** Its last import's final status line, as its record keeps it. */
  readonly status?: string;
  readonly state?: ImportTableState;
  /** The tables its import also writes (an invoice's lines); absent when none. */
  readonly linked?: readonly LinkedTableEntry[];
}

/** The tables recorded as linked to the import table `wanted` of `project`. */
function linkedTables(found: OurTables, wanted: string, project?: TableProject): Excel.Table[] {
  const key = wanted.toLowerCase();
  return found.ours
    .filter((record) => record.parent?.toLowerCase() === key && ownedBy(record, project))
    .flatMap((record) => found.tables.filter((table) => table.id === record.id));
}

/**
 * The workbook's import tables, with their linked tables. Two syncs: which are ours, then their
 * sheets and rows.
 */
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
      const linked = linkedTables(found, target.tableName, target.project).map((table) => ({
        table,
        sheet: table.worksheet.load("name"),
        rows: table.rows.getCount(),
      }));
      return [{ target, ours, sheet, rows: ours.table.rows.getCount(), linked }];
    });
    if (tables.length === 0) return [];
    await context.sync();
    return tables.map(({ target, ours, sheet, rows, linked }): ImportTableEntry => {
      const { refreshed, fullRefresh, state, status } = ours.record;
      return {
        collection: target.info.id,
        label: target.label,
        ...(target.project === undefined ? {} : { project: target.project.label }),
        tableName: ours.table.name,
        sheetName: sheet.name,
        rows: rows.value,
        ...(refreshed === undefined ? {} : { refreshed }),
        ...(fullRefresh === undefined ? {} : { fullRefresh }),
        ...(status === undefined ? {} : { status }),
        ...(state === undefined ? {} : { state }),
        ...(linked.length === 0
          ? {}
          : {
              linked: linked.map((each) => ({
                tableName: each.table.name,
                sheetName: each.sheet.name,
                rows: each.rows.value,
              })),
            }),
      };
    });
  });
}
