// Puts an account on the line of the active cell of a journal sheet (the task pane's account
// list): its code, name and ID, as text.
import type { KnownAccount } from "../journal/contract";
import { lineAccountCells } from "../journal/lineAccount";
import { queueRowMarks, rowMarksOf } from "./journalRowMarkRequests";
import { sheetOfKey } from "./journalSheetStates";
import type { ExcelRun } from "./run";

/** The row of the line that took the account, or why it could not. */
export type LineAccountOutcome =
  | { readonly kind: "put"; readonly row: number }
  | { readonly kind: "refused"; readonly message: string };

/** Widest lines table the header read covers (the layout has twelve columns). */
const HEADER_COLUMNS = 40;

/**
 * Writes `account` into the line of the active cell, which must be on the journal sheet with key
 * `sheetKey`, in a line's row. Two or three syncs.
 */
export async function putAccountOnActiveLine(
  run: ExcelRun,
  sheetKey: string,
  account: KnownAccount,
): Promise<LineAccountOutcome> {
  return await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    sheet.load("name");
    const active = context.workbook.getActiveCell();
    active.load("rowIndex");
    // The active cell is on the active sheet.
    const activeSheet = context.workbook.worksheets.getActiveWorksheet();
    activeSheet.load("name");
    const marks = queueRowMarks(context, sheetKey);
    await context.sync();
    if (activeSheet.name !== sheet.name) {
      return {
        kind: "refused",
        message: `Select a cell of the line on sheet “${sheet.name}” first.`,
      };
    }
    const rows = rowMarksOf(marks);
    const headers =
      rows.headerRow === null
        ? null
        : sheet.getRangeByIndexes(rows.headerRow - 1, 0, 1, HEADER_COLUMNS);
    headers?.load("values");
    await context.sync();
    const row = active.rowIndex + 1;
    const planned = lineAccountCells(rows, headers?.values[0] ?? [], row, account);
    if (!planned.ok) return { kind: "refused", message: planned.message };
    for (const { address, value } of planned.cells) {
      const range = sheet.getRange(address);
      // Text, whatever the cell's format was: an ID or a code is never a number or a formula.
      range.numberFormat = [["@"]];
      range.values = [[value]];
    }
    await context.sync();
    return { kind: "put", row };
  });
}
