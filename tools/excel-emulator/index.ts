// The fake Excel host: a strict in-memory stand-in for the Excel JavaScript API subset Ledger
// Sheets uses, typed against @types/office-js. The add-in's Excel code is tested through
// Microsoft's office.js client answered from this workbook (officeJs/: OfficeJsExcelHost in Node,
// fake-office.js in the preview page); `host.run` (the proxies below) serves tests of the model.
//
// HOW IT BEHAVES (like Excel, strictly)
// - Proxies queue: property sets, method calls and load() run at context.sync(), in order, in one
//   round trip. Excel.run (host.run) makes a final sync after the batch; an empty queue makes no
//   round trip. Requests are served one at a time.
// - Reading a property that was not loaded, or loaded but not yet synced, throws
//   {name: "RichApi.Error", code: "PropertyNotLoaded"} with Excel's message. A property set on the
//   proxy reads back its set value (as in Office.js). `items` of a collection must be loaded.
//   Loading a property the fake does not implement throws at load() ("does not implement").
// - *OrNullObject objects report isNullObject after the next sync (reading it earlier throws);
//   commands on a null object fail with ItemNotFound (stricter than Excel, which may ignore them).
// - Errors from queued commands reject the sync with Office's codes: InvalidArgument,
//   ItemNotFound, ItemAlreadyExists, InvalidOperation, MergedRangeConflict, FilteredRangeConflict,
//   InsertDeleteConflict, NonBlankCellOffSheet, PivotTableRangeConflict, InvalidRequestContext,
//   RequestPayloadSizeLimitExceeded (request > maxRequestBytes, 5 MB by default: nothing runs),
//   ResponsePayloadSizeLimitExceeded, ValueNotLoaded (ClientResult.value before sync).
//   Commands before the failing one stay applied; loads of a failed sync are not delivered.
// - values/formulas/numberFormat: a 2-D array of exactly the range's size, or one non-array
//   scalar for every cell; anything else is InvalidArgument at sync. null (or undefined) leaves a
//   cell unchanged, "" clears it. Text over 32,767 characters, NaN, Infinity and objects are
//   InvalidArgument. Dates travel as their JSON text.
// - Coercion on write: under "@" strings stay literal. Otherwise "=..." is a formula (refused
//   when it does not parse), "+..." that parses is a formula ("+1" -> =+1), numbers ("00123" ->
//   123, "1E5", "1,234.5", "(5)", "12%"), TRUE/FALSE in any case, error texts ("#N/A"), dates
//   ("2024-01-02", "1/2/2024", with times) and times become values, with Excel's implied format
//   in a General cell ("m/d/yyyy", "0%", "0.00E+00"); "-..." that is not a number but parses is a
//   formula; all else stays text. Numbers keep 15 significant digits.
// - Formulas: + - * / ^ & % comparisons, SUM ROUND ABS IF AND OR NOT IFERROR ROWS COLUMNS COUNTA
//   COUNT MIN MAX ISBLANK ISNUMBER ROW OFFSET, SUMPRODUCT (its arguments as arrays: operators,
//   ROUND and ABS cell by cell), SUBTOTAL (function numbers 1-11 and 101-111; cells holding
//   SUBTOTAL are left out of its ranges); A1 references with sheets ('My sheet'!A1:B2); table
//   references (Table1, Table1[Col], Table1[#All|#Data|#Headers|#Totals],
//   Table1[[#Headers],[Col]], Table1[[A]:[B]], and [Col] without a table name inside a table,
//   as in a total row's =SUBTOTAL(109,[Amount])) resolved against the table's current range
//   (#REF! for a hidden header or total row). Recalculated after each sync and
//   before each load, except in a sync after application.suspendApiCalculationUntilNextSync()
//   (then at the next sync). Deleting a table or sheet rewrites references to it to #REF!;
//   renaming a sheet, table or table column rewrites them; convertToRange turns table
//   references into absolute A1 references; inserting/deleting cells moves A1 references.
// - Names: tables and defined names share one namespace, ignoring case. Naming a table after a
//   name in use (a table or a defined name) is InvalidArgument, Excel's answer
//   (OfficeDev/office-js#551); adding a defined name in use is ItemAlreadyExists; tables.add
//   names a table TableN with the first N no table or defined name uses. Formulas use defined
//   names (an unknown one is #NAME?); renaming or deleting sheets and tables and shifting cells
//   rewrite names' formulas as they do cells' (a name of =Invoices[#All] follows the table's
//   renames and becomes =#REF! when the table is deleted).
// - Ids: Table.id stays across save and reopen. A new table takes the id after the highest held
//   (after a reopen, a deleted last table's id comes back); reopened with
//   { reuseFreedTableIds: true } (ReopenOptions), the lowest id no table holds (any deleted
//   table's), so tests catch code that trusts table ids.
// - Total rows (showTotals): the row directly under the data body, inside getRange(), outside
//   getDataBodyRange(). Showing it uses the blank row below the table, or inserts a row of cells
//   there when that row holds anything (nothing is written over); the first time it holds
//   "Total" and =SUBTOTAL(109,[Last column]) (103, a count, for a column without numbers).
//   Hiding clears it (nothing moves up) and remembers each column's total for the next show.
//   rows.add and cells inserted at the total row add data rows above it; deleting data rows
//   moves it up; deleting its cells turns it off. resize(range) takes the whole table: the new
//   range's last row becomes the total row and the totals move there (Excel's handling of the
//   old total row's cells is not documented: the fake clears them).
// - Limits: 1,048,576 rows x 16,384 columns (addresses beyond are InvalidArgument). Reading the
//   cell data of more than 5,000,000 cells answers null (as Excel on the web can); writing that
//   many cell by cell is RangeExceedsLimit. Whole-row/column number formats and clear() are fine.
// - In the way of a write (guards.ts): a protected sheet (WorksheetProtection.protect) refuses
//   every value, format, clear, insert, delete, column width and hidden-row change, and creating,
//   resizing or changing a table, with AccessDenied ("You cannot perform the requested
//   operation."). Merged cells (Range.merge): writing values over part of them is InvalidOperation
//   (guess), a table over them MergedRangeConflict, and an insert or delete that would split them
//   (or cut them along the shift) InsertDeleteConflict (guess); a shift moves them whole.
//   getMergedAreasOrNullObject fails (GeneralException, a guess at the code) above 512 merged
//   areas, as Microsoft documents. Cells inserted or deleted through a table's rows must span
//   exactly its columns (or whole rows; the same for columns): a range covering the table and
//   cells beside it is refused (InsertDeleteConflict, guess), as is one that cuts a table. An
//   insert pushing non-empty cells off the sheet is NonBlankCellOffSheet. A table's AutoFilter
//   (Table.autoFilter.apply) hides the data rows it rejects (hidden rows, as Range.rowHidden
//   reads); any insert or delete whose moving cells touch a filtered table is
//   FilteredRangeConflict (the conservative model of Excel refusing to shift cells in a filtered
//   range) until Table.clearFilters. activate() on a Hidden or VeryHidden sheet is
//   InvalidOperation; the last visible sheet cannot be hidden. README.md lists each code's source.
// - Cell edit mode (README, "Cell edit mode"): while a cell is edited, a request sent with
//   Excel.run's delayForCellEdit is held until the edit ends, one sent without is refused with
//   InvalidOperationInCellEditMode. office.js sends the flag only when the host reports the
//   DelayForCellEdit set; `new FakeExcelHost({ delayForCellEdit: false })` is a host that does not.
// - Reopening (FakeExcelHost.fromSerialized): sheets keep their ids unless `renumberSheetIds`
//   asks for new ones, as Excel may give; new sheets are then numbered from the start again, so a
//   sheet added later may get an id another sheet had when the file was saved.
// - R1C1, this row, calculated columns, sorting and column filters (README, "Tables: calculated
//   columns, sorting, filters", with each behaviour's Microsoft source or "guess"):
//   Range.formulasR1C1 converts each cell's formula to and from R1C1 relative to that cell
//   (R[-1]C, RC[2], R2C3, R1:R3, C2, Sheet!RC). [@Col], [@[Col name]], Table1[@Col] and
//   Table1[[#This Row],[Col]] read the formula's row of the data body (#VALUE! outside it;
//   support.microsoft.com "Using structured references with Excel tables"); TODAY() reads the
//   host's `clock` option. A column is calculated when one formula (the same in R1C1) is written
//   to all its data cells in one assignment ("Use calculated columns in an Excel table"); rows the
//   table gains (rows.add, Range.insert inside it or at its total row, resize) get the formula;
//   writing a value, another formula or clearing part of it ends it (a guess: Excel keeps the
//   column and flags such cells as exceptions); null and deleted rows do not. Table.sort moves
//   data rows whole (formats, formulas with relative references adjusted as copied), stably, in
//   Excel's default sort order (numbers, text, FALSE/TRUE, errors; blanks last either way).
//   Calculated columns, sort fields and filter criteria are kept through serialize().
// - Range.copyFrom (rangeCopy.ts; README, "Copying ranges", with sources): "All" (contents and the
//   formats kept: number format, bold, font and fill colours), "Formulas" (formulas with relative
//   references moved by the offset, absolute parts, names and structured references kept, other
//   entries as they are), "Values" (results), "Formats". A destination smaller than the source
//   grows to it; an exact multiple of it along a dimension repeats it (the Excel.Range page);
//   any other size gets the source's size from its top-left corner (a guess, as Excel's paste).
//   Cells are written in place (references to them stay), as a write: a protected sheet is
//   AccessDenied, part of merged cells InvalidOperation, a PivotTable's cells
//   PivotTableRangeConflict ("Formats" excepted), a spilled cell takes the value (#SPILL!), and
//   calculated columns are made, kept or ended as by `formulas`. A reference moved off the sheet
//   is #REF!. skipBlanks leaves cells under blank source cells as they are (formats too: a
//   guess); transpose flips values and formats. The source may be on another sheet.
//
// MEMBERS IMPLEMENTED
// RequestContext: workbook, application, sync, load, trackedObjects, requestHeaders, debugInfo.
// Application: suspendApiCalculationUntilNextSync, suspendScreenUpdatingUntilNextSync, calculate,
//   calculationMode.
// Workbook: worksheets, tables, names, settings, name, getSelectedRange, getActiveCell.
// WorksheetCollection: getItem, getItemOrNullObject, add, getActiveWorksheet, getFirst, getCount,
//   items, load.
// Worksheet: name (get/set), id, position, visibility (get/set), activate, delete, getRange,
//   getRangeByIndexes, getCell, getUsedRange, getUsedRangeOrNullObject, tables, freezePanes
//   (freezeRows, freezeColumns, unfreeze, getLocationOrNullObject), protection (protected,
//   protect(options?, password?), unprotect(password?)), load.
// Range: values, formulas, formulasR1C1, numberFormat (get/set), text, valueTypes, address, addressLocal,
//   rowIndex, columnIndex, rowCount, columnCount, cellCount, isEntireRow, isEntireColumn,
//   worksheet, format, load, clear, delete, insert, select, getCell, getRow, getColumn,
//   getLastRow, getLastColumn, getLastCell, getEntireRow, getEntireColumn, getResizedRange,
//   getOffsetRange, getUsedRange, getUsedRangeOrNullObject, getBoundingRect, getIntersection,
//   getIntersectionOrNullObject, rowHidden, columnHidden, merge(across?), unmerge,
//   getMergedAreasOrNullObject (a RangeAreas: address, areaCount, cellCount),
//   copyFrom(sourceRange (Range or address), copyType?, skipBlanks?, transpose?).
// RangeFormat: columnWidth, autofitColumns, autofitRows, font (bold, color), fill (color, clear).
// TableCollection (workbook and worksheet): add, getItem, getItemOrNullObject, getItemAt,
//   getCount, count, items.
// Table: name (get/set), id, showHeaders (get/set), showTotals (get/set), style (get/set),
//   showBandedRows, showFilterButton, worksheet, columns, rows, getRange, getHeaderRowRange,
//   getDataBodyRange, getTotalRowRange (InvalidOperation while hidden), resize, delete,
//   convertToRange, clearFilters, autoFilter (apply(range, columnIndex, criteria), clearCriteria,
//   reapply, criteria, isDataFiltered, enabled), sort (TableSort: apply(fields, matchCase?,
//   method?), fields, matchCase, method, clear, reapply).
// TableColumnCollection: add(index?, values?, name?) (values with or without the total row's
//   cell), getItem, getItemOrNullObject, getItemAt, getCount, count, items. TableColumn: name
//   (get/set), id, index, values, getRange, getDataBodyRange, getHeaderRowRange,
//   getTotalRowRange, delete, filter (Filter: criteria, apply, applyValuesFilter,
//   applyCustomFilter, clear).
// TableRowCollection: add(index?, values?) (logged as per-row calls), getItemAt, getCount, count,
//   items. TableRow: index, values, getRange, delete.
// NamedItemCollection (workbook scope): add(name, Range | formula, comment?), getItem,
//   getItemOrNullObject, getCount, items. NamedItem: name, type (Range, Double, String, Boolean,
//   Error), value (a named range's address), formula (get/set), comment (get/set), visible
//   (get/set), scope, getRange (InvalidOperation for a name of a value), delete.
// SettingCollection: add, getItem, getItemOrNullObject, getCount, items. Setting: key, value, delete.
//
// KNOWN GAPS (vs real Excel)
// No worksheet-scoped names (worksheet.names), no NamedItem.arrayValues or valueAsJson; a
// name's numbers are "Double", never "Integer". Dynamic arrays (spills.ts): only a formula that is
// a reference to a block of cells spills (no SEQUENCE, FILTER, UNIQUE, no array arithmetic; a
// block inside another function is #VALUE! as before; arrays over 100,000 cells are #VALUE!);
// hasSpill counts the formula's own cell, getSpillParent of that cell is itself, and a #SPILL!
// formula has no spill range (none of this checked against Excel); a spilled cell's `formulas`
// reads its value; Range.clear of spilled cells empties them until the next calculation. PivotTables (pivotTables.ts): only
// the cells one occupies, placed by host.addPivotTable: no source, fields, refresh, add() or
// delete(); which operations Excel answers with PivotTableRangeConflict is not documented (the
// fake refuses values, formulas and cleared contents in its cells, and shifts that move part of
// it or cells inside it; it allows formats and shifts that move it whole). Chart sheets only as the
// active sheet (host.activateChartSheet): getActiveWorksheet() then fails with GeneralException
// (Excel fails it, OfficeDev/office-js#2444; the code is not checked). No events,
// no row heights or alignment. AutoFilter: tables only, "Values" (text values only) and "Custom"
// criteria only, not reapplied when cells change (AutoFilter.reapply or applying again does);
// an unfiltered column's criteria read null (a guess); Filter has no applyTopItemsFilter and
// the other apply* helpers. TableSort: values only (no colour or icon sort, dataOption ignored,
// method ignored), reapply without a sort is InvalidOperation (a guess), a filtered table sorts
// all its rows and filters again (a guess). Calculated columns: no exceptions kept, no fill when
// one cell of an empty column gets a formula (Excel's AutoCorrect option,
// OfficeDev/office-js#2093, #5909, #6745, is not modelled). [@] (the whole row) and this-row
// column spans are not modelled; a this-row reference from another sheet uses the row number; SUBTOTAL 101-111 equal 1-11. Arrays only in SUMPRODUCT's
// arguments, whose blocks must match in shape or be single values (no #N/A padding); there, IF,
// ISNUMBER, ISTEXT and ISLOGICAL work cell by cell as in Excel with dynamic arrays (no
// Ctrl+Shift+Enter behaviour of older versions). INDEX only in its reference form. Protection: no per-cell Locked
// format (every cell is locked) and the protection options are not modelled. A [Col] reference
// outside a table is #REF! (Excel refuses the formula); General display text ignores column
// width; a "+"/"-" entry that does not parse stays text (Excel may refuse it); locale is en-US;
// autofit estimates widths from character counts. Custom functions (customFunctionCalls.ts): a
// matrix result spills only when the call is the whole formula (inside another it is #VALUE!), an
// error in an argument is the call's result, empty cells of a range arrive as "", no streaming or
// volatile functions; the grid view's editor takes no leading ' for literal text and no
// point-to-reference while typing a formula. Range.copyFrom: no RangeAreas source, no "Link" or
// "ColumnWidths" copy type (InvalidArgument); transposing formulas is InvalidArgument (Excel's
// rewriting of their references is not documented); merged areas, column widths, comments,
// validation and conditional formats of the source are not copied (the fake keeps none but
// merges); a copied spilled cell becomes its value (a guess); Excel's flagged exceptions in a
// calculated column are not kept (copying other content onto part of one ends it).
export { FakeExcelHost, DEFAULT_PAYLOAD_LIMIT } from "./host";
export type { CellSnapshot, FakeExcelHostOptions, SyncRecord, TableSnapshot } from "./host";
export type { ReopenOptions } from "./serialization";
export { FakeRichApiError } from "./errors";
export type { FakeErrorCode } from "./errors";
export { MAX_ROWS, MAX_COLUMNS } from "./addresses";
export { installFakeOffice } from "./officeShim";
export { addPivotTableFilterArea } from "./pivotFilterArea";
export type { FakeOfficeGlobals } from "./officeShim";
export { mountGridView } from "./gridView";
