// What a workbook asks this computer to do on its behalf: the projects it connects to, the
// collection paths it reads that differ from the defaults, what it does on open and while open.
// A workbook is a file anyone can send or change, so what the user allowed is kept on this
// computer as a digest (with the document's binding, src/settings/documentBinding.ts): a file
// that asks for anything else since, in the same place under the same id, asks again.
// Pure, but for reading the claims out of the workbook's settings.

import type { ApiVersion } from "../api";
import { CURSOR_COLLECTIONS } from "../domain/collections";
import { AutoRefreshSetting, readAutoRefresh } from "./autoRefresh";
import { CollectionPaths, loadCollectionPaths } from "./collectionPaths";
import { loadProjectList, ProjectList } from "./projects";
import { readRefreshOnOpen, RefreshOnOpen } from "./refreshOnOpen";
import type { DocumentSettingsStore } from "./stores";
import { utf8Bytes } from "./utf8";

export interface ClaimedProject {
  readonly label: string;
  readonly apiAddress: string;
  readonly version: ApiVersion;
}

export interface WorkbookClaims {
  /** In the workbook's order. */
  readonly projects: readonly ClaimedProject[];
  /** Only the collections whose path is not the default, as `[collection id, path]`. */
  readonly changedPaths: readonly (readonly [string, string])[];
  readonly onOpen: RefreshOnOpen;
  readonly autoRefresh: AutoRefreshSetting;
}

/** The form a digest is written in: SHA-256 in hex. */
const DIGEST = /^[0-9a-f]{64}$/;

/** The claims of a workbook's settings as read (the default project is not a claim). */
export function claimsOf(
  list: ProjectList,
  paths: CollectionPaths,
  onOpen: RefreshOnOpen,
  autoRefresh: AutoRefreshSetting,
): WorkbookClaims {
  return {
    projects: list.projects.map(({ label, apiAddress, version }) => ({
      label,
      apiAddress,
      version,
    })),
    changedPaths: CURSOR_COLLECTIONS.filter(
      (collection) => paths[collection.id] !== collection.defaultPath,
    ).map((collection) => [collection.id, paths[collection.id]] as const),
    onOpen,
    autoRefresh,
  };
}

/** The claims as one text, every field in a fixed order, so equal claims give equal text. */
function canonical(claims: WorkbookClaims): string {
  const autoRefresh =
    claims.autoRefresh.kind === "on"
      ? [claims.autoRefresh.choice.mode, claims.autoRefresh.choice.minutes]
      : claims.autoRefresh.kind;
  return JSON.stringify([
    claims.projects.map((project) => [
      project.label.toLowerCase(),
      project.apiAddress,
      project.version,
    ]),
    claims.changedPaths,
    claims.onOpen,
    autoRefresh,
  ]);
}

/** The digest of what the workbook claims, as this computer keeps it once the user allowed it. */
export async function claimsDigest(claims: WorkbookClaims): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", utf8Bytes(canonical(claims)));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A digest read from this computer's storage, if it has the right form. */
export function parseClaimsDigest(value: unknown): string | undefined {
  return typeof value === "string" && DIGEST.test(value) ? value : undefined;
}

/** What the workbook's settings claim now. */
export async function readWorkbookClaims(store: DocumentSettingsStore): Promise<WorkbookClaims> {
  return claimsOf(
    await loadProjectList(store),
    await loadCollectionPaths(store),
    await readRefreshOnOpen(store),
    await readAutoRefresh(store),
  );
}
