// Reads a journal sheet back (values, formulas, and what its cells show), in blocks sized to stay
// under Excel's limits.
import { JOURNAL_READ_BUDGET_BYTES } from "../domain/excelLimits";
import type { GridSnapshot } from "../journal/contract";
import { jsonSize } from "../journal/layoutBlocks";
import { hiddenColumnsOf, hiddenRowsOf } from "./hiddenCells";
import { sheetOfKey } from "./journalSheetStates";
import { queueRowMarks, rowMarksOf } from "./journalRowMarkRequests";
import type { ExcelRun } from "./run";

/** Rows of the first read of a sheet; the next reads are sized from what these weighed. */
const FIRST_READ_ROWS = 2_000;

/**
 * Reads the journal sheet from A1 to the end of what is used, and where its row marks point. Two
 * syncs for a sheet of up to 2,000 rows; a longer one is read in blocks of rows (one sync each)
 * sized so that each answer stays near {@link JOURNAL_READ_BUDGET_BYTES}: two more for 10,000
 * lines of usual length. Which rows and columns are hidden (or filtered out) is asked in the
 * first request; only a sheet with some hidden costs more ({@link hiddenRowsOf}).
 */
export async function readJournalGrid(run: ExcelRun, sheetKey: string): Promise<GridSnapshot> {
  return await run(async (context) => {
    const sheet = sheetOfKey(context, sheetKey);
    const used = sheet.getUsedRange(false);
    used.load("rowIndex,columnIndex,rowCount,columnCount");
    // From A1 to the end of the sheet's used rows and columns: are any of them hidden?
    const shown = sheet.getRange("A1").getBoundingRect(used);
    shown.load("rowHidden,columnHidden");
    const marks = queueRowMarks(context, sheetKey);
    await context.sync();
    // From A1, so row and column numbers in the snapshot are the sheet's own.
    const rows = used.rowIndex + used.rowCount;
    const columns = used.columnIndex + used.columnCount;
    const values: GridSnapshot["values"][number][] = [];
    const formulas: GridSnapshot["formulas"][number][] = [];
    const numberFormats: string[][] = [];
    const texts: string[][] = [];
    let blockRows = FIRST_READ_ROWS;
    for (let top = 0, count = 0; top < rows; top += count) {
      count = Math.min(blockRows, rows - top);
      const block = await readRows(context, sheet.getRangeByIndexes(top, 0, count, columns));
      values.push(...block.values);
      formulas.push(...block.formulas);
      numberFormats.push(...block.numberFormats);
      texts.push(...block.texts);
      const bytesPerRow =
        (jsonSize(block.values) +
          jsonSize(block.formulas) +
          jsonSize(block.numberFormats) +
          jsonSize(block.texts)) /
        count;
      blockRows = Math.max(100, Math.floor(JOURNAL_READ_BUDGET_BYTES / bytesPerRow));
    }
    const hiddenRows = await hiddenRowsOf(context, sheet, rows, shown.rowHidden);
    const hiddenColumns = await hiddenColumnsOf(context, sheet, columns, shown.columnHidden);
    return {
      values,
      formulas,
      numberFormats,
      texts,
      // One-based rows, as the parser numbers them.
      ...(hiddenRows.length > 0 ? { hiddenRows: hiddenRows.map((row) => row + 1) } : {}),
      ...(hiddenColumns.length > 0 ? { hiddenColumns } : {}),
      marks: rowMarksOf(marks),
    };
  });
}

/** A block of rows as Excel reports it: values, formulas, and how each cell shows its value. */
interface RowBlock {
  readonly values: GridSnapshot["values"];
  readonly formulas: GridSnapshot["formulas"];
  readonly numberFormats: string[][];
  readonly texts: string[][];
}

/** One request reading a block of rows. */
async function readRows(context: Excel.RequestContext, range: Excel.Range): Promise<RowBlock> {
  range.load("values,formulas,numberFormat,text");
  await context.sync();
  return {
    values: range.values,
    formulas: range.formulas,
    numberFormats: range.numberFormat.map((row) => row.map(String)),
    texts: range.text,
  };
}
