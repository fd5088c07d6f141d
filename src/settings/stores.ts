// The two places settings live, as small interfaces: the workbook's settings and the add-in's
// storage on this computer. Adapters wrap the Office objects; tests use the in-memory stores.

/**
 * Settings saved inside the workbook file (`Office.context.document.settings`). Whoever opens
 * the file can read them: never put a secret here.
 */
export interface DocumentSettingsStore {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  /** Writes the changes into the workbook. */
  save(): Promise<void>;
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

/** The subset of `Office.Settings` the adapter uses (the fake host provides the same). */
export interface OfficeSettingsLike {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
  saveAsync(callback?: (result: OfficeAsyncResultLike) => void): void;
}

/**
 * The subset of `Office.AsyncResult` the adapter reads. Office.js sets `status` to the text
 * "succeeded" or "failed" (the type declarations call it an enumeration).
 */
export interface OfficeAsyncResultLike {
  status: unknown;
  error?: { message?: string } | null;
}

/** The subset of `OfficeRuntime.Storage` the adapter uses. */
export interface OfficeStorageLike {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** The workbook's settings as a {@link DocumentSettingsStore}. */
export function documentSettingsStore(settings: OfficeSettingsLike): DocumentSettingsStore {
  return {
    get: (name) => {
      const value = settings.get(name);
      // Office returns null for a setting that was never set.
      return value === null ? undefined : value;
    },
    set: (name, value) => settings.set(name, value),
    remove: (name) => settings.remove(name),
    save: () =>
      new Promise<void>((resolve, reject) => {
        settings.saveAsync((result) => {
          if (String(result.status) === "failed") {
            const reason = result.error?.message ?? "Office did not say why";
            reject(new Error(`The settings could not be saved in the workbook: ${reason}`));
          } else {
            resolve();
          }
        });
      }),
  };
}

/** The add-in's storage on this computer as a {@link SecretStore}. */
export function secretStore(storage: OfficeStorageLike): SecretStore {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => storage.setItem(key, value),
    remove: (key) => storage.removeItem(key),
  };
}
