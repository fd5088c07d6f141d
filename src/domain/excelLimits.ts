// Excel's fixed limits, in one place: what a worksheet, a cell and a name can hold, and how large one
// request or response may be (with the byte budgets derived from that). The code that
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

/** Bytes in a megabyte as Microsoft's limits count them here (see the payload limit below). */
export const BYTES_PER_MB = 1_000_000;

/**
 * Excel on the web's limit on one request's payload and on one response's: 5 MB. Past it Excel
 * refuses the whole batch (`RequestPayloadSizeLimitExceeded`, nothing of it runs) or the answer
 * (`ResponsePayloadSizeLimitExceeded`). Source: Microsoft, "Resource limits and performance
 * optimization for Office Add-ins", section "Excel add-ins"
 * (https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization).
 * Microsoft does not say whether its MB is 10^6 or 2^20 bytes: the smaller reading is taken, so
 * nothing relies on the larger. Every byte budget below is a share of this one number, and the
 * Excel emulator refuses at it.
 */
export const EXCEL_PAYLOAD_LIMIT_BYTES = 5 * BYTES_PER_MB;

/** The payload limit in MB, for messages. */
export const EXCEL_PAYLOAD_LIMIT_MB = EXCEL_PAYLOAD_LIMIT_BYTES / BYTES_PER_MB;

/** A share of the payload limit in whole bytes; percent, so the arithmetic stays in integers. */
function percentOfLimit(percent: number): number {
  return Math.floor((EXCEL_PAYLOAD_LIMIT_BYTES * percent) / 100);
}

/**
 * What every real request and response may weigh, as tests and the benchmark measure them with
 * Microsoft's office.js (4 MB): a fifth under the limit, so a budget whose estimate runs a little
 * short of the real bytes still leaves Excel room, and a growth of the request's framing in a
 * later office.js shows up in a test before a user meets the refusal.
 */
export const MEASURED_PAYLOAD_CEILING_BYTES = percentOfLimit(80);

/**
 * The most a custom function's spilled result may weigh by its estimate (4 MB): Excel takes the
 * result as the JSON of its array under the same 5 MB, and the estimate is an upper bound on that
 * JSON, so a fifth is left for what the host wraps around the values.
 */
export const FORMULA_RESULT_BUDGET_BYTES = percentOfLimit(80);

/**
 * The estimated request bytes of one import write block (3.5 MB). The estimate counts the values
 * only: the block's other commands (a number format per column, the resize, the status line) add a
 * few kilobytes, and office.js's framing adds more per cell than the estimate's overhead, so the
 * margin (30%) keeps the real request under {@link MEASURED_PAYLOAD_CEILING_BYTES}. A smaller
 * budget (2.5 MB) cut a block of 5,000 ordinary invoices short, costing syncs for nothing.
 */
export const IMPORT_BLOCK_BUDGET_BYTES = percentOfLimit(70);

/**
 * The response bytes one read of a table's id column aims at (3.5 MB). The bound on a row's bytes
 * is taken from the previous block, so a later block of longer ids can overshoot it; the 30% left
 * covers that and office.js's framing, and a block Excel still refuses is read again in halves.
 */
export const ID_COLUMN_READ_BUDGET_BYTES = percentOfLimit(70);

/**
 * The estimated request bytes of one batch drawing a journal sheet (3 MB). Each range is costed at
 * a measured upper figure, but action ids and the JSON around each argument are not counted, and
 * a sheet is thousands of small ranges: 40% is left for what the estimate leaves out.
 */
export const JOURNAL_DRAW_BUDGET_BYTES = percentOfLimit(60);

/**
 * The estimated response bytes of one read of a journal sheet (2 MB): values, formulas and the
 * displayed text of each row, sized from what the first rows weighed. Later rows can be longer
 * than the first (a long memo), and one read answers three arrays per cell, so more than half the
 * limit is left.
 */
export const JOURNAL_READ_BUDGET_BYTES = percentOfLimit(40);

/**
 * The request bytes of one batch of many tiny range commands (2 MB): a journal's fill reads and
 * problem-mark writes, each a range object of a few hundred bytes counted at a measured size per
 * command. Thousands of commands per request already cost far less than their round trip, so
 * a wide margin costs nothing and covers a command that grows in a later office.js.
 */
export const SMALL_COMMANDS_BUDGET_BYTES = percentOfLimit(40);
