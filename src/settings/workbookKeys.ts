// Which of a workbook's projects this computer made a key for, and for which identity. A
// workbook's key carries a random nonce (deviceKey.ts, workbookIdentityKey), so it is found by
// checking each key at the same address against an identity this computer knows, never by
// comparing texts: no two workbooks share a key, and nothing in one links it to this computer.
import type { KnownIdentity } from "./autoConnect";
import type { SavedConnection } from "./connectionSettings";
import { type DeviceKey, isWorkbookKeyOf } from "./deviceKey";

/** A workbook's project as far as its key goes. */
export interface KeyedProject {
  readonly apiAddress: string;
  readonly identityKey?: string;
}

/** The key of a project at `apiAddress` that this computer made for `identity`, if any. */
export async function keyFor(
  device: DeviceKey,
  projects: readonly KeyedProject[],
  apiAddress: string,
  identity: string,
): Promise<string | undefined> {
  for (const project of projects) {
    const key = project.identityKey;
    if (key === undefined || project.apiAddress !== apiAddress) continue;
    if (await isWorkbookKeyOf(device, key, apiAddress, identity)) return key;
  }
  return undefined;
}

/**
 * The identities this computer knows, each with the key a project of the workbook holds for it
 * (the first found), or none when no project holds one: what startingProject matches.
 */
export async function knownInWorkbook(
  device: DeviceKey,
  connections: readonly SavedConnection[],
  projects: readonly KeyedProject[],
): Promise<KnownIdentity[]> {
  const known: KnownIdentity[] = [];
  for (const connection of connections) {
    const key = await keyFor(device, projects, connection.apiAddress, connection.identity);
    if (key !== undefined) known.push({ connection, key });
  }
  return known;
}
