// Before a journal sheet is checked: when its Currency cell was changed to a currency of other
// decimals, its amount formats and balance check are redrawn for them, and the user is told.
import { redrawAmountFormats } from "../excel/amountFormatsRedraw";
import type { ExcelRun } from "../excel/run";
import { amountFormatsToRedraw } from "../journal/amountFormats";
import type { GridSnapshot, SheetProblem } from "../journal/contract";
import { placesInWords } from "../money";

/**
 * Redraws what `grid` (the sheet as read) needs for its currency, drawn with `drawnPlaces`
 * decimals; returns the notice saying so, or nothing when the formats already follow it. The
 * values are not touched: Validate then judges them with the new currency's decimals.
 */
export async function followCurrency(
  run: ExcelRun,
  sheetKey: string,
  grid: GridSnapshot,
  drawnPlaces: number | undefined,
): Promise<SheetProblem[]> {
  const redraw = amountFormatsToRedraw(grid, drawnPlaces);
  if (redraw === null) return [];
  await redrawAmountFormats(run, sheetKey, redraw);
  return [
    {
      address: redraw.currencyAddress,
      message:
        `Currency (${redraw.currencyAddress}) is ${redraw.currency}: the amounts, their totals and ` +
        `the balance check (B1) now show ${placesInWords(redraw.places)}. Check the amounts as ` +
        "they show now before sending",
      severity: "info",
    },
  ];
}
