import {
  CONNECTION_SETTING,
  LAST_CONNECTION_KEY,
  loadLastConnection,
  loadStartingConnection,
  loadWorkbookConnection,
  parseSavedConnection,
  SavedConnection,
  saveLastConnection,
  saveWorkbookConnection,
} from "../../../src/settings/connectionSettings";
import { MemoryDocumentSettings, MemorySecretStore } from "../../../src/settings/memoryStores";

const SAVED: SavedConnection = {
  apiAddress: "https://api.example.com/v1",
  version: "rc-1",
  identity: "acme-ltd",
};

describe("connectionSettings.ts", () => {
  describe("parseSavedConnection()", () => {
    it("keeps exactly the address, version and identity", () => {
      expect(parseSavedConnection({ ...SAVED, token: "secret", extra: 1 })).toEqual(SAVED);
    });

    it.each([
      ["null", null],
      ["a string", "https://api.example.com/v1"],
      ["an array", [SAVED]],
      ["an unknown version", { ...SAVED, version: "v2" }],
      ["a numeric identity", { ...SAVED, identity: 42 }],
      ["a missing address", { version: "v1", identity: "x" }],
      ["an absurdly long address", { ...SAVED, apiAddress: "x".repeat(2_001) }],
    ])("refuses %s", (_name, value) => {
      expect(parseSavedConnection(value)).toBeUndefined();
    });
  });

  describe("saveWorkbookConnection()", () => {
    it("saves address, version and identity in the workbook, and nothing else", async () => {
      const workbook = new MemoryDocumentSettings();
      const withToken = { ...SAVED, token: "secret" } as SavedConnection;
      await saveWorkbookConnection(workbook, withToken);
      expect(workbook.saved.get(CONNECTION_SETTING)).toEqual(SAVED);
      expect(JSON.stringify([...workbook.saved])).not.toContain("secret");
    });

    it("is read back by loadWorkbookConnection()", async () => {
      const workbook = new MemoryDocumentSettings();
      await saveWorkbookConnection(workbook, SAVED);
      expect(await loadWorkbookConnection(workbook)).toEqual(SAVED);
    });
  });

  describe("loadLastConnection()", () => {
    it("reads back what saveLastConnection() wrote", async () => {
      const device = new MemorySecretStore();
      await saveLastConnection(device, SAVED);
      expect(await loadLastConnection(device)).toEqual(SAVED);
    });

    it("gives undefined for text that is not JSON", async () => {
      const device = new MemorySecretStore();
      device.items.set(LAST_CONNECTION_KEY, "{not json");
      expect(await loadLastConnection(device)).toBeUndefined();
    });
  });

  describe("loadStartingConnection()", () => {
    it("prefers the workbook's connection to the last one on this computer", async () => {
      const workbook = new MemoryDocumentSettings({ [CONNECTION_SETTING]: SAVED });
      const device = new MemorySecretStore();
      await saveLastConnection(device, { ...SAVED, identity: "other-company" });
      expect(await loadStartingConnection(workbook, device)).toEqual(SAVED);
    });

    it("falls back to the last connection on this computer for a new workbook", async () => {
      const device = new MemorySecretStore();
      await saveLastConnection(device, SAVED);
      expect(await loadStartingConnection(new MemoryDocumentSettings(), device)).toEqual(SAVED);
    });

    it("gives undefined when neither has one", async () => {
      expect(
        await loadStartingConnection(new MemoryDocumentSettings(), new MemorySecretStore()),
      ).toBeUndefined();
    });
  });
});
