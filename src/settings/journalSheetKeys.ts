// The keys of journal sheets (src/settings/journalMarkers.ts) as this computer makes them. A
// workbook is a file anyone can write: its marker and its state alone would let a file make any
// sheet count as a journal, whose cells Send would then write to the server. So a key is a
// random nonce with an HMAC of it under this computer's secret (src/settings/deviceKey.ts): only
// a sheet this computer drew has one it recognises, and no two keys share anything.

import { DeviceKey, randomHex } from "./deviceKey";

const NONCE_HEX = 24;
const MAC_HEX = 24;
const KEY = new RegExp(`^([0-9a-f]{${NONCE_HEX}})([0-9a-f]{${MAC_HEX}})$`);

/** Makes journal sheet keys, and tells this computer's own from any other. */
export interface JournalSheetKeys {
  /** A new key for a sheet about to be drawn. */
  make(): Promise<string>;
  /** True when this computer made `key`. */
  madeHere(key: string): Promise<boolean>;
}

function macOf(device: DeviceKey, nonce: string): Promise<string> {
  return device.mac(`ledger-sheets journal sheet\n${nonce}`);
}

export function journalSheetKeys(device: DeviceKey): JournalSheetKeys {
  return {
    async make() {
      const nonce = randomHex(NONCE_HEX / 2);
      return nonce + (await macOf(device, nonce)).slice(0, MAC_HEX);
    },
    async madeHere(key) {
      const match = KEY.exec(key);
      if (match === null) return false;
      return (await macOf(device, match[1]!)).slice(0, MAC_HEX) === match[2];
    },
  };
}

/**
 * The keys of a device key still being loaded from storage (the pane's first moments): each call
 * waits for it.
 */
export function journalSheetKeysOf(device: Promise<DeviceKey>): JournalSheetKeys {
  const keys = device.then(journalSheetKeys);
  return {
    make: async () => (await keys).make(),
    madeHere: async (key) => (await keys).madeHere(key),
  };
}

/** The keys among `keys` that this computer made. */
export async function keysMadeHere(
  keys: readonly string[],
  maker: JournalSheetKeys,
): Promise<Set<string>> {
  const checks = await Promise.all(keys.map((key) => maker.madeHere(key)));
  return new Set(keys.filter((_, i) => checks[i]));
}
