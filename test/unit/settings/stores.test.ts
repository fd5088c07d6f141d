import { secretStore } from "../../../src/settings/stores";

describe("stores.ts", () => {
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
