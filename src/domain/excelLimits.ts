// Excel's fixed limits, in one place: what a worksheet, a cell and a name can hold. The code that
// plans, shapes and writes tables checks against these so Excel never has to refuse a write.

/** Rows in a worksheet, the header row included. */
export const EXCEL_MAX_ROWS = 1_048_576;

/** Columns in a worksheet (A to XFD). */
export const EXCEL_MAX_COLUMNS = 16_384;

/** The text of one cell, counted in UTF-16 code units as Excel counts them. */
export const EXCEL_CELL_TEXT_LIMIT = 32_767;

/** A worksheet name. */
export const MAX_SHEET_NAME_LENGTH = 31;

/** A defined name, which table names are. */
export const MAX_TABLE_NAME_LENGTH = 255;

/**
 * A table column name; headers are cut to it (a conservative bound: longer header cells are
 * possible outside tables, but imports always write tables).
 */
export const MAX_HEADER_LENGTH = 255;
