import { MemorySecretStore } from "../../doubles/memoryStores";
import {
  forgetToken,
  recallToken,
  rememberToken,
  tokenKey,
} from "../../../src/settings/rememberedToken";

const ORIGIN = "https://api.example.com";
const ACME = `hmac-sha256:0123abcd:${"a".repeat(64)}`;
const OTHER = `hmac-sha256:0123abcd:${"b".repeat(64)}`;

describe("rememberedToken.ts", () => {
  it("recalls a remembered token for the same server and identity key", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, ACME, "tok-1");
    expect(await recallToken(store, ORIGIN, ACME)).toBe("tok-1");
  });

  it("never gives one server's or one project's token to another", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, ACME, "tok-1");
    expect(await recallToken(store, "https://evil.example.net", ACME)).toBeUndefined();
    expect(await recallToken(store, "http://api.example.com", ACME)).toBeUndefined();
    expect(await recallToken(store, ORIGIN, OTHER)).toBeUndefined();
  });

  it("has no token for a whole server that any project would be given", async () => {
    const store = new MemorySecretStore();
    store.items.set(`ledgerSheets.token ${ORIGIN}`, "server-wide");
    expect(await recallToken(store, ORIGIN, ACME)).toBeUndefined();
  });

  it("forgets the token of one project only", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, ACME, "tok-1");
    await rememberToken(store, ORIGIN, OTHER, "tok-2");
    await forgetToken(store, ORIGIN, ACME);
    expect(await recallToken(store, ORIGIN, ACME)).toBeUndefined();
    expect(await recallToken(store, ORIGIN, OTHER)).toBe("tok-2");
  });

  it("treats an empty stored token as none", async () => {
    const store = new MemorySecretStore();
    store.items.set(tokenKey(ORIGIN, ACME), "");
    expect(await recallToken(store, ORIGIN, ACME)).toBeUndefined();
  });
});
