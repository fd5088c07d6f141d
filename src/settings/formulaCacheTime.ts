// How long the LEDGER formulas keep an API answer: a per-workbook setting of the task pane's
// Formulas panel, read by the formulas on every call so a change applies at once.

import { DEFAULT_CACHE_TTL_MS } from "../domain/formulaCache";
import type { Result } from "../util/result";
import type { DocumentSettingsStore } from "./stores";

/** The workbook setting that holds the cache time in seconds, when it is not the default. */
export const FORMULA_CACHE_SETTING = "ledgerSheets.formulaCacheSeconds";

export const DEFAULT_CACHE_SECONDS = DEFAULT_CACHE_TTL_MS / 1000;

/** Ten minutes: longer would show stale data for long; Refresh data is there for a fresh look. */
export const MAX_CACHE_SECONDS = 600;

export type CacheSecondsCheck = Result<{ seconds: number }>;

/** Checks the field as typed: a whole number of seconds from 0 to the maximum; empty is the default. */
export function checkCacheSecondsInput(text: string): CacheSecondsCheck {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, seconds: DEFAULT_CACHE_SECONDS };
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(seconds) || seconds > MAX_CACHE_SECONDS) {
    return {
      ok: false,
      message: `Enter a whole number of seconds from 0 to ${MAX_CACHE_SECONDS} (0 keeps nothing).`,
    };
  }
  return { ok: true, seconds };
}

/** The cache time saved in the workbook, or the default when none (or an invalid one) is saved. */
export async function loadFormulaCacheSeconds(store: DocumentSettingsStore): Promise<number> {
  return cacheSecondsOf(await store.get(FORMULA_CACHE_SETTING));
}

/** The cache time a {@link FORMULA_CACHE_SETTING} value gives (the default for none or junk). */
export function cacheSecondsOf(saved: unknown): number {
  return typeof saved === "number" && Number.isInteger(saved) && saved >= 0
    ? Math.min(saved, MAX_CACHE_SECONDS)
    : DEFAULT_CACHE_SECONDS;
}

/** Saves the cache time; the default is saved as no setting at all. */
export async function saveFormulaCacheSeconds(
  store: DocumentSettingsStore,
  seconds: number,
): Promise<void> {
  if (seconds === DEFAULT_CACHE_SECONDS) await store.remove(FORMULA_CACHE_SETTING);
  else await store.set(FORMULA_CACHE_SETTING, seconds);
}
