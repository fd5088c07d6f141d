// Go to: selects a cell a message names, on the sheet it names, so the reader lands on it.
import type { ExcelRun } from "./run";

/** Activates sheet `sheetName` and selects `address` ("D5") on it. One sync; rejects when gone. */
export async function selectCell(run: ExcelRun, sheetName: string, address: string): Promise<void> {
  await run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    sheet.activate();
    sheet.getRange(address).select();
    await context.sync();
  });
}
