// Errors shaped like the ones Office.js raises: name "RichApi.Error", a code, Excel's message and
// a debugInfo naming the failing member, so code under test handles them as it would real ones.

/** The error codes the fake raises; the same strings as `Excel.ErrorCodes`. */
export type FakeErrorCode =
  | "PropertyNotLoaded"
  | "ValueNotLoaded"
  | "InvalidArgument"
  | "ItemNotFound"
  | "ItemAlreadyExists"
  | "InvalidOperation"
  | "AccessDenied"
  | "InvalidReference"
  | "PivotTableRangeConflict"
  | "MergedRangeConflict"
  | "FilteredRangeConflict"
  | "InsertDeleteConflict"
  | "NonBlankCellOffSheet"
  | "RangeExceedsLimit"
  | "InvalidRequestContext"
  | "InvalidOperationInCellEditMode"
  | "RequestPayloadSizeLimitExceeded"
  | "ResponsePayloadSizeLimitExceeded"
  | "RunMustReturnPromise"
  | "GeneralException";

const MESSAGES: Readonly<Record<FakeErrorCode, string>> = {
  PropertyNotLoaded:
    "The property '{0}' is not available. Before reading the property's value, call the load " +
    'method on the containing object and call "context.sync()" on the associated request context.',
  ValueNotLoaded:
    'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
  InvalidArgument: "The argument is invalid or missing or has an incorrect format.",
  ItemNotFound: "The requested resource doesn't exist.",
  ItemAlreadyExists: "A resource with the same name or identifier already exists.",
  InvalidOperation: "The operation is not permitted for the current object.",
  AccessDenied: "You cannot perform the requested operation.",
  InvalidReference: "This reference is not valid for the current operation.",
  PivotTableRangeConflict: "The attempted operation causes a conflict with a PivotTable range.",
  MergedRangeConflict:
    "Cannot complete the operation. A table can't overlap with another table, a PivotTable " +
    "report, query results, merged cells, or an XML Map.",
  // The three below: Microsoft's error-handling page (Excel's messages, as documented).
  FilteredRangeConflict: "The attempted operation causes a conflict with a filtered range.",
  InsertDeleteConflict: "The insert or delete operation attempted resulted in a conflict.",
  NonBlankCellOffSheet:
    "Microsoft Excel can't insert new cells because it would push non-empty cells off the end " +
    "of the worksheet. These non-empty cells might appear empty but have blank values, some " +
    "formatting, or a formula. Delete enough rows or columns to make room for what you want to " +
    "insert and then try again.",
  RangeExceedsLimit: "The cell count in the range has exceeded the maximum supported number.",
  InvalidRequestContext: "Cannot use the object across different request contexts.",
  InvalidOperationInCellEditMode:
    "Excel is in cell-editing mode. Please exit the edit mode by pressing ENTER or TAB or " +
    "selecting another cell, and then try again.",
  RequestPayloadSizeLimitExceeded:
    "The request payload size has exceeded the limit. Please refer to the documentation: " +
    "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins.",
  ResponsePayloadSizeLimitExceeded:
    "The response payload size has exceeded the limit. Please refer to the documentation: " +
    "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins.",
  RunMustReturnPromise:
    'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
  GeneralException: "An internal error has occurred.",
};

/** The `debugInfo` of an Office error. */
export interface FakeErrorDebugInfo {
  code: string;
  message: string;
  errorLocation?: string;
}

/** An error as Office.js throws it: `error.name === "RichApi.Error"` and a `code`. */
export class FakeRichApiError extends Error {
  readonly code: FakeErrorCode;
  readonly debugInfo: FakeErrorDebugInfo;
  readonly traceMessages: string[] = [];
  readonly innerError: Error | null = null;

  constructor(code: FakeErrorCode, message: string, errorLocation?: string) {
    super(message);
    this.name = "RichApi.Error";
    this.code = code;
    this.debugInfo = errorLocation ? { code, message, errorLocation } : { code, message };
  }
}

/**
 * Builds an Office-like error. `detail`, when given, is appended to Excel's generic message so a
 * failing test says what was wrong (Excel's own messages are terse).
 */
export function officeError(
  code: FakeErrorCode,
  detail?: string,
  errorLocation?: string,
): FakeRichApiError {
  const base = MESSAGES[code];
  return new FakeRichApiError(code, detail ? `${base} ${detail}` : base, errorLocation);
}

/** The error Office.js throws when a property is read before it was loaded and synced. */
export function propertyNotLoaded(property: string, errorLocation: string): FakeRichApiError {
  return new FakeRichApiError(
    "PropertyNotLoaded",
    MESSAGES.PropertyNotLoaded.replace("{0}", property),
    errorLocation,
  );
}

/** Excel's message when a 2-D array does not fit the range it is written to. */
export const DIMENSION_MISMATCH =
  "The number of rows or columns in the input array doesn't match the size or dimensions of the range.";

/** The error raised when an add-in uses a member this fake does not implement. */
export function notImplemented(member: string): Error {
  return new Error(
    `The fake Excel host does not implement ${member}. Add it to tools/excel-emulator or use a ` +
      "member from the list in tools/excel-emulator/index.ts.",
  );
}
