// In-memory settings stores for tests: what a workbook and a device would keep, in two maps.

import type { DocumentSettingsStore, SecretStore } from "../../src/settings/stores";

/** A {@link DocumentSettingsStore} in memory; `saved` holds what the workbook holds. */
export class MemoryDocumentSettings implements DocumentSettingsStore {
  /** The settings as they are in the workbook (JSON copies, as Excel keeps them). */
  readonly saved = new Map<string, unknown>();
  /** How many writes (set or remove) reached the workbook. */
  saves = 0;

  constructor(initial: Record<string, unknown> = {}) {
    for (const [name, value] of Object.entries(initial)) this.saved.set(name, value);
  }

  async get(name: string): Promise<unknown> {
    const value = this.saved.get(name);
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  }

  async set(name: string, value: unknown): Promise<void> {
    this.saves += 1;
    this.saved.set(name, JSON.parse(JSON.stringify(value)) as unknown);
  }

  async remove(name: string): Promise<void> {
    this.saves += 1;
    this.saved.delete(name);
  }
}

/** A {@link SecretStore} in memory; `items` is open for tests to inspect. */
export class MemorySecretStore implements SecretStore {
  readonly items = new Map<string, string>();

  async get(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }

  async remove(key: string): Promise<void> {
    this.items.delete(key);
  }
}
