import {
  forgetConnection,
  KNOWN_CONNECTIONS_KEY,
  loadKnownConnections,
  MAX_KNOWN_CONNECTIONS,
  parseSavedConnection,
  rememberConnection,
  SavedConnection,
} from "../../../src/settings/connectionSettings";
import { MemorySecretStore } from "../../doubles/memoryStores";

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

  describe("rememberConnection(), loadKnownConnections() and forgetConnection()", () => {
    it("lists the connections remembered, most recent first, never a token", async () => {
      const device = new MemorySecretStore();
      const other = { ...SAVED, identity: "other-company" };
      await rememberConnection(device, SAVED);
      await rememberConnection(device, { ...other, token: "secret" } as SavedConnection);
      expect(await loadKnownConnections(device)).toEqual([other, SAVED]);
      expect(device.items.get(KNOWN_CONNECTIONS_KEY)).not.toContain("secret");
    });

    it("keeps one entry per (address, identity) and at most the newest ones", async () => {
      const device = new MemorySecretStore();
      await rememberConnection(device, SAVED);
      for (let i = 0; i < MAX_KNOWN_CONNECTIONS; i++) {
        await rememberConnection(device, { ...SAVED, identity: `company-${i}` });
      }
      await rememberConnection(device, { ...SAVED, identity: "company-3" });
      const known = await loadKnownConnections(device);
      expect(known).toHaveLength(MAX_KNOWN_CONNECTIONS);
      expect(known[0]!.identity).toBe("company-3");
      expect(known.filter((entry) => entry.identity === "company-3")).toHaveLength(1);
      expect(known.some((entry) => entry.identity === SAVED.identity)).toBe(false);
    });

    it("forgets one pair, whatever its version, and the key with the last one", async () => {
      const device = new MemorySecretStore();
      const other = { ...SAVED, identity: "other-company" };
      await rememberConnection(device, SAVED);
      await rememberConnection(device, other);
      await forgetConnection(device, { ...SAVED, version: "v1" });
      expect(await loadKnownConnections(device)).toEqual([other]);
      await forgetConnection(device, other);
      expect(device.items.has(KNOWN_CONNECTIONS_KEY)).toBe(false);
    });

    it("reads unreadable storage as no connections", async () => {
      const device = new MemorySecretStore();
      device.items.set(KNOWN_CONNECTIONS_KEY, "{not json");
      expect(await loadKnownConnections(device)).toEqual([]);
      await rememberConnection(device, SAVED);
      expect(await loadKnownConnections(device)).toEqual([SAVED]);
    });
  });
});
