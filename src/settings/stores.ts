// The two places settings live, as small interfaces: the workbook's settings and the add-in's
// storage on this computer. Adapters wrap the Office objects; tests use the in-memory stores.

/**
 * Settings saved inside the workbook file. Whoever opens the file can read them: never put a
 * secret here. In the add-in this is `Excel.SettingCollection` (src/excel/workbookSettings.ts),
 * the one store every part of the add-in writes: `Office.context.document.settings` keeps a copy
 * taken when the add-in starts and its `saveAsync` writes that whole copy back, which erased
 * what Excel.SettingCollection had written since (journal sheets, import tables).
 */
export interface DocumentSettingsStore {
  /** The setting's value, or undefined when the workbook has none. */
  get(name: string): Promise<unknown>;
  /** Writes the value into the workbook at once (a JSON value). */
  set(name: string, value: unknown): Promise<void>;
  /** Removes the setting from the workbook at once. */
  remove(name: string): Promise<void>;
}

/**
 * Text kept by the add-in on this computer (`OfficeRuntime.storage`): per add-in domain, not
 * per workbook, unencrypted. The only place a token may be kept beyond the session.
 */
export interface SecretStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The subset of `OfficeRuntime.Storage` the adapter uses. */
export interface OfficeStorageLike {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The add-in's storage on this computer as a {@link SecretStore}. */
export function secretStore(storage: OfficeStorageLike): SecretStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
  };
}
