// This computer's secret, and the keys made with it. A workbook needs to say which of its
// projects this computer knows (to fill in the identity and find the token), but anything it
// holds can be read by whoever gets the file, and a plain hash of an identity can be confirmed
// by guessing identities. So the key is an HMAC-SHA-256 under a random secret that never leaves
// this computer's storage: it means nothing elsewhere and cannot be checked without the secret.
// WebCrypto: the task pane's and Node's.

import { utf8Bytes } from "./utf8";
import type { SecretStore } from "./stores";

/** The storage key of this computer's secret (64 hex digits). */
export const DEVICE_SECRET_KEY = "ledgerSheets.deviceSecret";

const SECRET = /^[0-9a-f]{64}$/;
/**
 * `hmac-sha256:<nonce>:<mac>:<mark>`, the key a workbook holds ({@link workbookIdentityKey}): a
 * random nonce per key, so two workbooks' keys for one project share nothing that links them.
 */
const WORKBOOK_KEY = /^hmac-sha256:([0-9a-f]{32}):([0-9a-f]{64}):([0-9a-f]{16})$/;

export interface DeviceKey {
  /** Eight hex digits naming this computer's secret in the keys it makes. */
  readonly tag: string;
  /** HMAC-SHA-256 of `text` under this computer's secret, in hex. */
  mac(text: string): Promise<string>;
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `length` random bytes in hex (crypto.getRandomValues). */
export function randomHex(length: number): string {
  return hex(crypto.getRandomValues(new Uint8Array(length)));
}

function bytesOf(hexText: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hexText.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hexText.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

async function keyFromSecret(secret: string): Promise<DeviceKey> {
  const key = await crypto.subtle.importKey(
    "raw",
    bytesOf(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = async (text: string) => hex(await crypto.subtle.sign("HMAC", key, utf8Bytes(text)));
  return { tag: (await mac("ledger-sheets device tag")).slice(0, 8), mac };
}

const loaded = new WeakMap<SecretStore, Promise<DeviceKey>>();

async function loadOrCreate(store: SecretStore): Promise<DeviceKey> {
  let secret = await store.get(DEVICE_SECRET_KEY);
  if (secret === null || !SECRET.test(secret)) {
    secret = randomHex(32);
    await store.set(DEVICE_SECRET_KEY, secret);
  }
  return await keyFromSecret(secret);
}

/**
 * This computer's key, the secret created on first use. One load per store, so two callers on
 * one page never create two secrets.
 */
export function deviceKey(store: SecretStore): Promise<DeviceKey> {
  let pending = loaded.get(store);
  if (pending === undefined) {
    pending = loadOrCreate(store);
    loaded.set(store, pending);
    pending.catch(() => loaded.delete(store));
  }
  return pending;
}

/**
 * `hmac-sha256:<tag>:<mac>`: the key this computer keeps for an identity at an address in its own
 * storage (its remembered token, its recent journals). The tag (derived from the secret) names
 * the computer, so it is never written into a workbook, where every file would carry it: a
 * workbook holds a {@link workbookIdentityKey}.
 */
export async function identityKey(
  device: DeviceKey,
  apiAddress: string,
  identity: string,
): Promise<string> {
  const mac = await device.mac(`ledger-sheets identity\n${apiAddress}\n${identity}`);
  return `hmac-sha256:${device.tag}:${mac}`;
}

function workbookMacText(nonce: string, apiAddress: string, identity: string): string {
  return `ledger-sheets workbook identity\n${nonce}\n${apiAddress}\n${identity}`;
}

/** The mark that tells this computer a workbook key is its own, whatever its identity. */
async function markOf(device: DeviceKey, nonce: string): Promise<string> {
  return (await device.mac(`ledger-sheets workbook key\n${nonce}`)).slice(0, 16);
}

/**
 * The key of an identity at an address, to write into a workbook: HMAC-SHA-256 under this
 * computer's secret of a fresh random nonce, the address and the identity, and a mark by which
 * this computer knows the key for its own ({@link isWorkbookKeyMadeHere}). Each call gives
 * another key, so files cannot be linked to one computer or to one another by their keys; this
 * computer still recognises its own ({@link isWorkbookKeyOf}) and nobody else can check one.
 */
export async function workbookIdentityKey(
  device: DeviceKey,
  apiAddress: string,
  identity: string,
): Promise<string> {
  const nonce = randomHex(16);
  const mac = await device.mac(workbookMacText(nonce, apiAddress, identity));
  return `hmac-sha256:${nonce}:${mac}:${await markOf(device, nonce)}`;
}

/**
 * True when this computer made `key`, read from a workbook, for some identity: a project keyed
 * here for another identity is not to be taken for the one connecting. The mark is an HMAC of
 * the key's own nonce, so it links the key to nothing.
 */
export async function isWorkbookKeyMadeHere(device: DeviceKey, key: string): Promise<boolean> {
  const match = WORKBOOK_KEY.exec(key);
  if (match === null) return false;
  return sameText(await markOf(device, match[1]!), match[3]!);
}

/** True when `key`, read from a workbook, is this computer's key of that identity at that address. */
export async function isWorkbookKeyOf(
  device: DeviceKey,
  key: string,
  apiAddress: string,
  identity: string,
): Promise<boolean> {
  const match = WORKBOOK_KEY.exec(key);
  if (match === null) return false;
  const expected = await device.mac(workbookMacText(match[1]!, apiAddress, identity));
  return sameText(expected, match[2]!);
}

/** Compares two hex texts of one length without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The text when it has the form of a workbook's identity key (untrusted settings), else undefined. */
export function parseIdentityKey(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return WORKBOOK_KEY.test(value) ? value : undefined;
}
