// The workbook's settings store (Excel.Workbook.settings and Office.context.document.settings):
// key -> JSON value, saved inside the workbook file.
import { officeError } from "./errors";

export class SettingsStore {
  private readonly entries = new Map<string, string>();

  keys(): string[] {
    return [...this.entries.keys()];
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** A fresh copy of the stored value, or undefined. */
  get(key: string): unknown {
    const json = this.entries.get(key);
    return json === undefined ? undefined : JSON.parse(json);
  }

  /** Stores a JSON-serializable value. Throws InvalidArgument for a value JSON cannot carry. */
  set(key: string, value: unknown, errorLocation = "SettingCollection.add"): void {
    if (typeof key !== "string" || key === "") {
      throw officeError("InvalidArgument", "A setting needs a non-empty key.", errorLocation);
    }
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch {
      json = undefined;
    }
    if (json === undefined) {
      throw officeError(
        "InvalidArgument",
        `The value of setting ${key} is not JSON.`,
        errorLocation,
      );
    }
    this.entries.set(key, json);
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.entries);
  }

  static fromJSON(data: Record<string, string>): SettingsStore {
    const store = new SettingsStore();
    for (const [key, json] of Object.entries(data)) store.entries.set(key, json);
    return store;
  }
}
