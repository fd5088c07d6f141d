// The keys of import tables as this computer makes them. Excel may give a table another id when
// a file is reopened, and the add-in then adopts the table its marker still names: the file
// alone (a record, a marker, a table with the right headers) could make that any table of the
// user's. So the record of a table this computer created holds a key: a random nonce with an
// HMAC, under this computer's secret (src/settings/deviceKey.ts), of the nonce and the marker's
// name. Only this computer recognises it, only for that marker, and no two keys share anything.

import { type DeviceKey, randomHex } from "./deviceKey";

const NONCE_HEX = 24;
const MAC_HEX = 24;
const KEY = new RegExp(`^([0-9a-f]{${NONCE_HEX}})([0-9a-f]{${MAC_HEX}})$`);

/** Makes import table keys, and tells this computer's own from any other. */
export interface ImportTableKeys {
  /** A new key for the table whose marker is `marker`. */
  make(marker: string): Promise<string>;
  /** True when this computer made `key` for `marker`. */
  madeHere(key: string, marker: string): Promise<boolean>;
}

async function macOf(device: Promise<DeviceKey>, nonce: string, marker: string): Promise<string> {
  const text = `ledger-sheets import table\n${nonce}\n${marker.toLowerCase()}`;
  return (await (await device).mac(text)).slice(0, MAC_HEX);
}

/** The keys of this computer's device key (which may still be loading from storage). */
export function importTableKeys(device: DeviceKey | Promise<DeviceKey>): ImportTableKeys {
  const key = Promise.resolve(device);
  return {
    async make(marker) {
      const nonce = randomHex(NONCE_HEX / 2);
      return nonce + (await macOf(key, nonce, marker));
    },
    async madeHere(text, marker) {
      const match = KEY.exec(text);
      return match !== null && (await macOf(key, match[1]!, marker)) === match[2];
    },
  };
}
