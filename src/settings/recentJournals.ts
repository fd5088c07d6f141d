// The journals opened on this computer, so a person can find one again: kept in the add-in's
// storage on this computer (never in a workbook, which anyone who gets the file can read), the
// most recently opened first, per project. A project is named by its server origin and the key
// of its identity (src/settings/deviceKey.ts), as the remembered token is: the identity itself is
// a secret and is never kept here. Pure, but for the two functions at the end that read and
// write the computer's storage.

import { isText, record } from "./connectionSettings";
import type { SecretStore } from "./stores";

/** The storage key, on this computer, of the journals opened here. */
export const RECENT_JOURNALS_KEY = "ledgerSheets.recentJournals";
/** Journals kept per project, the most recently opened first. */
export const MAX_RECENT_PER_PROJECT = 50;
/** Journals kept on this computer, all projects together. */
export const MAX_RECENT_ON_DEVICE = 200;
/**
 * The longest text from a server kept here (an ID, a reference, a status). The server decides
 * what it answers, and the add-in's storage on this computer is small and shared by every
 * workbook: a reference of megabytes would fill it. Longer texts name no journal a person types.
 */
export const MAX_SERVER_TEXT = 200;
/** The longest project key: a server origin (as typed into the form) and an identity key. */
const MAX_PROJECT_KEY = 2_400;
/** The longest project name kept (a workbook's names are at most 20 characters). */
const MAX_PROJECT_LABEL = 100;

/** A journal as the server last answered for it. */
export interface JournalSeen {
  readonly journalId: string;
  /** Its own reference (`JNL-0004`), which names its sheet; the service cannot look it up. */
  readonly reference: string;
  /** By which the service finds it, with its ID (`TRX-2026-0001`; "" when it has none). */
  readonly transactionReference: string;
  /** DRAFT, POSTED, …, as last read. */
  readonly status: string;
}

/** A journal opened on this computer. */
export interface RecentJournal extends JournalSeen {
  /** The project's key on this computer: {@link recentProjectKey}. */
  readonly projectKey: string;
  /** The project's name in the workbook it was last opened from. */
  readonly projectLabel: string;
  /** When it was last opened (ISO 8601). */
  readonly openedAt: string;
  /** When its status was last read from the server (ISO 8601). */
  readonly statusAt: string;
}

/** The key of a project on this computer: its server origin and its identity's key. */
export function recentProjectKey(origin: string, identityKey: string): string {
  return `${origin} ${identityKey}`;
}

function isTime(value: unknown): value is string {
  return typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));
}

function serverText(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_SERVER_TEXT;
}

function seenFits(seen: JournalSeen): boolean {
  const { journalId, reference, transactionReference, status } = seen;
  return [journalId, reference, transactionReference, status].every(serverText);
}

/**
 * Why the journal the server gave cannot be listed under Recent journals, or undefined when it
 * can: a text over {@link MAX_SERVER_TEXT} is refused rather than cut, since a cut ID or
 * reference would name another journal, or none.
 */
export function journalNotKept(seen: JournalSeen): string | undefined {
  if (seenFits(seen)) return undefined;
  return (
    `This journal is not listed under Recent journals: the server gave it an ID, reference ` +
    `or status longer than ${MAX_SERVER_TEXT} characters.`
  );
}

function parseEntry(value: unknown): RecentJournal | undefined {
  const fields = record(value);
  if (fields === undefined) return undefined;
  const { projectKey, projectLabel, journalId, reference, transactionReference, status } = fields;
  const { openedAt, statusAt } = fields;
  const texts = [journalId, reference, transactionReference, status];
  if (!texts.every(serverText) || !isTime(openedAt) || !isTime(statusAt)) return undefined;
  if (!isText(projectKey) || projectKey.length > MAX_PROJECT_KEY || projectKey === "") {
    return undefined;
  }
  if (!isText(projectLabel) || projectLabel.length > MAX_PROJECT_LABEL) return undefined;
  if (journalId === "") return undefined;
  return plainEntry({
    projectKey,
    projectLabel,
    journalId: journalId as string,
    reference: reference as string,
    transactionReference: transactionReference as string,
    status: status as string,
    openedAt,
    statusAt,
  });
}

/** Exactly the known fields, so nothing else rides along into storage. */
function plainEntry(entry: RecentJournal): RecentJournal {
  return {
    projectKey: entry.projectKey,
    projectLabel: entry.projectLabel,
    journalId: entry.journalId,
    reference: entry.reference,
    transactionReference: entry.transactionReference,
    status: entry.status,
    openedAt: entry.openedAt,
    statusAt: entry.statusAt,
  };
}

function sameJournal(entry: RecentJournal, projectKey: string, journalId: string): boolean {
  return entry.projectKey === projectKey && entry.journalId === journalId;
}

/** Keeps the first {@link MAX_RECENT_PER_PROJECT} of each project, and of all, in order. */
function bounded(list: readonly RecentJournal[]): RecentJournal[] {
  const perProject = new Map<string, number>();
  const kept: RecentJournal[] = [];
  for (const entry of list) {
    const count = perProject.get(entry.projectKey) ?? 0;
    if (count >= MAX_RECENT_PER_PROJECT) continue;
    perProject.set(entry.projectKey, count + 1);
    kept.push(entry);
    if (kept.length >= MAX_RECENT_ON_DEVICE) break;
  }
  return kept;
}

/** The list kept in storage (untrusted text: unreadable entries are dropped, repeats too). */
export function parseRecentJournals(text: string | null): RecentJournal[] {
  if (text === null) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    // Unreadable: as if none were kept; the next journal opened rewrites it.
    return [];
  }
  if (!Array.isArray(list)) return [];
  const entries: RecentJournal[] = [];
  for (const value of list.slice(0, MAX_RECENT_ON_DEVICE)) {
    const entry = parseEntry(value);
    if (entry === undefined) continue;
    if (entries.some((e) => sameJournal(e, entry.projectKey, entry.journalId))) continue;
    entries.push(entry);
  }
  return bounded(entries);
}

/**
 * The list with `seen` opened now in the project: first, its status read at `at`. A journal
 * that cannot be kept (see {@link journalNotKept}), or a project key or name over its cap,
 * leaves the list as it is.
 */
export function withOpened(
  list: readonly RecentJournal[],
  project: { readonly key: string; readonly label: string },
  seen: JournalSeen,
  at: Date,
): RecentJournal[] {
  const projectFits =
    project.key.length <= MAX_PROJECT_KEY && project.label.length <= MAX_PROJECT_LABEL;
  if (!seenFits(seen) || !projectFits) return [...list];
  const time = at.toISOString();
  const entry = plainEntry({
    ...seen,
    projectKey: project.key,
    projectLabel: project.label,
    openedAt: time,
    statusAt: time,
  });
  const others = list.filter((e) => !sameJournal(e, project.key, seen.journalId));
  return bounded([entry, ...others]);
}

/**
 * The list with what the server said of a journal already listed (after Send): its status and
 * references as read at `at`, in its place. A journal not listed stays unlisted; one the
 * server now gives texts over the cap stays as it was.
 */
export function withStatus(
  list: readonly RecentJournal[],
  projectKey: string,
  seen: JournalSeen,
  at: Date,
): RecentJournal[] {
  if (!seenFits(seen)) return [...list];
  return list.map((entry) =>
    sameJournal(entry, projectKey, seen.journalId)
      ? plainEntry({
          ...entry,
          reference: seen.reference,
          transactionReference: seen.transactionReference,
          status: seen.status,
          statusAt: at.toISOString(),
        })
      : entry,
  );
}

/** The project's journals, the most recently opened first. */
export function recentOfProject(
  list: readonly RecentJournal[],
  projectKey: string,
): RecentJournal[] {
  return list.filter((entry) => entry.projectKey === projectKey);
}

/** The list without the project's journals. */
export function withoutProjectJournals(
  list: readonly RecentJournal[],
  projectKey: string,
): RecentJournal[] {
  return list.filter((entry) => entry.projectKey !== projectKey);
}

/** The project's journal of this own reference (`jnl-0004` finds `JNL-0004`), if listed. */
export function recalledByReference(
  list: readonly RecentJournal[],
  projectKey: string,
  reference: string,
): RecentJournal | undefined {
  const wanted = reference.trim().toUpperCase();
  if (wanted === "") return undefined;
  return list.find(
    (entry) => entry.projectKey === projectKey && entry.reference.toUpperCase() === wanted,
  );
}

export async function loadRecentJournals(store: SecretStore): Promise<RecentJournal[]> {
  return parseRecentJournals(await store.get(RECENT_JOURNALS_KEY));
}

export async function saveRecentJournals(
  store: SecretStore,
  list: readonly RecentJournal[],
): Promise<void> {
  if (list.length === 0) await store.remove(RECENT_JOURNALS_KEY);
  else await store.set(RECENT_JOURNALS_KEY, JSON.stringify(list));
}
