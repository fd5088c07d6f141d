import { createHmac } from "node:crypto";
import {
  DEVICE_SECRET_KEY,
  deviceKey,
  identityKey,
  isWorkbookKeyMadeHere,
  isWorkbookKeyOf,
  parseIdentityKey,
  workbookIdentityKey,
} from "../../../src/settings/deviceKey";
import { MemorySecretStore } from "../../doubles/memoryStores";

const ADDRESS = "https://api.example.com/v1";

describe("deviceKey.ts", () => {
  it("creates a random secret once, in this computer's storage only", async () => {
    const device = new MemorySecretStore();
    const [one, two] = await Promise.all([deviceKey(device), deviceKey(device)]);
    expect(one).toBe(two);
    expect(device.items.get(DEVICE_SECRET_KEY)).toMatch(/^[0-9a-f]{64}$/);
    const elsewhere = new MemorySecretStore();
    await deviceKey(elsewhere);
    expect(elsewhere.items.get(DEVICE_SECRET_KEY)).not.toBe(device.items.get(DEVICE_SECRET_KEY));
  });

  it("keys an identity at an address with HMAC-SHA-256 under the secret", async () => {
    const device = new MemorySecretStore();
    const secret = "0f".repeat(32);
    device.items.set(DEVICE_SECRET_KEY, secret);
    const key = await deviceKey(device);
    const mac = (text: string) =>
      createHmac("sha256", Buffer.from(secret, "hex")).update(text).digest("hex");
    const tag = mac("ledger-sheets device tag").slice(0, 8);
    expect(await identityKey(key, ADDRESS, "acme-ltd")).toBe(
      `hmac-sha256:${tag}:${mac(`ledger-sheets identity\n${ADDRESS}\nacme-ltd`)}`,
    );
  });

  it("gives another key on another computer, and for another identity or address", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const there = await deviceKey(new MemorySecretStore());
    const mine = await identityKey(here, ADDRESS, "acme-ltd");
    expect(await identityKey(there, ADDRESS, "acme-ltd")).not.toBe(mine);
    expect(await identityKey(here, ADDRESS, "acme-ltd2")).not.toBe(mine);
    expect(await identityKey(here, "https://api.example.org/v1", "acme-ltd")).not.toBe(mine);
  });

  it("reads only well-formed workbook keys from a workbook, never a key carrying a device tag", () => {
    const good = `hmac-sha256:${"0123abcd".repeat(4)}:${"a".repeat(64)}:${"c".repeat(16)}`;
    expect(parseIdentityKey(good)).toBe(good);
    const tagged = `hmac-sha256:0123abcd:${"a".repeat(64)}`;
    for (const bad of [`sha256:${"a".repeat(64)}`, "acme-ltd", 42, null, `${good}0`, tagged]) {
      expect(parseIdentityKey(bad)).toBeUndefined();
    }
  });
});

describe("identity keys written into a workbook", () => {
  /** The runs of 8 or more characters two keys have in common, past their `hmac-sha256:`. */
  function shared(a: string, b: string): string[] {
    const body = (key: string) => key.slice("hmac-sha256:".length);
    const runs: string[] = [];
    for (let i = 0; i + 8 <= body(a).length; i++) {
      const run = body(a).slice(i, i + 8);
      if (body(b).includes(run)) runs.push(run);
    }
    return runs;
  }

  it("share nothing visible between two workbooks, for the same project on the same computer", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const one = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    const two = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    expect(one).toMatch(/^hmac-sha256:[0-9a-f]{32}:[0-9a-f]{64}:[0-9a-f]{16}$/);
    expect(two).not.toBe(one);
    expect(shared(one, two)).toEqual([]);
    expect(one).not.toContain(await identityKey(here, ADDRESS, "acme-ltd"));
    expect(parseIdentityKey(one)).toBe(one);
  });

  it("are recognised by this computer for their address and identity only", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const there = await deviceKey(new MemorySecretStore());
    const key = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    expect(await isWorkbookKeyOf(here, key, ADDRESS, "acme-ltd")).toBe(true);
    expect(await isWorkbookKeyOf(here, key, ADDRESS, "acme-ltd2")).toBe(false);
    expect(await isWorkbookKeyOf(here, key, "https://api.example.org/v1", "acme-ltd")).toBe(false);
    expect(await isWorkbookKeyOf(there, key, ADDRESS, "acme-ltd")).toBe(false);
    expect(await isWorkbookKeyOf(here, "acme-ltd", ADDRESS, "acme-ltd")).toBe(false);
  });

  it("carry a mark by which this computer knows its own, for whatever identity", async () => {
    const here = await deviceKey(new MemorySecretStore());
    const there = await deviceKey(new MemorySecretStore());
    const key = await workbookIdentityKey(here, ADDRESS, "acme-ltd");
    expect(await isWorkbookKeyMadeHere(here, key)).toBe(true);
    expect(await isWorkbookKeyMadeHere(there, key)).toBe(false);
    const forged = key.replace(/:[0-9a-f]{16}$/, `:${"0".repeat(16)}`);
    expect(await isWorkbookKeyMadeHere(here, forged)).toBe(false);
  });
});
