// What this computer keeps of a connection the user made, and forgets again: the token, the
// (address, identity) pair, and the binding of this document to the project. All or nothing of
// it is kept: without the token there is nothing to connect with by itself, so a pair or a
// binding alone would only leave traces.

import { forgetConnection, rememberConnection, SavedConnection } from "./connectionSettings";
import {
  boundDocument,
  documentIdToBind,
  loadDocumentRecords,
  saveDocumentRecords,
  withBoundProject,
  withoutBoundProject,
} from "./documentBinding";
import { forgetToken, rememberToken } from "./rememberedToken";
import type { SecretStore } from "./stores";

/** A connection in one document, as the device keeps it. */
export interface DeviceConnection {
  readonly connection: SavedConnection;
  /** The project's name in the document. */
  readonly label: string;
  /** `https://api.example.com`: the token's server. */
  readonly origin: string;
  /** The identity's key on this computer (src/settings/deviceKey.ts). */
  readonly identityKey: string;
  /** The id the workbook holds, if any. */
  readonly documentId: string | undefined;
  /** `Office.context.document.url`; empty or undefined when the host gives none. */
  readonly url: string | undefined;
}

/** Where a connection's token is kept: its server's origin and its identity's key here. */
export type TokenPlace = (
  connection: SavedConnection,
) => Promise<{ readonly origin: string; readonly identityKey: string } | undefined>;

/** What the user allowed with the click that connected (src/settings/workbookClaims.ts). */
export interface Approval {
  /** The digest of what the workbook claims once the connection is saved in it. */
  readonly digest: string;
  /** Finds where each connection's token is kept, so a connection dropped takes its token. */
  readonly tokenPlace: TokenPlace;
}

/**
 * Remembers the token, the pair and the binding of this document (when it has a url to bind),
 * allowed to claim what `approval` digests. Returns the document id bound, which the workbook
 * must hold (a new one unless this computer made the workbook's id for this very file), or
 * undefined when nothing was bound. The tokens of connections no longer kept are forgotten.
 */
export async function rememberOnDevice(
  device: SecretStore,
  kept: DeviceConnection,
  token: string,
  approval: Approval,
): Promise<string | undefined> {
  await rememberToken(device, kept.origin, kept.identityKey, token);
  const dropped = await rememberConnection(device, kept.connection);
  for (const connection of dropped) {
    const place = await approval.tokenPlace(connection);
    if (place !== undefined) await forgetToken(device, place.origin, place.identityKey);
  }
  if (kept.url === undefined || kept.url === "") return undefined;
  const records = await loadDocumentRecords(device);
  const documentId = documentIdToBind(records, kept.documentId, kept.url);
  const project = { ...kept.connection, label: kept.label };
  await saveDocumentRecords(
    device,
    withBoundProject(records, documentId, kept.url, project, approval.digest),
  );
  return documentId;
}

/**
 * Forgets the token and the pair on this computer, and the project's binding in this document
 * (other documents bound to the same project no longer have a token to connect with).
 */
export async function forgetOnDevice(device: SecretStore, kept: DeviceConnection): Promise<void> {
  await forgetToken(device, kept.origin, kept.identityKey);
  await forgetConnection(device, kept.connection);
  const records = await loadDocumentRecords(device);
  const document = boundDocument(records, kept.documentId, kept.url);
  if (document !== undefined) {
    await saveDocumentRecords(device, withoutBoundProject(records, document, kept.label));
  }
}
