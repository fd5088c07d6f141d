// In-memory settings stores: for unit tests, and for pages that run without Office.

import type { DocumentSettingsStore, SecretStore } from "./stores";

/** A {@link DocumentSettingsStore} in memory; `saved` holds what the last save wrote. */
export class MemoryDocumentSettings implements DocumentSettingsStore {
  private readonly pending = new Map<string, unknown>();
  /** The settings as they would be in the saved workbook (JSON copies, as Office keeps them). */
  readonly saved = new Map<string, unknown>();
  saves = 0;

  constructor(initial: Record<string, unknown> = {}) {
    for (const [name, value] of Object.entries(initial)) {
      this.pending.set(name, value);
      this.saved.set(name, value);
    }
  }

  get(name: string): unknown {
    return this.pending.get(name);
  }

  set(name: string, value: unknown): void {
    this.pending.set(name, JSON.parse(JSON.stringify(value)) as unknown);
  }

  remove(name: string): void {
    this.pending.delete(name);
  }

  async save(): Promise<void> {
    this.saves += 1;
    this.saved.clear();
    for (const [name, value] of this.pending) this.saved.set(name, value);
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
