// Remove in the Tables view: the add-in stops updating an import table and the linked tables its
// import writes (an invoice's lines). Their records and markers go, so no refresh finds them
// again; the tables stay as they are, or are deleted when asked, with only the status line the
// import wrote above them. A table that holds columns of the user's is never deleted: those
// cells are the user's, and Table.delete would take them with it.
import {
  IMPORT_TABLES_SETTING,
  importTablesOf,
  type OurTable,
  parseImportTableRecords,
  serializeImportTableRecords,
} from "../settings/importTables";
import { TABLE_MARKER_PREFIX } from "../settings/tableMarkers";
import { statusCellIsOurs } from "../sheets/tableNameAndStatus";
import { queueImportTablesSnapshot, withShapes } from "./importTablesSetting";
import type { ExcelRun } from "./run";

/** What Remove did. */
export type StopTrackingOutcome =
  | {
      readonly kind: "removed";
      /** The tables no longer updated: the one asked for, then its linked tables. */
      readonly tables: readonly string[];
      /** The tables deleted (with their status lines). */
      readonly deleted: readonly string[];
      /** Tables kept although deletion was asked, each with the user's columns it holds. */
      readonly kept: readonly { readonly table: string; readonly columns: readonly string[] }[];
    }
  /** No import table has that name now (renamed, deleted or removed since it was listed). */
  | { readonly kind: "gone" };

/** One table to stop updating, with what deleting it needs to know. */
interface Leaving {
  readonly record: OurTable;
  readonly table: Excel.Table;
  readonly columns: Excel.TableColumnCollection;
  readonly header: Excel.Range;
  readonly sheet: Excel.Worksheet;
}

/**
 * Stops updating the import table named `tableName` and its linked tables; with
 * `deleteTable`, deletes each that holds only the import's columns. Three syncs: which tables
 * are ours, their columns and places, then the changes.
 */
export async function stopTrackingTable(
  run: ExcelRun,
  tableName: string,
  deleteTable: boolean,
): Promise<StopTrackingOutcome> {
  return await run(async (context) => {
    const read = queueImportTablesSnapshot(context);
    await context.sync();
    const snapshot = await withShapes(context, read());
    const { ours } = importTablesOf(snapshot);
    const main = ours.find((each) => each.name.toLowerCase() === tableName.toLowerCase());
    if (main === undefined) return { kind: "gone" };
    const given = main.given.toLowerCase();
    const linked = ours.filter(
      (each) => each.parent?.toLowerCase() === given && each.project === main.project,
    );
    const leaving = [main, ...linked].map((record): Leaving => {
      const table = context.workbook.tables.getItem(record.name);
      return {
        record,
        table,
        columns: table.columns.load("items/name"),
        header: table.getHeaderRowRange().load("rowIndex,columnIndex"),
        sheet: table.worksheet.load("name"),
      };
    });
    await context.sync();
    const kept: { table: string; columns: string[] }[] = [];
    const deleting: Leaving[] = [];
    for (const each of deleteTable ? leaving : []) {
      const own = new Set(each.record.columns ?? []);
      const users = each.columns.items.map((c) => c.name).filter((name) => !own.has(name));
      if (users.length > 0) kept.push({ table: each.record.name, columns: users });
      else deleting.push(each);
    }
    const statusCells = deleting.map((each) => statusCellOf(context, each));
    await context.sync();
    const markers = new Set(leaving.map((each) => each.record.marker.toLowerCase()));
    const records = parseImportTableRecords(snapshot.setting).filter(
      (record) => !markers.has(record.marker.toLowerCase()),
    );
    context.workbook.settings.add(IMPORT_TABLES_SETTING, serializeImportTableRecords(records));
    for (const { record } of leaving) {
      // Only the add-in's own name, which the record proves is this table's marker.
      if (record.marker.startsWith(TABLE_MARKER_PREFIX)) {
        context.workbook.names.getItem(record.marker).delete();
      }
    }
    deleting.forEach((each, index) => {
      const cell = statusCells[index];
      if (
        cell !== null &&
        cell !== undefined &&
        statusCellIsOurs(cell.formulas[0]?.[0], each.record)
      ) {
        // Made again from the sheet: a range from a method lives only until the next sync.
        const { rowIndex, columnIndex } = each.header;
        const sheet = context.workbook.worksheets.getItem(each.sheet.name);
        sheet.getRangeByIndexes(rowIndex - 2, columnIndex, 1, 1).clear("Contents");
      }
      each.table.delete();
    });
    await context.sync();
    return {
      kind: "removed",
      tables: leaving.map((each) => each.record.name),
      deleted: deleting.map((each) => each.record.name),
      kept,
    };
  });
}

/** Queues reading the status cell two rows above a table's header, when the import wrote one. */
function statusCellOf(context: Excel.RequestContext, each: Leaving): Excel.Range | null {
  const { rowIndex, columnIndex } = each.header;
  if (each.record.shown !== true || rowIndex < 2) return null;
  const sheet = context.workbook.worksheets.getItem(each.sheet.name);
  return sheet.getRangeByIndexes(rowIndex - 2, columnIndex, 1, 1).load("formulas");
}
