import { MemorySecretStore } from "../../../src/settings/memoryStores";
import {
  forgetToken,
  recallToken,
  rememberToken,
  tokenKey,
} from "../../../src/settings/rememberedToken";

const ORIGIN = "https://api.example.com";

describe("rememberedToken.ts", () => {
  it("recalls a remembered token for the same server", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, "tok-1");
    expect(await recallToken(store, ORIGIN)).toBe("tok-1");
  });

  it("never gives one server's token to another", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, "tok-1");
    expect(await recallToken(store, "https://evil.example.net")).toBeUndefined();
    expect(await recallToken(store, "http://api.example.com")).toBeUndefined();
  });

  it("forgets the token of one server only", async () => {
    const store = new MemorySecretStore();
    await rememberToken(store, ORIGIN, "tok-1");
    await rememberToken(store, "http://127.0.0.1:4010", "demo-token");
    await forgetToken(store, ORIGIN);
    expect(await recallToken(store, ORIGIN)).toBeUndefined();
    expect(await recallToken(store, "http://127.0.0.1:4010")).toBe("demo-token");
  });

  it("treats an empty stored token as none", async () => {
    const store = new MemorySecretStore();
    store.items.set(tokenKey(ORIGIN), "");
    expect(await recallToken(store, ORIGIN)).toBeUndefined();
  });
});
