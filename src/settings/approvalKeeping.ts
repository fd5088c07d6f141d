// The pane's own changes to what a workbook claims (a project removed, refresh on open chosen,
// a collection path set) are the user's: a workbook the user allowed stays allowed through them.
// Only changes made through this store count; a file changed anywhere else since claims what
// the user did not allow, and asks again (src/settings/workbookClaims.ts).

import { AUTO_REFRESH_SETTING } from "./autoRefresh";
import { COLLECTION_PATHS_SETTING } from "./collectionPaths";
import {
  boundDocument,
  DOCUMENT_SETTING,
  loadDocumentRecords,
  parseDocumentId,
  saveDocumentRecords,
  withApproval,
} from "./documentBinding";
import { PROJECTS_SETTING } from "./projects";
import { REFRESH_ON_OPEN_SETTING } from "./refreshOnOpen";
import type { DocumentSettingsStore, SecretStore } from "./stores";
import { claimsDigest, readWorkbookClaims } from "./workbookClaims";

/** The workbook settings a claim is made of. */
export const CLAIM_SETTINGS: readonly string[] = [
  PROJECTS_SETTING,
  COLLECTION_PATHS_SETTING,
  REFRESH_ON_OPEN_SETTING,
  AUTO_REFRESH_SETTING,
];

/**
 * `workbook`, where a write to a claim setting of a document the user allowed here (its claims
 * before the write are the ones allowed) allows the claims after it.
 */
export function approvalKeeping(
  workbook: DocumentSettingsStore,
  device: SecretStore,
  url: string | undefined,
): DocumentSettingsStore {
  const approvedBefore = async (): Promise<boolean> => {
    const documentId = parseDocumentId(await workbook.get(DOCUMENT_SETTING));
    const document = boundDocument(await loadDocumentRecords(device), documentId, url);
    if (document?.approved === undefined) return false;
    return document.approved === (await claimsDigest(await readWorkbookClaims(workbook)));
  };
  const reapprove = async (): Promise<void> => {
    const records = await loadDocumentRecords(device);
    const documentId = parseDocumentId(await workbook.get(DOCUMENT_SETTING));
    const document = boundDocument(records, documentId, url);
    if (document === undefined) return;
    const digest = await claimsDigest(await readWorkbookClaims(workbook));
    await saveDocumentRecords(device, withApproval(records, document, digest));
  };
  const write = async (name: string, change: () => Promise<void>): Promise<void> => {
    if (!CLAIM_SETTINGS.includes(name)) return await change();
    const approved = await approvedBefore().catch(() => false);
    await change();
    if (approved) await reapprove();
  };
  return {
    get: (name) => workbook.get(name),
    set: (name, value) => write(name, () => workbook.set(name, value)),
    remove: (name) => write(name, () => workbook.remove(name)),
  };
}
