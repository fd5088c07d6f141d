// Draws a journal's layout on a sheet in a few batched requests and records the sheet's state.
import type { JournalLayout, JournalSheetState, LayoutCell } from "../journal/contract";
import { layoutBatches } from "../journal/layoutBlocks";
import type { DrawBatch, SheetArea } from "../journal/layoutBlocks";
import { markerFormula, markerName, newJournalKey } from "./journalMarkers";
import { queueStates, rawStatesOf, saveStates, sheetOfKey } from "./journalSheet";
import type { SheetRef } from "./journalSheet";
import type { ExcelRun } from "./run";

/** The fill of each role of cell: shading marks what cannot be edited. */
export const FILL_OF_ROLE: Readonly<Record<LayoutCell["role"], string | null>> = {
  label: null,
  fact: "#F3F2F1", // read-only facts: Office's neutral grey
  input: null,
  header: "#E1DFDD",
  total: "#F3F2F1",
  balance: null,
};

/**
 * Draws `layout` on the journal sheet with key `sheetKey` (cleared first), or on a new sheet
 * named `layout.sheetName`, marked with a new key, when no key is given; applies formats before
 * values so server text stays literal, shades read-only cells, and records `state`. Returns the
 * sheet drawn.
 *
 * The cells travel as a few rectangles ({@link layoutBatches}): one `values` array each, number
 * formats, fills and bold set on whole rectangles and columns, so a request holds a number of
 * ranges that does not grow with the journal's lines. Two syncs; a journal too large for one
 * request (thousands of lines) takes one more per further batch of values.
 */
export async function drawJournal(
  run: ExcelRun,
  layout: JournalLayout,
  state: JournalSheetState,
  sheetKey?: string,
): Promise<SheetRef> {
  const [first, ...rest] = layoutBatches(layout, { fillOf: (cell) => FILL_OF_ROLE[cell.role] });
  return await run(async (context) => {
    const setting = queueStates(context);
    const key = sheetKey ?? newJournalKey();
    let sheet: Excel.Worksheet;
    if (sheetKey === undefined) {
      sheet = context.workbook.worksheets.add(layout.sheetName);
    } else {
      sheet = sheetOfKey(context, sheetKey);
      sheet.getUsedRangeOrNullObject().clear("All");
    }
    sheet.load("name");
    if (first) queueBatch(sheet, first);
    await context.sync();
    for (const batch of rest.slice(0, -1)) await writeBatch(context, sheet, batch);
    const last = rest[rest.length - 1];
    if (last) queueBatch(sheet, last);
    for (const { column, count, width } of widthRuns(layout.columnWidths)) {
      sheet.getRangeByIndexes(0, column, 1, count).format.columnWidth = width;
    }
    if (layout.frozenRows > 0) sheet.freezePanes.freezeRows(layout.frozenRows);
    sheet.activate();
    // The marker and the state together, once the sheet is drawn: a drawing that failed half
    // way leaves no journal behind.
    if (sheetKey === undefined) {
      context.workbook.names.add(markerName(key), markerFormula(sheet.name)).visible = false;
    }
    const stored: JournalSheetState = { ...state, sheetName: sheet.name };
    saveStates(context, { ...rawStatesOf(setting), [key]: stored });
    await context.sync();
    return { sheetKey: key, sheetName: sheet.name };
  });
}

/** One request of a drawing that needs several: its batch of values, then a sync. */
async function writeBatch(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  batch: DrawBatch,
): Promise<void> {
  queueBatch(sheet, batch);
  await context.sync();
}

/** Queues a batch's formats, then its contents. */
function queueBatch(sheet: Excel.Worksheet, batch: DrawBatch): void {
  for (const format of batch.formats) {
    const range = rangeOf(sheet, format);
    if (format.numberFormat !== undefined) range.numberFormat = numberFormats(format.numberFormat);
    if (format.fill !== undefined) range.format.fill.color = format.fill;
    if (format.bold) range.format.font.bold = true;
  }
  for (const contents of batch.contents) {
    const range = rangeOf(sheet, contents);
    range.values = contents.values as unknown[][];
    if (contents.formulas !== undefined) range.formulas = contents.formulas as unknown[][];
  }
}

/** Adjacent columns of equal width, set together. */
function widthRuns(widths: readonly number[]): { column: number; count: number; width: number }[] {
  const runs: { column: number; count: number; width: number }[] = [];
  widths.forEach((width, column) => {
    const last = runs[runs.length - 1];
    if (last && last.width === width && last.column + last.count === column) last.count += 1;
    else runs.push({ column, count: 1, width });
  });
  return runs;
}

function rangeOf(sheet: Excel.Worksheet, area: SheetArea): Excel.Range {
  return sheet.getRangeByIndexes(area.row, area.column, area.rowCount, area.columnCount);
}

/**
 * A number format for a range: a 2-D array, or one format that Excel applies to every cell of
 * the range (Office.js types only the array form).
 */
function numberFormats(format: string | readonly (readonly string[])[]): string[][] {
  return format as string[][];
}
