// The import table keys (src/settings/importTableKeys.ts) of the page's front end. Every request
// that judges the import tables may need them, and only the front end holds this computer's
// storage, so it sets them once; without them no table is ever adopted (the safe side).
import type { ImportTableKeys } from "../settings/importTableKeys";

let inUse: ImportTableKeys | undefined;

/** Sets the keys the import tables are made and adopted with; undefined: none. */
export function useImportTableKeys(keys: ImportTableKeys | undefined): void {
  inUse = keys;
}

/** The keys set by {@link useImportTableKeys}, if any. */
export function importTableKeysInUse(): ImportTableKeys | undefined {
  return inUse;
}
