import {
  documentSettingsStore,
  OfficeAsyncResultLike,
  OfficeSettingsLike,
  secretStore,
} from "../../../src/settings/stores";

/** Office.Settings as office.js behaves: null for unknown names, saveAsync with a callback. */
class FakeOfficeSettings implements OfficeSettingsLike {
  readonly values = new Map<string, unknown>();
  saveResult: OfficeAsyncResultLike = { status: "succeeded" };
  saves = 0;

  get(name: string): unknown {
    return this.values.has(name) ? this.values.get(name) : null;
  }
  set(name: string, value: unknown): void {
    this.values.set(name, value);
  }
  remove(name: string): void {
    this.values.delete(name);
  }
  saveAsync(callback?: (result: OfficeAsyncResultLike) => void): void {
    this.saves += 1;
    setTimeout(() => callback?.(this.saveResult), 0);
  }
}

describe("stores.ts", () => {
  describe("documentSettingsStore()", () => {
    it("reads a setting Office never saw as undefined, not null", () => {
      const store = documentSettingsStore(new FakeOfficeSettings());
      expect(store.get("missing")).toBeUndefined();
    });

    it("passes set, get and remove through to Office's settings", () => {
      const office = new FakeOfficeSettings();
      const store = documentSettingsStore(office);
      store.set("a", { b: 1 });
      expect(store.get("a")).toEqual({ b: 1 });
      store.remove("a");
      expect(office.values.has("a")).toBe(false);
    });

    it("resolves save when Office reports success", async () => {
      const office = new FakeOfficeSettings();
      await documentSettingsStore(office).save();
      expect(office.saves).toBe(1);
    });

    it("rejects save with Office's reason when it reports failure", async () => {
      const office = new FakeOfficeSettings();
      office.saveResult = { status: "failed", error: { message: "The document is read-only." } };
      await expect(documentSettingsStore(office).save()).rejects.toThrow(
        "The settings could not be saved in the workbook: The document is read-only.",
      );
    });
  });

  describe("secretStore()", () => {
    it("maps get, set and remove to getItem, setItem and removeItem", async () => {
      const items = new Map<string, string>();
      const store = secretStore({
        getItem: async (key) => items.get(key) ?? null,
        setItem: async (key, value) => void items.set(key, value),
        removeItem: async (key) => void items.delete(key),
      });
      await store.set("k", "v");
      expect(await store.get("k")).toBe("v");
      await store.remove("k");
      expect(await store.get("k")).toBeNull();
    });
  });
});
