import { MAX_KNOWN_CONNECTIONS } from "../../../src/settings/connectionSettings";
import { rememberOnDevice, TokenPlace } from "../../../src/settings/deviceMemory";
import { MemorySecretStore } from "../../doubles/memoryStores";

const DIGEST = "d".repeat(64);
/** The key each identity gets here, as the tests make it (src/settings/deviceKey.ts in use). */
const tokenPlace: TokenPlace = (connection) =>
  Promise.resolve({ origin: "https://api.example.com", identityKey: `key-${connection.identity}` });

describe("rememberOnDevice()", () => {
  it("keeps no more tokens than connections: a connection dropped takes its token", async () => {
    const device = new MemorySecretStore();
    for (let i = 0; i < MAX_KNOWN_CONNECTIONS + 5; i++) {
      const identity = `company-${i}`;
      await rememberOnDevice(
        device,
        {
          connection: { apiAddress: "https://api.example.com/v1", version: "v1", identity },
          label: "Acme",
          origin: "https://api.example.com",
          identityKey: `key-${identity}`,
          documentId: undefined,
          url: `https://contoso.sharepoint.com/Book${i}.xlsx`,
        },
        `token-${i}`,
        { digest: DIGEST, tokenPlace },
      );
    }
    const tokens = [...device.items.keys()].filter((key) => key.startsWith("ledgerSheets.token "));
    expect(tokens).toHaveLength(MAX_KNOWN_CONNECTIONS);
    expect(tokens).not.toContain("ledgerSheets.token https://api.example.com key-company-0");
    expect(tokens).toContain(
      `ledgerSheets.token https://api.example.com key-company-${MAX_KNOWN_CONNECTIONS + 4}`,
    );
  });

  it("binds the document under an id it makes, never the one the file brought", async () => {
    const device = new MemorySecretStore();
    const preset = "0123456789abcdef0123456789abcdef";
    const bound = await rememberOnDevice(
      device,
      {
        connection: { apiAddress: "https://api.example.com/v1", version: "v1", identity: "a" },
        label: "Acme",
        origin: "https://api.example.com",
        identityKey: "key-a",
        documentId: preset,
        url: "https://contoso.sharepoint.com/Book1.xlsx",
      },
      "token",
      { digest: DIGEST, tokenPlace },
    );
    expect(bound).toMatch(/^[0-9a-f]{32}$/);
    expect(bound).not.toBe(preset);
  });
});
