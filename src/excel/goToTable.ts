// Go to: shows an import table's sheet and selects the table, as the Tables view's row asks.
import type { ExcelRun } from "./run";

/**
 * Activates the sheet of the table named `tableName` and selects the table. False when no
 * table has that name now (renamed or deleted since it was listed). Two syncs: the table's existence is known only after the first.
 */
export async function goToTable(run: ExcelRun, tableName: string): Promise<boolean> {
  return await run(async (context) => {
    const table = context.workbook.tables.getItemOrNullObject(tableName);
    await context.sync();
    if (table.isNullObject) return false;
    table.worksheet.activate();
    table.getRange().select();
    await context.sync();
    return true;
  });
}
