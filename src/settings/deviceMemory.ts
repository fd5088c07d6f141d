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

/**
 * Remembers the token, the pair and the binding of this document (when it has a url to bind).
 * Returns the document id bound, which the workbook must hold (a new one when it had none, or
 * when its id is bound to a file elsewhere), or undefined when nothing was bound.
 */
export async function rememberOnDevice(
  device: SecretStore,
  kept: DeviceConnection,
  token: string,
): Promise<string | undefined> {
  await rememberToken(device, kept.origin, kept.identityKey, token);
  await rememberConnection(device, kept.connection);
  if (kept.url === undefined || kept.url === "") return undefined;
  const records = await loadDocumentRecords(device);
  const documentId = documentIdToBind(records, kept.documentId, kept.url);
  const project = { ...kept.connection, label: kept.label };
  await saveDocumentRecords(device, withBoundProject(records, documentId, kept.url, project));
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
