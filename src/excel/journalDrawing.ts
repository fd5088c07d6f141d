// Draws a journal's layout on a sheet in a few batched requests and records the sheet's state.
import type { JournalLayout, JournalSheetState, LayoutCell } from "../journal/contract";
import { NO_FILL, layoutBatches } from "../journal/layoutBlocks";
import type { DrawBatch, SheetArea } from "../journal/layoutBlocks";
import { markerFormula, markerName, newJournalKey } from "../settings/journalMarkers";
import { queueStates, rawStatesOf, saveStates, sheetOfKey } from "./journalSheetStates";
import { queueRowMarkWrites, queueRowMarks } from "./journalRowMarkRequests";
import type { SheetRef } from "../settings/journalSheets";
import type { JournalSheetKeys } from "../settings/journalSheetKeys";
import type { ExcelRun } from "./run";

/**
 * The fill of every cell of the sheet whose content Send does not send: facts, labels, headers,
 * totals, the balance and the empty cells between them. Office's own "Background 2" grey: darker
 * than the faint greys that vanish on some screens, light enough for black text. How Excel's
 * dark cell mode shows it was not tried here (the emulator has no themes).
 */
export const NOT_SENT_FILL = "#E7E6E6";

/**
 * Whether Send sends what the cell holds: the inputs of a DRAFT journal (the date, currency,
 * rate, description, and each line's account, description, amounts and ids; an Account code as
 * the ID of its account). They have no fill, the look of a cell to type in.
 */
export function isSentCell(cell: LayoutCell): boolean {
  return cell.role === "input";
}

/**
 * Draws `layout` on the journal sheet with key `sheetKey` (cleared first), or on a new sheet
 * named `layout.sheetName`, marked with a new key, when no key is given; marks the lines'
 * header, Total and Difference rows with hidden names (src/settings/journalRowMarks.ts); applies
 * formats before values so server text stays literal, shades every cell that is not sent
 * ({@link NOT_SENT_FILL}: the whole extent, then the sent cells' fill taken away, a few ranges),
 * and records `state`.
 * Returns the sheet drawn.
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
  /** Makes a new sheet's key with this computer's proof (src/settings/journalSheetKeys.ts). */
  keys?: JournalSheetKeys,
): Promise<SheetRef> {
  const newKey = sheetKey ?? (keys === undefined ? newJournalKey() : await keys.make());
  const [first, ...rest] = layoutBatches(layout, {
    background: NOT_SENT_FILL,
    fillOf: (cell) => (isSentCell(cell) ? NO_FILL : null),
  });
  return await run(async (context) => {
    const setting = queueStates(context);
    const key = newKey;
    const marks = sheetKey === undefined ? null : queueRowMarks(context, sheetKey);
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
    if (layout.marks) {
      queueRowMarkWrites(context, marks, {
        sheetKey: key,
        sheetName: sheet.name,
        marks: layout.marks,
      });
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
    if (format.fill === NO_FILL) range.format.fill.clear();
    else if (format.fill !== undefined) range.format.fill.color = format.fill;
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
