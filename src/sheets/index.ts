// The sheets module's public surface: records to typed rows, Excel's cell conventions and names.

export { NUMBER_FORMATS } from "./cells";
export type { CellKind, CellValue, ColumnSpec } from "./cells";
export {
  FIRST_SERIAL,
  FIRST_SERIAL_DATE,
  LAST_SERIAL,
  LAST_SERIAL_DATE,
  dateTimeToSerial,
  dateToSerial,
  looksLikeIsoDate,
  looksLikeIsoDateTime,
  readDateSerial,
  readDateTimeSerial,
  serialToIsoDate,
  serialToIsoDateTime,
} from "./excelDates";
export type { SerialProblem, SerialResult } from "./excelDates";
export { fitText, jsonText } from "./textCells";
export type { FittedText } from "./textCells";
export { toCell } from "./typedCells";
export type { CellOutcome } from "./typedCells";
export { fieldWords, headerForPath } from "./fieldNames";
export { inferKind, isDateName, isMoneyName, isRateName, isTimestampName } from "./kindInference";
export { IMPORT_NOTES_HEADER, IMPORT_NOTES_KEY, NOTE_SEPARATOR } from "./rowShaper";
export type { CellAddress, RecordShaper, RowNote, ShapedBlock } from "./rowShaper";
export { createDiscoveringShaper } from "./shapeRecords";
export {
  ALLOCATION_COLUMN_SPECS,
  PAYMENT_ALLOCATIONS_LABEL,
  PAYMENT_COLUMN_SPECS,
  createAllocationsShaper,
  createPaymentsShaper,
  paymentRecord,
} from "./shapePayments";
export type { AllocationsShaper, PaymentsShaper } from "./shapePayments";
export { looksLikeCellReference, sheetNameFor, tableNameFor } from "./names";
export { CELL_OVERHEAD_BYTES, ROW_OVERHEAD_BYTES, estimateRowBytes } from "./payload";
