// How long the LEDGER formulas keep an API answer when the workbook sets no time of its own.

/** Long enough for a recalculation, short enough to be live. */
export const DEFAULT_CACHE_TTL_MS = 30_000;
