// The record ids an import table already holds, for fetching only what is new. The table must be
// one the add-in created (on both proofs, its recorded id and its marker, as for a refresh); a
// user's own table of the same name is never read as ours.
import type { ExcelRun } from "./run";
import type { TableProject } from "../domain/tableOwnership";
import { readColumnInBlocks } from "./columnBlocks";
import { loadOurTables, ourTableFor } from "./ourTables";

export type ImportTableIds =
  | {
      readonly kind: "ids";
      readonly tableName: string;
      readonly ids: readonly string[];
      /**
       * The user sorted the table (Table.sort has fields): its rows are not in the server's
       * newest-first order, so its first row is not the newest record it holds.
       */
      readonly sorted: boolean;
      /** The last import's final status line, as the workbook's setting records it. */
      readonly status?: string;
    }
  /** No table of this import yet: the first import is a full one. */
  | { readonly kind: "no-table" }
  /** The table has no column with this header (the user removed or renamed it). */
  | { readonly kind: "no-id-column"; readonly tableName: string };

/**
 * The non-empty texts in column `idHeader` of the import table named (when created) `wanted`,
 * top to bottom. Two syncs (which tables are ours; the table's headers and row count), then the
 * column's values in blocks whose responses stay under Excel's 5 MB limit (src/excel/columnBlocks.ts).
 */
export async function readImportTableIds(
  run: ExcelRun,
  wanted: string,
  idHeader: string,
  project?: TableProject,
): Promise<ImportTableIds> {
  return await run(async (context) => {
    const ours = ourTableFor(wanted, await loadOurTables(context), project);
    if (ours === null) return { kind: "no-table" };
    const status = ours.record.status;
    const tableName = ours.table.name;
    const columns = ours.table.columns;
    const names = columns.load("items/name");
    const body = ours.table.getDataBodyRange();
    body.load("rowIndex,columnIndex,rowCount");
    const sheet = ours.table.worksheet;
    sheet.load("name");
    const sort = ours.table.sort.load("fields");
    await context.sync();
    const index = names.items.findIndex(
      (item) => item.name.toLowerCase() === idHeader.toLowerCase(),
    );
    if (index < 0) return { kind: "no-id-column", tableName };
    const values = await readColumnInBlocks(context, {
      sheet: context.workbook.worksheets.getItem(sheet.name),
      row: body.rowIndex,
      column: body.columnIndex + index,
      rowCount: body.rowCount,
    });
    const ids = values
      .map((row) => row[0])
      .filter((value): value is string => typeof value === "string" && value !== "");
    return {
      kind: "ids",
      tableName,
      ids,
      sorted: sort.fields.length > 0,
      ...(status === undefined ? {} : { status }),
    };
  });
}
