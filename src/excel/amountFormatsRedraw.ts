// Redraws a journal sheet's amount formats and balance check for its currency's decimals
// (src/journal/amountFormats.ts says what), and records the decimals in the sheet's state.
import type { AmountFormatsRedraw } from "../journal/amountFormats";
import { withStateChanges } from "../settings/journalSheets";
import { queueStates, rawStatesOf, saveStates, sheetOfKey } from "./journalSheetStates";
import type { ExcelRun } from "./run";

/** Writes `redraw` on the journal sheet with key `sheetKey`. Two syncs. */
export async function redrawAmountFormats(
  run: ExcelRun,
  sheetKey: string,
  redraw: AmountFormatsRedraw,
): Promise<void> {
  await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    const setting = queueStates(context);
    for (const { address, numberFormat } of redraw.formats) {
      // One format for the whole range, which Excel applies to every cell (Office.js types only
      // the array form).
      sheet.getRange(address).numberFormat = numberFormat as unknown as string[][];
    }
    if (redraw.difference) {
      sheet.getRange(redraw.difference.address).formulas = [[redraw.difference.formula]];
    }
    await context.sync();
    const updated = withStateChanges(rawStatesOf(setting), sheetKey, {
      amountPlaces: redraw.places,
    });
    if (updated === null) return;
    saveStates(context, updated);
    await context.sync();
  });
}
