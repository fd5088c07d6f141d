// A journal sheet as the Excel-layer tests draw it: a one-cell layout and the state its marker
// records.
import type { JournalLayout, JournalSheetState } from "../../src/journal/contract";

/** The state of journal j-1 on sheet "Journal JNL-0001". */
export const JOURNAL_STATE: JournalSheetState = {
  layoutVersion: 1,
  journalId: "j-1",
  loadedUpdatedAt: "2026-11-20T10:00:00.000Z",
  status: "DRAFT",
  sheetName: "Journal JNL-0001",
};

/** A layout of that sheet holding its title alone, with `frozenRows` frozen. */
export function oneCellLayout(frozenRows: number): JournalLayout {
  return {
    sheetName: "Journal JNL-0001",
    cells: [{ address: "A1", value: "Manual journal JNL-0001", numberFormat: "@", role: "label" }],
    extent: "A1:A1",
    columnWidths: [120],
    frozenRows,
  };
}
