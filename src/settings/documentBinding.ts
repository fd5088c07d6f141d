// Which workbooks this computer connects by itself: the ones the user connected in here, with
// "Remember token" ticked. A workbook is a file anyone can send, and whatever it holds (project
// list, identity keys, this very document id) can be copied into another file. So the workbook
// only carries a random id the add-in wrote when the user connected in it, and this computer
// remembers that id together with where the file is (`Office.context.document.url`) and the
// projects connected in it. Both must match: a copy has the id but lives elsewhere, and a file
// at the same place was written by someone who could change the original anyway.
// Pure, but for the two functions at the end that read and write the computer's storage.

import { randomHex } from "./deviceKey";
import {
  isText,
  parseSavedConnection,
  plainConnection,
  record,
  samePair,
  SavedConnection,
} from "./connectionSettings";
import { sameLabel } from "../domain/projectLabels";
import { parseClaimsDigest } from "./workbookClaims";
import type { WorkbookProject } from "./projects";
import type { SecretStore } from "./stores";

/** The workbook setting holding the document's random id. */
export const DOCUMENT_SETTING = "ledgerSheets.document";
/** The storage key, on this computer, of the documents connected in here. */
export const DOCUMENTS_KEY = "ledgerSheets.documents";
/** Documents remembered at most, the most recently connected first. */
export const MAX_DOCUMENTS = 200;

/** A project connected in a document, as this computer remembers it (identity included). */
export interface BoundProject extends SavedConnection {
  readonly label: string;
}

export interface DocumentRecord {
  readonly id: string;
  readonly url: string;
  readonly projects: readonly BoundProject[];
  /**
   * The digest of what the workbook claimed when the user last allowed it here
   * (src/settings/workbookClaims.ts); absent, nothing it claims is allowed.
   */
  readonly approved?: string;
}

const DOCUMENT_ID = /^[0-9a-f]{32}$/;
const MAX_URL = 8_000;

/** A new random document id: 128 bits, nothing a file could guess or derive. */
export function newDocumentId(): string {
  return randomHex(16);
}

/** The document id a workbook setting holds, if it has the right form. */
export function parseDocumentId(value: unknown): string | undefined {
  return typeof value === "string" && DOCUMENT_ID.test(value) ? value : undefined;
}

function parseBoundProject(value: unknown): BoundProject | undefined {
  const connection = parseSavedConnection(value);
  const label = record(value)?.label;
  return connection === undefined || !isText(label) ? undefined : { ...connection, label };
}

function parseRecord(value: unknown): DocumentRecord | undefined {
  const fields = record(value);
  const id = parseDocumentId(fields?.id);
  const url = fields?.url;
  if (id === undefined || typeof url !== "string" || url === "" || url.length > MAX_URL) {
    return undefined;
  }
  const projects = Array.isArray(fields?.projects) ? (fields.projects as unknown[]) : [];
  const approved = parseClaimsDigest(fields?.approved);
  return {
    id,
    url,
    projects: projects.slice(0, 100).flatMap((entry) => parseBoundProject(entry) ?? []),
    ...(approved === undefined ? {} : { approved }),
  };
}

/** The records kept in storage (untrusted text: unreadable entries are dropped). */
export function parseDocumentRecords(text: string | null): DocumentRecord[] {
  if (text === null) return [];
  try {
    const list = JSON.parse(text) as unknown;
    if (!Array.isArray(list)) return [];
    return list.slice(0, MAX_DOCUMENTS).flatMap((entry) => parseRecord(entry) ?? []);
  } catch {
    return [];
  }
}

/**
 * The record of this document when both its id and its url match one. A document without a url
 * (a new workbook not saved yet; some hosts give none) never matches: then the id would be the
 * only proof, and the id is in the file, where anyone who has a copy can read it.
 */
export function boundDocument(
  records: readonly DocumentRecord[],
  documentId: string | undefined,
  url: string | undefined,
): DocumentRecord | undefined {
  if (documentId === undefined || url === undefined || url === "") return undefined;
  return records.find((entry) => entry.id === documentId && entry.url === url);
}

/**
 * What this computer connected in the document for a project the workbook names: same name,
 * address and version. A project added or changed elsewhere since is not bound.
 */
export function boundProject(
  document: DocumentRecord | undefined,
  project: WorkbookProject,
): BoundProject | undefined {
  return document?.projects.find(
    (entry) =>
      sameLabel(entry.label, project.label) &&
      entry.apiAddress === project.apiAddress &&
      entry.version === project.version,
  );
}

/**
 * The document of `records` as the user allowed it: bound here (id and url) and claiming now
 * exactly what was allowed (`digest`, src/settings/workbookClaims.ts). Anything else is a
 * workbook seen for the first time.
 */
export function approvedDocument(
  document: DocumentRecord | undefined,
  digest: string,
): DocumentRecord | undefined {
  return document?.approved === digest ? document : undefined;
}

/**
 * The id to bind this document under: the workbook's only when this computer made it for this
 * very file (a record with that id at this url); else a new one. An id a file brings with it
 * proves nothing: anyone can write any id into a file, and a second file with the same id at
 * the same place would then be taken for the first.
 */
export function documentIdToBind(
  records: readonly DocumentRecord[],
  documentId: string | undefined,
  url: string,
): string {
  const madeHere = records.some((entry) => entry.id === documentId && entry.url === url);
  return madeHere && documentId !== undefined ? documentId : newDocumentId();
}

/**
 * The records with `project` bound in the document (id, url), which becomes the most recent,
 * with `approved` as what the user allowed it to claim; another record at the same url (an id
 * the file no longer holds) is dropped.
 */
export function withBoundProject(
  records: readonly DocumentRecord[],
  documentId: string,
  url: string,
  project: BoundProject,
  approved: string,
): DocumentRecord[] {
  const current = records.find((entry) => entry.id === documentId && entry.url === url);
  const others = (current?.projects ?? []).filter(
    (entry) => !sameLabel(entry.label, project.label) && !samePair(entry, project),
  );
  const updated: DocumentRecord = {
    id: documentId,
    url,
    projects: [...others, { ...plainConnection(project), label: project.label }],
    approved,
  };
  const rest = records.filter((entry) => entry.url !== url);
  return [updated, ...rest].slice(0, MAX_DOCUMENTS);
}

/** The records with `document` allowed to claim what `approved` digests. */
export function withApproval(
  records: readonly DocumentRecord[],
  document: DocumentRecord,
  approved: string,
): DocumentRecord[] {
  return records.map((entry) =>
    entry.id === document.id && entry.url === document.url ? { ...entry, approved } : entry,
  );
}

/** The records without the project named `label` in this document (an empty record goes). */
export function withoutBoundProject(
  records: readonly DocumentRecord[],
  document: DocumentRecord,
  label: string,
): DocumentRecord[] {
  return records.flatMap((entry) => {
    if (entry.id !== document.id || entry.url !== document.url) return [entry];
    const projects = entry.projects.filter((project) => !sameLabel(project.label, label));
    return projects.length === 0 ? [] : [{ ...entry, projects }];
  });
}

export async function loadDocumentRecords(store: SecretStore): Promise<DocumentRecord[]> {
  return parseDocumentRecords(await store.get(DOCUMENTS_KEY));
}

export async function saveDocumentRecords(
  store: SecretStore,
  records: readonly DocumentRecord[],
): Promise<void> {
  if (records.length === 0) await store.remove(DOCUMENTS_KEY);
  else await store.set(DOCUMENTS_KEY, JSON.stringify(records));
}
