import { createHash } from "node:crypto";
import {
  CONNECTION_SETTING,
  identityFingerprint,
  KNOWN_CONNECTIONS_KEY,
  LAST_CONNECTION_KEY,
  loadKnownConnections,
  loadLastConnection,
  loadWorkbookConnection,
  MAX_KNOWN_CONNECTIONS,
  parseSavedConnection,
  parseWorkbookConnection,
  rememberConnection,
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

  describe("identityFingerprint()", () => {
    it("is SHA-256 of the identity salted with the address, as lowercase hex", async () => {
      // printf 'ledger-sheets identity\nhttps://api.example.com/v1\nacme-ltd' | sha256sum
      const expected = createHash("sha256")
        .update("ledger-sheets identity\nhttps://api.example.com/v1\nacme-ltd")
        .digest("hex");
      expect(await identityFingerprint(SAVED.apiAddress, "acme-ltd")).toBe(`sha256:${expected}`);
    });

    it("differs for another identity and for another address", async () => {
      const one = await identityFingerprint(SAVED.apiAddress, "acme-ltd");
      expect(await identityFingerprint(SAVED.apiAddress, "acme-ltd2")).not.toBe(one);
      expect(await identityFingerprint("https://api.example.org/v1", "acme-ltd")).not.toBe(one);
    });
  });

  describe("saveWorkbookConnection()", () => {
    it("keeps address, version and the identity's fingerprint: no identity, no token", async () => {
      const workbook = new MemoryDocumentSettings();
      const withToken = { ...SAVED, token: "secret" } as SavedConnection;
      await saveWorkbookConnection(workbook, withToken);
      expect(workbook.saved.get(CONNECTION_SETTING)).toEqual({
        apiAddress: SAVED.apiAddress,
        version: SAVED.version,
        identityFingerprint: await identityFingerprint(SAVED.apiAddress, SAVED.identity),
      });
      const kept = JSON.stringify([...workbook.saved]);
      expect(kept).not.toContain("secret");
      expect(kept).not.toContain("acme-ltd");
    });

    it("is read back by loadWorkbookConnection()", async () => {
      const workbook = new MemoryDocumentSettings();
      await saveWorkbookConnection(workbook, SAVED);
      expect(await loadWorkbookConnection(workbook)).toEqual({
        apiAddress: SAVED.apiAddress,
        version: SAVED.version,
        identityFingerprint: await identityFingerprint(SAVED.apiAddress, SAVED.identity),
      });
    });
  });

  describe("parseWorkbookConnection()", () => {
    it("reads a workbook saved by an earlier version, with the identity in clear", () => {
      expect(parseWorkbookConnection({ ...SAVED, token: "x" })).toEqual(SAVED);
    });

    it.each([
      [
        "a fingerprint that is not SHA-256 hex",
        { ...SAVED, identity: undefined, identityFingerprint: "md5:00" },
      ],
      ["neither identity nor fingerprint", { apiAddress: SAVED.apiAddress, version: "v1" }],
      ["an unknown version", { ...SAVED, version: "v2" }],
    ])("refuses %s", (_name, value) => {
      expect(parseWorkbookConnection(value)).toBeUndefined();
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

  describe("rememberConnection() and loadKnownConnections()", () => {
    it("lists the last connection first, then those remembered, most recent first", async () => {
      const device = new MemorySecretStore();
      const other = { ...SAVED, identity: "other-company" };
      await rememberConnection(device, SAVED);
      await rememberConnection(device, other);
      await saveLastConnection(device, other);
      expect(await loadKnownConnections(device)).toEqual([other, other, SAVED]);
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

    it("reads unreadable storage as no connections", async () => {
      const device = new MemorySecretStore();
      device.items.set(KNOWN_CONNECTIONS_KEY, "{not json");
      expect(await loadKnownConnections(device)).toEqual([]);
      await rememberConnection(device, SAVED);
      expect(await loadKnownConnections(device)).toEqual([SAVED]);
    });
  });
});
