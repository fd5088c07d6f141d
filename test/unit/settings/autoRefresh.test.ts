import {
  AUTO_REFRESH_SETTING,
  autoRefreshOf,
  readAutoRefresh,
  saveAutoRefresh,
} from "../../../src/settings/autoRefresh";
import type { DocumentSettingsStore } from "../../../src/settings/stores";

function memoryStore(initial: Record<string, unknown> = {}): DocumentSettingsStore & {
  values: Map<string, unknown>;
} {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: async (name) => values.get(name),
    set: async (name, value) => void values.set(name, value),
    remove: async (name) => void values.delete(name),
  };
}

describe("the workbook's automatic refresh setting", () => {
  it("is off when the workbook holds none", () => {
    expect(autoRefreshOf(undefined)).toEqual({ kind: "off" });
  });

  it("reads an offered interval with its mode", () => {
    expect(autoRefreshOf({ minutes: 15, mode: "new" })).toEqual({
      kind: "on",
      choice: { minutes: 15, mode: "new" },
    });
    expect(autoRefreshOf({ minutes: 1440, mode: "full" })).toEqual({
      kind: "on",
      choice: { minutes: 1440, mode: "full" },
    });
  });

  it.each<[string, unknown]>([
    ["an interval shorter than offered", { minutes: 1, mode: "new" }],
    ["a zero interval", { minutes: 0, mode: "new" }],
    ["an interval not offered", { minutes: 7, mode: "new" }],
    ["an interval longer than a day", { minutes: 2880, mode: "full" }],
    ["an interval as text", { minutes: "15", mode: "new" }],
    ["an unknown mode", { minutes: 15, mode: "everything" }],
    ["no mode", { minutes: 15 }],
    ["a bare number", 15],
    ["a list", [15, "new"]],
    ["text", "every 5 minutes"],
  ])("is invalid (so off) for %s", (_, value) => {
    expect(autoRefreshOf(value)).toEqual({ kind: "invalid" });
  });

  it("is saved under ledgerSheets.*, read back, and removed when turned off", async () => {
    const store = memoryStore();
    await saveAutoRefresh(store, { minutes: 30, mode: "full" });
    expect(AUTO_REFRESH_SETTING).toMatch(/^ledgerSheets\./);
    expect(store.values.get(AUTO_REFRESH_SETTING)).toEqual({ minutes: 30, mode: "full" });
    expect(await readAutoRefresh(store)).toEqual({
      kind: "on",
      choice: { minutes: 30, mode: "full" },
    });
    await saveAutoRefresh(store, null);
    expect(store.values.has(AUTO_REFRESH_SETTING)).toBe(false);
  });
});
