// Puts a formula into the active cell, as the Formulas tab's Insert does. The cell must be
// empty: whatever the user (or anything else) put there is theirs, and is never overwritten.

import type { ExcelRun } from "./run";

export type InsertOutcome =
  /** `address` is the cell's, with its sheet: `Report!B3`. */
  | { readonly outcome: "inserted"; readonly address: string }
  | { readonly outcome: "notEmpty"; readonly address: string };

/** Writes `formula` (English, as Range.formulas takes it) into the active cell when it is empty. */
export async function insertFormulaInActiveCell(
  run: ExcelRun,
  formula: string,
): Promise<InsertOutcome> {
  return await run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load("address, formulas, worksheet/name");
    await context.sync();
    const held = cell.formulas[0]?.[0];
    if (held !== undefined && held !== null && held !== "") {
      return { outcome: "notEmpty", address: cell.address };
    }
    // The active cell's object is gone after a sync (as in Excel): the same cell, by its address.
    const local = cell.address.slice(cell.address.lastIndexOf("!") + 1);
    context.workbook.worksheets.getItem(cell.worksheet.name).getRange(local).formulas = [[formula]];
    await context.sync();
    return { outcome: "inserted", address: cell.address };
  });
}
