// Refresh while the pane is open, every N minutes: off (the default), or an interval and what
// each run does (fetch new records, or refresh every table in full). Saved in the workbook, so
// it is a claim anyone who sends the file can make: read back only as one of the offered choices,
// anything else is off and said to be invalid. It never connects anything: it runs only over
// projects already connected on this device (src/taskpane/refresh/machine.ts).
import type { DocumentSettingsStore } from "./stores";

export const AUTO_REFRESH_SETTING = "ledgerSheets.autoRefresh";

/** The intervals offered, in minutes: bounded so a workbook cannot ask for a run every second. */
export const AUTO_REFRESH_MINUTES: readonly number[] = [5, 10, 15, 30, 60, 120, 240, 480, 1440];

/** Each run: only the records added since (Fetch new), or every table in full (Refresh all). */
export type AutoRefreshMode = "new" | "full";

export interface AutoRefreshChoice {
  readonly minutes: number;
  readonly mode: AutoRefreshMode;
}

/** What the workbook holds: no choice, a valid one, or a value the add-in does not accept. */
export type AutoRefreshSetting =
  | { readonly kind: "off" }
  | { readonly kind: "on"; readonly choice: AutoRefreshChoice }
  | { readonly kind: "invalid" };

/** A choice as the workbook stored it; invalid for anything but an offered interval and a mode. */
export function autoRefreshOf(value: unknown): AutoRefreshSetting {
  if (value === undefined || value === null) return { kind: "off" };
  if (typeof value !== "object" || Array.isArray(value)) return { kind: "invalid" };
  const { minutes, mode } = value as { minutes?: unknown; mode?: unknown };
  if (typeof minutes !== "number" || !AUTO_REFRESH_MINUTES.includes(minutes)) {
    return { kind: "invalid" };
  }
  if (mode !== "new" && mode !== "full") return { kind: "invalid" };
  return { kind: "on", choice: { minutes, mode } };
}

export async function readAutoRefresh(store: DocumentSettingsStore): Promise<AutoRefreshSetting> {
  return autoRefreshOf(await store.get(AUTO_REFRESH_SETTING));
}

/** Saves the choice; off removes the setting, so a workbook that never chose holds nothing. */
export async function saveAutoRefresh(
  store: DocumentSettingsStore,
  choice: AutoRefreshChoice | null,
): Promise<void> {
  if (choice === null) await store.remove(AUTO_REFRESH_SETTING);
  else await store.set(AUTO_REFRESH_SETTING, { minutes: choice.minutes, mode: choice.mode });
}
