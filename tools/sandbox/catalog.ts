/** What the sandbox serves: its identities, its collections and how many records each holds. */

/** The one demo token; it opens both demo identities. */
export const DEMO_TOKEN = "demo-token";

export const IDENTITIES = ["demo-company", "other-company"] as const;
export type IdentityName = (typeof IDENTITIES)[number];

export function isIdentityName(value: string): value is IdentityName {
  return (IDENTITIES as readonly string[]).includes(value);
}

/** Cursor-paginated collections, by their path segment. */
export const CURSOR_COLLECTIONS = [
  "invoices",
  "receipts",
  "bills",
  "credit-notes",
  "debit-notes",
  "expenses",
] as const;
export type CollectionName = (typeof CURSOR_COLLECTIONS)[number];

export function isCollectionName(value: string): value is CollectionName {
  return (CURSOR_COLLECTIONS as readonly string[]).includes(value);
}

/** Every generated list, the payments list included. */
export type ListName = CollectionName | "payments";
export type RecordCounts = Record<ListName, number>;

/** demo-company's sizes: none is a multiple of 20 or 50, so last pages are partial. */
export const DEFAULT_RECORD_COUNTS: Readonly<RecordCounts> = {
  invoices: 137,
  receipts: 64,
  bills: 58,
  "credit-notes": 23,
  "debit-notes": 21,
  expenses: 45,
  payments: 45,
};

/** other-company is smaller and fixed; the count options only size demo-company. */
export const OTHER_COMPANY_RECORD_COUNTS: Readonly<RecordCounts> = {
  invoices: 41,
  receipts: 17,
  bills: 12,
  "credit-notes": 7,
  "debit-notes": 5,
  expenses: 9,
  payments: 13,
};

/** Upper bound on a configured count; records are generated lazily, so this is about sanity. */
export const MAX_RECORD_COUNT = 10_000_000;

/** Cursor page sizes (from the spec) and the payments `limit` (a sandbox decision). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
export const PAYMENTS_LIMIT_DEFAULT = 20;
export const PAYMENTS_LIMIT_MAX = 100;

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The most lines a journal update (PATCH) may have, unless the large journal needs more. */
export const MAX_PATCH_LINES = 1000;
