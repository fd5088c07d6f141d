// The Formulas panel's words: what Refresh data says while it runs, after, and when Excel refuses,
// and what the cache time field says when the workbook cannot be read. Pure.

export const REFRESHING = "Refreshing LEDGER formulas…";
export const REFRESHED = "LEDGER formulas are recalculating with fresh data.";
export const REFRESH_FAILED = "Excel could not recalculate the workbook. Try Refresh data again.";
export const CACHE_UNREADABLE = "The cache time could not be read from the workbook.";
export const CACHE_UNSAVED = "The cache time could not be saved in the workbook.";
