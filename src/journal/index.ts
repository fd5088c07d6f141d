// The journal core's public surface: draw a journal as a sheet, read the sheet back exactly,
// check it, build the update, and describe what changed on the server. Pure: no Office, no DOM.

export { JOURNAL_LAYOUT_VERSION } from "./contract";
export type {
  GridSnapshot,
  JournalLayout,
  JournalSheetState,
  LayoutCell,
  ProblemMark,
  SheetProblem,
} from "./contract";
export { layoutJournal } from "./layout";
export type { LayoutOptions } from "./layout";
export { parseJournalGrid } from "./gridParse";
export type { JournalGridReading } from "./gridParse";
export type { JournalDraft, JournalDraftLine, JournalSheetAddresses } from "./draft";
export { fillAccountIds, validateJournalDraft } from "./validate";
export type { AccountFill, ValidateOptions } from "./validate";
export {
  describeServerAgainstSheet,
  describeServerChanges,
  taxAmountChanges,
} from "./serverChanges";
export { resetsQuestion, taxAmountsAnUpdateResets } from "./serverResets";
export { describeConcurrentChange, describeNoLongerDraft } from "./concurrentChange";
export { journalSheetState, readJournalSheetState } from "./sheetState";
export { planProblemMarks } from "./problemMarks";
export type { MarkPlan } from "./problemMarks";
export type { SheetStateReading } from "./sheetState";
export {
  BALANCED_TEXT,
  DEFAULT_SPARE_LINES,
  DIFFERENCE_LABEL,
  HEADER_FIELDS,
  INPUT_FIELD_LABELS,
  LINE_COLUMNS,
  TOTAL_LABEL,
  UNBALANCED_TEXT,
  readOnlyReason,
} from "./journalSheet";
export type { HeaderField, InputField, LineColumn, LineFact, LineInput } from "./journalSheet";
export { EXCEL_ERRORS } from "./cellReading";
