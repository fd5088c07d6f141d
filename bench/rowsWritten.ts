// What an import or a refresh left in the workbook, counted the same way whoever wrote it: the
// rows every sheet holds (a table's header and data rows, the invoice lines on their own sheet)
// and the cells in them. Excel's work grows with these, not with the records fetched: an invoice
// writes about 3.4 rows, a receipt one.
import type { FakeWorkbook } from "../tools/excel-emulator/workbook";

export interface WorkbookExtent {
  /** Rows from each sheet's first stored row to its last, summed over the sheets. */
  readonly rows: number;
  /** Cells holding a value or a format (an empty, unformatted cell is not stored). */
  readonly cells: number;
}

export function workbookExtent(workbook: FakeWorkbook): WorkbookExtent {
  let rows = 0;
  let cells = 0;
  for (const sheet of workbook.sheets) {
    rows += sheet.storedBounds()?.rowCount ?? 0;
    cells += sheet.cellCount;
  }
  return { rows, cells };
}
