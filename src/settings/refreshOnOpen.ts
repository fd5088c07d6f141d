// What the add-in does when this workbook opens: nothing (the default), fetch new records, or
// refresh every import table. Saved in the workbook (opt-in per workbook); it runs only over the
// connections the pane made by itself, in a document this user connected in on this device
// (documentBinding.ts), or after the user's click in a workbook that showed it first, so a
// workbook alone never makes the add-in connect.
import type { DocumentSettingsStore } from "./stores";

export const REFRESH_ON_OPEN_SETTING = "ledgerSheets.refreshOnOpen";

export type RefreshOnOpen = "off" | "new" | "full";

/** The workbook's choice; "off" for none or an unknown value. */
export function refreshOnOpenOf(value: unknown): RefreshOnOpen {
  return value === "new" || value === "full" ? value : "off";
}

export async function readRefreshOnOpen(store: DocumentSettingsStore): Promise<RefreshOnOpen> {
  return refreshOnOpenOf(await store.get(REFRESH_ON_OPEN_SETTING));
}

/** Saves the choice; "off" removes the setting, so a workbook that never chose holds nothing. */
export async function saveRefreshOnOpen(
  store: DocumentSettingsStore,
  choice: RefreshOnOpen,
): Promise<void> {
  if (choice === "off") await store.remove(REFRESH_ON_OPEN_SETTING);
  else await store.set(REFRESH_ON_OPEN_SETTING, choice);
}
