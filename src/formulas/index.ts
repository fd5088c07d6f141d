// The formulas core's public surface: what the LEDGER.* custom functions compute, free of Office.

export { ConcurrencyLimit } from "./concurrencyLimit";
export { balanced, decimalSum, sumCell, sumOfRange } from "./decimalSum";
export {
  DEFAULT_MAX_RECORDS,
  LIST_COLLECTIONS,
  MAX_RECORDS_CAP,
  isOmitted,
  journalReferenceOf,
  listCollectionOf,
  recordCountOf,
} from "./formulaArguments";
export {
  FormulaError,
  NOT_CONNECTED_MESSAGE,
  badArgument,
  formulaErrorOf,
  isFormulaError,
  notConnected,
} from "./formulaError";
export type { FormulaErrorCode } from "./formulaError";
export {
  JOURNAL_LINE_HEADERS,
  NOTES_HEADER,
  collectionTable,
  collectionTableSize,
  journalLinesTable,
  paymentsTable,
  paymentsTableSize,
  sizeCutRow,
} from "./formulaTables";
export type { SizeCut, SpilledTable, TableSize } from "./formulaTables";
export { withNumberFormats } from "./spillFormats";
export type { FormattedNumberValue, SpilledCell } from "./spillFormats";
export { fitResult, resultBytes } from "./resultSize";
export type { CutRow, FitOptions, FittedResult } from "./resultSize";
export { JOURNAL_FIELD_NAMES, journalFieldOf, journalFieldValue } from "./journalFields";
export type { JournalField } from "./journalFields";
export { DEFAULT_MAX_CONCURRENT, LedgerFormulas } from "./ledgerFormulas";
export type { CallOptions, FormulaApi, LedgerFormulasOptions } from "./ledgerFormulas";
export { DEFAULT_MAX_CACHED, SharedRequests } from "./sharedRequests";
export type { Load, SharedRequestsOptions } from "./sharedRequests";
