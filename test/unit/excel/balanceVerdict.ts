// Test helper: what the sheet's own balance cell (B1) says of a journal sheet as a user left it,
// beside Validate's reading of the same cells, through Microsoft's office.js client and the
// emulator's formula engine. For property tests that compare B1's verdict with the truth.
import type { ManualJournal } from "../../../src/api/types";
import { drawJournal } from "../../../src/excel/journalDrawing";
import { readJournalGrid } from "../../../src/excel/journalGrid";
import { journalSheetState, layoutJournal, parseJournalGrid } from "../../../src/journal";
import type { JournalGridReading } from "../../../src/journal";
import { columnLetter } from "../../../src/sheets/cellAddresses";
import {
  BALANCED_TEXT,
  LINE_COLUMNS,
  TOO_LARGE_TEXT,
  UNBALANCED_TEXT,
  UNCHECKED_TEXT,
} from "../../../src/journal/journalSheet";
import { OfficeJsExcelHost } from "../../../tools/excel-emulator/officeJs/nodeClient";

/**
 * What a user leaves in a cell: a typed constant (as `Range.values` takes it, so "" empties the
 * cell), a formula, or text in a Text-formatted cell ("2500.00" typed after Format Cells > Text;
 * a leading apostrophe gives Range.values the same text).
 */
export type UserCell =
  | { readonly value: number | string | boolean }
  | { readonly formula: string }
  | { readonly text: string };

/** B1's verdict: one of the balance cell's four texts. */
export type BalanceVerdict =
  typeof BALANCED_TEXT | typeof UNBALANCED_TEXT | typeof TOO_LARGE_TEXT | typeof UNCHECKED_TEXT;

export interface SheetVerdicts {
  /** What B1 shows. */
  readonly b1: BalanceVerdict;
  /** What the Difference cell shows: the exact difference, or B1's reason for no verdict. */
  readonly difference: number | string;
  /** Validate's reading of the same sheet. */
  readonly reading: JournalGridReading;
}

/**
 * Draws `journal` (any currency: the layout's formats and B1 follow it), writes `cells`
 * (by address, "F19") and gives B1's verdict and Validate's reading. One new workbook per call.
 */
export async function balanceVerdicts(
  journal: ManualJournal,
  cells: Readonly<Record<string, UserCell>>,
): Promise<SheetVerdicts> {
  const host = new OfficeJsExcelHost();
  const layout = layoutJournal(journal);
  const { sheetKey, sheetName } = await drawJournal(
    host.run,
    layout,
    journalSheetState(journal, layout.sheetName),
  );
  const debit = columnLetter(LINE_COLUMNS.findIndex((column) => column.key === "debit"));
  const differenceAddress = `${debit}${(layout.marks?.differenceRow ?? 0).toString()}`;
  const [b1, difference] = await host.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    for (const [address, cell] of Object.entries(cells)) {
      const range = sheet.getRange(address);
      if ("formula" in cell) range.formulas = [[cell.formula]];
      else if ("text" in cell) {
        range.numberFormat = [["@"]];
        range.values = [[cell.text]];
      } else range.values = [[cell.value]];
    }
    const shown = [sheet.getRange("B1"), sheet.getRange(differenceAddress)];
    for (const range of shown) range.load("values");
    await context.sync();
    return shown.map((range) => range.values[0]![0] as number | string);
  });
  const reading = parseJournalGrid(await readJournalGrid(host.run, sheetKey));
  return { b1: b1 as BalanceVerdict, difference: difference!, reading };
}

/**
 * True when B1 does not contradict Validate on the balance: Balanced only when Validate refuses
 * no Debit or Credit cell and finds no difference, Unbalanced only when Validate names the
 * difference; no verdict is never a contradiction. (Problems of other cells, an account say,
 * are not B1's to see.)
 */
export function b1AgreesWithValidate({ b1, reading }: SheetVerdicts): boolean {
  const letter = (key: string) =>
    columnLetter(LINE_COLUMNS.findIndex((column) => column.key === key));
  const amountCell = new RegExp(`^[${letter("debit")}${letter("credit")}]\\d+$`);
  const difference = (message: string) => /^Debits .* differ by /.test(message);
  const differs = reading.problems.some((problem) => difference(problem.message));
  const refusedAmount = reading.problems.some(
    (problem) => amountCell.test(problem.address ?? "") && !difference(problem.message),
  );
  if (b1 === BALANCED_TEXT) return !differs && !refusedAmount;
  if (b1 === UNBALANCED_TEXT) return differs;
  return b1 === TOO_LARGE_TEXT || b1 === UNCHECKED_TEXT;
}
