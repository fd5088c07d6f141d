// Reads and writes a journal sheet's row marks (src/settings/journalRowMarks.ts: their names and
// formulas) in the workbook's defined names. Requests: `names.add`, `NamedItem.formula` (ExcelApi
// 1.4, 1.7), within the manifest's 1.13.

import type { JournalRowMarks } from "../journal/contract";
import {
  MARK_KEYS,
  markedRow,
  rowMarkFormula,
  rowMarkName,
  type MarkKey,
} from "../settings/journalRowMarks";

/** The marks' names, queued for reading (null objects when missing). */
export type QueuedRowMarks = Readonly<Record<MarkKey, Excel.NamedItem>>;

/** Queues the reads of a sheet's row marks; read them with {@link rowMarksOf} after a sync. */
export function queueRowMarks(context: Excel.RequestContext, sheetKey: string): QueuedRowMarks {
  const entries = MARK_KEYS.map((mark) => {
    const item = context.workbook.names.getItemOrNullObject(rowMarkName(mark, sheetKey));
    item.load("formula");
    return [mark, item] as const;
  });
  return Object.fromEntries(entries) as Record<MarkKey, Excel.NamedItem>;
}

/** The rows the marks point at now, once {@link queueRowMarks} is synced. */
export function rowMarksOf(queued: QueuedRowMarks): JournalRowMarks {
  const row = (mark: MarkKey): number | null => {
    const item = queued[mark];
    return item.isNullObject ? null : markedRow(String(item.formula));
  };
  return {
    headerRow: row("headerRow"),
    totalRow: row("totalRow"),
    differenceRow: row("differenceRow"),
  };
}

/**
 * Queues the writes that point a sheet's marks at `marks`: a mark that exists (as loaded by
 * {@link queueRowMarks} and synced) gets its formula, a missing one is added, hidden.
 */
export function queueRowMarkWrites(
  context: Excel.RequestContext,
  existing: QueuedRowMarks | null,
  at: { readonly sheetKey: string; readonly sheetName: string; readonly marks: JournalRowMarks },
): void {
  for (const mark of MARK_KEYS) {
    const row = at.marks[mark];
    if (row === null) continue;
    const formula = rowMarkFormula(at.sheetName, row);
    const item = existing?.[mark];
    if (item !== undefined && !item.isNullObject) item.formula = formula;
    else context.workbook.names.add(rowMarkName(mark, at.sheetKey), formula).visible = false;
  }
}
