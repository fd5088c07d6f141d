// The API paths of the cursor collections, configurable per workbook since the contract shows
// only /invoices; payments has its own fixed endpoint.

import { checkCollectionPath, isApiError } from "../api";
import {
  COLLECTIONS,
  CURSOR_COLLECTIONS,
  type CollectionId,
  type CollectionInfo,
} from "../domain/collections";
import type { Result } from "../util/result";
import type { DocumentSettingsStore } from "./stores";

/** The workbook setting that holds the paths that differ from the defaults. */
export const COLLECTION_PATHS_SETTING = "ledgerSheets.collectionPaths";

export type CollectionPaths = Readonly<Record<CollectionId, string>>;

export function defaultCollectionPaths(): CollectionPaths {
  return Object.fromEntries(
    COLLECTIONS.map((collection) => [collection.id, collection.defaultPath]),
  ) as Record<CollectionId, string>;
}

export type PathCheck = Result<{ path: string }>;

/** Checks a path as typed; an empty field means the collection's default path. */
export function checkPathInput(text: string, collection: CollectionInfo): PathCheck {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, path: collection.defaultPath };
  try {
    return { ok: true, path: checkCollectionPath(trimmed) };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** The paths saved in the workbook over the defaults; unreadable or invalid entries are ignored. */
export async function loadCollectionPaths(store: DocumentSettingsStore): Promise<CollectionPaths> {
  return collectionPathsOf(await store.get(COLLECTION_PATHS_SETTING));
}

/** The paths a {@link COLLECTION_PATHS_SETTING} value gives over the defaults. */
export function collectionPathsOf(saved: unknown): CollectionPaths {
  const paths: Record<CollectionId, string> = { ...defaultCollectionPaths() };
  if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return paths;
  const entries = saved as Record<string, unknown>;
  for (const collection of CURSOR_COLLECTIONS) {
    const value = entries[collection.id];
    if (typeof value !== "string") continue;
    const check = checkPathInput(value, collection);
    if (check.ok) paths[collection.id] = check.path;
  }
  return paths;
}

/** Saves the paths that differ from the defaults (none saved: the setting is removed). */
export async function saveCollectionPaths(
  store: DocumentSettingsStore,
  paths: CollectionPaths,
): Promise<void> {
  const changed: Partial<Record<CollectionId, string>> = {};
  for (const collection of CURSOR_COLLECTIONS) {
    const path = paths[collection.id];
    if (path !== collection.defaultPath) changed[collection.id] = path;
  }
  if (Object.keys(changed).length === 0) await store.remove(COLLECTION_PATHS_SETTING);
  else await store.set(COLLECTION_PATHS_SETTING, changed);
}
